// JSON serialisation of step traces.
#include "reducelab/trace_json.h"

#include "reducelab/result_json.h"

namespace reducelab {

using nlohmann::json;

json to_json(const TraceRequest& r) {
    json out{
        {"op", to_string(r.op)},
        {"type", to_string(r.type)},
        {"accumulator", to_string(r.accumulator)},
        {"variant", r.variant},
        {"local_size", r.local_size},
        {"n", r.n},
        {"group", r.group},
        {"all_groups", r.all_groups},
        {"fill", to_string(r.fill)},
        {"seed", r.seed},
        {"warp_width", r.warp_width},
        {"bank_count", r.bank_count},
        {"bank_width_bytes", r.bank_width},
    };
    if (!r.input_path.empty()) out["input"] = r.input_path;
    return out;
}

json to_json(const TraceRound& round, bool indexed_cells) {
    json active_items = json::array();
    json active = json::array();
    for (std::size_t i = 0; i < round.active.size(); ++i) {
        active.push_back(round.active[i] ? 1 : 0);
        if (round.active[i]) active_items.push_back(i);
    }
    json accesses = json::array();
    for (const Access& a : round.accesses)
        accesses.push_back({{"work_item", a.work_item},
                            {"read_a", a.read_a},
                            {"read_b", a.read_b},
                            {"write", a.write}});
    json conflicts = json::array();
    for (const BankConflict& c : round.conflicts)
        conflicts.push_back({{"warp", c.warp},
                             {"transaction", c.transaction},
                             {"phase", c.phase},
                             {"bank", c.bank},
                             {"degree", c.degree},
                             {"work_items", c.work_items},
                             {"indices", c.indices}});
    json out{
        {"round", round.round},
        {"stride", round.stride},
        {"active_work_items", round.active_work_items},
        {"active_warps", round.active_warps},
        {"divergent_warps", round.divergent_warps},
        {"bank_conflicts", round.bank_conflicts},
        {"max_conflict_degree", round.max_conflict_degree},
        {"active_ids", active_items},
        {"active", active},
        {"accesses", accesses},
        {"conflicts", conflicts},
    };
    put_values(out, "values", round.values, indexed_cells);
    return out;
}

json to_json(const GroupTrace& group, bool indexed_cells) {
    json rounds = json::array();
    for (const TraceRound& round : group.rounds) rounds.push_back(to_json(round, indexed_cells));
    json out{
        {"group", group.group},
        {"rounds", rounds},
        {"matches_uninstrumented", group.matches_uninstrumented},
        {"total_divergent_warps", group.total_divergent_warps},
        {"total_bank_conflicts", group.total_bank_conflicts},
    };
    // The results file's value shape (put_value): numbers, null spelled in *_text, argmin/argmax's
    // indices in initial_index, partial_index, ...
    put_values(out, "initial", group.initial, indexed_cells);
    put_value(out, "partial", group.partial);
    put_value(out, "uninstrumented_partial", group.uninstrumented_partial);
    return out;
}

json to_json(const StepTrace& trace) {
    json groups = json::array();
    for (const GroupTrace& group : trace.groups)
        groups.push_back(to_json(group, has_index(trace.op)));
    // Version 3 (kTraceSchema): the results file's value shape and bank_width_bytes; version 2
    // wrote cells as to_json(Value) and bank_width; version 1 had no schema field and wrote
    // elapsed_ms instead of elapsed_us.
    return json{
        {"schema", kTraceSchema},
        {"request", to_json(trace.request)},
        {"device", to_json(trace.device)},
        {"variant", trace.variant},
        {"kernel", trace.kernel},
        {"build_options", trace.build_options},
        {"op", to_string(trace.op)},
        {"type", to_string(trace.type)},
        {"accumulator", trace.accumulator},
        {"n", trace.n},
        {"local_size", trace.local_size},
        {"global_size", trace.global_size},
        {"work_groups", trace.work_groups},
        {"max_local_size", trace.max_local_size},
        {"analysis",
         {{"warp_width", trace.warp_width},
          {"bank_count", trace.bank_count},
          {"bank_width_bytes", trace.bank_width},
          {"element_bytes", trace.element_bytes},
          {"lanes_per_transaction", trace.lanes_per_transaction}}},
        {"groups", groups},
        {"elapsed_us", trace.elapsed_ms * 1000.0},
    };
}

}  // namespace reducelab
