// ReduceLab's main window: the control panel, the step view, the performance charts and the
// results table, wired to one EngineSession so that every engine call runs off the GUI thread.
#pragma once

#include <QFont>
#include <QMainWindow>
#include <QPalette>
#include <QString>
#include <QStringList>
#include <optional>

#include "engine_metatypes.h"
#include "job_error.h"
#include "performance_view.h"

class QSplitter;
class QTableView;
class QDockWidget;

namespace reducelab::ui {

class ControlPanel;
class CustomKernelWindow;
class EngineSession;
class ErrorDialog;
class ExplanationPanel;
class KernelViewer;
class LessonView;
class MessageBanner;
class ResultsModel;
class RunSummary;
class StepView;

struct MainWindowOptions {
    QString deviceSpec;        // as in select_device: "", an index, "gpu", "cpu" or part of a name
    QString openFile;          // a results JSON to open at start
    bool traceAtStart = true;  // trace A and B as soon as a device is known
};

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    using Chart = PerformanceView::Chart;

    explicit MainWindow(const MainWindowOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    ControlPanel* controlPanel() const { return controls_; }
    RunSummary* runSummary() const { return summary_; }
    MessageBanner* banner() const { return banner_; }
    EngineSession* session() const { return session_; }
    StepView* stepView() const { return stepView_; }
    PerformanceView* performanceView() const { return performance_; }
    ResultsModel* resultsModel() const { return results_; }
    ExplanationPanel* explanationPanel() const { return explanation_; }
    const DeviceList& devices() const { return devices_; }
    bool devicesKnown() const { return devicesKnown_; }
    const std::optional<BandwidthCeiling>& ceiling() const { return ceiling_; }
    // The lesson, kernel viewer and custom-kernel windows (nullptr until first opened).
    LessonView* lessonView() const { return lesson_; }
    KernelViewer* kernelViewer() const { return kernelViewer_; }
    CustomKernelWindow* customKernelWindow() const { return customKernel_; }
    bool isPresentationMode() const { return presentation_; }
    bool isSweeping() const { return sweepJob_.has_value(); }

    // Exports with explicit choices (the menus ask first, then call these). Each returns an error
    // message, empty on success, and reports it in the window too.
    QString exportChart(Chart chart, const QString& path, int width, int height, int dpi);
    QString exportChartData(Chart chart, const QString& path);
    QString exportTable(const QString& path);
    QString exportStepRound(const QString& path);
    QString exportStepAnimation(const QString& directory, int framesPerRound = 6);

  public slots:
    void runSelected();
    void traceSelected();
    void sweepLocalSizes();
    void sweepSizes();
    void runLadder();
    void autoTune();
    void measureCeiling();
    void cancelSweep();
    void cancelAll();
    void openResultsFile(const QString& path);
    void setPresentationMode(bool on);
    // Which areas show: 0 all, 1 the step view, 2 the charts, 3 the results table.
    void showArea(int area);
    // Opens the lesson on the control panel's device, operation, type and n.
    void openLesson();
    void openKernelViewer();
    void openCustomKernel();

  signals:
    void devicesReady();    // the device list is known (or known to be empty)
    void runCompleted();    // every variant of a Run has finished or failed
    void traceCompleted();  // both step panels have a trace or an error
    void sweepCompleted(bool cancelled);
    void tuningMeasured(const reducelab::RunResult& result);
    void ceilingChanged();
    void resultsFileOpened(bool ok);
    // The Language menu: the choice is saved; AppShell rebuilds the window in that language.
    void languageChangeRequested(const QString& code);

  protected:
    void closeEvent(QCloseEvent* event) override;

  private:
    void buildLayout();
    void buildMenus();
    void buildLanguageMenu();
    void connectSession();
    void connectViews();
    void onDevicesListed(const DeviceList& devices);
    void onDeviceChanged();
    void onJobFailed(JobId job, const JobError& error);
    void onJobCancelled(JobId job);
    void onResultsOpened(const ResultsFile& results, const QString& path);
    void startSweep(Chart chart, const RequestList& requests, const QString& suite,
                    const QString& label, bool markBest);
    void measureTuning(std::size_t localSize);
    void finishTrace(int panel);
    void updateExplanation();
    void showError(const JobError& error);
    void showErrorDetails(const JobError& error);
    void reportExport(const QString& what, const QString& path, const QString& error);
    void showShortcuts();
    void saveSettings() const;
    void restoreSettings();
    std::optional<RunRequest> requestFor(int slot, bool reportErrors);
    const DeviceInfo* deviceOrComplain();

    MainWindowOptions options_;
    EngineSession* session_ = nullptr;
    ControlPanel* controls_ = nullptr;
    RunSummary* summary_ = nullptr;
    MessageBanner* banner_ = nullptr;
    ErrorDialog* errorDialog_ = nullptr;
    StepView* stepView_ = nullptr;
    PerformanceView* performance_ = nullptr;
    ResultsModel* results_ = nullptr;
    QTableView* table_ = nullptr;
    ExplanationPanel* explanation_ = nullptr;
    QSplitter* mainSplitter_ = nullptr;
    QSplitter* bottomSplitter_ = nullptr;
    QWidget* resultsArea_ = nullptr;
    QDockWidget* controlsDock_ = nullptr;
    QDockWidget* explanationDock_ = nullptr;
    LessonView* lesson_ = nullptr;
    KernelViewer* kernelViewer_ = nullptr;
    CustomKernelWindow* customKernel_ = nullptr;

    DeviceList devices_;
    bool devicesKnown_ = false;
    std::optional<BandwidthCeiling> ceiling_;
    JobId devicesJob_ = 0;
    std::optional<JobId> runJobs_[2];
    std::optional<JobId> traceJobs_[2];
    std::optional<JobId> ceilingJob_;
    std::optional<JobId> sweepJob_;
    std::optional<JobId> tuningJob_;
    std::optional<JobId> openJob_;
    Chart sweepChart_ = Chart::LocalSize;
    QString sweepLabel_;
    QString sweepSource_;
    bool sweepMarksBest_ = false;
    int sweepDone_ = 0;
    int sweepTotal_ = 0;
    QStringList sweepFailures_;

    bool presentation_ = false;
    QFont normalFont_;
    QPalette normalPalette_;
    bool wasMaximized_ = false;
    std::pair<bool, bool> docksBeforePresentation_{true, true};
};

}  // namespace reducelab::ui
