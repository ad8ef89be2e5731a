// The optimization ladder: one bar of GB/s per kernel variant, the measured ceiling as dashed
// lines, and beside it the classic table (time, GB/s, step speed-up, cumulative speed-up, % of
// the ceiling). Holds the ResultsFile it draws, for export.
#pragma once

#include <vector>

#include "results_chart.h"

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
        bool fromCache = false;  // faster than memory was measured (ChartScale::fromCache)
    };

    explicit LadderChart(QWidget* parent = nullptr);

    void setTitle(const QString& title) override;
    // A point of a variant already on the ladder replaces it.
    void addPoint(const RunResult& point) override;
    void setCeiling(const std::optional<BandwidthCeiling>& ceiling) override;
    void setTheme(const Theme& theme) override;

    std::vector<Row> rows() const;
    // The note under the bars when a rung ran faster than memory (empty when none did).
    QString cacheNote() const;
    QTableWidget* table() const { return table_; }
    QString hoverTextAt(const QPointF& pixel) const;

  protected:
    void rebuild() override;
    void retranslateUi() override;

  private:
    void setTexts();
    QCPBars* bars_ = nullptr;
    QCPBars* unverifiedBars_ = nullptr;
    QCPItemStraightLine* copyLine_ = nullptr;
    QCPItemText* copyLabel_ = nullptr;
    QCPItemText* cacheNote_ = nullptr;
    QCPTextElement* titleElement_ = nullptr;
    std::vector<QCPItemText*> valueLabels_;
    QTableWidget* table_ = nullptr;
    Theme theme_;
};

}  // namespace reducelab::ui
