// The arithmetic of a split over several devices, with no device in it: which devices a list
// names, the shard counts, the host combine of the partials with the catalog's combine rules, and
// what a split run records (DeviceShare, SplitResult). Running one is reducelab/multi_device.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/accumulator.h"
#include "reducelab/device_info.h"
#include "reducelab/reference.h"
#include "reducelab/run_types.h"
#include "reducelab/split_model.h"

namespace reducelab {

// The devices a list names: "all", or comma-separated indices into `devices` ("0,2"). Throws
// Error(InvalidArgument) for an empty list, a non-number, an index past the end or a repeat.
std::vector<DeviceInfo> select_devices(const std::vector<DeviceInfo>& devices,
                                       std::string_view list);

// Element counts of contiguous shards, in order: they sum to n and are proportional to
// `weights` (largest remainder, so each is within one element of n * w / sum w). Throws
// Error(InvalidArgument) for no weights or a weight that is not finite and positive.
std::vector<std::uint64_t> split_counts(std::uint64_t n, std::span<const double> weights);

// The operation each shard runs: a mean's shards sum, the division happens once over n.
Operation shard_operation(Operation op);
// Combines two partials of `op` in the accumulator `acc` (the device's combine rules: wrapping
// integers, NaN-propagating min/max, argmin/argmax pairs with the first index on ties). Pair
// indices must already be indices into the whole input.
Value combine_partial_values(Operation op, const AccumulatorSpec& acc, const Value& a,
                             const Value& b);
// The value of the whole reduction from the combined partial: a mean divides by n (exactly for
// 32-bit integers), everything else is the partial itself. Throws Error(InvalidArgument) for
// the exact mean of 64-bit integers, which a split does not support.
Value finish_combined(Operation op, const AccumulatorSpec& acc, const Value& combined,
                      std::uint64_t n);
// A partial in the accumulator's device layout (what decode_accumulator reads back): how the
// MPI path sends partials to MPI_Reduce.
std::vector<std::byte> encode_partial(const AccumulatorSpec& acc, const Value& partial);
// Refuses, with Error(InvalidArgument), requests a split cannot run (a 64-bit integer mean).
void check_splittable(const RunRequest& request);

// The elements [offset, offset + count) of `inputs` as their own Inputs.
Inputs shard_of(const Inputs& inputs, std::uint64_t offset, std::uint64_t count);

// One device's part of a split run.
struct DeviceShare {
    DeviceInfo device;
    int rank = -1;                 // MPI rank, -1 on one host
    std::uint64_t offset = 0;      // first element of its shard in the whole input
    std::uint64_t count = 0;       // elements of its shard
    double fraction = 0.0;         // count / n
    double calibrated_gbps = 0.0;  // the model's sustained rate B (0: no model)
    double upload_ms = 0.0;        // host -> device copy of the shard (profiling events, median)
    bool upload_pinned = false;    // from pinned host memory (else pageable: no pinned memory)
    double staging_ms = 0.0;       // the shard's copy into pinned memory, once (host wall time)
    double run_ms = 0.0;           // the shard's reduction, input resident (Engine::run total_ms)
    double kernel_ms = 0.0;        // its kernels alone
    std::uint64_t input_bytes = 0;
    double resident_gbps = 0.0;    // input_bytes / run_ms
    double end_to_end_gbps = 0.0;  // input_bytes / (upload_ms + run_ms)
    Value partial;                 // the shard's accumulator (pair index into the whole input)
    bool shard_verified = false;   // the shard against its own reference
    LaunchConfig launched;
    std::vector<StageTime> stages;     // the shard's run, median repeat
    std::optional<DeviceModel> model;  // what the plan knew of the device (its calibration)
    double predicted_ms = 0.0;         // the model's time for this shard (0: no elements)
    std::string plan_note;             // why the plan left it out or capped it ("": neither)
};

// Whether a shard's resident rate is a cache's, not memory's: the shard fits the device's
// global-memory cache and reduced faster than the device's calibrated rate from memory (the
// model's B, measured on an input larger than that cache) by more than the model's spread. The
// split's counterpart of served_from_cache (results_file.h), for shards, which have a model and
// no measured ceiling. False when that cannot be told (no cache size, no model, or a model
// calibrated inside the cache).
inline bool shard_from_cache(const DeviceShare& share) {
    return share.count > 0 && share.model &&
           rate_from_cache(*share.model, share.device.global_mem_cache_bytes, share.input_bytes,
                           share.resident_gbps);
}

struct SplitResult {
    RunRequest request;
    SplitPolicy split = SplitPolicy::Balanced;
    std::uint64_t n = 0;
    std::string accumulator;
    std::vector<DeviceShare> devices;
    Value value;
    Value reference;
    bool verified = false;       // the whole against its reference, and every shard against its own
    Verification check;          // the whole's: errors, bound and rule
    double combine_ms = 0.0;     // the host combine of the partials (wall clock)
    double resident_ms = 0.0;    // slowest device's run_ms + combine: data already on the devices
    double end_to_end_ms = 0.0;  // slowest device's upload_ms + run_ms + combine
    double resident_gbps = 0.0;
    double end_to_end_gbps = 0.0;
    std::uint64_t input_bytes = 0;
    // The plan: its predicted total (end to end when predicted_with_upload, else resident), the
    // fastest device alone on the whole input (an index into devices) and its prediction, and
    // the cost of starting and joining one host thread per device it counted.
    bool planned = false;  // false: a file written before plans were recorded
    bool predicted_with_upload = false;
    double predicted_ms = 0.0;
    std::optional<std::size_t> fastest_alone;
    double fastest_alone_predicted_ms = 0.0;
    double split_overhead_ms = 0.0;
    // The measured counterpart of predicted_ms.
    double measured_ms() const { return predicted_with_upload ? end_to_end_ms : resident_ms; }
};

// The shares' partials combined in order (the host combine of run_split).
Value combine_shares(Operation op, const AccumulatorSpec& acc, std::span<const DeviceShare> shares);

}  // namespace reducelab
