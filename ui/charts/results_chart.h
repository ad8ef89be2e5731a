// What every performance chart is (ThroughputChart, LadderChart): a QCustomPlot of the
// ResultsFile it holds, filled at once from a file or point by point by a sweep, with the
// device's ceiling and a title. The main window and the lesson drive charts through this.
#pragma once

#include <QWidget>
#include <functional>
#include <optional>

#include "common/theme.h"
#include "reducelab/results_file.h"

class QCustomPlot;

namespace reducelab::ui {

class ResultsChart : public QWidget {
    Q_OBJECT
  public:
    using QWidget::QWidget;

    // Everything the chart shows: device, ceiling and points (a file read from disk, a sweep).
    void setResults(const ResultsFile& results);
    const ResultsFile& results() const { return results_; }
    // Empties the chart for a new sweep on `device`; the ceiling stays.
    void clear(const DeviceInfo& device, const QString& suite);
    QCustomPlot* plot() const { return plot_; }

    virtual void setTitle(const QString& title) = 0;
    virtual QString title() const = 0;
    // A title that follows the language: `title` makes it again after each language change, for
    // as long as no other title replaced it (a sweep's title, made from tr() and its settings).
    void setTranslatedTitle(std::function<QString()> title);
    // Adds a measured point; a point of the same series at the same place replaces the old one.
    virtual void addPoint(const RunResult& point) = 0;
    virtual void setCeiling(const std::optional<BandwidthCeiling>& ceiling) = 0;
    virtual void setTheme(const Theme& theme) = 0;

    // A logarithmic GB/s axis, for points spread over decades; redraws.
    void setLogScale(bool on);
    bool logScale() const { return logScale_; }

  protected:
    // Sets the y-axis to ChartScale::fitted of `values` and `ceiling`, linear or logarithmic.
    void fitYAxis(const std::vector<double>& values, double ceiling);

    void changeEvent(QEvent* event) override;
    // The axis labels, legends and ceiling labels again in the installed language; the points
    // stay.
    virtual void retranslateUi() { rebuild(); }
    // Redraws everything from results_.
    virtual void rebuild() = 0;
    // results_ was replaced: forget what was derived from the old points.
    virtual void resultsReplaced() {}
    // Wraps the plot's titles to its width and makes their rows tall enough for every line
    // (QCPTextElement sizes its row for one line as wide as the whole title, so a long title, a
    // device name or a translation, ran past the plot). Call after a title's text or font changes.
    void fitTitles();
    void resizeEvent(QResizeEvent* event) override;

    ResultsFile results_;
    QCustomPlot* plot_ = nullptr;
    bool logScale_ = false;

  private:
    std::function<QString()> titleMaker_;
    QString madeTitle_;
};

}  // namespace reducelab::ui
