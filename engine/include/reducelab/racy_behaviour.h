// What a deliberately racy teaching variant does on a given device, and why.
#pragma once

#include <string_view>

#include "reducelab/catalog.h"
#include "reducelab/device_info.h"

namespace reducelab {

// What a racy (unsafe) variant does on `device` and why, chosen from the device's facts (an
// NVIDIA GPU, another GPU, a CPU); "" for a safe variant. English; the GUI translates it (the
// texts are in catalog.cpp, where lupdate reads them).
std::string_view racy_behaviour(const Variant& variant, const DeviceInfo& device);

}  // namespace reducelab
