// JSON forms of a split run: each device's share and timings, and the whole verified result.
#include "io/json_fields.h"
#include "io/json_readers.h"
#include "reducelab/multi_device.h"
#include "reducelab/result_json.h"

namespace reducelab {

using nlohmann::json;

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
    if (s.rank >= 0) out["rank"] = s.rank;
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
    return s;
}

json to_json(const SplitResult& r) {
    json devices = json::array();
    for (const DeviceShare& s : r.devices) devices.push_back(to_json(s));
    return json{{"request", to_json(r.request)},
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
}

}  // namespace reducelab
