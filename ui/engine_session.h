// The GUI thread's handle on the engine: queues jobs on one worker thread (runs never overlap, so
// timings stay honest), hands out job ids, cancels through std::stop_source, and re-emits the
// worker's results as signals on the GUI thread. Destroying it cancels everything and joins.
#pragma once

#include <QObject>
#include <QString>
#include <map>
#include <stop_token>

#include "engine_metatypes.h"
#include "job_error.h"
#include "reducelab/sandbox.h"

class QThread;

namespace reducelab::ui {

class EngineWorker;

class EngineSession : public QObject {
    Q_OBJECT
  public:
    explicit EngineSession(QObject* parent = nullptr);
    ~EngineSession() override;

    JobId listDevices();
    JobId run(const DeviceInfo& device, const RunRequest& request);
    // A student's program (request.program_text) is traced in a child process, like
    // customKernel, stopped after `userKernelTimeoutSeconds` (0: no limit).
    JobId trace(const DeviceInfo& device, const TraceRequest& request,
                double userKernelTimeoutSeconds = sandbox::kDefaultTimeoutSeconds);
    JobId sweep(const DeviceInfo& device, const RequestList& requests, const QString& suite);
    JobId measureCeiling(const DeviceInfo& device, std::uint64_t bytes, int repeat);
    // Reads a results JSON (reducelab-cli bench, or a GUI export) off the GUI thread.
    JobId openResults(const QString& path);
    // Builds, checks and times a student's kernel (reducelab/custom_kernel.h).
    // The kernel runs in a child process (reducelab/custom_kernel_child.h) that a cancel kills and
    // that is stopped after `timeoutSeconds` (0: no limit).
    JobId customKernel(const DeviceInfo& device, const CustomKernelRequest& request,
                       double timeoutSeconds);

    // Asks a queued or running job to stop; it then reports cancelled() (or finishes, when it
    // was past its last check).
    void cancel(JobId job);
    void cancelAll();
    bool isPending(JobId job) const { return jobs_.count(job) != 0; }
    bool isBusy() const { return !jobs_.empty(); }
    // Blocks until the worker has drained its queue (tests and shutdown only).
    void shutdown();

  signals:
    void devicesListed(reducelab::ui::JobId job, const reducelab::ui::DeviceList& devices);
    void runFinished(reducelab::ui::JobId job, const reducelab::RunResult& result);
    void traceFinished(reducelab::ui::JobId job, const reducelab::StepTrace& trace);
    void sweepPointDone(reducelab::ui::JobId job, const reducelab::RunResult& result, int index,
                        int total);
    void sweepPointFailed(reducelab::ui::JobId job, const reducelab::RunRequest& request,
                          const QString& error, int index, int total);
    void sweepFinished(reducelab::ui::JobId job, const reducelab::ResultsFile& results);
    void ceilingMeasured(reducelab::ui::JobId job, const reducelab::BandwidthCeiling& ceiling);
    void resultsOpened(reducelab::ui::JobId job, const reducelab::ResultsFile& results,
                       const QString& path);
    void customKernelFinished(reducelab::ui::JobId job,
                              const reducelab::CustomKernelResult& result);
    void progress(reducelab::ui::JobId job, const QString& stage);
    void failed(reducelab::ui::JobId job, const reducelab::ui::JobError& error);
    void cancelled(reducelab::ui::JobId job);
    void busyChanged(bool busy);

  private:
    std::stop_token start(JobId job);
    void finish(JobId job);
    template <typename Call>
    JobId enqueue(Call&& call);

    QThread* thread_ = nullptr;
    EngineWorker* worker_ = nullptr;  // lives on thread_; deleted after it stops
    std::map<JobId, std::stop_source> jobs_;
    JobId nextJob_ = 1;
};

}  // namespace reducelab::ui
