// Test-only OpenCL fault injection: the executables that link cl_fault_injection.cpp define
// clCreateBuffer, clEnqueueNDRangeKernel and clEnqueueReadBuffer themselves, so the engine's calls
// reach these wrappers first; an armed wrapper fails with the chosen error code instead of calling
// the driver, exactly as a driver out of memory or resources would answer. Unarmed, they forward.
#pragma once

#include <string>

namespace reducelab::test::faults {

// Fails the `after`-th next call (0: the very next) of `call` ("clCreateBuffer",
// "clEnqueueNDRangeKernel" or "clEnqueueReadBuffer") with `code`, once. Calls before it succeed.
void arm(const std::string& call, int code, int after = 0);
void disarm();
// Calls of `call` seen by the wrappers since the start.
int calls(const std::string& call);
// How many faults were injected so far.
int injected();

}  // namespace reducelab::test::faults
