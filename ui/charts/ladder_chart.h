// The optimization ladder: one bar of GB/s per kernel variant, the measured ceiling as dashed
// lines, and beside it the classic table (time, GB/s, step speed-up, cumulative speed-up, % of
// the ceiling). Holds the ResultsFile it draws, for export.
#pragma once

#include <QStringList>
#include <vector>

#include "charts/results_chart.h"

class QCPBars;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QTableWidget;

namespace reducelab::ui {

class LadderChart : public ResultsChart {
    Q_OBJECT
  public:
    struct Row {
        QString variant;
        double timeMs = 0;
        double gbps = 0;
        double stepSpeedup = 1;
        double cumulativeSpeedup = 1;
        double percentOfCeiling = 0;  // 0 when no ceiling is known
        bool verified = false;
        bool fromCache = false;   // faster than memory was measured (ChartScale::fromCache)
        QString fromCacheReason;  // why, in words, where fromCache
    };

    explicit LadderChart(QWidget* parent = nullptr);

    void setTitle(const QString& title) override;
    QString title() const override;
    // A point of a variant already on the ladder replaces it.
    void addPoint(const RunResult& point) override;
    void setCeiling(const std::optional<BandwidthCeiling>& ceiling) override;
    void setTheme(const Theme& theme) override;

    std::vector<Row> rows() const;
    // The note under the bars when a rung ran faster than memory (empty when none did).
    QString cacheNote() const;
    QTableWidget* table() const { return table_; }
    QString hoverTextAt(const QPointF& pixel) const;
    // Where the variant names under the bars and the values above them are drawn, in the plot's
    // pixels: fitted to the measured width of each name, so that none overlaps another in any
    // language (rotated upright, elided or every k-th shown when the bars are close).
    std::vector<QRectF> tickLabelRects() const;
    std::vector<QRectF> valueLabelRects() const;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void rebuild() override;
    void retranslateUi() override;

  private:
    void setTexts();
    // Picks the rotation, elision and stride of the names for the bars' spacing now; true when
    // that changed what is drawn.
    bool fitLabels();
    double barSpacing() const;
    QCPBars* bars_ = nullptr;
    QCPBars* unverifiedBars_ = nullptr;
    QCPItemStraightLine* copyLine_ = nullptr;
    QCPItemText* copyLabel_ = nullptr;
    QCPItemText* cacheNote_ = nullptr;
    QCPTextElement* titleElement_ = nullptr;
    std::vector<QCPItemText*> valueLabels_;
    QStringList names_;       // the variant of each bar, in order
    QStringList shownNames_;  // what is drawn under each bar (elided, or empty when skipped)
    bool upright_ = false;    // names drawn rotated by 90°
    QTableWidget* table_ = nullptr;
    Theme theme_;
};

}  // namespace reducelab::ui
