// The real local-size limit of a compiled kernel on its device (launch/work_group_limit.h).
// Private to the engine (includes CLHPP).
#pragma once

#include <cstddef>

#include "launch/runtime.h"

namespace reducelab::detail {

// CL_KERNEL_WORK_GROUP_SIZE, or on NVIDIA the limit derived from ptxas's register count in the
// build log (DeviceRuntime::program builds with -cl-nv-verbose there). Every launch path asks this.
std::size_t kernel_work_group_limit(DeviceRuntime& runtime, const cl::Kernel& kernel);

}  // namespace reducelab::detail
