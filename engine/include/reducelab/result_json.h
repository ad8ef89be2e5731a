// JSON forms of the engine's values (nlohmann::json), shared by the CLI, the GUI and bench files
// (a catalog row's: reducelab/catalog_json.h).
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

nlohmann::json to_json(const DeviceInfo& device);
// A reduced value as a number, argmin/argmax's {"value", "index"} object, or a non-finite float
// as the string "nan", "inf" or "-inf" (the trace, determinism and multi-device files).
nlohmann::json to_json(const Value& value);
// A reduced value as one JSON type: a number, or null for a non-finite float (results points,
// results schema version 2; the index and the spelling go in fields of their own).
nlohmann::json value_number(const Value& value);
// Writes `value` the one way every versioned file does (results 2, split 2): out[key] is
// value_number(value), out[key + "_text"] its text ("nan", "inf", "-inf" for a non-finite float),
// and argmin/argmax's index in value_index_key(key) ("index" beside "value", else key + "_index").
void put_value(nlohmann::json& out, const std::string& key, const Value& value);
std::string value_index_key(const std::string& key);
nlohmann::json to_json(const RunRequest& request);
nlohmann::json to_json(const LaunchConfig& launched);
nlohmann::json to_json(const RunResult& result);

}  // namespace reducelab
