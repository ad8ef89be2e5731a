// The engine's side of the GUI: lives on a worker thread, runs one engine call at a time and
// reports back through queued signals carrying plain values. Never touched by widgets directly.
#pragma once

#include <QObject>
#include <QString>
#include <map>
#include <memory>
#include <stop_token>

#include "engine_metatypes.h"
#include "job_error.h"

namespace reducelab {
class Engine;
}

namespace reducelab::ui {

class EngineWorker : public QObject {
    Q_OBJECT
  public:
    explicit EngineWorker(QObject* parent = nullptr);
    ~EngineWorker() override;

    // Called on the worker thread (EngineSession queues them there).
    void listDevices(JobId job);
    void run(JobId job, const DeviceInfo& device, const RunRequest& request, std::stop_token stop);
    void trace(JobId job, const DeviceInfo& device, const TraceRequest& request,
               double userKernelTimeoutSeconds, std::stop_token stop);
    void sweep(JobId job, const DeviceInfo& device, const RequestList& requests,
               const QString& suite, std::stop_token stop);
    void measureCeiling(JobId job, const DeviceInfo& device, std::uint64_t bytes, int repeat,
                        std::stop_token stop);
    void openResults(JobId job, const QString& path);
    // In a child process: reducelab-cli beside the application, or $REDUCELAB_KERNEL_WORKER.
    void customKernel(JobId job, const DeviceInfo& device, const CustomKernelRequest& request,
                      double timeoutSeconds, std::stop_token stop);

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

  private:
    // Engines are opened once per device and kept: they hold the device's built programs.
    Engine& engineFor(const DeviceInfo& device);
    // Runs `work`, turning every exception into failed()/cancelled(). False when it threw.
    template <typename Work>
    void guarded(JobId job, std::stop_token stop, Work&& work);

    std::map<std::size_t, std::unique_ptr<Engine>> engines_;
};

}  // namespace reducelab::ui
