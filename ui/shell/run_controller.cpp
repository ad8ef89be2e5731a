// Run: A and B measured once each, reported to the summary, the table and the input-size chart.
#include "shell/run_controller.h"

#include <QStatusBar>
#include <utility>

#include "charts/performance_view.h"
#include "charts/results_chart.h"
#include "common/engine_jobs.h"
#include "common/message_banner.h"
#include "shell/control_panel.h"
#include "shell/results_model.h"
#include "shell/run_summary.h"
#include "tools/kernel_viewer.h"

namespace reducelab::ui {

RunController::RunController(EngineJobs* jobs, Window window)
    : jobs_(jobs), window_(std::move(window)) {}

void RunController::runSelected() {
    const DeviceInfo* device = window_.device();
    if (!device) return;
    ControlPanel* controls = window_.controls;
    RunSummary* summary = window_.summary;
    QObject* context = window_.context;
    window_.banner->clear();
    // A new Run replaces the one still going (which reports its cancellation if none starts).
    for (auto& job : runJobs_) job.cancel();
    std::optional<RunRequest> requests[2];
    for (int slot = 0; slot < 2; ++slot) {
        // B runs only when it differs from A: one variant is a run, two are a comparison.
        if (slot == 1 &&
            controls->variant(ControlPanel::Slot::B) == controls->variant(ControlPanel::Slot::A))
            continue;
        requests[slot] = window_.request(slot);
        if (!requests[slot]) return;
    }
    summary->clear();
    for (int slot = 0; slot < 2; ++slot) {
        runJobs_[slot].drop();
        if (!requests[slot]) continue;
        const QString variant = controls->variant(ControlPanel::slotAt(slot));
        summary->setRunning(slot, variant, tr("queued"));
        runJobs_[slot] =
            jobs_->run(*device, *requests[slot])
                .onProgress(context,
                            [this, slot, variant](const QString& stage) {
                                window_.summary->setRunning(slot, variant, stage);
                                window_.status->showMessage(stage);
                            })
                .onResult(
                    context,
                    [this, slot](const RunResult& result) {
                        window_.summary->setResult(slot, result);
                        if (KernelViewer* viewer = window_.kernelViewer())
                            viewer->setLaunchedOptions(
                                QString::fromStdString(result.request.variant),
                                QString::fromStdString(result.launched.build_options));
                        window_.results->add(result, [] { return tr("run"); });
                        // A Run is a measurement like a sweep's: it appears on the
                        // input-size chart at once (the newest point of its variant at
                        // that size replaces an older one).
                        window_.performance->chart(PerformanceView::Chart::Size)->addPoint(result);
                        onRunEnded(slot, QString(), tr("Run finished"));
                    })
                .onFailed(context,
                          [this, slot](const JobError& error) {
                              window_.showError(error);
                              onRunEnded(slot, error.details(), QString());
                          })
                .onCancelled(context,
                             [this, slot] { onRunEnded(slot, tr("cancelled"), tr("Cancelled")); });
    }
    window_.status->showMessage(tr("Running…"));
}

void RunController::onRunEnded(int slot, const QString& failure, const QString& finalStatus) {
    if (!failure.isEmpty())
        window_.summary->setFailed(slot, window_.controls->variant(ControlPanel::slotAt(slot)),
                                   failure);
    if (runJobs_[0].isPending() || runJobs_[1].isPending()) return;
    if (!finalStatus.isEmpty()) window_.status->showMessage(finalStatus, 5000);
    window_.completed();
}

}  // namespace reducelab::ui
