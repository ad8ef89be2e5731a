// JSON forms of the engine's values (nlohmann::json), shared by the CLI, the GUI and bench files.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/catalog.h"
#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

nlohmann::json to_json(const DeviceInfo& device);
nlohmann::json to_json(const Value& value);
nlohmann::json to_json(const RunRequest& request);
nlohmann::json to_json(const LaunchConfig& launched);
nlohmann::json to_json(const RunResult& result);
// A catalog row; with a device, its availability there.
nlohmann::json to_json(const Variant& variant, const DeviceInfo* device = nullptr);

}  // namespace reducelab
