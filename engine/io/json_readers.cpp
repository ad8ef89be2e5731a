// Strict readers of the values every engine JSON file holds (device facts, reduced values),
// shared by the results, trace and session readers.
#include "io/json_readers.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/error.h"
#include "reducelab/host_array.h"
#include "reducelab/memory_limits.h"
#include "reducelab/result_json.h"

namespace reducelab::detail {

using nlohmann::json;

TimingMethod timing_method_from_json(const JsonFields& fields, const json& j,
                                     const std::string& where, const char* key) {
    const auto method = parse_timing_method(fields.get_string(j, key, where));
    if (!method) fields.bad(where + "." + key, "must be 'kernel', 'sustained' or 'latency'");
    return *method;
}

ResultPath result_path_from_json(const JsonFields& fields, const json& j,
                                 const std::string& where) {
    const auto path = parse_result_path(fields.get_string(j, "result_path", where));
    if (!path) fields.bad(where + ".result_path", "must be 'read' or 'mapped'");
    return *path;
}

RunRequest run_request_from_json(const JsonFields& fields, const json& r,
                                 const std::string& where) {
    RunRequest q;
    const auto op = parse_operation(fields.get_string(r, "op", where));
    if (!op) fields.bad(where + ".op", "unknown operation");
    q.op = *op;
    const auto type = parse_element_type(fields.get_string(r, "type", where));
    if (!type) fields.bad(where + ".type", "unknown type");
    q.type = *type;
    q.variant = fields.get_string(r, "variant", where);
    q.n = fields.get_unsigned<std::uint64_t>(r, "n", where);
    q.local_size = fields.get_unsigned<std::size_t>(r, "local_size", where);
    q.global_size = fields.get_unsigned<std::size_t>(r, "global_size", where);
    q.items_per_work_item = fields.get_unsigned<std::uint64_t>(r, "items_per_work_item", where);
    const auto finish = parse_finish(fields.get_string(r, "finish", where));
    if (!finish) fields.bad(where + ".finish", "unknown finish");
    q.finish = *finish;
    const auto acc = parse_accumulator_mode(fields.get_string(r, "accumulator", where));
    if (!acc) fields.bad(where + ".accumulator", "unknown accumulator mode");
    q.accumulator = *acc;
    const auto fill = parse_fill(fields.get_string(r, "fill", where));
    if (!fill) fields.bad(where + ".fill", "unknown fill");
    q.fill = *fill;
    q.seed = fields.get_unsigned<std::uint64_t>(r, "seed", where);
    q.repeat = fields.get_unsigned<int>(r, "repeat", where);
    q.warmup = fields.get_unsigned<int>(r, "warmup", where);
    if (r.contains("input") && r["input"].is_string()) q.input_path = r["input"].get<std::string>();
    // Timing options arrived with issue 19; older files were timed by kernel events, warm.
    if (r.contains("timing")) q.timing = timing_method_from_json(fields, r, where);
    if (r.contains("batch")) q.batch = fields.get_unsigned<int>(r, "batch", where);
    if (r.contains("cold")) q.cold = fields.get_bool(r, "cold", where);
    if (r.contains("result_path")) q.result_path = result_path_from_json(fields, r, where);
    return q;
}

DeviceInfo device_from_json(const JsonFields& fields, const json& d, const std::string& where) {
    DeviceInfo info;
    info.index = fields.get_unsigned<std::size_t>(d, "index", where);
    info.platform_name = fields.get_string(d, "platform", where);
    info.name = fields.get_string(d, "name", where);
    info.vendor = fields.get_string(d, "vendor", where);
    info.type = fields.get_string(d, "type", where);
    info.version = fields.get_string(d, "version", where);
    info.driver_version = fields.get_string(d, "driver_version", where);
    info.opencl_c_version = fields.get_string(d, "opencl_c_version", where);
    info.compute_units = fields.get_unsigned<std::uint32_t>(d, "compute_units", where);
    info.max_work_group_size = fields.get_unsigned<std::size_t>(d, "max_work_group_size", where);
    info.local_mem_bytes = fields.get_unsigned<std::uint64_t>(d, "local_mem_bytes", where);
    info.global_mem_bytes = fields.get_unsigned<std::uint64_t>(d, "global_mem_bytes", where);
    info.max_alloc_bytes = fields.get_unsigned<std::uint64_t>(d, "max_alloc_bytes", where);
    info.has_subgroups = fields.get_bool(d, "sub_groups", where);
    info.has_work_group_collectives = fields.get_bool(d, "work_group_collectives", where);
    info.has_fp64 = fields.get_bool(d, "fp64", where);
    info.has_int64_base_atomics = fields.get_bool(d, "int64_base_atomics", where);
    info.has_int64_extended_atomics = fields.get_bool(d, "int64_extended_atomics", where);
    if (d.contains("platform_version") && d["platform_version"].is_string())
        info.platform_version = d["platform_version"].get<std::string>();
    // Absent from files written before 0.2 (read as 0: the device's cache size is unknown).
    if (d.contains("global_mem_cache_bytes") && d["global_mem_cache_bytes"].is_number_unsigned())
        info.global_mem_cache_bytes = d["global_mem_cache_bytes"].get<std::uint64_t>();
    if (d.contains("max_clock_mhz") && d["max_clock_mhz"].is_number_unsigned())
        info.max_clock_mhz = d["max_clock_mhz"].get<std::uint32_t>();
    return info;
}

Value value_from_json(const JsonFields& fields, const json& v, bool single_precision,
                      const std::string& where) {
    if (v.is_object()) {
        // One level only: {"value": 3, "index": 7}; deeper nesting is malformed (and unbounded
        // recursion on hostile input would exhaust the stack).
        const json& inner = fields.field(v, "value", where);
        if (inner.is_object()) fields.bad(where + ".value", "expected a number, not an object");
        Value value = value_from_json(fields, inner, single_precision, where + ".value");
        value.index = fields.get_unsigned<std::uint64_t>(v, "index", where);
        return value;
    }
    if (v.is_number_unsigned()) return Value::of_unsigned(v.get<std::uint64_t>());
    if (v.is_number_integer()) return Value::of_signed(v.get<std::int64_t>());
    const bool single = single_precision;
    if (v.is_number_float()) return Value::of_float(v.get<double>(), single);
    if (v.is_string()) {
        const std::string text = v.get<std::string>();
        if (text == "nan") return Value::of_float(std::nan(""), single);
        if (text == "inf") return Value::of_float(INFINITY, single);
        if (text == "-inf") return Value::of_float(-INFINITY, single);
    }
    fields.bad(where, "expected a number, 'nan', 'inf' or '-inf'");
}

namespace {

// A null's spelling (key + "_text"): the one way every versioned file writes a non-finite float.
Value spelled_non_finite(const JsonFields& fields, const json& text, bool single,
                         const std::string& where) {
    const std::string spelled = text.is_string() ? text.get<std::string>() : std::string();
    if (spelled == "nan") return Value::of_float(std::numeric_limits<double>::quiet_NaN(), single);
    if (spelled == "inf") return Value::of_float(std::numeric_limits<double>::infinity(), single);
    if (spelled == "-inf") return Value::of_float(-std::numeric_limits<double>::infinity(), single);
    fields.bad(where, "expected 'nan', 'inf' or '-inf' beside a null");
}

}  // namespace

Value value_field_from_json(const JsonFields& fields, const json& parent, const std::string& key,
                            bool is_float, bool single_precision, bool indexed,
                            const std::string& where) {
    const std::string text_key = key + "_text";
    const json& v = fields.field(parent, key.c_str(), where);
    Value value;
    if (v.is_null()) {
        if (!is_float) fields.bad(where + "." + key, "null for an integer type");
        value = spelled_non_finite(fields, fields.field(parent, text_key.c_str(), where),
                                   single_precision, where + "." + text_key);
    } else {
        if (!v.is_number()) fields.bad(where + "." + key, "expected a number or null");
        value = value_from_json(fields, v, single_precision, where + "." + key);
    }
    if (indexed)
        value.index =
            fields.get_unsigned<std::uint64_t>(parent, value_index_key(key).c_str(), where);
    return value;
}

namespace {

// One cell of trace 3: a number in the scalar's range, or null spelled by `text` (nullptr: no
// spelling written).
Value shaped_cell(const JsonFields& fields, const json& v, const json* text,
                  const AccumulatorSpec& scalar, const std::string& where,
                  const std::string& text_where) {
    const bool is_float = info(scalar.value_type).is_float;
    if (v.is_null()) {
        if (!is_float) fields.bad(where, "null for an integer type");
        if (text == nullptr) fields.bad(text_where, "missing: the spelling of a null");
        return spelled_non_finite(fields, *text, scalar.value_type == ElementType::Float32,
                                  text_where);
    }
    if (!v.is_number()) fields.bad(where, "expected a number or null");
    return cell_from_json(fields, v, scalar, where);
}

const json& sized_array(const JsonFields& fields, const json& parent, const std::string& key,
                        std::size_t size, const std::string& where) {
    const json& list = fields.field(parent, key.c_str(), where);
    if (!list.is_array()) fields.bad(where + "." + key, "expected an array");
    if (list.size() != size) fields.bad(where + "." + key, "expected one value per cell");
    return list;
}

}  // namespace

Value cell_field_from_json(const JsonFields& fields, const json& parent, const std::string& key,
                           const AccumulatorSpec& spec, const std::string& where) {
    AccumulatorSpec scalar = spec;
    scalar.is_pair = false;
    const std::string text_key = key + "_text";
    const json* text =
        parent.is_object() && parent.contains(text_key) ? &parent[text_key] : nullptr;
    Value value = shaped_cell(fields, fields.field(parent, key.c_str(), where), text, scalar,
                              where + "." + key, where + "." + text_key);
    if (spec.is_pair)
        value.index =
            fields.get_unsigned<std::uint64_t>(parent, value_index_key(key).c_str(), where);
    return value;
}

std::vector<Value> cell_array_from_json(const JsonFields& fields, const json& parent,
                                        const std::string& key, const AccumulatorSpec& spec,
                                        std::size_t size, const std::string& where) {
    AccumulatorSpec scalar = spec;
    scalar.is_pair = false;
    const json& list = sized_array(fields, parent, key, size, where);
    const std::string text_key = key + "_text";
    const json* texts = nullptr;
    if (parent.contains(text_key)) texts = &sized_array(fields, parent, text_key, size, where);
    const std::string index_key = value_index_key(key);
    const json* indices =
        spec.is_pair ? &sized_array(fields, parent, index_key, size, where) : nullptr;
    std::vector<Value> out;
    out.reserve(size);
    for (std::size_t i = 0; i < size; ++i) {
        const std::string at = "[" + std::to_string(i) + "]";
        Value value = shaped_cell(fields, list[i], texts ? &(*texts)[i] : nullptr, scalar,
                                  where + "." + key + at, where + "." + text_key + at);
        if (indices) {
            const json& index = (*indices)[i];
            if (!index.is_number_unsigned())
                fields.bad(where + "." + index_key + at, "expected an index");
            value.index = index.get<std::uint64_t>();
        }
        out.push_back(value);
    }
    return out;
}

Value cell_from_json(const JsonFields& fields, const json& v, const AccumulatorSpec& spec,
                     const std::string& where) {
    if (spec.is_pair) {
        if (!v.is_object()) fields.bad(where, "expected {\"value\": ..., \"index\": ...}");
        const json& inner = fields.field(v, "value", where);
        AccumulatorSpec scalar = spec;
        scalar.is_pair = false;
        Value value = cell_from_json(fields, inner, scalar, where + ".value");
        value.index = fields.get_unsigned<std::uint64_t>(v, "index", where);
        return value;
    }
    const ElementTypeInfo& type = info(spec.value_type);
    const std::string name(type.name);
    if (type.is_float) {
        if (v.is_object()) fields.bad(where, "expected a " + name + " number, not an object");
        Value value = value_from_json(fields, v, spec.value_type == ElementType::Float32, where);
        if (spec.value_type == ElementType::Float32 && std::isfinite(value.f) &&
            std::fabs(value.f) > std::numeric_limits<float>::max())
            fields.bad(where, v.dump() + " is outside float32's range");
        return value;
    }
    // An integer cell: 1.5 or 1e30 is no int32, nor is 2^31.
    if (!v.is_number_integer())
        fields.bad(where, "expected an " + name + " integer, got " + v.dump());
    if (v.is_number_unsigned()) {
        const std::uint64_t u = v.get<std::uint64_t>();
        const std::uint64_t highest =
            type.is_signed ? (std::uint64_t{1} << (8 * type.bytes - 1)) - 1
                           : (type.bytes == 8 ? ~std::uint64_t{0}
                                              : (std::uint64_t{1} << (8 * type.bytes)) - 1);
        if (u > highest) fields.bad(where, v.dump() + " is outside " + name);
        return Value::of_unsigned(u);
    }
    const std::int64_t i = v.get<std::int64_t>();
    const std::int64_t lowest = type.bytes == 8 ? std::numeric_limits<std::int64_t>::min()
                                                : -(std::int64_t{1} << (8 * type.bytes - 1));
    if (!type.is_signed || i < lowest) fields.bad(where, v.dump() + " is outside " + name);
    return Value::of_signed(i);
}

namespace {

// A first pass over the file that keeps no value (nlohmann::json's SAX interface): it counts the
// values against the cap, refuses nesting deeper than kMaxJsonDepth and a key seen twice in one
// object (nlohmann::json keeps the last of two equal keys without a word, numpy refuses a
// duplicated .npy header key), naming where it is ("traces[0].groups[2]"). Only a file that
// passes is parsed into a document, so a refused one allocates no document at all.
class StrictScan {
  public:
    StrictScan(const std::filesystem::path& path, const JsonLimits& limits)
        : path_(path), limits_(limits) {}

    bool null() { return scalar(); }
    bool boolean(bool) { return scalar(); }
    bool number_integer(json::number_integer_t) { return scalar(); }
    bool number_unsigned(json::number_unsigned_t) { return scalar(); }
    bool number_float(json::number_float_t, const json::string_t&) { return scalar(); }
    bool string(json::string_t&) { return scalar(); }
    bool binary(json::binary_t&) { return scalar(); }
    bool start_object(std::size_t) { return open(true); }
    bool start_array(std::size_t) { return open(false); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(json::string_t& name) {
        Frame& frame = frames_.back();
        frame.key = name;
        if (!frame.keys.insert(name).second) {
            frame.key.clear();  // name the object holding it
            throw Error(ErrorKind::Io, path_.string() + ": " + where() + ": duplicate key '" +
                                           name + "' (a key may appear once in an object)");
        }
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
        throw Error(ErrorKind::Io, path_.string() + ": not valid JSON: " + e.what());
    }

  private:
    struct Frame {
        bool object = false;
        std::set<std::string> keys;
        std::string key;        // an object's current key
        std::size_t index = 0;  // an array's current element
    };

    bool scalar() {
        count_value();
        next_element();
        return true;
    }
    bool open(bool object) {
        count_value();
        if (frames_.size() >= kMaxJsonDepth)
            throw Error(ErrorKind::Io, path_.string() + ": not valid JSON: nested deeper than " +
                                           std::to_string(kMaxJsonDepth) + " levels (at " +
                                           where() + ")");
        frames_.push_back({object, {}, {}, 0});
        return true;
    }
    bool close() {
        frames_.pop_back();
        next_element();
        return true;
    }
    void count_value() {
        if (limits_.max_values && ++values_ > limits_.max_values)
            throw Error(ErrorKind::InvalidArgument,
                        path_.string() + ": more than " + std::to_string(limits_.max_values) +
                            " JSON values (numbers, strings, arrays, objects), the cap for " +
                            limits_.what + "; refused before it is read into memory");
    }
    void next_element() {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    }
    std::string where() const {
        std::string text;
        for (const Frame& frame : frames_) {
            if (frame.object && !frame.key.empty())
                text += (text.empty() ? "" : ".") + frame.key;
            else if (!frame.object)
                text += "[" + std::to_string(frame.index) + "]";
        }
        return text.empty() ? "top level" : text;
    }

    const std::filesystem::path& path_;
    const JsonLimits& limits_;
    std::vector<Frame> frames_;
    std::uint64_t values_ = 0;
};

}  // namespace

json read_json_file(const std::filesystem::path& path, const std::string& needed,
                    const JsonLimits& limits) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw Error(ErrorKind::Io,
                    path.string() + ": not a regular file (" + needed + " is needed)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    if (limits.max_bytes) {
        const std::uintmax_t bytes = std::filesystem::file_size(path, ec);
        if (!ec && bytes > limits.max_bytes)
            throw Error(ErrorKind::InvalidArgument,
                        path.string() + ": " + format_bytes(bytes) + " is above the cap of " +
                            format_bytes(limits.max_bytes) + " for " + limits.what);
    }
    AllocationScope scope("reading " + path.string());
    try {
        StrictScan scan(path, limits);
        json::sax_parse(in, &scan);
        in.clear();
        in.seekg(0);
        return json::parse(in);
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io, path.string() + ": not valid JSON: " + e.what());
    }
}

}  // namespace reducelab::detail
