// Tuning data: the launch configuration of the `best` variant per device, type and operation,
// looked up vendor -> device -> (type, op) with a default at every level, and where each number
// came from (device, date, GB/s). Files for known devices are embedded from resources/tuning/;
// $REDUCELAB_TUNING_FILE (or an explicit path) adds or overrides entries at run time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reducelab/device_info.h"
#include "reducelab/types.h"

namespace reducelab {

inline constexpr const char* kTuningSchema = "reducelab-tuning/1";

struct TunedConfig {
    std::size_t local_size = 256;
    std::size_t groups_per_compute_unit = 8;  // work-groups = this x compute units (capped by n)
    unsigned vector_width = 0;                // elements per load; 0: 16 bytes' worth
    unsigned unroll = 2;                      // independent loads in flight per iteration
    // Blocked: a contiguous chunk per work-item (CPUs).
    AccessLayout layout = AccessLayout::Strided;
    // Provenance: where the numbers were measured ("built-in default" when not measured).
    std::string source_device = "built-in default";
    std::string source_date;
    double source_gbps = 0.0;
    std::uint64_t source_n = 0;
    // What the tuning compared: kernel time (events) or sustained (back-to-back calls).
    TimingMethod source_timing = TimingMethod::Kernel;
};

struct TuningEntry {
    std::string type = "*";   // element type name or "*"
    std::string op = "*";     // operation name or "*"
    std::uint64_t max_n = 0;  // applies to inputs of at most this many elements (0: any size)
    TunedConfig config;
};

struct TuningFile {
    std::string vendor = "*";  // CL_DEVICE_VENDOR, or "*" for every vendor
    std::string device = "*";  // CL_DEVICE_NAME, or "*" for every device of the vendor
    // CL_PLATFORM_NAME, or "*" (optional in the JSON): "Portable Computing Language" makes a
    // file hold for every PoCL CPU, whichever CPU vendor CL_DEVICE_VENDOR names.
    std::string platform = "*";
    std::vector<TuningEntry> entries;
};

nlohmann::json to_json(const TuningFile& file);
// Strict: throws Error(Io) naming the first missing or mistyped field or an invalid value.
TuningFile tuning_from_json(const nlohmann::json& json);
TuningFile read_tuning(const std::filesystem::path& path);
void write_tuning(const std::filesystem::path& path, const TuningFile& file);

struct TuningLookup {
    TunedConfig config;
    std::string matched;  // "NVIDIA Corporation / NVIDIA H200 / float32 sum", "built-in default"
};

// The configuration for (device, type, op, n): the most specific file (device, then vendor, then
// any), then the most specific entry (type and op, then wildcards), then the tightest size range
// that holds n; later files win ties ($REDUCELAB_TUNING_FILE and `extra` come last). The vector
// width defaults to 16 bytes of elements.
TuningLookup lookup_tuning(const DeviceInfo& device, ElementType type, Operation op,
                           std::uint64_t n, const std::vector<TuningFile>& extra = {});

// The embedded tuning files plus $REDUCELAB_TUNING_FILE when set.
std::vector<TuningFile> runtime_tuning_files();

}  // namespace reducelab
