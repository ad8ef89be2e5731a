// A catalog row as JSON (nlohmann::json), with the figures its explanation quotes.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/catalog.h"
#include "reducelab/device_info.h"

namespace reducelab {

// A catalog row; with a device, its availability there.
nlohmann::json to_json(const Variant& variant, const DeviceInfo* device = nullptr);

}  // namespace reducelab
