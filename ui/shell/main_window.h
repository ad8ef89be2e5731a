// ReduceLab's main window: the control panel, the step view, the performance charts and the
// results table. Its engine work goes through its EngineJobs (off the GUI thread); runs, sweeps,
// menus, presentation mode, opened and saved files and exports live in their own classes.
#pragma once

#include <QMainWindow>
#include <QString>
#include <memory>
#include <optional>

#include "charts/performance_view.h"
#include "common/engine_jobs.h"
#include "reducelab/session_file.h"
#include "shell/presentation_mode.h"
#include "shell/run_controller.h"
#include "shell/sweep_controller.h"
#include "shell/teaching_windows.h"
#include "shell/window_exports.h"
#include "shell/window_files.h"
#include "shell/workspace_session.h"

class QSplitter;
class QDockWidget;

namespace reducelab::ui {

class CloseGuard;
class ControlPanel;
class CustomKernelWindow;
class DeterminismWindow;
class ExerciseWindow;
class ErrorDialog;
class ExplanationPanel;
class KernelViewer;
class LessonView;
class MessageBanner;
class PanelTraces;
class ResultsModel;
class ResultsPanel;
class RunSummary;
class SplitWindow;
class StepView;

struct MainWindowOptions {
    QString deviceSpec;        // as in select_device: "", an index, "gpu", "cpu" or part of a name
    QString openFile;          // a results JSON to open at start
    bool traceAtStart = true;  // trace A and B as soon as a device is known
    // Restore the workspace saved on the last close (results, traces, settings) and save it on
    // close (WorkspaceSession::autosavePath()). The app turns it on; tests choose.
    bool workspace = false;
};

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    // The areas the View menu shows alone or together.
    enum class Area { All, StepView, Charts, Results };

    using Chart = PerformanceView::Chart;

    explicit MainWindow(const MainWindowOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    ControlPanel* controlPanel() const { return controls_; }
    RunSummary* runSummary() const { return summary_; }
    MessageBanner* banner() const { return banner_; }
    EngineJobs* jobs() const { return jobs_; }
    SweepController* sweeps() const { return sweeps_; }
    StepView* stepView() const { return stepView_; }
    PerformanceView* performanceView() const { return performance_; }
    ResultsModel* resultsModel() const { return results_; }
    ExplanationPanel* explanationPanel() const { return explanation_; }
    const DeviceList& devices() const { return devices_; }
    bool devicesKnown() const { return devicesKnown_; }
    const std::optional<BandwidthCeiling>& ceiling() const { return ceiling_; }
    // The lesson, kernel viewer and custom-kernel windows (nullptr until first opened).
    LessonView* lessonView() const { return teaching_->lesson(); }
    KernelViewer* kernelViewer() const { return teaching_->kernelViewer(); }
    CustomKernelWindow* customKernelWindow() const { return teaching_->customKernel(); }
    DeterminismWindow* determinismWindow() const { return teaching_->determinism(); }
    SplitWindow* splitWindow() const { return teaching_->split(); }
    ExerciseWindow* exerciseWindow() const { return teaching_->exercises(); }
    bool isPresentationMode() const { return presentation_->isOn(); }
    PresentationMode* presentationMode() const { return presentation_; }
    bool isSweeping() const { return sweeps_->isSweeping(); }
    CloseGuard* closeGuard() const { return closeGuard_; }

    // The workspace as a session (WorkspaceSession, shell/workspace_session.h): results (when
    // `withResults`) with their sources, the step view's traces and the settings.
    // restoreWorkspace shows what a session holds; saveWorkspace writes one safely and returns an
    // error message, empty on success.
    SessionFile workspace(bool withResults = true) const {
        return WorkspaceSession::capture(workspace_, withResults);
    }
    void restoreWorkspace(const SessionFile& session) {
        WorkspaceSession::restore(workspace_, session);
    }
    // The step panel's title for `variant`: "A · contiguous — <the catalog's summary>".
    static QString panelTitle(int panel, const QString& variant);
    QString saveWorkspace(const QString& path, bool withResults = true) {
        return WorkspaceSession::write(workspace_, path, withResults);
    }
    // File > Save session: asks for a .reducelab file name.
    void saveSessionAs() { files_->saveSessionAs(); }

    // Exports with explicit choices (the menus ask first). Each returns an error message, empty
    // on success, and reports it in the window too.
    QString exportChart(Chart chart, const QString& path, int width, int height, int dpi) {
        return exports_->exportChart(chart, path, width, height, dpi);
    }
    QString exportChartData(Chart chart, const QString& path) {
        return exports_->exportChartData(chart, path);
    }
    QString exportTable(const QString& path) { return exports_->exportTable(path); }
    QString exportStepRound(const QString& path) { return exports_->exportStepRound(path); }
    QString exportStepReplay(const QString& path) { return exports_->exportStepReplay(path); }
    QString exportStepAnimation(const QString& directory, int framesPerRound = 6) {
        return exports_->exportStepAnimation(directory, framesPerRound);
    }

    // In the banner; a build log opens in its own window at once.
    void showError(const JobError& error);

  public slots:
    void runSelected() { runs_->runSelected(); }
    void traceSelected();
    void sweepLocalSizes() { sweeps_->sweepLocalSizes(); }
    void sweepSizes() { sweeps_->sweepSizes(); }
    void runLadder() { sweeps_->runLadder(); }
    void autoTune() { sweeps_->autoTune(); }
    void measureCeiling();
    void cancelSweep() { sweeps_->cancelSweep(); }
    void cancelAll();
    void openResultsFile(const QString& path) { files_->openResultsFile(path); }
    // A .reducelab session (its step traces into the step view) or a results JSON.
    void openFile(const QString& path) { files_->openFile(path); }
    void setPresentationMode(bool on) { presentation_->set(on); }
    // Which areas show (View menu, Ctrl+1 to Ctrl+4).
    void showArea(Area area);
    // Opens the lesson on the control panel's device, operation, type and n.
    void openLesson() { teaching_->openLesson(); }
    void openKernelViewer() { teaching_->openKernelViewer(); }
    void openCustomKernel() { teaching_->openCustomKernel(); }
    void openDeterminism(bool lesson = false) { teaching_->openDeterminism(lesson); }
    void openSplit() { teaching_->openSplit(); }
    void openExercises() { teaching_->openExercises(); }

  signals:
    void devicesReady();    // the device list is known (or known to be empty)
    void runCompleted();    // every variant of a Run has finished or failed
    void traceCompleted();  // both step panels have a trace or an error
    void sweepCompleted(bool cancelled);
    void tuningMeasured(const reducelab::RunResult& result);
    void ceilingChanged();
    void resultsFileOpened(bool ok);

  protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    // The window's own texts and menus again in the installed language; its widgets retranslate
    // themselves, and nothing measured is lost.
    void retranslateUi();
    void buildLayout();
    void buildHelpers();
    // What the window lends WorkspaceSession.
    void buildWorkspace();
    void connectViews();
    void onDevicesListed(const DeviceList& devices);
    void onDevicesFailed(const JobError& error);
    void onDeviceChanged();
    void onCeilingMeasured(const BandwidthCeiling& ceiling);
    void updateExplanation();
    // Drops what no longer applies once the controls change: a settings error that is fixed,
    // result cards of variants no longer chosen.
    void clearStaleMessages();
    void showErrorDetails(const JobError& error);
    void saveSettings() const;
    void restoreSettings();
    std::optional<RunRequest> requestFor(int slot, bool reportErrors);
    const DeviceInfo* deviceOrComplain();

    MainWindowOptions options_;
    EngineJobs* jobs_ = nullptr;
    SweepController* sweeps_ = nullptr;
    PresentationMode* presentation_ = nullptr;
    WindowExports* exports_ = nullptr;
    TeachingWindows* teaching_ = nullptr;
    std::unique_ptr<RunController> runs_;  // Run: A and B once each
    std::unique_ptr<WindowFiles> files_;   // File > Open, File > Save session
    PanelTraces* traces_ = nullptr;
    CloseGuard* closeGuard_ = nullptr;
    WorkspaceSession::Window workspace_;
    ControlPanel* controls_ = nullptr;
    RunSummary* summary_ = nullptr;
    MessageBanner* banner_ = nullptr;
    ErrorDialog* errorDialog_ = nullptr;
    StepView* stepView_ = nullptr;
    PerformanceView* performance_ = nullptr;
    ResultsModel* results_ = nullptr;
    ExplanationPanel* explanation_ = nullptr;
    QSplitter* mainSplitter_ = nullptr;
    QSplitter* bottomSplitter_ = nullptr;
    ResultsPanel* resultsArea_ = nullptr;
    QDockWidget* controlsDock_ = nullptr;
    QDockWidget* explanationDock_ = nullptr;

    DeviceList devices_;
    bool devicesKnown_ = false;
    std::optional<BandwidthCeiling> ceiling_;
    Job<DeviceList> devicesJob_;
    Job<BandwidthCeiling> ceilingJob_;
};

}  // namespace reducelab::ui
