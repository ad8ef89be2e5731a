// What the lesson window measured: the device and problem (op, type, n, repeats, fill), each
// step's result or failure, and the order the chart shows them in. Kept across sessions: opening
// the lesson again on the problem it measured keeps them (sameProblem), and a restored session's
// go back to their steps (restore) without measuring again.
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/results_file.h"
#include "reducelab/run_types.h"

namespace reducelab::ui {

class LessonMeasurements {
  public:
    explicit LessonMeasurements(std::size_t steps) : steps_(steps) { clear(); }

    // The problem measured; no device until the lesson is given one.
    const std::optional<DeviceInfo>& device() const { return device_; }
    const RunRequest& base() const { return base_; }
    // Whether `device` and `base` are the problem measured now (what a step's request keeps of
    // it: LessonView::requestFor replaces the rest for every step).
    bool sameProblem(const DeviceInfo& device, const RunRequest& base) const;
    // Another problem: nothing of it measured yet.
    void setProblem(const DeviceInfo& device, const RunRequest& base);

    // Step i's result or why it failed; the chart's point i -> step.
    const std::vector<std::optional<RunResult>>& results() const { return results_; }
    const std::optional<RunResult>& result(int step) const { return results_[std::size_t(step)]; }
    const QString& failure(int step) const { return failures_[std::size_t(step)]; }
    const std::vector<unsigned>& chartSteps() const { return chartSteps_; }
    // Forgets every result and failure (a new measurement starts).
    void clear();
    // Step `step` measured: its result, and the chart's next point.
    void setResult(int step, const RunResult& result);
    void setFailure(int step, const QString& error);

    // A restored session's: `results` on its device, point i the measurement of step steps[i],
    // its problem that of the points. Returns what the chart shows: the points of known steps.
    ResultsFile restore(const ResultsFile& results, const std::vector<unsigned>& steps);

  private:
    std::size_t steps_;
    std::optional<DeviceInfo> device_;
    RunRequest base_;
    std::vector<std::optional<RunResult>> results_;
    std::vector<QString> failures_;
    std::vector<unsigned> chartSteps_;
};

}  // namespace reducelab::ui
