// JSON forms of the engine's values (nlohmann::json), shared by the CLI, the GUI and bench files
// (a catalog row's: reducelab/catalog_json.h).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

nlohmann::json to_json(const DeviceInfo& device);
// A reduced value as a number, argmin/argmax's {"value", "index"} object, or a non-finite float
// as the string "nan", "inf" or "-inf": the shape of the files before their values' one shape
// (results 1, split 1, trace 1 and 2, determinism reports before "reducelab-determinism/2").
nlohmann::json to_json(const Value& value);
// A reduced value as one JSON type: a number, or null for a non-finite float (results points,
// results schema version 2; the index and the spelling go in fields of their own).
nlohmann::json value_number(const Value& value);
// Writes `value` the one way every versioned file does (results 2, split 2): out[key] is
// value_number(value), out[key + "_text"] its text ("nan", "inf", "-inf" for a non-finite float),
// and argmin/argmax's index in value_index_key(key) ("index" beside "value", else key + "_index").
void put_value(nlohmann::json& out, const std::string& key, const Value& value);
// The same shape for an array of values (trace 3's local-memory cells): out[key] the array of
// value_number, out[key + "_text"] only where one is null: an array as long, "nan", "inf" or
// "-inf" where the value is null and null elsewhere; argmin/argmax's indices in the array
// out[value_index_key(key)]. `indexed` writes that array even when `values` is empty.
void put_values(nlohmann::json& out, const std::string& key, const std::vector<Value>& values,
                bool indexed);
std::string value_index_key(const std::string& key);
nlohmann::json to_json(const RunRequest& request);
nlohmann::json to_json(const LaunchConfig& launched);
nlohmann::json to_json(const RunResult& result);

}  // namespace reducelab
