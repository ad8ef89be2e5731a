// The figures a behaviour target names, read from the step trace's own counters.
#include <algorithm>

#include "reducelab/error.h"
#include "reducelab/grader.h"

namespace reducelab {

double behaviour_figure(const StepTrace& trace, BehaviourMetric metric) {
    if (trace.groups.empty())
        throw Error(ErrorKind::InvalidArgument, "the trace has no work-group");
    const GroupTrace& group = trace.groups.front();
    switch (metric) {
        case BehaviourMetric::DivergentWarpRounds:
            return group.total_divergent_warps;
        case BehaviourMetric::DivergentWarpRoundsWideTree: {
            // Only the rounds where at least a warp's worth of work-items combine: the last
            // warp's rounds diverge in every tree.
            unsigned total = 0;
            for (const TraceRound& round : group.rounds)
                if (round.active_work_items >= trace.warp_width) total += round.divergent_warps;
            return total;
        }
        case BehaviourMetric::MaxConflictDegree: {
            unsigned worst = 1;
            for (const TraceRound& round : group.rounds)
                worst = std::max(worst, round.max_conflict_degree);
            return worst;
        }
        case BehaviourMetric::BankConflicts:
            return group.total_bank_conflicts;
        case BehaviourMetric::BarrierRounds:
            return static_cast<double>(group.rounds.size());
        case BehaviourMetric::FirstRoundActive:
            return group.rounds.empty() ? 0.0 : group.rounds.front().active_work_items;
        case BehaviourMetric::IdleAtFirstRound:
            return static_cast<double>(trace.local_size) -
                   (group.rounds.empty() ? 0.0 : group.rounds.front().active_work_items);
    }
    return 0.0;
}

}  // namespace reducelab
