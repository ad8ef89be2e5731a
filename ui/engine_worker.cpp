// Engine calls on the worker thread, with every failure reported as a value.
#include "engine_worker.h"

#include <exception>

#include "reducelab/custom_kernel.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/results_file.h"
#include "reducelab/step_trace.h"
#include "reducelab/sweep.h"
#include <QCoreApplication>
#include "reducelab/custom_kernel_child.h"

namespace reducelab::ui {
namespace {

// Forwards the engine's stage names as progress signals.
class StageRelay final : public Progress {
  public:
    StageRelay(EngineWorker* worker, JobId job) : worker_(worker), job_(job) {}
    void stage(std::string_view what) override {
        emit worker_->progress(job_,
                               QString::fromUtf8(what.data(), static_cast<qsizetype>(what.size())));
    }

  private:
    EngineWorker* worker_;
    JobId job_;
};

// Emits each sweep point as soon as the engine has measured it.
class SweepRelay final : public SweepObserver {
  public:
    SweepRelay(EngineWorker* worker, JobId job) : worker_(worker), job_(job) {}
    void point_done(const RunResult& result, std::size_t index, std::size_t total) override {
        emit worker_->sweepPointDone(job_, result, static_cast<int>(index),
                                     static_cast<int>(total));
    }
    void point_failed(const RunRequest& request, const std::string& error, std::size_t index,
                      std::size_t total) override {
        emit worker_->sweepPointFailed(job_, request, QString::fromStdString(error),
                                       static_cast<int>(index), static_cast<int>(total));
    }

  private:
    EngineWorker* worker_;
    JobId job_;
};

// The child that runs a student's kernel: reducelab-cli beside the application, or
// $REDUCELAB_KERNEL_WORKER.
CustomKernelIsolation kernelIsolation(const DeviceInfo& device, double timeoutSeconds) {
    CustomKernelIsolation isolation;
    isolation.worker =
        qEnvironmentVariable("REDUCELAB_KERNEL_WORKER", QCoreApplication::applicationDirPath() +
                                                            QStringLiteral("/reducelab-cli"))
            .toStdString();
    isolation.device_index = device.index;
    isolation.timeout_seconds = timeoutSeconds;
    return isolation;
}

}  // namespace

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {}
EngineWorker::~EngineWorker() = default;

Engine& EngineWorker::engineFor(const DeviceInfo& device) {
    auto& slot = engines_[device.index];
    if (!slot) slot = std::make_unique<Engine>(device);
    return *slot;
}

template <typename Work>
void EngineWorker::guarded(JobId job, std::stop_token stop, Work&& work) {
    // A job cancelled while it waited in the queue never starts.
    if (stop.stop_requested()) {
        emit cancelled(job);
        return;
    }
    try {
        work();
    } catch (const Error& error) {
        if (error.kind() == ErrorKind::Cancelled)
            emit cancelled(job);
        else
            emit failed(job, JobError::from(error));
    } catch (const std::exception& error) {
        emit failed(job, JobError::fromException(error));
    } catch (...) {
        emit failed(job, JobError::fromException(std::runtime_error("unknown failure")));
    }
}

void EngineWorker::listDevices(JobId job) {
    guarded(job, {}, [&] { emit devicesListed(job, list_devices()); });
}

void EngineWorker::run(JobId job, const DeviceInfo& device, const RunRequest& request,
                       std::stop_token stop) {
    guarded(job, stop, [&] {
        StageRelay relay(this, job);
        const RunResult result = engineFor(device).run(request, stop, &relay);
        emit runFinished(job, result);
    });
}

void EngineWorker::trace(JobId job, const DeviceInfo& device, const TraceRequest& request,
                         double userKernelTimeoutSeconds, std::stop_token stop) {
    guarded(job, stop, [&] {
        emit progress(job,
                      QStringLiteral("tracing %1").arg(QString::fromStdString(request.variant)));
        // A student's program (the custom-kernel window) is traced in a child process.
        const StepTrace result =
            request.program_text.empty()
                ? run_trace(engineFor(device), request)
                : run_trace_isolated(request, device,
                                     kernelIsolation(device, userKernelTimeoutSeconds), stop);
        emit traceFinished(job, result);
    });
}

void EngineWorker::sweep(JobId job, const DeviceInfo& device, const RequestList& requests,
                         const QString& suite, std::stop_token stop) {
    guarded(job, stop, [&] {
        SweepRelay relay(this, job);
        ResultsFile results = run_sweep(engineFor(device), requests, stop, &relay);
        results.suite = suite.toStdString();
        emit sweepFinished(job, results);
    });
}

void EngineWorker::measureCeiling(JobId job, const DeviceInfo& device, std::uint64_t bytes,
                                  int repeat, std::stop_token stop) {
    guarded(job, stop, [&] {
        emit progress(job, QStringLiteral("measuring the memory bandwidth ceiling"));
        emit ceilingMeasured(job, measure_ceiling(engineFor(device), bytes, repeat));
    });
}

void EngineWorker::openResults(JobId job, const QString& path) {
    guarded(job, {}, [&] { emit resultsOpened(job, read_results(path.toStdString()), path); });
}

void EngineWorker::customKernel(JobId job, const DeviceInfo& device,
                                const CustomKernelRequest& request, double timeoutSeconds,
                                std::stop_token stop) {
    guarded(job, stop, [&] {
        emit progress(job, QStringLiteral("building and checking %1")
                               .arg(QString::fromStdString(request.file_name)));
        // Student code never runs in the GUI's process: a hang or a crash stays in the child.
        emit customKernelFinished(job, run_custom_kernel_isolated(
                                           request, kernelIsolation(device, timeoutSeconds), stop));
    });
}

}  // namespace reducelab::ui
