// Results files: writing, strict reading, CSV.
#include "results_file.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <limits>
#include <sstream>

#include "error.h"
#include "result_json.h"
#include "safe_write.h"

namespace reducelab {

using nlohmann::json;

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
    throw Error(ErrorKind::Io, "results file: " + where + ": " + what);
}

const json& field(const json& object, const char* key, const std::string& where) {
    if (!object.is_object()) bad(where, "expected an object");
    const auto found = object.find(key);
    if (found == object.end()) bad(where, std::string("missing field '") + key + "'");
    return *found;
}

std::string get_string(const json& o, const char* key, const std::string& where) {
    const json& v = field(o, key, where);
    if (!v.is_string()) bad(where + "." + key, "expected a string");
    return v.get<std::string>();
}

template <typename U>
U get_unsigned(const json& o, const char* key, const std::string& where) {
    const json& v = field(o, key, where);
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
        bad(where + "." + key, "expected a non-negative integer");
    const auto value = v.get<std::uint64_t>();
    if (value > std::numeric_limits<U>::max()) bad(where + "." + key, "out of range");
    return static_cast<U>(value);
}

double get_number(const json& o, const char* key, const std::string& where) {
    const json& v = field(o, key, where);
    if (!v.is_number()) bad(where + "." + key, "expected a number");
    return v.get<double>();
}

bool get_bool(const json& o, const char* key, const std::string& where) {
    const json& v = field(o, key, where);
    if (!v.is_boolean()) bad(where + "." + key, "expected true or false");
    return v.get<bool>();
}

DeviceInfo device_from_json(const json& d, const std::string& where) {
    DeviceInfo info;
    info.index = get_unsigned<std::size_t>(d, "index", where);
    info.platform_name = get_string(d, "platform", where);
    info.name = get_string(d, "name", where);
    info.vendor = get_string(d, "vendor", where);
    info.type = get_string(d, "type", where);
    info.version = get_string(d, "version", where);
    info.driver_version = get_string(d, "driver_version", where);
    info.opencl_c_version = get_string(d, "opencl_c_version", where);
    info.compute_units = get_unsigned<std::uint32_t>(d, "compute_units", where);
    info.max_work_group_size = get_unsigned<std::size_t>(d, "max_work_group_size", where);
    info.local_mem_bytes = get_unsigned<std::uint64_t>(d, "local_mem_bytes", where);
    info.global_mem_bytes = get_unsigned<std::uint64_t>(d, "global_mem_bytes", where);
    info.max_alloc_bytes = get_unsigned<std::uint64_t>(d, "max_alloc_bytes", where);
    info.has_subgroups = get_bool(d, "sub_groups", where);
    info.has_work_group_collectives = get_bool(d, "work_group_collectives", where);
    info.has_fp64 = get_bool(d, "fp64", where);
    info.has_int64_base_atomics = get_bool(d, "int64_base_atomics", where);
    info.has_int64_extended_atomics = get_bool(d, "int64_extended_atomics", where);
    if (d.contains("platform_version") && d["platform_version"].is_string())
        info.platform_version = d["platform_version"].get<std::string>();
    if (d.contains("max_clock_mhz") && d["max_clock_mhz"].is_number_unsigned())
        info.max_clock_mhz = d["max_clock_mhz"].get<std::uint32_t>();
    return info;
}

Value value_from_json(const json& v, ElementType type, const std::string& where) {
    if (v.is_object()) {
        // One level only: {"value": 3, "index": 7}; deeper nesting is malformed (and unbounded
        // recursion on hostile input would exhaust the stack).
        const json& inner = field(v, "value", where);
        if (inner.is_object()) bad(where + ".value", "expected a number, not an object");
        Value value = value_from_json(inner, type, where + ".value");
        value.index = get_unsigned<std::uint64_t>(v, "index", where);
        return value;
    }
    if (v.is_number_unsigned()) return Value::of_unsigned(v.get<std::uint64_t>());
    if (v.is_number_integer()) return Value::of_signed(v.get<std::int64_t>());
    const bool single = type == ElementType::Float32;
    if (v.is_number_float()) return Value::of_float(v.get<double>(), single);
    if (v.is_string()) {
        const std::string text = v.get<std::string>();
        if (text == "nan") return Value::of_float(std::nan(""), single);
        if (text == "inf") return Value::of_float(INFINITY, single);
        if (text == "-inf") return Value::of_float(-INFINITY, single);
    }
    bad(where, "expected a number, 'nan', 'inf' or '-inf'");
}

RunRequest request_from_json(const json& r, const std::string& where) {
    RunRequest q;
    const auto op = parse_operation(get_string(r, "op", where));
    if (!op) bad(where + ".op", "unknown operation");
    q.op = *op;
    const auto type = parse_element_type(get_string(r, "type", where));
    if (!type) bad(where + ".type", "unknown type");
    q.type = *type;
    q.variant = get_string(r, "variant", where);
    q.n = get_unsigned<std::uint64_t>(r, "n", where);
    q.local_size = get_unsigned<std::size_t>(r, "local_size", where);
    q.global_size = get_unsigned<std::size_t>(r, "global_size", where);
    q.items_per_work_item = get_unsigned<std::uint64_t>(r, "items_per_work_item", where);
    const auto finish = parse_finish(get_string(r, "finish", where));
    if (!finish) bad(where + ".finish", "unknown finish");
    q.finish = *finish;
    const auto acc = parse_accumulator_mode(get_string(r, "accumulator", where));
    if (!acc) bad(where + ".accumulator", "unknown accumulator mode");
    q.accumulator = *acc;
    const auto fill = parse_fill(get_string(r, "fill", where));
    if (!fill) bad(where + ".fill", "unknown fill");
    q.fill = *fill;
    q.seed = get_unsigned<std::uint64_t>(r, "seed", where);
    q.repeat = get_unsigned<int>(r, "repeat", where);
    q.warmup = get_unsigned<int>(r, "warmup", where);
    if (r.contains("input") && r["input"].is_string()) q.input_path = r["input"].get<std::string>();
    return q;
}

LaunchConfig launch_from_json(const json& l, const std::string& where) {
    LaunchConfig c;
    c.variant = get_string(l, "variant", where);
    c.kernel = get_string(l, "kernel", where);
    c.local_size = get_unsigned<std::size_t>(l, "local_size", where);
    c.global_size = get_unsigned<std::size_t>(l, "global_size", where);
    c.work_groups = get_unsigned<std::size_t>(l, "work_groups", where);
    c.items_per_work_item = get_unsigned<std::uint64_t>(l, "items_per_work_item", where);
    c.vector_width = get_unsigned<unsigned>(l, "vector_width", where);
    if (l.contains("unroll")) c.unroll = get_unsigned<unsigned>(l, "unroll", where);
    if (l.contains("tuning")) c.tuning = get_string(l, "tuning", where);
    if (l.contains("layout")) c.blocked = get_string(l, "layout", where) == "blocked";
    const auto finish = parse_finish(get_string(l, "finish", where));
    if (!finish) bad(where + ".finish", "unknown finish");
    c.finish = *finish;
    const json& groups = field(l, "finish_groups", where);
    if (!groups.is_array()) bad(where + ".finish_groups", "expected an array");
    for (const json& g : groups) {
        if (!g.is_number_unsigned())
            bad(where + ".finish_groups", "expected non-negative integers");
        c.finish_groups.push_back(g.get<std::size_t>());
    }
    c.finish_local_size = get_unsigned<std::size_t>(l, "finish_local_size", where);
    c.launches = get_unsigned<unsigned>(l, "launches", where);
    c.chain_length = get_unsigned<std::uint64_t>(l, "chain_length", where);
    c.build_options = get_string(l, "build_options", where);
    return c;
}

RunResult point_from_json(const json& p, const std::string& where, const DeviceInfo& device) {
    RunResult r;
    r.request = request_from_json(field(p, "request", where), where + ".request");
    r.device = p.contains("device") ? device_from_json(p["device"], where + ".device") : device;
    r.launched = launch_from_json(field(p, "launched", where), where + ".launched");
    r.n = get_unsigned<std::uint64_t>(p, "n", where);
    r.accumulator = get_string(p, "accumulator", where);
    r.value = value_from_json(field(p, "value", where), r.request.type, where + ".value");
    r.reference =
        value_from_json(field(p, "reference", where), r.request.type, where + ".reference");
    r.verified = get_bool(p, "verified", where);
    r.abs_error = get_number(p, "abs_error", where);
    r.rel_error = get_number(p, "rel_error", where);
    r.error_bound = get_number(p, "error_bound", where);
    r.verification_rule = get_string(p, "verification_rule", where);
    const json& stages = field(p, "stages", where);
    if (!stages.is_array()) bad(where + ".stages", "expected an array");
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const std::string at = where + ".stages[" + std::to_string(i) + "]";
        r.stages.push_back({get_string(stages[i], "name", at), get_number(stages[i], "ms", at),
                            get_bool(stages[i], "on_device", at)});
    }
    const json& repeats = field(p, "repeat_ms", where);
    if (!repeats.is_array()) bad(where + ".repeat_ms", "expected an array");
    for (const json& ms : repeats) {
        if (!ms.is_number()) bad(where + ".repeat_ms", "expected numbers");
        r.repeat_ms.push_back(ms.get<double>());
    }
    r.total_ms = get_number(p, "total_ms", where);
    r.kernel_ms = get_number(p, "kernel_ms", where);
    r.input_bytes = get_unsigned<std::uint64_t>(p, "input_bytes", where);
    r.bytes_moved = get_unsigned<std::uint64_t>(p, "bytes_moved", where);
    r.gbps = get_number(p, "gbps", where);
    if (r.total_ms < 0 || r.gbps < 0 || !std::isfinite(r.total_ms) || !std::isfinite(r.gbps))
        bad(where, "negative or non-finite time or bandwidth");
    return r;
}

}  // namespace

json to_json(const ResultsFile& file) {
    json points = json::array();
    for (const auto& p : file.points) {
        json point = to_json(p);
        point.erase("device");  // every point shares the file's device
        points.push_back(std::move(point));
    }
    json out{
        {"schema", file.schema},           {"suite", file.suite},
        {"created_utc", file.created_utc}, {"tool", file.tool},
        {"device", to_json(file.device)},  {"points", points},
    };
    if (file.ceiling)
        out["ceiling"] = {{"copy_gbps", file.ceiling->copy_gbps},
                          {"read_gbps", file.ceiling->read_gbps},
                          {"bytes", file.ceiling->bytes},
                          {"repeat", file.ceiling->repeat}};
    if (!file.complete) out["complete"] = false;
    return out;
}

ResultsFile results_from_json(const json& j) {
    ResultsFile file;
    file.schema = get_string(j, "schema", "top level");
    if (file.schema != kResultsSchema)
        bad("schema", "'" + file.schema + "' is not " + kResultsSchema);
    file.suite = get_string(j, "suite", "top level");
    file.created_utc = get_string(j, "created_utc", "top level");
    file.tool = get_string(j, "tool", "top level");
    file.device = device_from_json(field(j, "device", "top level"), "device");
    if (j.contains("ceiling")) {
        const json& c = j["ceiling"];
        BandwidthCeiling ceiling;
        ceiling.copy_gbps = get_number(c, "copy_gbps", "ceiling");
        ceiling.read_gbps = get_number(c, "read_gbps", "ceiling");
        ceiling.bytes = get_unsigned<std::uint64_t>(c, "bytes", "ceiling");
        ceiling.repeat = get_unsigned<int>(c, "repeat", "ceiling");
        file.ceiling = ceiling;
    }
    if (j.contains("complete")) file.complete = get_bool(j, "complete", "top level");
    const json& points = field(j, "points", "top level");
    if (!points.is_array()) bad("points", "expected an array");
    for (std::size_t i = 0; i < points.size(); ++i)
        file.points.push_back(
            point_from_json(points[i], "points[" + std::to_string(i) + "]", file.device));
    return file;
}

ResultsFile read_results(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw Error(ErrorKind::Io,
                    path.string() + ": not a regular file (a results JSON is needed)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    json j;
    try {
        j = json::parse(in);
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io, path.string() + ": not valid JSON: " + e.what());
    }
    try {
        return results_from_json(j);
    } catch (const Error& e) {
        throw Error(ErrorKind::Io, path.string() + ": " + e.what());
    }
}

void write_results(const std::filesystem::path& path, const ResultsFile& file) {
    write_file_safely(path, to_json(file).dump(1) + "\n");
}

std::string results_csv(const ResultsFile& file) {
    std::ostringstream csv;
    csv << "variant,op,type,n,local_size,global_size,work_groups,items_per_work_item,finish,"
           "launches,total_ms,kernel_ms,gbps,percent_of_copy_ceiling,verified,value,reference\n";
    for (const auto& p : file.points) {
        const double ceiling = file.ceiling ? file.ceiling->copy_gbps : 0.0;
        char numbers[160];
        std::snprintf(numbers, sizeof numbers, "%.6f,%.6f,%.3f,%.1f", p.total_ms, p.kernel_ms,
                      p.gbps, ceiling > 0 ? 100.0 * p.gbps / ceiling : 0.0);
        csv << p.launched.variant << ',' << to_string(p.request.op) << ','
            << to_string(p.request.type) << ',' << p.n << ',' << p.launched.local_size << ','
            << p.launched.global_size << ',' << p.launched.work_groups << ','
            << p.launched.items_per_work_item << ',' << to_string(p.launched.finish) << ','
            << p.launched.launches << ',' << numbers << ',' << (p.verified ? "true" : "false")
            << ',' << p.value.to_string() << ',' << p.reference.to_string() << '\n';
    }
    return csv.str();
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
