// The main window's opened results and sessions, and its saved sessions.
#include "shell/window_files.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <utility>

#include "charts/performance_view.h"
#include "charts/results_chart.h"
#include "common/engine_jobs.h"
#include "common/message_banner.h"
#include "common/settings_keys.h"
#include "reducelab/error.h"
#include "shell/results_model.h"
#include "step/step_view.h"

namespace reducelab::ui {

WindowFiles::WindowFiles(EngineJobs* jobs, Window window)
    : jobs_(jobs), window_(std::move(window)) {}

void WindowFiles::openFile(const QString& path) {
    if (QFileInfo(path).suffix().compare(QLatin1String("reducelab"), Qt::CaseInsensitive) != 0)
        return openResultsFile(path);
    try {
        SessionFile session = read_session(path.toStdString());
        QString opened = tr("Opened session %1").arg(QFileInfo(path).fileName());
        // Its traces as the step view opens them (one trace: the other panel says so).
        if (!session.traces.empty()) opened = window_.stepView->openSession(path);
        session.traces.clear();
        window_.restoreWorkspace(session);
        window_.status->showMessage(opened);
    } catch (const Error& e) {
        window_.status->clearMessage();
        window_.showError(JobError::from(e));
    }
}

void WindowFiles::saveSessionAs() {
    const QString start = SettingsKeys::resultsFolder() + QStringLiteral("/workspace.reducelab");
    // The dialog asks before replacing an existing file.
    const QString path = QFileDialog::getSaveFileName(window_.window, tr("Save session"), start,
                                                      tr("ReduceLab session (*.reducelab)"));
    if (path.isEmpty()) return;
    const QString error = window_.saveWorkspace(path);
    if (!error.isEmpty()) {
        JobError shown;
        shown.kind = ErrorKind::Io;
        shown.message = error;
        window_.showError(shown);
        return;
    }
    window_.status->showMessage(tr("Saved session %1").arg(path), 5000);
}

void WindowFiles::openResultsFile(const QString& path) {
    window_.status->showMessage(tr("Opening %1…").arg(path));
    openJob_ = jobs_->openResults(path)
                   .onResult(window_.window,
                             [this, path](const ResultsFile& file) { onResultsOpened(file, path); })
                   .onFailed(window_.window, [this](const JobError& error) {
                       window_.status->clearMessage();  // "Opening …" is over: the banner says why
                       window_.showError(error);
                       window_.resultsOpened(false);
                   });
}

void WindowFiles::onResultsOpened(const ResultsFile& file, const QString& path) {
    PerformanceView* performance = window_.performance;
    ResultsModel* results = window_.results;
    const PerformanceView::Chart chart = PerformanceView::chartFor(file);
    const QString suite = QString::fromStdString(file.suite);
    const QString device = QString::fromStdString(file.device.name);
    const QString title =
        tr("%1 — %2 (%3)")
            .arg(QFileInfo(path).fileName(), device, QString::fromStdString(file.created_utc));
    performance->chart(chart)->setResults(file);
    performance->chart(chart)->setTitle(title);
    performance->showChart(chart);
    const bool unsavedBefore = results->hasUnsaved();
    for (const RunResult& p : file.points)
        results->add(p, tr("file %1").arg(QFileInfo(path).fileName()));
    if (!unsavedBefore) results->markSaved();  // the points are in that file already
    QString opened = tr("Opened %1: %2 point(s) of suite '%3', measured on %4 by %5")
                         .arg(QFileInfo(path).fileName())
                         .arg(file.points.size())
                         .arg(suite, device, QString::fromStdString(file.tool));
    // A bench interrupted by Ctrl-C wrote what it had measured, marked incomplete.
    if (!file.complete)
        opened += QLatin1Char(' ') +
                  tr("The run was interrupted: these are the points measured before it stopped.");
    window_.banner->showMessage(
        file.complete ? MessageBanner::Level::Info : MessageBanner::Level::Warning, opened);
    window_.status->showMessage(tr("Opened %1").arg(path), 5000);
    window_.resultsOpened(true);
}

}  // namespace reducelab::ui
