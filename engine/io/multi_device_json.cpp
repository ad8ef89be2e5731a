// JSON forms of a split run: each device's share and timings, and the whole verified result.
#include "reducelab/multi_device_json.h"
#include "io/json_fields.h"
#include "io/json_readers.h"
#include "reducelab/error.h"
#include "reducelab/result_json.h"
#include "reducelab/units.h"

namespace reducelab {

using nlohmann::json;

namespace {

// Version 2 writes times in microseconds (*_us), sizes in bytes (*_bytes), values in the results
// file's one shape (put_value); version 1 (no "schema" field) wrote milliseconds (*_ms) and the
// mixed value shapes, and is still read. The structs keep milliseconds.
constexpr double kUsPerMs = 1000.0;

// A time: version 2's `v2_key` in µs, version 1's `v1_key` in ms; returned in ms.
double ms_field(const detail::JsonFields& fields, const json& j, int version, const char* v1_key,
                const char* v2_key, const std::string& where) {
    return version >= 2 ? fields.get_number(j, v2_key, where) / kUsPerMs
                        : fields.get_number(j, v1_key, where);
}

bool ms_field_present(const json& j, int version, const char* v1_key, const char* v2_key) {
    return j.contains(version >= 2 ? v2_key : v1_key);
}

// A partial, value or reference: version 2's number/null, *_text and *_index fields, or version
// 1's number, "nan"-style string or {value, index} object.
Value value_of(const detail::JsonFields& fields, const json& j, int version, const std::string& key,
               const AccumulatorSpec* spec, bool single, const std::string& where) {
    if (version < 2)
        return detail::value_from_json(fields, fields.field(j, key.c_str(), where), single,
                                       where + "." + key);
    // The accumulator unknown (a share read alone): a float may be null, an index optional.
    const bool is_float = spec == nullptr || info(spec->value_type).is_float;
    const bool indexed = spec ? spec->is_pair : j.contains(value_index_key(key));
    return detail::value_field_from_json(fields, j, key, is_float, single, indexed, where);
}

json to_json(const DeviceModel& m) {
    json calibration = json::array();
    for (const CalibrationPoint& p : m.calibration)
        calibration.push_back({{"n", p.n},
                               {"input_bytes", p.bytes},
                               {"time_us", p.ms * kUsPerMs},
                               {"spread", p.spread}});
    return json{{"alpha_us", m.alpha_ms * kUsPerMs},
                {"gbps", m.gbps},
                {"spread", m.spread},
                {"upload_gbps", m.upload_gbps},
                {"max_elements", m.max_elements},
                {"calibration", calibration}};
}

DeviceModel model_from_json(const detail::JsonFields& fields, const json& j, std::string name,
                            int version) {
    DeviceModel m;
    m.name = std::move(name);
    m.alpha_ms = ms_field(fields, j, version, "alpha_ms", "alpha_us", "model");
    m.gbps = fields.get_number(j, "gbps", "model");
    m.spread = fields.get_number(j, "spread", "model");
    m.upload_gbps = fields.get_number(j, "upload_gbps", "model");
    m.max_elements = fields.get_unsigned<std::uint64_t>(j, "max_elements", "model");
    for (const json& p : fields.field(j, "calibration", "model"))
        m.calibration.push_back({fields.get_unsigned<std::uint64_t>(p, "n", "calibration"),
                                 fields.get_unsigned<std::uint64_t>(
                                     p, version >= 2 ? "input_bytes" : "bytes", "calibration"),
                                 ms_field(fields, p, version, "ms", "time_us", "calibration"),
                                 fields.get_number(p, "spread", "calibration")});
    return m;
}

}  // namespace

json to_json(const DeviceShare& s) {
    json out{{"device", to_json(s.device)},
             {"offset", s.offset},
             {"elements", s.count},
             {"share_percent", s.fraction * 100.0},
             {"upload_us", s.upload_ms * kUsPerMs},
             {"run_us", s.run_ms * kUsPerMs},
             {"kernel_us", s.kernel_ms * kUsPerMs},
             {"input_bytes", s.input_bytes},
             {"resident_gbps", s.resident_gbps},
             {"end_to_end_gbps", s.end_to_end_gbps},
             {"shard_verified", s.shard_verified},
             {"launched", to_json(s.launched)}};
    put_value(out, "partial", s.partial);
    if (s.calibrated_gbps > 0) out["calibrated_gbps"] = s.calibrated_gbps;
    if (s.count > 0) {
        out["upload_from"] = s.upload_pinned ? "pinned" : "pageable";
        out["upload_gbps"] = units::gbps_of(static_cast<double>(s.input_bytes), s.upload_ms);
        if (s.upload_pinned) out["staging_us"] = s.staging_ms * kUsPerMs;
    }
    if (s.rank >= 0) out["rank"] = s.rank;
    if (s.model) {
        out["model"] = to_json(*s.model);
        out["predicted_us"] = s.predicted_ms * kUsPerMs;
    }
    if (!s.plan_note.empty()) out["plan_note"] = s.plan_note;
    if (shard_from_cache(s)) out["served_from_cache"] = true;
    // The median repeat's stages: the split window draws the tree's levels from them.
    json stages = json::array();
    for (const StageTime& stage : s.stages)
        stages.push_back({{"name", stage.name},
                          {"time_us", stage.ms * kUsPerMs},
                          {"on_device", stage.on_device}});
    out["stages"] = stages;
    return out;
}

DeviceShare device_share_from_json(const json& j, int version, const AccumulatorSpec* spec) {
    const detail::JsonFields fields("device share");
    DeviceShare s;
    s.device = detail::device_from_json(fields, fields.field(j, "device", "share"), "share");
    s.offset = fields.get_unsigned<std::uint64_t>(j, "offset", "share");
    s.count = fields.get_unsigned<std::uint64_t>(j, "elements", "share");
    s.fraction = fields.get_number(j, "share_percent", "share") / 100.0;
    s.upload_ms = ms_field(fields, j, version, "upload_ms", "upload_us", "share");
    // Files written before the pinned upload have neither field: pageable, no staging.
    s.upload_pinned =
        j.contains("upload_from") && fields.get_string(j, "upload_from", "share") == "pinned";
    if (ms_field_present(j, version, "staging_ms", "staging_us"))
        s.staging_ms = ms_field(fields, j, version, "staging_ms", "staging_us", "share");
    s.run_ms = ms_field(fields, j, version, "run_ms", "run_us", "share");
    s.kernel_ms = ms_field(fields, j, version, "kernel_ms", "kernel_us", "share");
    s.input_bytes = fields.get_unsigned<std::uint64_t>(j, "input_bytes", "share");
    s.resident_gbps = fields.get_number(j, "resident_gbps", "share");
    s.end_to_end_gbps = fields.get_number(j, "end_to_end_gbps", "share");
    const bool single = spec != nullptr && spec->value_type == ElementType::Float32;
    // A share the plan left out (no elements) reduced nothing: its partial is the identity, with
    // no index even for argmin/argmax, so its fields are read as those of a share read alone.
    s.partial =
        value_of(fields, j, version, "partial", s.count == 0 ? nullptr : spec, single, "share");
    s.shard_verified = fields.get_bool(j, "shard_verified", "share");
    s.launched.chain_length = fields.get_unsigned<std::uint64_t>(
        fields.field(j, "launched", "share"), "chain_length", "share");
    if (j.contains("rank")) s.rank = fields.get_unsigned<int>(j, "rank", "share");
    // Files written before plans were recorded have no model.
    if (j.contains("model")) {
        s.model = model_from_json(fields, j["model"], s.device.name, version);
        s.predicted_ms = ms_field(fields, j, version, "predicted_ms", "predicted_us", "share");
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
                                ms_field(fields, stage, version, "ms", "time_us", "share.stages"),
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
            device["measured_us"] =
                (s.run_ms + (r.predicted_with_upload ? s.upload_ms : 0)) * kUsPerMs;
        devices.push_back(device);
        if (r.planned && s.count == 0 && !s.plan_note.empty())
            left_out.push_back(
                {{"device", s.device.index}, {"name", s.device.name}, {"reason", s.plan_note}});
    }
    json out{
        {"schema", kSplitSchema},
        {"request", to_json(r.request)},
        {"split", to_string(r.split)},
        {"n", r.n},
        {"accumulator", r.accumulator},
        {"verified", r.verified},
        {"abs_error", r.check.abs_error},
        {"rel_error", r.check.rel_error},
        {"error_bound", r.check.bound},
        {"verification_rule", r.check.rule},
        {"devices", devices},
        {"input_bytes", r.input_bytes},
        {"combine_us", r.combine_ms * kUsPerMs},
        {"resident", {{"time_us", r.resident_ms * kUsPerMs}, {"gbps", r.resident_gbps}}},
        {"end_to_end", {{"time_us", r.end_to_end_ms * kUsPerMs}, {"gbps", r.end_to_end_gbps}}}};
    put_value(out, "value", r.value);
    put_value(out, "reference", r.reference);
    if (r.planned) {
        // What the plan predicted beside what was measured, in the same case (resident, or
        // end to end for the end-to-end split), and the fastest device alone for comparison.
        json fastest = nullptr, fastest_us = nullptr;
        if (r.fastest_alone && *r.fastest_alone < r.devices.size()) {
            fastest = r.devices[*r.fastest_alone].device.index;
            fastest_us = r.fastest_alone_predicted_ms * kUsPerMs;
        }
        out["plan"] = {{"case", r.predicted_with_upload ? "end_to_end" : "resident"},
                       {"predicted_us", r.predicted_ms * kUsPerMs},
                       {"measured_us", r.measured_ms() * kUsPerMs},
                       {"fastest_alone_device", fastest},
                       {"fastest_alone_predicted_us", fastest_us},
                       {"left_out", left_out}};
    }
    return out;
}

SplitResult split_result_from_json(const json& j) {
    const detail::JsonFields fields("split result");
    const std::string top = "split";
    if (!j.is_object()) fields.bad(top, "expected an object");
    // Version 1 (written before the unit-suffixed fields) has no "schema" field.
    int version = 1;
    if (j.contains("schema")) {
        const std::string schema = fields.get_string(j, "schema", top);
        if (schema != kSplitSchema)
            fields.bad("split.schema", "'" + schema + "' is not " + kSplitSchema);
        version = 2;
    }
    SplitResult r;
    r.request = detail::run_request_from_json(fields, fields.field(j, "request", top), "request");
    const auto policy = parse_split_policy(fields.get_string(j, "split", top));
    if (!policy) fields.bad("split.split", "unknown split");
    r.split = *policy;
    r.n = fields.get_unsigned<std::uint64_t>(j, "n", top);
    r.accumulator = fields.get_string(j, "accumulator", top);
    AccumulatorSpec spec;
    try {
        spec = accumulator_for(r.request.op, r.request.type, r.request.accumulator);
    } catch (const Error& e) {
        fields.bad("request.type", e.what());
    }
    const bool single = spec.value_type == ElementType::Float32;
    r.value = value_of(fields, j, version, "value", &spec, single, top);
    r.reference = value_of(fields, j, version, "reference", &spec, single, top);
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
            r.devices.push_back(device_share_from_json(device, version, &spec));
        } catch (const Error& e) {
            fields.bad("devices", e.what());
        }
    }
    r.input_bytes = fields.get_unsigned<std::uint64_t>(j, "input_bytes", top);
    r.combine_ms = ms_field(fields, j, version, "combine_ms", "combine_us", top);
    const json& resident = fields.field(j, "resident", top);
    r.resident_ms = ms_field(fields, resident, version, "ms", "time_us", "resident");
    r.resident_gbps = fields.get_number(resident, "gbps", "resident");
    const json& end_to_end = fields.field(j, "end_to_end", top);
    r.end_to_end_ms = ms_field(fields, end_to_end, version, "ms", "time_us", "end_to_end");
    r.end_to_end_gbps = fields.get_number(end_to_end, "gbps", "end_to_end");
    // Files written before plans were recorded have no plan.
    if (j.contains("plan")) {
        const json& plan = j["plan"];
        r.planned = true;
        const std::string use = fields.get_string(plan, "case", "plan");
        if (use != "resident" && use != "end_to_end")
            fields.bad("plan.case", "expected 'resident' or 'end_to_end'");
        r.predicted_with_upload = use == "end_to_end";
        r.predicted_ms = ms_field(fields, plan, version, "predicted_ms", "predicted_us", "plan");
        const json& fastest = fields.field(plan, "fastest_alone_device", "plan");
        if (!fastest.is_null()) {
            const auto index =
                fields.get_unsigned<std::size_t>(plan, "fastest_alone_device", "plan");
            for (std::size_t i = 0; i < r.devices.size(); ++i)
                if (r.devices[i].device.index == index) r.fastest_alone = i;
            if (!r.fastest_alone)
                fields.bad("plan.fastest_alone_device", "not one of the split's devices");
            r.fastest_alone_predicted_ms =
                ms_field(fields, plan, version, "fastest_alone_predicted_ms",
                         "fastest_alone_predicted_us", "plan");
        }
    }
    return r;
}

}  // namespace reducelab
