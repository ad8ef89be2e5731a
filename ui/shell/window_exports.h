// The main window's exports: charts (PNG, SVG, PDF), chart data and the results table (CSV,
// JSON), the step view's round and animation (PNGs). The ask… slots open the dialogs first; the
// others write with explicit choices (tests call them) and return an error message, empty on
// success, which the window also shows.
#pragma once

#include <QObject>
#include <QString>
#include <functional>

#include "charts/performance_view.h"
#include "common/job_error.h"

class QMainWindow;

namespace reducelab::ui {

class ControlPanel;
class ResultsModel;
class StepView;

class WindowExports : public QObject {
    Q_OBJECT
  public:
    using Chart = PerformanceView::Chart;
    struct Window {
        QMainWindow* window = nullptr;
        PerformanceView* performance = nullptr;
        StepView* stepView = nullptr;
        ResultsModel* results = nullptr;
        ControlPanel* controls = nullptr;
        std::function<void(const JobError&)> showError;
    };
    WindowExports(Window window, QObject* parent);

    QString exportChart(Chart chart, const QString& path, int width, int height, int dpi);
    QString exportChartData(Chart chart, const QString& path);
    QString exportTable(const QString& path);
    QString exportStepRound(const QString& path);
    QString exportStepAnimation(const QString& directory, int framesPerRound = 6);
    // By the path's suffix: .html (self-contained player), .gif (animated) or .reducelab
    // (a session that reopens with `reducelab FILE` or replays with `reducelab-cli replay`).
    QString exportStepReplay(const QString& path);

  public slots:
    void askExportChart(reducelab::ui::PerformanceView::Chart chart);
    void askExportChartData(reducelab::ui::PerformanceView::Chart chart, const QString& format);
    void copyChart(reducelab::ui::PerformanceView::Chart chart);
    // `suffix`: "csv" or "json".
    void askExportTable(const QString& suffix);
    void askExportStepRound();
    void askExportStepAnimation();
    void askExportStepReplay();

  private:
    void report(const QString& what, const QString& path, const QString& error);

    Window w_;
};

}  // namespace reducelab::ui
