// Results files: writing and strict reading (the CSV: results_csv.cpp).
#include "reducelab/results_file.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <limits>

#include "io/json_fields.h"
#include "io/json_readers.h"
#include "reducelab/error.h"
#include "reducelab/result_json.h"
#include "reducelab/safe_write.h"
#include "reducelab/statistics.h"

namespace reducelab {

using nlohmann::json;

namespace {

const detail::JsonFields fields{"results file"};

DeviceInfo device_from_json(const json& d, const std::string& where) {
    return detail::device_from_json(fields, d, where);
}

Value value_from_json(const json& v, ElementType type, const std::string& where) {
    return detail::value_from_json(fields, v, type == ElementType::Float32, where);
}

TimingMethod timing_method_from_json(const json& j, const std::string& where,
                                     const char* key = "timing") {
    return detail::timing_method_from_json(fields, j, where, key);
}

ResultPath result_path_from_json(const json& j, const std::string& where) {
    return detail::result_path_from_json(fields, j, where);
}

RunRequest request_from_json(const json& r, const std::string& where) {
    return detail::run_request_from_json(fields, r, where);
}

LaunchConfig launch_from_json(const json& l, const std::string& where) {
    LaunchConfig c;
    c.variant = fields.get_string(l, "variant", where);
    c.kernel = fields.get_string(l, "kernel", where);
    c.local_size = fields.get_unsigned<std::size_t>(l, "local_size", where);
    c.global_size = fields.get_unsigned<std::size_t>(l, "global_size", where);
    c.work_groups = fields.get_unsigned<std::size_t>(l, "work_groups", where);
    c.items_per_work_item = fields.get_unsigned<std::uint64_t>(l, "items_per_work_item", where);
    c.vector_width = fields.get_unsigned<unsigned>(l, "vector_width", where);
    if (l.contains("unroll")) c.unroll = fields.get_unsigned<unsigned>(l, "unroll", where);
    if (l.contains("tuning")) c.tuning = fields.get_string(l, "tuning", where);
    if (l.contains("layout")) {
        // As strict as the tuning reader: a layout is strided or blocked, nothing else.
        const auto layout = parse_access_layout(fields.get_string(l, "layout", where));
        if (!layout) fields.bad(where + ".layout", "must be 'strided' or 'blocked'");
        c.layout = *layout;
    }
    const auto finish = parse_finish(fields.get_string(l, "finish", where));
    if (!finish) fields.bad(where + ".finish", "unknown finish");
    c.finish = *finish;
    const json& groups = fields.field(l, "finish_groups", where);
    if (!groups.is_array()) fields.bad(where + ".finish_groups", "expected an array");
    for (const json& g : groups) {
        if (!g.is_number_unsigned())
            fields.bad(where + ".finish_groups", "expected non-negative integers");
        c.finish_groups.push_back(g.get<std::size_t>());
    }
    c.finish_local_size = fields.get_unsigned<std::size_t>(l, "finish_local_size", where);
    c.launches = fields.get_unsigned<unsigned>(l, "launches", where);
    c.chain_length = fields.get_unsigned<std::uint64_t>(l, "chain_length", where);
    c.build_options = fields.get_string(l, "build_options", where);
    return c;
}

// Version 2's value: one JSON type per operation family (detail::value_field_from_json).
Value value_v2_from_json(const json& p, const char* key, ElementType type, bool indexed,
                         const std::string& where) {
    return detail::value_field_from_json(fields, p, key, info(type).is_float,
                                         type == ElementType::Float32, indexed, where);
}

// Times: version 2 writes microseconds (*_us), version 1 milliseconds (*_ms); RunResult keeps
// milliseconds.
double ms_field(const json& p, int version, const char* v1_key, const char* v2_key,
                const std::string& where) {
    return version >= 2 ? fields.get_number(p, v2_key, where) / 1000.0
                        : fields.get_number(p, v1_key, where);
}

RunResult point_from_json(const json& p, const std::string& where, const DeviceInfo& device,
                          int version) {
    RunResult r;
    r.request = request_from_json(fields.field(p, "request", where), where + ".request");
    r.device = p.contains("device") ? device_from_json(p["device"], where + ".device") : device;
    r.launched = launch_from_json(fields.field(p, "launched", where), where + ".launched");
    r.n = fields.get_unsigned<std::uint64_t>(p, "n", where);
    r.accumulator = fields.get_string(p, "accumulator", where);
    if (version >= 2) {
        const bool indexed = has_index(r.request.op);
        r.value = value_v2_from_json(p, "value", r.request.type, indexed, where);
        r.reference = value_v2_from_json(p, "reference", r.request.type, indexed, where);
    } else {
        r.value =
            value_from_json(fields.field(p, "value", where), r.request.type, where + ".value");
        r.reference = value_from_json(fields.field(p, "reference", where), r.request.type,
                                      where + ".reference");
        // Only the shapes version 2 keeps, so that what reads is written back in a form that
        // reads again (the fuzzer's round trip): argmin/argmax with their index, and no NaN or
        // infinity for an integer type. Every committed version 1 file has them.
        for (const auto& [key, v] : {std::pair{"value", &r.value}, {"reference", &r.reference}}) {
            if (has_index(r.request.op) && !v->index)
                fields.bad(where + "." + key, "argmin/argmax needs {value, index}");
            if (!info(r.request.type).is_float && v->kind == Value::Kind::Float &&
                !std::isfinite(v->f))
                fields.bad(where + "." + key, "NaN or infinity for an integer type");
        }
    }
    r.verified = fields.get_bool(p, "verified", where);
    // JSON has no NaN or infinity: a non-finite error (0/0 for a verified NaN result, an
    // infinite one for a result that did not verify) is written as null and read back as NaN.
    const auto error_field = [&](const char* key) {
        if (const json& v = fields.field(p, key, where); v.is_null())
            return std::numeric_limits<double>::quiet_NaN();
        return fields.get_number(p, key, where);
    };
    r.abs_error = error_field("abs_error");
    r.rel_error = error_field("rel_error");
    r.error_bound = error_field("error_bound");
    r.verification_rule = fields.get_string(p, "verification_rule", where);
    const json& stages = fields.field(p, "stages", where);
    if (!stages.is_array()) fields.bad(where + ".stages", "expected an array");
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const std::string at = where + ".stages[" + std::to_string(i) + "]";
        r.stages.push_back({fields.get_string(stages[i], "name", at),
                            ms_field(stages[i], version, "ms", "time_us", at),
                            fields.get_bool(stages[i], "on_device", at)});
    }
    const char* repeats_key = version >= 2 ? "repeat_us" : "repeat_ms";
    const double repeat_scale = version >= 2 ? 1000.0 : 1.0;
    const json& repeats = fields.field(p, repeats_key, where);
    if (!repeats.is_array()) fields.bad(where + "." + repeats_key, "expected an array");
    for (const json& t : repeats) {
        if (!t.is_number()) fields.bad(where + "." + repeats_key, "expected numbers");
        r.repeat_ms.push_back(t.get<double>() / repeat_scale);
    }
    r.total_ms = ms_field(p, version, "total_ms", "total_us", where);
    r.kernel_ms = ms_field(p, version, "kernel_ms", "kernel_us", where);
    r.input_bytes = fields.get_unsigned<std::uint64_t>(p, "input_bytes", where);
    r.bytes_moved =
        fields.get_unsigned<std::uint64_t>(p, version >= 2 ? "moved_bytes" : "bytes_moved", where);
    r.gbps = fields.get_number(p, "gbps", where);
    if (r.total_ms < 0 || r.gbps < 0 || !std::isfinite(r.total_ms) || !std::isfinite(r.gbps))
        fields.bad(where, "negative or non-finite time or bandwidth");
    if (version >= 2 || p.contains("timing_method")) {
        r.timing_method = timing_method_from_json(p, where, "timing_method");
        r.median_us = fields.get_number(p, "median_us", where);
        r.p10_us = fields.get_number(p, "p10_us", where);
        r.p90_us = fields.get_number(p, "p90_us", where);
        r.runs = fields.get_unsigned<std::size_t>(p, "runs", where);
        r.cold = fields.get_bool(p, "cold", where);
        r.result_path = result_path_from_json(p, where);
    } else {
        // A file from before issue 19: kernel events, warm; the spread from its repeats.
        const double total_ms = r.total_ms;
        summarise_timing(r);
        r.total_ms = total_ms;
        r.median_us = total_ms * 1000.0;
    }
    return r;
}

}  // namespace

json to_json(const ResultsFile& file) {
    json points = json::array();
    for (const auto& p : file.points) {
        json point = to_json(p);
        point.erase("device");  // every point shares the file's device
        if (file.ceiling && served_from_cache(p, *file.ceiling)) point["served_from_cache"] = true;
        points.push_back(std::move(point));
    }
    json out{
        {"schema", kResultsSchema},        {"suite", file.suite},
        {"created_utc", file.created_utc}, {"tool", file.tool},
        {"device", to_json(file.device)},  {"points", points},
    };
    if (file.ceiling)
        out["ceiling"] = {{"copy_gbps", file.ceiling->copy_gbps},
                          {"read_gbps", file.ceiling->read_gbps},
                          {"buffer_bytes", file.ceiling->bytes},
                          {"repeat", file.ceiling->repeat}};
    if (file.ceiling && file.ceiling->read_source != "read kernel")
        out["ceiling"]["read_source"] = file.ceiling->read_source;
    // The spread between runs, when it was measured (older files have one median only).
    if (file.ceiling && !file.ceiling->read_samples_gbps.empty()) {
        out["ceiling"]["runs"] = file.ceiling->runs;
        out["ceiling"]["copy_samples_gbps"] = file.ceiling->copy_samples_gbps;
        out["ceiling"]["read_samples_gbps"] = file.ceiling->read_samples_gbps;
    }
    if (!file.complete) out["complete"] = false;
    return out;
}

ResultsFile results_from_json(const json& j) {
    ResultsFile file;
    file.schema = fields.get_string(j, "schema", "top level");
    // Version 1 (before the unit-suffixed fields) still opens, read by its own field names.
    int version = 0;
    if (file.schema == kResultsSchema)
        version = 2;
    else if (file.schema == kResultsSchemaV1)
        version = 1;
    else
        fields.bad("schema", "'" + file.schema + "' is not " + kResultsSchema + " (nor " +
                                 kResultsSchemaV1 + ")");
    file.suite = fields.get_string(j, "suite", "top level");
    file.created_utc = fields.get_string(j, "created_utc", "top level");
    file.tool = fields.get_string(j, "tool", "top level");
    file.device = device_from_json(fields.field(j, "device", "top level"), "device");
    if (j.contains("ceiling")) {
        const json& c = j["ceiling"];
        BandwidthCeiling ceiling;
        ceiling.copy_gbps = fields.get_number(c, "copy_gbps", "ceiling");
        ceiling.read_gbps = fields.get_number(c, "read_gbps", "ceiling");
        ceiling.bytes = fields.get_unsigned<std::uint64_t>(
            c, version >= 2 ? "buffer_bytes" : "bytes", "ceiling");
        ceiling.repeat = fields.get_unsigned<int>(c, "repeat", "ceiling");
        if (c.contains("runs")) {
            ceiling.runs = fields.get_unsigned<int>(c, "runs", "ceiling");
            const std::string where = "ceiling";  // named: see -Wdangling-reference below
            for (const char* key : {"copy_samples_gbps", "read_samples_gbps"}) {
                const json& samples = fields.field(c, key, where);
                if (!samples.is_array()) fields.bad(key, "expected an array of GB/s");
                auto& into = key[0] == 'c' ? ceiling.copy_samples_gbps : ceiling.read_samples_gbps;
                for (std::size_t i = 0; i < samples.size(); ++i) {
                    if (!samples[i].is_number()) fields.bad(key, "expected numbers");
                    into.push_back(samples[i].get<double>());
                }
            }
        }
        if (c.contains("read_source")) {
            ceiling.read_source = fields.get_string(c, "read_source", "ceiling");
            if (ceiling.read_source != "read kernel" && ceiling.read_source != "best")
                fields.bad("ceiling.read_source", "expected \"read kernel\" or \"best\"");
        }
        file.ceiling = ceiling;
    }
    if (j.contains("complete")) file.complete = fields.get_bool(j, "complete", "top level");
    // A named `where`: GCC 13's -Wdangling-reference flags a reference returned by a call that
    // was given a temporary std::string.
    const std::string top_level = "top level";
    const json& points = fields.field(j, "points", top_level);
    if (!points.is_array()) fields.bad("points", "expected an array");
    for (std::size_t i = 0; i < points.size(); ++i)
        file.points.push_back(
            point_from_json(points[i], "points[" + std::to_string(i) + "]", file.device, version));
    return file;
}

ResultsFile read_results(const std::filesystem::path& path) {
    const json j = detail::read_json_file(path, "a results JSON");
    try {
        return results_from_json(j);
    } catch (const Error& e) {
        throw Error(ErrorKind::Io, path.string() + ": " + e.what());
    }
}

void write_results(const std::filesystem::path& path, const ResultsFile& file) {
    write_file_safely(path, to_json(file).dump(1) + "\n");
}

double cache_threshold_gbps(const BandwidthCeiling& ceiling) {
    return ceiling.read_samples_gbps.empty() ? ceiling.read_gbps : ceiling.read_spread().p90;
}

bool served_from_cache(const RunResult& point, const BandwidthCeiling& ceiling) {
    // An input larger than the cache came from memory: read faster than the ceiling, it says
    // the ceiling kernel is slower than this one (PoCL: 25 GB/s against best's 43 GB/s at
    // 64 MiB; the H200 at 2^28 beat its read ceiling by 1-8 %), not that a cache served it.
    const std::uint64_t cache = point.device.global_mem_cache_bytes;
    const bool fits = cache > 0 ? point.input_bytes <= cache
                                : !(ceiling.bytes > 0 && point.input_bytes >= ceiling.bytes);
    // Spreads that do not overlap: even the point's slower runs (its p90 time) read faster
    // than the ceiling's faster ones (its p90 rate). A median a hair above the ceiling is noise
    // (PoCL at 64 MiB: 29.8 GB/s against a 28.2 GB/s ceiling, both moving by 10 %).
    const double threshold = cache_threshold_gbps(ceiling);
    const double slow_gbps = point.p90_us > 0
                                 ? static_cast<double>(point.input_bytes) / (point.p90_us * 1e3)
                                 : point.gbps;
    return fits && threshold > 0 && std::min(point.gbps, slow_gbps) > threshold;
}

std::string utc_now_iso8601() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

}  // namespace reducelab
