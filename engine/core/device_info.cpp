// What a device is, in words, and the pick of one by index, type or name: no OpenCL here (the
// devices themselves come from launch/devices.cpp).
#include "reducelab/device_info.h"

#include <algorithm>
#include <charconv>

#include "core/ascii.h"
#include "reducelab/error.h"
#include "reducelab/units.h"

namespace reducelab {

bool DeviceInfo::has_extension(std::string_view ext) const {
    return std::ranges::binary_search(extensions, std::string(ext));
}

std::string format_bytes(std::uint64_t bytes) {
    return units::bytes(bytes);
}

std::string DeviceInfo::summary() const {
    return name + " (" + type + ", " + platform_name + ", " + std::to_string(compute_units) +
           " CUs, " + format_bytes(global_mem_bytes) + ")";
}

std::optional<std::size_t> repeated_device(const std::vector<DeviceInfo>& devices) {
    for (std::size_t i = 1; i < devices.size(); ++i)
        for (std::size_t earlier = 0; earlier < i; ++earlier)
            if (devices[earlier].index == devices[i].index) return i;
    return std::nullopt;
}

const DeviceInfo& select_device(const std::vector<DeviceInfo>& devices, std::string_view spec) {
    if (devices.empty()) throw Error(ErrorKind::NoPlatform, "no OpenCL device to select from");
    const std::string key = ascii_lower(spec);
    if (key.empty() || key == "default") {
        const auto gpu = std::ranges::find_if(devices, [](const auto& d) { return d.is_gpu(); });
        return gpu != devices.end() ? *gpu : devices.front();
    }
    std::size_t index = 0;
    const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), index);
    // All digits: an index, also when it does not fit 64 bits (not a part of a name).
    if ((ec == std::errc() || ec == std::errc::result_out_of_range) &&
        end == key.data() + key.size()) {
        if (ec == std::errc() && index < devices.size()) return devices[index];
        throw Error(ErrorKind::InvalidArgument,
                    "device index " + std::string(spec) + " is out of range: there are " +
                        std::to_string(devices.size()) + " device(s), numbered from 0");
    }
    if (key == "gpu" || key == "cpu") {
        for (const auto& d : devices)
            if (ascii_lower(d.type) == key) return d;
        throw Error(ErrorKind::InvalidArgument, "no " + std::string(spec) + " device found");
    }
    for (const auto& d : devices)
        if (ascii_lower(d.name).find(key) != std::string::npos) return d;
    std::string names;
    for (const auto& d : devices) names += (names.empty() ? "" : ", ") + d.name;
    throw Error(ErrorKind::InvalidArgument,
                "no device name contains '" + std::string(spec) + "' (devices: " + names + ")");
}

}  // namespace reducelab
