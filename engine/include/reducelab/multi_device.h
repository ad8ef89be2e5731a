// One reduction split over several devices (of one host, or one per MPI rank): the split plan,
// the shard each device reduces through Engine::run, and the host combine of their partials with
// the catalog's combine rules, verified against the reference of the whole input.
#pragma once

#include <cstdint>
#include <span>
#include <stop_token>
#include <vector>

#include "reducelab/multi_device_json.h"
#include "reducelab/run_types.h"
#include "reducelab/split_model.h"
#include "reducelab/split_plan.h"

namespace reducelab {

class Engine;

// Reduces the shard [offset, offset + shard.first->size()) of a request on `engine`: times its
// upload, runs it through Engine::run (verified against the shard's reference) and returns the
// partial with its index moved into the whole input.
DeviceShare run_shard(Engine& engine, const RunRequest& request, const Inputs& shard,
                      std::uint64_t offset, std::uint64_t n, std::stop_token stop = {});

struct SplitRequest {
    RunRequest run;                   // the whole reduction
    std::vector<DeviceInfo> devices;  // at least one
    SplitPolicy split = SplitPolicy::Balanced;
    // The largest calibration run, elements (0: as each device's cache asks, up to n).
    std::uint64_t max_calibration_n = 0;
};

// One device's model from calibration runs on prefixes of `whole` (the request's own input) at
// calibration_sizes for the device, capped by max_calibration_n when it is not 0; its upload
// rate from a timed copy of the largest prefix. Throws Error as Engine::run does, and
// Error(OpenCL) when a calibration run does not verify.
DeviceModel calibrate_device(Engine& engine, const RunRequest& request, const Inputs& whole,
                             std::uint64_t max_calibration_n, std::stop_token stop = {});

// Refuses, with Error(OutOfResources), before the whole input is made, a split whose input the
// host cannot hold beside the CPU devices' copies of their shards (`cpu`: one of the devices is
// a CPU).
void check_split_host_memory(const RunRequest& run, bool cpu);

// Records the plan in the shares (model, prediction, note) and in the result.
void record_plan(SplitResult& result, const SplitPlan& plan, std::span<const DeviceModel> models,
                 double split_overhead_ms);

// Splits the request's input over the devices, reduces the shards concurrently (one host thread
// per device), combines and verifies. Throws Error as Engine::run does.
SplitResult run_split(const SplitRequest& request, std::stop_token stop = {});

// The whole result from the shares and their combined partial: finished, verified against the
// reference of the whole input, with the totals (shared by run_split and the MPI path, whose
// rank 0 gets the partial from MPI_Reduce and every rank's share from MPI_Gather).
SplitResult verify_split(const RunRequest& request, SplitPolicy split, const Inputs& whole,
                         std::vector<DeviceShare> shares, const Value& combined, double combine_ms);

}  // namespace reducelab
