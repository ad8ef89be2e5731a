// The host baseline: a plain std::reduce over the same array, timed like the device runs
// (median of repeats after warm-up), so a CPU OpenCL device can be compared with the CPU itself.
#pragma once

#include "reducelab/run_types.h"

namespace reducelab {

// Sum, min or max of `inputs.first` with std::reduce (sequential, the compiler vectorises it)
// in the request's accumulator; returned as a RunResult with variant "host-std-reduce".
// Throws Error(Unsupported) for other operations.
RunResult host_std_reduce(const RunRequest& request, const Inputs& inputs, const DeviceInfo& device);

}  // namespace reducelab
