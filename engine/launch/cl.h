// The engine's private door to OpenCL-CLHPP: the one place its CL_HPP_* settings are made,
// and the conversion of CLHPP exceptions into reducelab::Error. Never include from a public header.
#pragma once

#define CL_HPP_ENABLE_EXCEPTIONS
// 110/300 is a pair that compiles with Debian's opencl.hpp 2023.02.06 (120/300 does not).
#define CL_HPP_MINIMUM_OPENCL_VERSION 110
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_TARGET_OPENCL_VERSION 300

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#pragma GCC diagnostic ignored "-Wignored-attributes"
#include <CL/opencl.hpp>
#pragma GCC diagnostic pop

#include <string>

#include "reducelab/error.h"

namespace reducelab::detail {

// Maps an OpenCL error code to the engine's error kind (memory failures are "out of resources").
ErrorKind kind_for_cl_code(int code);

// Converts a CLHPP exception into the engine's error, naming what the engine was doing.
[[noreturn]] void rethrow_cl_error(const cl::Error& error, const std::string& context);

// Runs f(); any cl::Error it throws becomes a reducelab::Error that names `context`.
template <typename F>
decltype(auto) cl_call(const std::string& context, F&& f) {
    try {
        return f();
    } catch (const cl::Error& e) {
        rethrow_cl_error(e, context);
    }
}

}  // namespace reducelab::detail
