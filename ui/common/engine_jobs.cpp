// The engine calls behind each kind of job, and one window's bookkeeping of its jobs.
#include "common/engine_jobs.h"

#include <QCoreApplication>
#include <algorithm>

#include "common/engine_session.h"
#include "common/engine_text.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/custom_kernel_child.h"
#include "reducelab/devices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/results_file.h"
#include "reducelab/step_trace.h"
#include "reducelab/sweep.h"

namespace reducelab::ui {

namespace {

// Forwards the engine's stage names as the job's progress.
template <typename Reporter>
class StageRelay final : public Progress {
  public:
    explicit StageRelay(const Reporter& reporter) : reporter_(reporter) {}
    void stage(std::string_view what) override { reporter_.progress(qs(what)); }

  private:
    const Reporter& reporter_;
};

// Reports each sweep point as soon as the engine has measured it.
template <typename Reporter>
class SweepRelay final : public SweepObserver {
  public:
    explicit SweepRelay(const Reporter& reporter) : reporter_(reporter) {}
    void point_done(const RunResult& result, std::size_t index, std::size_t total) override {
        reporter_.point(SweepPoint{static_cast<int>(index), static_cast<int>(total), result.request,
                                   result, QString()});
    }
    void point_failed(const RunRequest& request, const std::string& error, std::size_t index,
                      std::size_t total) override {
        reporter_.point(SweepPoint{static_cast<int>(index), static_cast<int>(total), request,
                                   std::nullopt, QString::fromStdString(error)});
    }

  private:
    const Reporter& reporter_;
};

// The child that runs a student's kernel: reducelab-cli beside the application, or
// $REDUCELAB_KERNEL_WORKER.
CustomKernelIsolation kernelIsolation(const DeviceInfo& device, double timeoutSeconds) {
    CustomKernelIsolation isolation;
    isolation.worker =
        qEnvironmentVariable("REDUCELAB_KERNEL_WORKER", QCoreApplication::applicationDirPath() +
                                                            QStringLiteral("/reducelab-cli"))
            .toStdString();
    isolation.device = device;
    isolation.timeout_seconds = timeoutSeconds;
    return isolation;
}

}  // namespace

EngineJobs::EngineJobs(QObject* parent) : QObject(parent) {}

EngineJobs::~EngineJobs() {
    // The window is going: its jobs stop, and their outcomes have no one left to tell.
    for (detail::JobStateBase* state : pending_) {
        state->ended = {};
        state->drop();
    }
}

void EngineJobs::track(detail::JobStateBase& state) {
    const bool wasBusy = isBusy();
    pending_.push_back(&state);
    state.ended = [this, s = &state] {
        std::erase(pending_, s);
        if (pending_.empty()) emit busyChanged(false);
    };
    if (!wasBusy) emit busyChanged(true);
}

template <typename Result, typename Point, typename Work>
Job<Result, Point> EngineJobs::submit(Work work) {
    return EngineSession::instance().submit<Result, Point>(
        std::move(work), [this](detail::JobStateBase& state) { track(state); });
}

void EngineJobs::cancelAll() {
    for (detail::JobStateBase* state : pending_) state->stop.request_stop();
}

Job<DeviceList> EngineJobs::listDevices() {
    return submit<DeviceList>(
        [](EngineCache&, std::stop_token, const auto&) { return list_devices(); });
}

Job<RunResult> EngineJobs::run(const DeviceInfo& device, const RunRequest& request) {
    return submit<RunResult>(
        [device, request](EngineCache& engines, std::stop_token stop, const auto& reporter) {
            StageRelay relay(reporter);
            return engines.engineFor(device).run(request, stop, &relay);
        });
}

Job<StepTrace> EngineJobs::trace(const DeviceInfo& device, const TraceRequest& request,
                                 double userKernelTimeoutSeconds) {
    return submit<StepTrace>([device, request, userKernelTimeoutSeconds](
                                 EngineCache& engines, std::stop_token stop, const auto& reporter) {
        reporter.progress(
            QStringLiteral("tracing %1").arg(QString::fromStdString(request.variant)));
        // A student's program (the custom-kernel window) is traced in a child process.
        return request.program_text.empty()
                   ? run_trace(engines.engineFor(device), request)
                   : run_trace_isolated(request, kernelIsolation(device, userKernelTimeoutSeconds),
                                        stop);
    });
}

Job<ResultsFile, SweepPoint> EngineJobs::sweep(const DeviceInfo& device,
                                               const RequestList& requests, const QString& suite) {
    return submit<ResultsFile, SweepPoint>([device, requests, suite](EngineCache& engines,
                                                                     std::stop_token stop,
                                                                     const auto& reporter) {
        SweepRelay relay(reporter);
        ResultsFile results = run_sweep(engines.engineFor(device), requests, stop, &relay);
        results.suite = suite.toStdString();
        return results;
    });
}

Job<BandwidthCeiling> EngineJobs::measureCeiling(const DeviceInfo& device, std::uint64_t bytes,
                                                 int repeat, int runs) {
    return submit<BandwidthCeiling>(
        [device, bytes, repeat, runs](EngineCache& engines, std::stop_token, const auto& reporter) {
            reporter.progress(QStringLiteral("measuring the memory bandwidth ceiling"));
            return measure_ceiling(engines.engineFor(device), bytes, repeat, runs);
        });
}

Job<ResultsFile> EngineJobs::openResults(const QString& path) {
    return submit<ResultsFile>([path](EngineCache&, std::stop_token, const auto&) {
        return read_results(path.toStdString());
    });
}

Job<CustomKernelResult> EngineJobs::customKernel(const DeviceInfo& device,
                                                 const CustomKernelRequest& request,
                                                 double timeoutSeconds) {
    return submit<CustomKernelResult>([device, request, timeoutSeconds](EngineCache&,
                                                                        std::stop_token stop,
                                                                        const auto& reporter) {
        reporter.progress(QStringLiteral("building and checking %1")
                              .arg(QString::fromStdString(request.file_name)));
        // Student code never runs in the GUI's process: a hang or a crash stays in the child.
        return run_custom_kernel_isolated(request, kernelIsolation(device, timeoutSeconds), stop);
    });
}

Job<GradeReport, GradeProgress> EngineJobs::gradeExercise(const DeviceInfo& device,
                                                          const Exercise& exercise,
                                                          const QString& kernel,
                                                          const GraderOptions& options) {
    GraderOptions graded = options;
    graded.worker = kernelIsolation(device, options.timeout_seconds).worker;
    graded.device = device;
    return submit<GradeReport, GradeProgress>(
        [exercise, text = kernel.toStdString(), graded](EngineCache&, std::stop_token stop,
                                                        const auto& reporter) {
            GraderOptions withProgress = graded;
            withProgress.progress = [&reporter](const GradeProgress& step) {
                reporter.progress(QString::fromStdString(step.what));
                reporter.point(step);
            };
            // Student code never runs in the GUI's process: each check runs it in a child.
            return grade_submission(exercise, text, withProgress, stop);
        });
}

Job<DeterminismStudyResult, DeterminismStudyVariant> EngineJobs::determinismStudy(
    const DeterminismStudySettings& settings) {
    return submit<DeterminismStudyResult, DeterminismStudyVariant>(
        [settings](EngineCache& engines, std::stop_token stop, const auto& reporter) {
            DeterminismStudyHooks hooks;
            hooks.started = [&reporter](const std::string& name, std::size_t i, std::size_t n) {
                reporter.progress(QStringLiteral("%1 (%2 of %3)").arg(qs(name)).arg(i + 1).arg(n));
            };
            hooks.finished = [&reporter](const DeterminismStudyVariant& done) {
                reporter.point(done);
            };
            // The session's cached engines: the timed runs reuse programs built earlier.
            hooks.engine_for = [&engines](const DeviceInfo& device) -> Engine& {
                return engines.engineFor(device);
            };
            return run_determinism_study(settings, stop, hooks);
        });
}

Job<SplitResult> EngineJobs::splitRun(const SplitRequest& request) {
    // No progress text: run_split reports no steps, and the window says it is running.
    return submit<SplitResult>([request](EngineCache&, std::stop_token stop, const auto&) {
        return run_split(request, stop);
    });
}

}  // namespace reducelab::ui
