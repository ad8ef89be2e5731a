// The lesson window's measurements kept across sessions: opening it again on the problem it
// measured keeps them, and a restored session's are shown without measuring again.
#include <QTableWidget>

#include "charts/ladder_chart.h"
#include "lessons/lesson_view.h"
#include "reducelab/launch_plan.h"
#include "reducelab/result_json.h"
#include "step/step_view.h"

namespace reducelab::ui {

bool LessonView::sameProblem(const DeviceInfo& device, const RunRequest& base) const {
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

void LessonView::showMeasurements(const ResultsFile& results, const std::vector<unsigned>& steps,
                                  int step) {
    cancel();
    results_.assign(steps_.size(), std::nullopt);
    failures_.assign(steps_.size(), QString());
    device_ = results.device;
    if (!results.points.empty()) base_ = results.points.front().request;
    stepView_->setLocalSizes(valid_local_sizes(results.device));
    ResultsFile shown = results;
    shown.points.clear();
    for (std::size_t i = 0; i < results.points.size() && i < steps.size(); ++i)
        if (steps[i] < steps_.size()) {
            results_[steps[i]] = results.points[i];
            shown.points.push_back(results.points[i]);
        }
    chart_->setResults(shown);
    chartSteps_.clear();
    for (std::size_t i = 0; i < results.points.size() && i < steps.size(); ++i)
        if (steps[i] < steps_.size()) chartSteps_.push_back(steps[i]);
    texts_.apply();
    showProblem();
    fillStepList();
    updateTable();
    setStep(step);
}

}  // namespace reducelab::ui
