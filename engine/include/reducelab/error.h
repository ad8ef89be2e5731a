// The engine's one error type: what went wrong, in which call, with the OpenCL error name and
// the build log when a kernel failed to compile.
#pragma once

#include <stdexcept>
#include <string>

namespace reducelab {

enum class ErrorKind {
    InvalidArgument,  // a request the engine refuses (bad local size, n = 0, unknown name, ...)
    Unsupported,      // valid, but this device or variant cannot do it (no fp64, no sub-groups)
    NoPlatform,       // no OpenCL platform or device at all
    Build,            // a kernel failed to compile; build_log() holds the compiler's output
    OutOfResources,   // device memory or local memory too small, CL_OUT_OF_RESOURCES, ...
    OpenCL,           // any other OpenCL call that failed
    Io,               // a file could not be read, written or parsed
    Cancelled,        // the caller cancelled the work
};

class Error : public std::runtime_error {
  public:
    Error(ErrorKind kind, const std::string& message, std::string call = {}, int cl_code = 0,
          std::string build_log = {});

    ErrorKind kind() const noexcept { return kind_; }
    // The failing OpenCL call ("clBuildProgram"), empty when the error is not from OpenCL.
    const std::string& call() const noexcept { return call_; }
    int cl_code() const noexcept { return cl_code_; }
    // The OpenCL error's name ("CL_OUT_OF_RESOURCES"), empty when cl_code() is 0.
    std::string cl_error_name() const;
    const std::string& build_log() const noexcept { return build_log_; }

  private:
    ErrorKind kind_;
    std::string call_;
    int cl_code_;
    std::string build_log_;
};

std::string_view to_string(ErrorKind kind);
// "CL_INVALID_WORK_GROUP_SIZE" for -54; "CL_ERROR(-1234)" for codes it does not know.
std::string cl_error_name(int code);

}  // namespace reducelab
