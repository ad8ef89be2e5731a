// The Run button's work: slot A, and slot B when it names another variant, run once each on the
// control panel's device. Their stages and results go to the run summary and the status bar, each
// result to the results table, the input-size chart and the kernel viewer's build options. A new
// Run replaces the one still going.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <functional>
#include <optional>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "common/job_error.h"

class QObject;
class QStatusBar;

namespace reducelab::ui {

class ControlPanel;
class EngineJobs;
class KernelViewer;
class MessageBanner;
class PerformanceView;
class ResultsModel;
class RunSummary;

class RunController {
    // The main window's own texts: they keep its translations.
    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::MainWindow)

  public:
    // What the window around it provides.
    struct Window {
        QObject* context = nullptr;  // the window: the runs report only while it lives
        ControlPanel* controls = nullptr;
        RunSummary* summary = nullptr;
        PerformanceView* performance = nullptr;
        ResultsModel* results = nullptr;
        MessageBanner* banner = nullptr;
        QStatusBar* status = nullptr;
        std::function<const DeviceInfo*()> device;                   // says why when there is none
        std::function<std::optional<RunRequest>(int slot)> request;  // says why when invalid
        std::function<void(const JobError&)> showError;
        std::function<KernelViewer*()> kernelViewer;  // nullptr until it is opened
        std::function<void()> completed;  // every variant of a Run has finished or failed
    };

    RunController(EngineJobs* jobs, Window window);

    void runSelected();

  private:
    // `failure` goes to the summary; `finalStatus` to the status bar when it was the last run.
    void onRunEnded(int slot, const QString& failure, const QString& finalStatus);

    EngineJobs* jobs_;
    Window window_;
    Job<RunResult> runJobs_[2];
};

}  // namespace reducelab::ui
