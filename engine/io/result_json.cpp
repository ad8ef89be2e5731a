// JSON serialisation of devices, requests and results.
#include "reducelab/result_json.h"

#include <cmath>

namespace reducelab {

using nlohmann::json;

json to_json(const DeviceInfo& d) {
    return json{
        {"index", d.index},
        {"platform", d.platform_name},
        {"platform_version", d.platform_version},
        {"name", d.name},
        {"vendor", d.vendor},
        {"type", d.type},
        {"version", d.version},
        {"driver_version", d.driver_version},
        {"opencl_c_version", d.opencl_c_version},
        {"compute_units", d.compute_units},
        {"max_clock_mhz", d.max_clock_mhz},
        {"max_work_group_size", d.max_work_group_size},
        {"local_mem_bytes", d.local_mem_bytes},
        {"global_mem_bytes", d.global_mem_bytes},
        {"global_mem_cache_bytes", d.global_mem_cache_bytes},
        {"max_alloc_bytes", d.max_alloc_bytes},
        {"sub_groups", d.has_subgroups},
        {"work_group_collectives", d.has_work_group_collectives},
        {"fp64", d.has_fp64},
        {"int64_base_atomics", d.has_int64_base_atomics},
        {"int64_extended_atomics", d.has_int64_extended_atomics},
    };
}

json to_json(const Value& v) {
    json out;
    switch (v.kind) {
        case Value::Kind::Signed:
            out = v.i;
            break;
        case Value::Kind::Unsigned:
            out = v.u;
            break;
        case Value::Kind::Float:
            // JSON has no NaN or infinity: those travel as strings.
            if (std::isfinite(v.f))
                out = v.f;
            else
                out = v.to_string();
            break;
    }
    if (v.index) return json{{"value", out}, {"index", *v.index}};
    return out;
}

json value_number(const Value& v) {
    switch (v.kind) {
        case Value::Kind::Signed:
            return v.i;
        case Value::Kind::Unsigned:
            return v.u;
        case Value::Kind::Float:
            break;
    }
    // JSON has no NaN or infinity: null, and the *_text field beside it says which.
    if (std::isfinite(v.f)) return v.f;
    return nullptr;
}

std::string value_index_key(const std::string& key) {
    return key == "value" ? "index" : key + "_index";
}

void put_value(json& out, const std::string& key, const Value& v) {
    out[key] = value_number(v);
    out[key + "_text"] = v.to_string();
    if (v.index) out[value_index_key(key)] = *v.index;
}

void put_values(json& out, const std::string& key, const std::vector<Value>& values, bool indexed) {
    json numbers = json::array();
    json texts = json::array();
    json indices = json::array();
    bool non_finite = false;
    for (const Value& v : values) {
        numbers.push_back(value_number(v));
        const bool spelled = numbers.back().is_null();
        non_finite = non_finite || spelled;
        texts.push_back(spelled ? json(v.to_string()) : json(nullptr));
        if (indexed) indices.push_back(v.index.value_or(0));
    }
    out[key] = std::move(numbers);
    if (non_finite) out[key + "_text"] = std::move(texts);
    if (indexed) out[value_index_key(key)] = std::move(indices);
}

json to_json(const RunRequest& r) {
    json out{
        {"op", to_string(r.op)},
        {"type", to_string(r.type)},
        {"variant", r.variant},
        {"n", r.n},
        {"local_size", r.local_size},
        {"global_size", r.global_size},
        {"items_per_work_item", r.items_per_work_item},
        {"finish", to_string(r.finish)},
        {"accumulator", to_string(r.accumulator)},
        {"fill", to_string(r.fill)},
        {"seed", r.seed},
        {"repeat", r.repeat},
        {"warmup", r.warmup},
        {"timing", to_string(r.timing)},
        {"batch", r.batch},
        {"cold", r.cold},
        {"result_path", to_string(r.result_path)},
    };
    if (!r.input_path.empty()) out["input"] = r.input_path;
    return out;
}

json to_json(const LaunchConfig& l) {
    return json{
        {"variant", l.variant},
        {"kernel", l.kernel},
        {"local_size", l.local_size},
        {"global_size", l.global_size},
        {"work_groups", l.work_groups},
        {"items_per_work_item", l.items_per_work_item},
        {"vector_width", l.vector_width},
        {"unroll", l.unroll},
        {"layout", to_string(l.layout)},
        {"tuning", l.tuning},
        {"finish", to_string(l.finish)},
        {"finish_groups", l.finish_groups},
        {"finish_local_size", l.finish_local_size},
        {"launches", l.launches},
        {"chain_length", l.chain_length},
        {"build_options", l.build_options},
    };
}

json to_json(const RunResult& r) {
    // Times in microseconds (the *_us fields), sizes in bytes (*_bytes), bandwidth in GB/s;
    // results schema version 2 (docs/schema/results.schema.json).
    constexpr double us_per_ms = 1000.0;
    json stages = json::array();
    for (const auto& s : r.stages)
        stages.push_back(
            {{"name", s.name}, {"time_us", s.ms * us_per_ms}, {"on_device", s.on_device}});
    json repeats = json::array();
    for (double ms : r.repeat_ms) repeats.push_back(ms * us_per_ms);
    json out{
        {"request", to_json(r.request)},
        {"n", r.n},
        {"accumulator", r.accumulator},
        {"verified", r.verified},
        {"abs_error", r.abs_error},
        {"rel_error", r.rel_error},
        {"error_bound", r.error_bound},
        {"verification_rule", r.verification_rule},
        {"stages", stages},
        {"repeat_us", repeats},
        {"total_us", r.total_ms * us_per_ms},
        {"kernel_us", r.kernel_ms * us_per_ms},
        {"input_bytes", r.input_bytes},
        {"moved_bytes", r.bytes_moved},
        {"gbps", r.gbps},
        {"timing_method", to_string(r.timing_method)},
        {"median_us", r.median_us},
        {"p10_us", r.p10_us},
        {"p90_us", r.p90_us},
        {"runs", r.runs},
        {"cold", r.cold},
        {"result_path", to_string(r.result_path)},
        {"launched", to_json(r.launched)},
        {"device", to_json(r.device)},
    };
    // argmin/argmax: the index of the value's first occurrence, in a field of its own.
    put_value(out, "value", r.value);
    put_value(out, "reference", r.reference);
    return out;
}

}  // namespace reducelab
