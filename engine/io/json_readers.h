// Strict readers of the pieces several engine JSON files share; each refusal names the file kind
// (through `fields`) and where in the file.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "io/json_fields.h"
#include "reducelab/accumulator.h"
#include "reducelab/device_info.h"

namespace reducelab::detail {

// The object to_json(DeviceInfo) writes.
DeviceInfo device_from_json(const JsonFields& fields, const nlohmann::json& d,
                            const std::string& where);
// A number, "nan", "inf", "-inf", or {"value": ..., "index": ...} (argmin/argmax);
// `single_precision` for float32 values.
Value value_from_json(const JsonFields& fields, const nlohmann::json& v, bool single_precision,
                      const std::string& where);

// The JSON in the file at `path`; throws Error(Io) naming the path for a file that is not a regular
// one (`needed` says what was: "a results JSON"), cannot be opened or is not JSON.
nlohmann::json read_json_file(const std::filesystem::path& path, const std::string& needed);

}  // namespace reducelab::detail
