// What a teacher needs to know about an OpenCL device, and how the user picks one (the list of
// devices itself comes from OpenCL: reducelab/devices.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducelab {

struct DeviceInfo {
    std::size_t index = 0;  // position in the list of all devices of all platforms
    std::size_t platform_index = 0;
    std::size_t platform_device_index = 0;  // position within its platform
    std::string platform_name;
    std::string platform_version;
    std::string name;
    std::string vendor;
    std::string type;  // "GPU", "CPU", "Accelerator", ...
    std::string version;
    std::string driver_version;
    std::string opencl_c_version;  // "OpenCL C 1.2 pocl"
    int opencl_c_major = 1;
    int opencl_c_minor = 0;
    // OpenCL C 3.0 among the languages the compiler takes (CL_DEVICE_OPENCL_C_ALL_VERSIONS):
    // PoCL 6 reports "OpenCL C 1.2" above, takes -cl-std=CL3.0 and refuses -cl-std=CL2.0.
    bool accepts_opencl_c_3 = false;
    std::uint32_t compute_units = 0;
    std::uint32_t max_clock_mhz = 0;
    std::size_t max_work_group_size = 0;
    std::uint64_t local_mem_bytes = 0;
    std::uint64_t global_mem_bytes = 0;
    std::uint64_t max_alloc_bytes = 0;
    std::uint64_t global_mem_cache_bytes = 0;  // CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (0: none)
    bool has_subgroups = false;                // cl_khr_subgroups, or OpenCL 3.0 sub-groups
    bool has_work_group_collectives = false;   // work_group_reduce_* declared supported
    bool has_fp64 = false;
    bool has_int64_base_atomics = false;      // atom_add / atom_cmpxchg on 64-bit
    bool has_int64_extended_atomics = false;  // atom_min / atom_max / atom_and ... on 64-bit
    bool is_nvidia = false;                   // inline PTX (warp shuffles) is possible
    std::vector<std::string> extensions;

    bool operator==(const DeviceInfo&) const = default;
    bool is_gpu() const { return type == "GPU"; }
    bool has_extension(std::string_view name) const;
    // One line for lists: "NVIDIA H200 (GPU, NVIDIA CUDA, 132 CUs, 139.8 GiB)".
    std::string summary() const;
};

// The device a spec names among `devices`: "" picks the default (the first GPU, else the first
// device); a number is an index into the list; "gpu"/"cpu" pick the first of that type; any other
// text is a case-insensitive substring of the device name. Throws Error(InvalidArgument).
const DeviceInfo& select_device(const std::vector<DeviceInfo>& devices, std::string_view spec);

// Where `devices` chooses a device that it chose before (the same index): the position of that
// second choice, or nullopt when each device is chosen once. A determinism run over a device
// chosen twice would count its bits twice and could call one device device-invariant, so the
// CLI's --devices (check_distinct_devices) and the study's settings (check_study_settings) both
// refuse what this finds.
std::optional<std::size_t> repeated_device(const std::vector<DeviceInfo>& devices);

std::string format_bytes(std::uint64_t bytes);

}  // namespace reducelab
