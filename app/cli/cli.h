// reducelab-cli as a function, so tests and fuzzers can call it without a process.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

namespace reducelab {
enum class ErrorKind;
}

namespace reducelab::cli {

// Exit codes of reducelab-cli.
enum ExitCode : int {
    kOk = 0,
    kNotVerified = 1,    // the run finished but its result did not match the CPU reference
    kUsage = 2,          // a bad argument or request
    kUnsupported = 3,    // valid, but not on this device
    kDeviceFailure = 4,  // OpenCL, build or resource failure
    kNoPlatform = 5,     // no OpenCL platform or device
    kIoError = 6,        // a file could not be read or written
    kCancelled = 130,
};

// The exit code of an engine error of this kind (the README's table).
int exit_code_for(ErrorKind kind);

// "out of memory while <what>": what the innermost AllocationScope (memory_limits.h) names.
std::string out_of_memory_message();

// With `self_executable` (the CLI's own path, "/proc/self/exe"), the commands that build kernels
// run in a sandbox child of that program when $REDUCELAB_KERNEL_OVERRIDE_DIR is set (--timeout);
// without it (tests calling the function), everything runs in this process.
int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
            std::string_view self_executable = {});

}  // namespace reducelab::cli
