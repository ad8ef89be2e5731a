// Strict readers of the pieces several engine JSON files share; each refusal names the file kind
// (through `fields`) and where in the file.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/json_fields.h"
#include "reducelab/accumulator.h"
#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab::detail {

// The object to_json(DeviceInfo) writes.
DeviceInfo device_from_json(const JsonFields& fields, const nlohmann::json& d,
                            const std::string& where);
// A request's or point's timing method ("kernel", "sustained", "latency") under `key`, and its
// result path ("read", "mapped").
TimingMethod timing_method_from_json(const JsonFields& fields, const nlohmann::json& j,
                                     const std::string& where, const char* key = "timing");
ResultPath result_path_from_json(const JsonFields& fields, const nlohmann::json& j,
                                 const std::string& where);
// The object to_json(RunRequest) writes (timing, batch, cold and result_path optional: files
// written before they existed).
RunRequest run_request_from_json(const JsonFields& fields, const nlohmann::json& r,
                                 const std::string& where);
// A number, "nan", "inf", "-inf", or {"value": ..., "index": ...} (argmin/argmax);
// `single_precision` for float32 values.
Value value_from_json(const JsonFields& fields, const nlohmann::json& v, bool single_precision,
                      const std::string& where);

// The one value shape of the versioned files (results 2, split 2; the writer: put_value in
// reducelab/result_json.h): parent[key] a number, or null for a non-finite float (`is_float`)
// spelled "nan", "inf" or "-inf" in key + "_text"; with `indexed` (argmin/argmax) the index in
// value_index_key(key).
Value value_field_from_json(const JsonFields& fields, const nlohmann::json& parent,
                            const std::string& key, bool is_float, bool single_precision,
                            bool indexed, const std::string& where);

// Trace 3's cells in the same shape (put_value, put_values): parent[key] read as a cell of
// `spec`'s scalar (cell_from_json's ranges), or null for a non-finite float spelled in
// key + "_text"; argmin/argmax's (spec.is_pair) index in value_index_key(key). The array form
// reads `size` cells, its key + "_text" an array as long (only where a cell is null) and its
// indices an array as long.
Value cell_field_from_json(const JsonFields& fields, const nlohmann::json& parent,
                           const std::string& key, const AccumulatorSpec& spec,
                           const std::string& where);
std::vector<Value> cell_array_from_json(const JsonFields& fields, const nlohmann::json& parent,
                                        const std::string& key, const AccumulatorSpec& spec,
                                        std::size_t size, const std::string& where);

// Caps on a file read_json_file reads; 0: none.
struct JsonLimits {
    std::uint64_t max_bytes = 0;
    std::uint64_t max_values = 0;  // JSON values: scalars, arrays and objects
    std::string what;              // "a session", in the refusal
};

// A local-memory cell or partial of a trace whose accumulator is `spec`: for integer accumulators
// an integer within the type's range, for float32 a number within its range, for argmin/argmax
// the {"value", "index"} pair.
Value cell_from_json(const JsonFields& fields, const nlohmann::json& v, const AccumulatorSpec& spec,
                     const std::string& where);

// The JSON in the file at `path`; throws Error(Io) naming the path for a file that is not a regular
// one (`needed` says what was: "a results JSON"), cannot be opened, is not JSON, holds a key twice
// in one object (named with where it is) or nests deeper than kMaxJsonDepth;
// Error(InvalidArgument) above `limits`. A first pass that keeps no value checks all of these,
// so a refused file is never read into memory.
nlohmann::json read_json_file(const std::filesystem::path& path, const std::string& needed,
                              const JsonLimits& limits = {});

}  // namespace reducelab::detail
