// Two step panels, each with its own trace job.
#include "step/panel_traces.h"

#include <memory>

#include "common/engine_jobs.h"
#include "step/step_view.h"

namespace reducelab::ui {

PanelTraces::PanelTraces(EngineJobs* jobs, StepView* view, QObject* parent)
    : QObject(parent), engineJobs_(jobs), view_(view) {}

void PanelTraces::trace(int panel, const QString& label, const DeviceInfo& device,
                        const TraceRequest& request, double userKernelTimeoutSeconds) {
    jobs_[panel].drop();
    view_->setTracing(panel, label);
    jobs_[panel] =
        engineJobs_->trace(device, request, userKernelTimeoutSeconds)
            .onProgress(this, [this](const QString& stage) { emit progress(stage); })
            .onResult(this,
                      [this, panel](const StepTrace& trace) {
                          view_->setTrace(panel, std::make_shared<const StepTrace>(trace));
                          ended();
                      })
            .onFailed(this,
                      [this, panel](const JobError& error) {
                          view_->setTraceError(panel, QStringLiteral("✖ ") + error.details());
                          emit failed(panel, error);
                          ended();
                      })
            .onCancelled(this, [this, panel] {
                view_->setTraceError(panel, tr("Tracing cancelled."));
                ended();
            });
}

void PanelTraces::skip(int panel, const QString& message) {
    jobs_[panel].drop();
    if (!message.isEmpty()) view_->setTraceError(panel, message);
}

void PanelTraces::ended() {
    if (!isTracing()) emit traced();
}

}  // namespace reducelab::ui
