// "Try your own kernel" in a sandbox child (engine/sandbox.h): the student's kernel is built, run
// and timed by a separate process, so an endless loop ends with a timeout, a crash of the kernel
// or of the compiler is reported by its signal, and a cancel kills the child at once. The request
// and the result travel as JSON files in a private temporary directory. Qt-free.
#pragma once

#include <cstddef>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/custom_kernel.h"
#include "reducelab/device_info.h"
#include "reducelab/sandbox.h"
#include "reducelab/step_trace.h"

namespace reducelab {

struct CustomKernelIsolation {
    // The program that runs the check: reducelab-cli (custom_kernel_child_main).
    std::string worker;
    // The device to run on, as the parent listed it. The child looks it up by platform, name and
    // position within the platform, not by its number alone: a process may list other platforms
    // than its parent (an ICD that fails in the child), and a number would then name another
    // device.
    DeviceInfo device;
    double timeout_seconds = sandbox::kDefaultTimeoutSeconds;  // 0: no limit
};

// run_custom_kernel in a child. Errors of the child's engine come back as the same Error (kind,
// message, OpenCL call and build log); a timeout or a crash is Error(OpenCL) naming the timeout
// or the signal; a stop request kills the child and throws Error(Cancelled).
CustomKernelResult run_custom_kernel_isolated(const CustomKernelRequest& request,
                                              const CustomKernelIsolation& isolation,
                                              std::stop_token stop = {});

// run_trace in a child, for a student's program (TraceRequest::program_text): the same errors
// as run_custom_kernel_isolated. The trace's device is the isolation's.
StepTrace run_trace_isolated(const TraceRequest& request, const CustomKernelIsolation& isolation,
                             std::stop_token stop = {});

// The devices as a sandbox child lists them, for a front end that starts such children (the
// CLI's exercise commands), so that the parent need not load OpenCL at all; its children see
// the OpenCL environment the parent started with (docs/sandbox.md). Errors of the child's
// list_devices (no platform, ...) come back as the same Error.
std::vector<DeviceInfo> list_devices_isolated(
    const std::string& worker, double timeout_seconds = sandbox::kDefaultTimeoutSeconds,
    std::stop_token stop = {});

// The worker's command line: kCustomKernelWorkerArgument MODE REQUEST.json RESULT.json.
inline constexpr const char* kCustomKernelWorkerArgument = "--custom-kernel-child";
inline constexpr std::string_view kCheckMode = "check";
inline constexpr std::string_view kTraceMode = "trace";
inline constexpr std::string_view kDevicesMode = "devices";

// The child's side: reads the request file, runs it on the device it names, writes the result
// (or the error) to `result_path`. Returns the process's exit code.
int custom_kernel_child_main(std::string_view mode, const std::string& request_path,
                             const std::string& result_path);

}  // namespace reducelab
