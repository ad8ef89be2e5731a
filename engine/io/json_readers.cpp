// Strict readers of the values every engine JSON file holds (device facts, reduced values),
// shared by the results, trace and session readers.
#include "io/json_readers.h"

#include <cmath>
#include <fstream>

#include "reducelab/error.h"

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

json read_json_file(const std::filesystem::path& path, const std::string& needed) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw Error(ErrorKind::Io,
                    path.string() + ": not a regular file (" + needed + " is needed)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    try {
        return json::parse(in);
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io, path.string() + ": not valid JSON: " + e.what());
    }
}

}  // namespace reducelab::detail
