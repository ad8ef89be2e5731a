// Conversion of CLHPP exceptions into reducelab::Error.
#include "launch/cl.h"

namespace reducelab::detail {

ErrorKind kind_for_cl_code(int code) {
    switch (code) {
        case CL_OUT_OF_RESOURCES:
        case CL_OUT_OF_HOST_MEMORY:
        case CL_MEM_OBJECT_ALLOCATION_FAILURE:
        case CL_INVALID_BUFFER_SIZE:
            return ErrorKind::OutOfResources;
        case CL_BUILD_PROGRAM_FAILURE:
        case CL_COMPILE_PROGRAM_FAILURE:
        case CL_LINK_PROGRAM_FAILURE:
            return ErrorKind::Build;
        case CL_PLATFORM_NOT_FOUND_KHR:
        case CL_DEVICE_NOT_FOUND:
            return ErrorKind::NoPlatform;
        default:
            return ErrorKind::OpenCL;
    }
}

void rethrow_cl_error(const cl::Error& error, const std::string& context) {
    const int code = error.err();
    const std::string call = error.what() ? error.what() : "";
    throw Error(kind_for_cl_code(code),
                context + ": " + call + " failed with " + cl_error_name(code), call, code);
}

}  // namespace reducelab::detail
