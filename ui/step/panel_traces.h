// The two panels of a StepView traced side by side (the main window, the lesson, the custom
// kernel): a new trace replaces the panel's old one, each outcome lands in its panel, and
// traced() says when both panels have one.
#pragma once

#include <QObject>
#include <QString>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "reducelab/sandbox.h"

namespace reducelab::ui {

class EngineJobs;
class StepView;

class PanelTraces : public QObject {
    Q_OBJECT
  public:
    PanelTraces(EngineJobs* jobs, StepView* view, QObject* parent);

    // Traces `panel`, showing "tracing `label`" until the trace comes.
    void trace(int panel, const QString& label, const DeviceInfo& device,
               const TraceRequest& request,
               double userKernelTimeoutSeconds = sandbox::kDefaultTimeoutSeconds);
    // The panel gets no trace this time: `message` says why (empty: leave the panel as it is).
    void skip(int panel, const QString& message);
    bool isTracing() const { return jobs_[0].isPending() || jobs_[1].isPending(); }
    bool isTracing(int panel) const { return jobs_[panel].isPending(); }

  signals:
    void progress(const QString& stage);
    // After the panel shows the error.
    void failed(int panel, const reducelab::ui::JobError& error);
    // Both panels have a trace, an error or a cancellation.
    void traced();

  private:
    void ended();

    EngineJobs* engineJobs_;
    StepView* view_;
    Job<StepTrace> jobs_[2];
};

}  // namespace reducelab::ui
