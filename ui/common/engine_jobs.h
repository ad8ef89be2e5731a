// One window's engine jobs: submits to the application's engine thread (EngineSession) and hands
// back typed Job handles, knows whether any of its jobs is still going (busyChanged drives the
// Cancel button), cancels them all for Escape, and drops them when the window goes, so that no
// result reaches a destroyed widget.
#pragma once

#include <QObject>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "reducelab/determinism_study.h"
#include "reducelab/grader.h"
#include "reducelab/multi_device.h"
#include "reducelab/sandbox.h"

namespace reducelab::ui {

// One point of a sweep, measured or failed.
struct SweepPoint {
    int index = 0;  // in the request list
    int total = 0;
    RunRequest request;
    std::optional<RunResult> result;  // empty when the point failed
    QString error;
};

class EngineJobs : public QObject {
    Q_OBJECT
  public:
    explicit EngineJobs(QObject* parent = nullptr);
    ~EngineJobs() override;

    Job<DeviceList> listDevices();
    Job<RunResult> run(const DeviceInfo& device, const RunRequest& request);
    // A student's program (request.program_text) is traced in a child process, like
    // customKernel, stopped after `userKernelTimeoutSeconds` (0: no limit).
    Job<StepTrace> trace(const DeviceInfo& device, const TraceRequest& request,
                         double userKernelTimeoutSeconds = sandbox::kDefaultTimeoutSeconds);
    // Each point is reported as soon as it is measured; the result holds them all.
    Job<ResultsFile, SweepPoint> sweep(const DeviceInfo& device, const RequestList& requests,
                                       const QString& suite);
    // `runs` measurements of `repeat` timed repeats each (measure_ceiling in reducelab/sweep.h).
    Job<BandwidthCeiling> measureCeiling(const DeviceInfo& device, std::uint64_t bytes, int repeat,
                                         int runs = 1);
    // Reads a results JSON (reducelab-cli bench, or a GUI export) off the GUI thread.
    Job<ResultsFile> openResults(const QString& path);
    // Builds, checks and times a student's kernel in a child process (reducelab/custom_kernel.h)
    // that a cancel kills and that is stopped after `timeoutSeconds` (0: no limit).
    Job<CustomKernelResult> customKernel(const DeviceInfo& device,
                                         const CustomKernelRequest& request, double timeoutSeconds);

    // The determinism and accuracy study (reducelab/determinism_study.h): each variant is
    // reported as soon as its runs and its timed run are done; the result holds them all.
    Job<DeterminismStudyResult, DeterminismStudyVariant> determinismStudy(
        const DeterminismStudySettings& settings);

    // One reduction split over several devices (reducelab/multi_device.h): the calibration, the
    // shards on their own host threads and the host combine; cancel stops every shard.
    Job<SplitResult> splitRun(const SplitRequest& request);

    // Grades a student's kernel against an exercise (reducelab/grader.h): every run of it in a
    // sandbox child on `device`, which a cancel kills; each step is reported as a point. The
    // options' worker, device and progress are this job's own.
    Job<GradeReport, GradeProgress> gradeExercise(const DeviceInfo& device,
                                                  const Exercise& exercise, const QString& kernel,
                                                  const GraderOptions& options);

    // Asks every job of this window to stop; each reports its cancellation.
    void cancelAll();
    bool isBusy() const { return !pending_.empty(); }

  signals:
    void busyChanged(bool busy);

  private:
    template <typename Result, typename Point = NoPoints, typename Work>
    Job<Result, Point> submit(Work work);
    void track(detail::JobStateBase& state);

    std::vector<detail::JobStateBase*> pending_;  // alive while pending: the session holds them
};

}  // namespace reducelab::ui
