// The split planner as a pure function of per-device models: each device's time on a shard of
// n elements is t(n) = alpha + n * bytes_per_element / B (a fixed cost and a sustained rate),
// fitted from calibration runs at sizes chosen for that device. The planner solves for equal
// predicted finish times within each device's buffer limits, leaves out a device whose share
// would not shorten the predicted time by more than its measured spread, and never returns a
// balanced plan predicted slower than the fastest device alone.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/device_info.h"

namespace reducelab {

// Balanced: equal predicted finish times with the input resident; devices that do not pay are
// left out. Even: the same number of elements per device (the slowest sets the time). Force:
// balanced shares over every device, none left out. EndToEnd: balanced with each device's upload
// of its share in its model.
enum class SplitPolicy { Balanced, Even, Force, EndToEnd };
std::optional<SplitPolicy> parse_split_policy(std::string_view text);
std::string_view to_string(SplitPolicy policy);
std::span<const SplitPolicy> all_split_policies();
// "balanced, even, force or end-to-end", for messages.
std::string_view split_policy_names();

// One calibration run: its elements, input bytes, median time and relative spread.
struct CalibrationPoint {
    std::uint64_t n = 0;
    std::uint64_t bytes = 0;
    double ms = 0.0;
    double spread = 0.0;  // (p90 - p10) / median of its timed repeats
};

struct DeviceModel {
    std::string name;
    double alpha_ms = 0.0;     // fixed cost of one run (launches, finish, read-back)
    double gbps = 0.0;         // B: sustained bytes per nanosecond on a resident input
    double spread = 0.0;       // the calibration's relative spread, the noise a gain must beat
    double upload_gbps = 0.0;  // host -> device copy rate; 0: not measured
    std::uint64_t max_elements = std::numeric_limits<std::uint64_t>::max();  // largest shard
    std::vector<CalibrationPoint> calibration;

    // Predicted time of a shard of n elements; with_upload adds n * bytes / upload_gbps.
    double predict_ms(std::uint64_t n, double bytes_per_element, bool with_upload) const;
};

// Whether `gbps` on an input of `input_bytes` is a cache's rate: the input fits `cache_bytes`
// and beat the model's B, measured on an input larger than that cache, by more than the model's
// spread. False when that cannot be told (no cache size, or a model calibrated inside it).
bool rate_from_cache(const DeviceModel& model, std::uint64_t cache_bytes, std::uint64_t input_bytes,
                     double gbps);

// The model through calibration points: least squares of ms against bytes; a fit with a
// negative fixed cost or no positive slope (noise) falls back to the largest point through the
// origin. The spread is the largest point spread. Throws Error(InvalidArgument) for no point.
DeviceModel fit_device_model(std::string name, std::vector<CalibrationPoint> points);

// The largest shard `device` can hold: one buffer per input within CL_DEVICE_MAX_MEM_ALLOC_SIZE,
// all inputs within its global memory.
std::uint64_t max_shard_elements(const DeviceInfo& device, std::uint64_t element_bytes,
                                 std::uint64_t input_count);

// Calibration sizes for a device: 4, 8 and 16 times its global-memory cache (so the input comes
// from memory), capped by the request's n and the device's largest shard; a cap that collapses
// them gives n/4, n/2 and n of the cap instead. Ascending, distinct, at least 1.
std::vector<std::uint64_t> calibration_sizes(std::uint64_t cache_bytes, std::uint64_t n,
                                             std::uint64_t bytes_per_element,
                                             std::uint64_t max_elements);

struct PlanOptions {
    double bytes_per_element = 4.0;
    double split_overhead_ms = 0.0;  // added to any plan over two or more devices
};

struct SplitPlan {
    SplitPolicy policy = SplitPolicy::Balanced;
    bool with_upload = false;           // the predictions include each shard's upload
    std::vector<std::uint64_t> counts;  // elements per device, in the models' order
    std::vector<double> predicted_ms;   // each device's predicted time on its share (0: none)
    std::vector<std::string> notes;     // per device: why it was left out or capped ("": none)
    double predicted_ms_total = 0.0;    // the slowest share, plus the split overhead
    // The device fastest alone on the whole input (among those that can hold it), predicted.
    std::optional<std::size_t> fastest_alone;
    double fastest_alone_predicted_ms = 0.0;
};

// Plans n elements over the devices. Throws Error(OutOfResources) when the devices together
// cannot hold n, Error(InvalidArgument) for no models or a model without a positive rate.
SplitPlan plan_split(std::span<const DeviceModel> models, std::uint64_t n, SplitPolicy policy,
                     const PlanOptions& options);

}  // namespace reducelab
