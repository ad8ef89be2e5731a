// The host baseline: the CPU peer a user would pick — oneTBB's parallel_reduce over the same
// array, all cores, a vectorisable inner loop — timed by the run's timing method, so a CPU
// OpenCL device can be compared with the CPU itself.
#pragma once

#include "reducelab/run_types.h"

namespace reducelab {

// Sum, min or max of `inputs.first` with tbb::parallel_reduce in the request's accumulator;
// returned as a RunResult with variant "host-tbb-reduce". On the host there are no kernels:
// kernel and latency timing are the wall time of one call, sustained the wall time of
// request.batch calls / batch. Throws Error(Unsupported) for other operations.
RunResult host_tbb_reduce(const RunRequest& request, const Inputs& inputs,
                          const DeviceInfo& device);

}  // namespace reducelab
