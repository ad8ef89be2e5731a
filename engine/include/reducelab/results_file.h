// Results files: the JSON (and CSV) that `reducelab-cli bench` writes and the GUI opens: device
// facts, the measured bandwidth ceiling, and every measured point with its configuration.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reducelab/device_info.h"
#include "reducelab/run_types.h"
#include "reducelab/statistics.h"

namespace reducelab {

// Version 2: every time in microseconds (*_us), sizes *_bytes, `value` one JSON type per
// operation family and argmin/argmax's index in its own field (docs/schema/README.md). Version 1
// files (*_ms, {value, index} objects, "nan" strings) are still read.
inline constexpr const char* kResultsSchema = "reducelab-results/2";
inline constexpr const char* kResultsSchemaV1 = "reducelab-results/1";

// The device's own memory bandwidth, measured the way the reductions are timed.
struct BandwidthCeiling {
    double copy_gbps = 0.0;   // device-to-device copy, (read + written bytes) / time
    double read_gbps = 0.0;   // a read-only streaming kernel, read bytes / time
    std::uint64_t bytes = 0;  // buffer size used
    int repeat = 0;           // timed repeats per run
    int runs = 0;             // separate measurements, each with fresh buffers
    // GB/s of every timed repeat of every run; copy_gbps and read_gbps are their medians. The
    // ceiling moves between runs (caches, page placement), so it is shown with its spread.
    std::vector<double> copy_samples_gbps;
    std::vector<double> read_samples_gbps;
    // What the read samples measured: "read kernel" (bandwidth.cl's streaming read) or, on a
    // device other than a GPU where it reads faster, "best" (the best variant's own reads of an
    // int32 sum over the same bytes): a read ceiling slower than a reduction would flag every
    // point as served from cache (PoCL: 25 GB/s against best's 43 GB/s).
    std::string read_source = "read kernel";
    Spread copy_spread() const { return spread_of(copy_samples_gbps); }
    Spread read_spread() const { return spread_of(read_samples_gbps); }
};

struct ResultsFile {
    std::string schema = kResultsSchema;
    std::string suite;        // "ladder", "sizes", "tuning", "gui-sweep", ...
    std::string created_utc;  // ISO 8601
    std::string tool;         // "reducelab-cli 0.1.0"
    DeviceInfo device;
    std::optional<BandwidthCeiling> ceiling;
    std::vector<RunResult> points;
    // False when the run was interrupted (SIGINT/SIGTERM) and `points` are those measured by
    // then; written as "complete": false, absent (true) otherwise.
    bool complete = true;
};

// The one rule for "served from cache" (the JSON's "served_from_cache", `report`, the CSV and
// the charts all ask it). A point is flagged only on two pieces of evidence together:
//  - its input fits the device's cache: at most CL_DEVICE_GLOBAL_MEM_CACHE_SIZE of the point's
//    device (for a CPU device the driver reports its last-level cache); where the device
//    reports none (0, or a file written before 0.2), smaller than the ceiling's buffers, which
//    are sized past any cache;
//  - the spreads do not overlap: even its slower runs (the point's p90 time) read faster than
//    the read ceiling's p90 rate, so a ceiling or a point that merely moved does not flag it.
bool served_from_cache(const RunResult& point, const BandwidthCeiling& ceiling);
// The read rate a point must beat to be flagged: the read ceiling's p90 (its median where the
// file holds no samples).
double cache_threshold_gbps(const BandwidthCeiling& ceiling);

nlohmann::json to_json(const ResultsFile& file);
// Strict: throws Error(Io) naming the first missing or mistyped field.
ResultsFile results_from_json(const nlohmann::json& json);
ResultsFile read_results(const std::filesystem::path& path);
void write_results(const std::filesystem::path& path, const ResultsFile& file);
// One row per point, a column per scalar of the point's JSON (engine/io/results_csv.h says
// which); RFC 4180, missing values empty. Defined in io/results_csv.cpp.
std::string results_csv(const ResultsFile& file);
std::string utc_now_iso8601();

}  // namespace reducelab
