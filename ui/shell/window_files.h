// What the main window opens and saves as files: File > Open takes a results JSON (its points to
// their chart and the results table, read off the GUI thread) or a .reducelab session (its step
// traces into the step view, the rest into the workspace); File > Save session writes the
// workspace as a session. Failures go to the window's banner.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <functional>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "common/job_error.h"
#include "reducelab/session_file.h"

class QStatusBar;
class QWidget;

namespace reducelab::ui {

class EngineJobs;
class MessageBanner;
class PerformanceView;
class ResultsModel;
class StepView;

class WindowFiles {
    // The main window's own texts: they keep its translations.
    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::MainWindow)

  public:
    // What the window around it provides.
    struct Window {
        QWidget* window = nullptr;  // the dialogs' parent; the opened file reports while it lives
        StepView* stepView = nullptr;
        PerformanceView* performance = nullptr;
        ResultsModel* results = nullptr;
        MessageBanner* banner = nullptr;
        QStatusBar* status = nullptr;
        std::function<void(const SessionFile&)> restoreWorkspace;
        // Writes the workspace as a session; returns an error message, empty on success.
        std::function<QString(const QString& path)> saveWorkspace;
        std::function<void(const JobError&)> showError;
        std::function<void(bool ok)> resultsOpened;  // a results JSON opened, or not
    };

    WindowFiles(EngineJobs* jobs, Window window);

    // A .reducelab session or a results JSON.
    void openFile(const QString& path);
    void openResultsFile(const QString& path);
    // Asks for a .reducelab file name and saves the workspace there.
    void saveSessionAs();

  private:
    void onResultsOpened(const ResultsFile& file, const QString& path);

    EngineJobs* jobs_;
    Window window_;
    Job<ResultsFile> openJob_;
};

}  // namespace reducelab::ui
