// JSON serialisation of step traces.
#include "reducelab/trace_json.h"

#include "reducelab/result_json.h"

namespace reducelab {

using nlohmann::json;

namespace {

json values_json(const std::vector<Value>& values) {
    json out = json::array();
    for (const Value& v : values) out.push_back(to_json(v));
    return out;
}

}  // namespace

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
        {"bank_width", r.bank_width},
    };
    if (!r.input_path.empty()) out["input"] = r.input_path;
    return out;
}

json to_json(const TraceRound& round) {
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
    return json{
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
        {"values", values_json(round.values)},
    };
}

json to_json(const GroupTrace& group) {
    json rounds = json::array();
    for (const TraceRound& round : group.rounds) rounds.push_back(to_json(round));
    return json{
        {"group", group.group},
        {"initial", values_json(group.initial)},
        {"rounds", rounds},
        {"partial", to_json(group.partial)},
        {"uninstrumented_partial", to_json(group.uninstrumented_partial)},
        {"matches_uninstrumented", group.matches_uninstrumented},
        {"total_divergent_warps", group.total_divergent_warps},
        {"total_bank_conflicts", group.total_bank_conflicts},
    };
}

json to_json(const StepTrace& trace) {
    json groups = json::array();
    for (const GroupTrace& group : trace.groups) groups.push_back(to_json(group));
    // Version 2 (kTraceSchema): the time in microseconds (elapsed_us); version 1 had no schema
    // field and wrote elapsed_ms.
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
          {"bank_width", trace.bank_width},
          {"element_bytes", trace.element_bytes},
          {"lanes_per_transaction", trace.lanes_per_transaction}}},
        {"groups", groups},
        {"elapsed_us", trace.elapsed_ms * 1000.0},
    };
}

}  // namespace reducelab
