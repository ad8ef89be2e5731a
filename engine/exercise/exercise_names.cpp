// The names of the grader's checks and of the behaviour figures, as packs and reports spell them.
#include <array>
#include <utility>

#include "reducelab/exercise.h"

namespace reducelab {
namespace {

constexpr std::array<std::pair<CheckName, std::string_view>, 4> kCheckNames{{
    {CheckName::Correct, "correct"},
    {CheckName::Behaves, "behaves"},
    {CheckName::RaceFree, "race-free"},
    {CheckName::Fast, "fast"},
}};

constexpr std::array<std::pair<BehaviourMetric, std::string_view>, 7> kMetricNames{{
    {BehaviourMetric::DivergentWarpRounds, "divergent_warp_rounds"},
    {BehaviourMetric::DivergentWarpRoundsWideTree, "divergent_warp_rounds_before_last_warp"},
    {BehaviourMetric::MaxConflictDegree, "max_conflict_degree"},
    {BehaviourMetric::BankConflicts, "bank_conflicts"},
    {BehaviourMetric::BarrierRounds, "barrier_rounds"},
    {BehaviourMetric::FirstRoundActive, "first_round_active"},
    {BehaviourMetric::IdleAtFirstRound, "idle_at_first_round"},
}};

}  // namespace

std::string_view to_string(CheckName check) {
    for (const auto& [value, name] : kCheckNames)
        if (value == check) return name;
    return "?";
}

std::optional<CheckName> parse_check_name(std::string_view text) {
    for (const auto& [value, name] : kCheckNames)
        if (name == text) return value;
    return std::nullopt;
}

std::string_view to_string(BehaviourMetric metric) {
    for (const auto& [value, name] : kMetricNames)
        if (value == metric) return name;
    return "?";
}

std::optional<BehaviourMetric> parse_behaviour_metric(std::string_view text) {
    for (const auto& [value, name] : kMetricNames)
        if (name == text) return value;
    return std::nullopt;
}

std::string behaviour_metric_names() {
    std::string names;
    for (const auto& [value, name] : kMetricNames)
        names += (names.empty() ? "" : ", ") + std::string(name);
    return names;
}

}  // namespace reducelab
