// Strict readers of the values every engine JSON file holds (device facts, reduced values),
// shared by the results, trace and session readers.
#include "io/json_readers.h"

#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <set>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/error.h"
#include "reducelab/memory_limits.h"

namespace reducelab::detail {

using nlohmann::json;

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

// Where the parser is, as the strict readers name it ("traces[0].groups[2]"), with the keys each
// open object has seen: nlohmann::json keeps the last of two equal keys without a word, so the
// parser callback refuses the second (as numpy refuses a duplicated .npy header key).
class StrictParse {
  public:
    StrictParse(const std::filesystem::path& path, const JsonLimits& limits)
        : path_(path), limits_(limits) {}

    bool operator()(int depth, json::parse_event_t event, json& parsed) {
        using Event = json::parse_event_t;
        switch (event) {
            case Event::object_start:
            case Event::array_start:
                count_value();
                if (static_cast<unsigned>(depth) >= kMaxJsonDepth)
                    throw Error(ErrorKind::Io, path_.string() + ": " + where() +
                                                   ": nested deeper than " +
                                                   std::to_string(kMaxJsonDepth) + " levels");
                frames_.push_back({event == Event::object_start, {}, {}, 0});
                break;
            case Event::key: {
                Frame& frame = frames_.back();
                frame.key = parsed.get<std::string>();
                if (!frame.keys.insert(frame.key).second) {
                    frame.key.clear();  // name the object holding it
                    throw Error(ErrorKind::Io, path_.string() + ": " + where() +
                                                   ": duplicate key '" + parsed.get<std::string>() +
                                                   "' (a key may appear once in an object)");
                }
                break;
            }
            case Event::value:
                count_value();
                next_element();
                break;
            case Event::object_end:
            case Event::array_end:
                frames_.pop_back();
                next_element();
                break;
        }
        return true;
    }

  private:
    struct Frame {
        bool object = false;
        std::set<std::string> keys;
        std::string key;        // an object's current key
        std::size_t index = 0;  // an array's current element
    };

    void count_value() {
        if (limits_.max_values && ++values_ > limits_.max_values)
            throw Error(ErrorKind::InvalidArgument,
                        path_.string() + ": more than " + std::to_string(limits_.max_values) +
                            " JSON values (numbers, strings, arrays, objects), the cap for " +
                            limits_.what + "; it is read only up to there");
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
        StrictParse strict(path, limits);
        return json::parse(in, std::ref(strict));
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io, path.string() + ": not valid JSON: " + e.what());
    }
}

}  // namespace reducelab::detail
