// One device reduction of a run: the request checked, the variant's kernel (and the finish
// kernel) prepared, the inputs uploaded once per Inputs, launched and timed. Engine::run runs one
// pass (two for the exact mean of 64-bit integers) and verifies what it leaves. Private.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "launch/prepared_kernel.h"
#include "reducelab/engine.h"
#include "reducelab/reference.h"

namespace reducelab::detail {

// The device copies of the last Inputs an Engine ran, and their CPU references by (operation,
// accumulator): sweeps and tuning run many configurations over one input, and neither depends
// on the launch.
struct UploadCache {
    std::uint64_t id = 0;
    DeviceInputs buffers;
    std::map<std::pair<Operation, std::string>, Reference> references;

    // `inputs` on the device: uploaded unless they are the ones uploaded last (id 0: always).
    const DeviceInputs& upload(DeviceRuntime& runtime, const Inputs& inputs, Progress& report);
    bool holds(const Inputs& inputs) const { return inputs.id != 0 && id == inputs.id; }
};

// What one device pass leaves for the verification.
struct PassOutput {
    bool wants_partials = false;         // read the partials for a Finish::Kernel run too
    std::vector<std::byte> final_bytes;  // the accumulator's final value, device layout
    std::vector<std::byte> partials;     // the work-groups' partials (host or kernel finish)
    LaunchPlan plan;
};

// Runs one device reduction of `inputs`, timed but not verified. load_part: see
// KernelKnobs::load_part. Throws Error for an invalid request or a device failure.
RunResult run_reduction_pass(DeviceRuntime& runtime, UploadCache& uploads,
                             const RunRequest& request, const Inputs& inputs, std::stop_token stop,
                             Progress& report, int load_part, PassOutput& out);

}  // namespace reducelab::detail
