// JSON forms of the engine's values (nlohmann::json), shared by the CLI, the GUI and bench files
// (a catalog row's: reducelab/catalog_json.h).
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

nlohmann::json to_json(const DeviceInfo& device);
nlohmann::json to_json(const Value& value);
nlohmann::json to_json(const RunRequest& request);
nlohmann::json to_json(const LaunchConfig& launched);
nlohmann::json to_json(const RunResult& result);

}  // namespace reducelab
