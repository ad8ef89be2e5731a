// The CPU prediction of a variant's rounds (predict_rounds in step_trace.h).
#include "trace/trace_prediction.h"

#include <string>

#include "reducelab/catalog.h"
#include "reducelab/error.h"
#include "reducelab/launch_plan.h"
#include "reducelab/step_trace.h"
#include "trace/bank_conflicts.h"

namespace reducelab {
namespace {

void add_access(TraceRound& round, std::uint32_t work_item, std::uint32_t a, std::uint32_t b,
                std::uint32_t write) {
    round.active[work_item] = true;
    round.accesses.push_back({work_item, a, b, write});
}

std::vector<TraceRound> shape_rounds(TreeShape shape, std::uint32_t local_size) {
    std::vector<TraceRound> rounds;
    const auto next_round = [&](std::uint32_t stride) -> TraceRound& {
        TraceRound& round = rounds.emplace_back();
        round.round = static_cast<unsigned>(rounds.size());
        round.stride = stride;
        round.active.assign(local_size, false);
        return round;
    };
    switch (shape) {
        case TreeShape::Interleaved:
            for (std::uint32_t s = 1; s < local_size; s *= 2) {
                TraceRound& round = next_round(s);
                for (std::uint32_t tid = 0; tid < local_size; ++tid)
                    if (tid % (2 * s) == 0) add_access(round, tid, tid, tid + s, tid);
            }
            break;
        case TreeShape::InterleavedStrided:
            for (std::uint32_t s = 1; s < local_size; s *= 2) {
                TraceRound& round = next_round(s);
                for (std::uint32_t tid = 0; tid < local_size; ++tid) {
                    const std::uint64_t index = std::uint64_t{2} * s * tid;
                    if (index < local_size) {
                        const auto i = static_cast<std::uint32_t>(index);
                        add_access(round, tid, i, i + s, i);
                    }
                }
            }
            break;
        case TreeShape::Contiguous:
            for (std::uint32_t s = local_size / 2; s > 0; s /= 2) {
                TraceRound& round = next_round(s);
                for (std::uint32_t tid = 0; tid < s; ++tid)
                    add_access(round, tid, tid, tid + s, tid);
            }
            break;
    }
    return rounds;
}

}  // namespace

std::optional<TreeShape> tree_shape(std::string_view variant) {
    for (const Variant& v : catalog())
        if (v.name == variant) return v.tree;
    return std::nullopt;
}

std::vector<TraceRound> predict_rounds(const std::string& variant, std::size_t local_size) {
    return predict_rounds(variant, local_size, AnalysisModel{});
}

std::vector<TraceRound> predict_rounds(const std::string& variant_name, std::size_t local_size,
                                       const AnalysisModel& model) {
    const Variant& variant = find_variant(variant_name);
    if (!variant.steppable())
        throw Error(ErrorKind::InvalidArgument,
                    "variant " + variant_name +
                        " cannot be stepped: it has no local-memory tree with barrier rounds");
    if (local_size == 0 || local_size > (std::size_t{1} << 30))
        throw Error(ErrorKind::InvalidArgument,
                    "local size " + std::to_string(local_size) + " is outside 1 to 2^30");
    if (variant.needs_power_of_two && !is_power_of_two(local_size))
        throw Error(ErrorKind::InvalidArgument, "local size " + std::to_string(local_size) +
                                                    " is not a power of two, which the " +
                                                    variant_name + " variant's tree needs");
    check_model(model);
    std::vector<TraceRound> rounds =
        shape_rounds(*variant.tree, static_cast<std::uint32_t>(local_size));
    for (TraceRound& round : rounds) analyse_round(round, model);
    return rounds;
}

}  // namespace reducelab
