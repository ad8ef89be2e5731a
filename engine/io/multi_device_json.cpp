// JSON forms of a split run: each device's share and timings, and the whole verified result.
#include "reducelab/multi_device_json.h"
#include "io/json_fields.h"
#include "io/json_readers.h"
#include "reducelab/error.h"
#include "reducelab/result_json.h"

namespace reducelab {

using nlohmann::json;

namespace {

json to_json(const DeviceModel& m) {
    json calibration = json::array();
    for (const CalibrationPoint& p : m.calibration)
        calibration.push_back({{"n", p.n}, {"bytes", p.bytes}, {"ms", p.ms}, {"spread", p.spread}});
    return json{{"alpha_ms", m.alpha_ms},
                {"gbps", m.gbps},
                {"spread", m.spread},
                {"upload_gbps", m.upload_gbps},
                {"max_elements", m.max_elements},
                {"calibration", calibration}};
}

DeviceModel model_from_json(const detail::JsonFields& fields, const json& j, std::string name) {
    DeviceModel m;
    m.name = std::move(name);
    m.alpha_ms = fields.get_number(j, "alpha_ms", "model");
    m.gbps = fields.get_number(j, "gbps", "model");
    m.spread = fields.get_number(j, "spread", "model");
    m.upload_gbps = fields.get_number(j, "upload_gbps", "model");
    m.max_elements = fields.get_unsigned<std::uint64_t>(j, "max_elements", "model");
    for (const json& p : fields.field(j, "calibration", "model"))
        m.calibration.push_back({fields.get_unsigned<std::uint64_t>(p, "n", "calibration"),
                                 fields.get_unsigned<std::uint64_t>(p, "bytes", "calibration"),
                                 fields.get_number(p, "ms", "calibration"),
                                 fields.get_number(p, "spread", "calibration")});
    return m;
}

}  // namespace

json to_json(const DeviceShare& s) {
    json out{{"device", to_json(s.device)},
             {"offset", s.offset},
             {"elements", s.count},
             {"share_percent", s.fraction * 100.0},
             {"upload_ms", s.upload_ms},
             {"run_ms", s.run_ms},
             {"kernel_ms", s.kernel_ms},
             {"input_bytes", s.input_bytes},
             {"resident_gbps", s.resident_gbps},
             {"end_to_end_gbps", s.end_to_end_gbps},
             {"partial", to_json(s.partial)},
             {"shard_verified", s.shard_verified},
             {"launched", to_json(s.launched)}};
    if (s.calibrated_gbps > 0) out["calibrated_gbps"] = s.calibrated_gbps;
    if (s.count > 0) {
        out["upload_from"] = s.upload_pinned ? "pinned" : "pageable";
        out["upload_gbps"] =
            s.upload_ms > 0 ? static_cast<double>(s.input_bytes) / (s.upload_ms * 1e6) : 0.0;
        if (s.upload_pinned) out["staging_ms"] = s.staging_ms;
    }
    if (s.rank >= 0) out["rank"] = s.rank;
    if (s.model) {
        out["model"] = to_json(*s.model);
        out["predicted_ms"] = s.predicted_ms;
    }
    if (!s.plan_note.empty()) out["plan_note"] = s.plan_note;
    if (shard_from_cache(s)) out["served_from_cache"] = true;
    // The median repeat's stages: the split window draws the tree's levels from them.
    json stages = json::array();
    for (const StageTime& stage : s.stages)
        stages.push_back({{"name", stage.name}, {"ms", stage.ms}, {"on_device", stage.on_device}});
    out["stages"] = stages;
    return out;
}

DeviceShare device_share_from_json(const json& j) {
    const detail::JsonFields fields("device share");
    DeviceShare s;
    s.device = detail::device_from_json(fields, fields.field(j, "device", "share"), "share");
    s.offset = fields.get_unsigned<std::uint64_t>(j, "offset", "share");
    s.count = fields.get_unsigned<std::uint64_t>(j, "elements", "share");
    s.fraction = fields.get_number(j, "share_percent", "share") / 100.0;
    s.upload_ms = fields.get_number(j, "upload_ms", "share");
    // Files written before the pinned upload have neither field: pageable, no staging.
    s.upload_pinned =
        j.contains("upload_from") && fields.get_string(j, "upload_from", "share") == "pinned";
    if (j.contains("staging_ms")) s.staging_ms = fields.get_number(j, "staging_ms", "share");
    s.run_ms = fields.get_number(j, "run_ms", "share");
    s.kernel_ms = fields.get_number(j, "kernel_ms", "share");
    s.input_bytes = fields.get_unsigned<std::uint64_t>(j, "input_bytes", "share");
    s.resident_gbps = fields.get_number(j, "resident_gbps", "share");
    s.end_to_end_gbps = fields.get_number(j, "end_to_end_gbps", "share");
    s.partial =
        detail::value_from_json(fields, fields.field(j, "partial", "share"), false, "share");
    s.shard_verified = fields.get_bool(j, "shard_verified", "share");
    s.launched.chain_length = fields.get_unsigned<std::uint64_t>(
        fields.field(j, "launched", "share"), "chain_length", "share");
    if (j.contains("rank")) s.rank = fields.get_unsigned<int>(j, "rank", "share");
    // Files written before plans were recorded have no model.
    if (j.contains("model")) {
        s.model = model_from_json(fields, j["model"], s.device.name);
        s.predicted_ms = fields.get_number(j, "predicted_ms", "share");
    }
    if (j.contains("calibrated_gbps"))
        s.calibrated_gbps = fields.get_number(j, "calibrated_gbps", "share");
    if (j.contains("plan_note")) s.plan_note = fields.get_string(j, "plan_note", "share");
    // Files written before the stages were recorded have none.
    if (j.contains("stages")) {
        const json& stages = j["stages"];
        if (!stages.is_array()) fields.bad("share.stages", "expected an array");
        for (const json& stage : stages)
            s.stages.push_back({fields.get_string(stage, "name", "share.stages"),
                                fields.get_number(stage, "ms", "share.stages"),
                                fields.get_bool(stage, "on_device", "share.stages")});
    }
    return s;
}

json to_json(const SplitResult& r) {
    json devices = json::array();
    json left_out = json::array();
    for (const DeviceShare& s : r.devices) {
        json device = to_json(s);
        if (r.planned)
            device["measured_ms"] = s.run_ms + (r.predicted_with_upload ? s.upload_ms : 0);
        devices.push_back(device);
        if (r.planned && s.count == 0 && !s.plan_note.empty())
            left_out.push_back(
                {{"device", s.device.index}, {"name", s.device.name}, {"reason", s.plan_note}});
    }
    json out{{"request", to_json(r.request)},
             {"split", to_string(r.split)},
             {"n", r.n},
             {"accumulator", r.accumulator},
             {"value", to_json(r.value)},
             {"reference", to_json(r.reference)},
             {"verified", r.verified},
             {"abs_error", r.check.abs_error},
             {"rel_error", r.check.rel_error},
             {"error_bound", r.check.bound},
             {"verification_rule", r.check.rule},
             {"devices", devices},
             {"input_bytes", r.input_bytes},
             {"combine_ms", r.combine_ms},
             {"resident", {{"ms", r.resident_ms}, {"gbps", r.resident_gbps}}},
             {"end_to_end", {{"ms", r.end_to_end_ms}, {"gbps", r.end_to_end_gbps}}}};
    if (r.planned) {
        // What the plan predicted beside what was measured, in the same case (resident, or
        // end to end for the end-to-end split), and the fastest device alone for comparison.
        json fastest = nullptr, fastest_ms = nullptr;
        if (r.fastest_alone && *r.fastest_alone < r.devices.size()) {
            fastest = r.devices[*r.fastest_alone].device.index;
            fastest_ms = r.fastest_alone_predicted_ms;
        }
        out["plan"] = {{"case", r.predicted_with_upload ? "end_to_end" : "resident"},
                       {"predicted_ms", r.predicted_ms},
                       {"measured_ms", r.measured_ms()},
                       {"fastest_alone_device", fastest},
                       {"fastest_alone_predicted_ms", fastest_ms},
                       {"left_out", left_out}};
    }
    return out;
}

SplitResult split_result_from_json(const json& j) {
    const detail::JsonFields fields("split result");
    const std::string top = "split";
    if (!j.is_object()) fields.bad(top, "expected an object");
    SplitResult r;
    r.request = detail::run_request_from_json(fields, fields.field(j, "request", top), "request");
    const auto policy = parse_split_policy(fields.get_string(j, "split", top));
    if (!policy) fields.bad("split.split", "unknown split");
    r.split = *policy;
    r.n = fields.get_unsigned<std::uint64_t>(j, "n", top);
    r.accumulator = fields.get_string(j, "accumulator", top);
    bool single = r.request.type == ElementType::Float32;
    try {
        single = accumulator_for(r.request.op, r.request.type, r.request.accumulator).value_type ==
                 ElementType::Float32;
    } catch (const Error& e) {
        fields.bad("request.type", e.what());
    }
    r.value = detail::value_from_json(fields, fields.field(j, "value", top), single, "value");
    r.reference =
        detail::value_from_json(fields, fields.field(j, "reference", top), single, "reference");
    r.verified = fields.get_bool(j, "verified", top);
    r.check.verified = r.verified;
    r.check.abs_error = fields.get_number(j, "abs_error", top);
    r.check.rel_error = fields.get_number(j, "rel_error", top);
    r.check.bound = fields.get_number(j, "error_bound", top);
    r.check.rule = fields.get_string(j, "verification_rule", top);
    const json& devices = fields.field(j, "devices", top);
    if (!devices.is_array() || devices.empty()) fields.bad("devices", "expected a device or more");
    for (const json& device : devices) {
        try {
            r.devices.push_back(device_share_from_json(device));
        } catch (const Error& e) {
            fields.bad("devices", e.what());
        }
    }
    r.input_bytes = fields.get_unsigned<std::uint64_t>(j, "input_bytes", top);
    r.combine_ms = fields.get_number(j, "combine_ms", top);
    const json& resident = fields.field(j, "resident", top);
    r.resident_ms = fields.get_number(resident, "ms", "resident");
    r.resident_gbps = fields.get_number(resident, "gbps", "resident");
    const json& end_to_end = fields.field(j, "end_to_end", top);
    r.end_to_end_ms = fields.get_number(end_to_end, "ms", "end_to_end");
    r.end_to_end_gbps = fields.get_number(end_to_end, "gbps", "end_to_end");
    // Files written before plans were recorded have no plan.
    if (j.contains("plan")) {
        const json& plan = j["plan"];
        r.planned = true;
        const std::string use = fields.get_string(plan, "case", "plan");
        if (use != "resident" && use != "end_to_end")
            fields.bad("plan.case", "expected 'resident' or 'end_to_end'");
        r.predicted_with_upload = use == "end_to_end";
        r.predicted_ms = fields.get_number(plan, "predicted_ms", "plan");
        const json& fastest = fields.field(plan, "fastest_alone_device", "plan");
        if (!fastest.is_null()) {
            const auto index =
                fields.get_unsigned<std::size_t>(plan, "fastest_alone_device", "plan");
            for (std::size_t i = 0; i < r.devices.size(); ++i)
                if (r.devices[i].device.index == index) r.fastest_alone = i;
            if (!r.fastest_alone)
                fields.bad("plan.fastest_alone_device", "not one of the split's devices");
            r.fastest_alone_predicted_ms =
                fields.get_number(plan, "fastest_alone_predicted_ms", "plan");
        }
    }
    return r;
}

}  // namespace reducelab
