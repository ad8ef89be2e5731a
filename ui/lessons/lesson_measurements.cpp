// The lesson's measurements and their problem, kept across sessions.
#include "lessons/lesson_measurements.h"

#include "reducelab/result_json.h"

namespace reducelab::ui {

bool LessonMeasurements::sameProblem(const DeviceInfo& device, const RunRequest& base) const {
    if (!device_ || device_->index != device.index || device_->name != device.name) return false;
    // What requestFor replaces for every step is not part of the problem.
    const auto problem = [](RunRequest r) {
        r.variant.clear();
        r.finish = Finish{};
        r.items_per_work_item = 0;
        r.global_size = 0;
        r.vector_width = 0;
        r.unroll = 0;
        r.layout = AccessLayout::Default;
        return to_json(r);
    };
    return problem(base_) == problem(base);
}

void LessonMeasurements::setProblem(const DeviceInfo& device, const RunRequest& base) {
    device_ = device;
    base_ = base;
    clear();
}

void LessonMeasurements::clear() {
    results_.assign(steps_, std::nullopt);
    failures_.assign(steps_, QString());
    chartSteps_.clear();
}

void LessonMeasurements::setResult(int step, const RunResult& result) {
    results_[std::size_t(step)] = result;
    chartSteps_.push_back(unsigned(step));
}

void LessonMeasurements::setFailure(int step, const QString& error) {
    failures_[std::size_t(step)] = error;
}

ResultsFile LessonMeasurements::restore(const ResultsFile& results,
                                        const std::vector<unsigned>& steps) {
    clear();
    device_ = results.device;
    if (!results.points.empty()) base_ = results.points.front().request;
    ResultsFile shown = results;
    shown.points.clear();
    for (std::size_t i = 0; i < results.points.size() && i < steps.size(); ++i)
        if (steps[i] < steps_) {
            results_[steps[i]] = results.points[i];
            shown.points.push_back(results.points[i]);
            chartSteps_.push_back(steps[i]);
        }
    return shown;
}

}  // namespace reducelab::ui
