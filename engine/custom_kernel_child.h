// "Try your own kernel" in a sandbox child (engine/sandbox.h): the student's kernel is built, run
// and timed by a separate process, so an endless loop ends with a timeout, a crash of the kernel
// or of the compiler is reported by its signal, and a cancel kills the child at once. The request
// and the result travel as JSON files in a private temporary directory. Qt-free.
#pragma once

#include <cstddef>
#include <stop_token>
#include <string>

#include "custom_kernel.h"
#include "sandbox.h"

namespace reducelab {

struct CustomKernelIsolation {
    // The program that runs the check: reducelab-cli (custom_kernel_child_main).
    std::string worker;
    std::size_t device_index = 0;  // DeviceInfo::index of the device to run on
    double timeout_seconds = sandbox::kDefaultTimeoutSeconds;  // 0: no limit
};

// run_custom_kernel in a child. Errors of the child's engine come back as the same Error (kind,
// message, OpenCL call and build log); a timeout or a crash is Error(OpenCL) naming the timeout
// or the signal; a stop request kills the child and throws Error(Cancelled).
CustomKernelResult run_custom_kernel_isolated(const CustomKernelRequest& request,
                                              const CustomKernelIsolation& isolation,
                                              std::stop_token stop = {});

// The first argument with which the worker runs custom_kernel_child_main.
inline constexpr const char* kCustomKernelWorkerArgument = "--custom-kernel-child";

// The child's side: reads the request file, runs it on the device it names, writes the result
// (or the error) to `result_path`. Returns the process's exit code.
int custom_kernel_child_main(const std::string& request_path, const std::string& result_path);

}  // namespace reducelab
