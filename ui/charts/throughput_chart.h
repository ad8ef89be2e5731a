// A throughput chart (QCustomPlot): measured GB/s against the local size or the element count
// (log-2 x axis), one line per variant (each with its own marker shape), the device's measured
// bandwidth ceiling as dashed labelled lines, % of the ceiling on hover, a marker for the chosen
// local size and a star on the best configuration. Holds the ResultsFile it draws, for export.
#pragma once

#include <QRectF>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

#include "charts/results_chart.h"
#include "common/engine_metatypes.h"  // pointClicked carries a RunResult

class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPItemTracer;
class QCPTextElement;

namespace reducelab::ui {

class ThroughputChart : public ResultsChart {
    Q_OBJECT
  public:
    enum class XAxis { LocalSize, ElementCount };

    explicit ThroughputChart(XAxis axis, QWidget* parent = nullptr);

    XAxis xAxis() const { return axis_; }
    void setTitle(const QString& title) override;
    QString title() const override { return title_; }

    // A point of the same series at the same x replaces the old one.
    void addPoint(const RunResult& point) override;
    void setCeiling(const std::optional<BandwidthCeiling>& ceiling) override;

    void setMarker(std::optional<double> x, const QString& label = {});
    std::optional<double> marker() const { return marker_; }
    // Marks the fastest point (Auto-tune); returns it.
    std::optional<RunResult> markBest();
    std::optional<RunResult> best() const { return best_; }

    void setTheme(const Theme& theme) override;
    int seriesCount() const { return static_cast<int>(series_.size()); }
    int pointCount() const { return static_cast<int>(results_.points.size()); }
    // Points drawn with the "from cache" ring: faster than the device's memory was measured.
    int fromCachePointCount() const;
    // The ceiling labels as drawn (tests read the spread from them).
    QString copyCeilingLabel() const;
    QString readCeilingLabel() const;
    // Where each visible text item (ceilings, best, marker) is drawn, in the plot's pixels, after
    // the last replot: tests check that no two overlap.
    std::vector<std::pair<QString, QRectF>> labelRects() const;
    QString seriesName(const RunResult& point) const;
    double xOf(const RunResult& point) const;
    // The hover text for a pixel of the plot (empty when no point is near).
    QString hoverTextAt(const QPointF& pixel) const;
    // The pixel where a point is drawn (tests hover there).
    QPointF pixelOf(const RunResult& point) const;

  signals:
    void pointClicked(const reducelab::RunResult& point);

  protected:
    void rebuild() override;
    void retranslateUi() override;
    void resultsReplaced() override { best_.reset(); }

  private:
    // The chart, one part at a time (the constructor calls them in this order).
    QCustomPlot* buildPlot();
    void arrangeTitleAndLegend();
    void buildCeilingItems();
    void buildMarks();
    void connectPlot();
    void setAxisLabels();
    struct Series {
        QString name;
        QCPGraph* graph = nullptr;
    };
    const RunResult* nearest(const QPointF& pixel, double maxDistance) const;
    void restyle();
    void updateCeilingItems();
    void updateRanges();
    void placeMarkerLabel();
    void separateLabels();
    Series& seriesFor(const QString& name);

    XAxis axis_;
    QString title_;
    std::vector<Series> series_;
    QCPGraph* bestGraph_ = nullptr;
    QCPGraph* cacheGraph_ = nullptr;
    QCPItemRect* copyBand_ = nullptr;
    QCPItemRect* readBand_ = nullptr;
    QCPItemStraightLine* copyLine_ = nullptr;
    QCPItemStraightLine* readLine_ = nullptr;
    QCPItemText* copyLabel_ = nullptr;
    QCPItemText* readLabel_ = nullptr;
    QCPItemStraightLine* markerLine_ = nullptr;
    QCPItemText* markerLabel_ = nullptr;
    QCPItemText* bestLabel_ = nullptr;
    QCPItemTracer* hoverTracer_ = nullptr;
    QCPTextElement* titleElement_ = nullptr;
    std::optional<double> marker_;
    QString markerText_;
    std::optional<RunResult> best_;
    Theme theme_;
};

}  // namespace reducelab::ui
