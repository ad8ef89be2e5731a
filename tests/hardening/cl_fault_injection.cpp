// OpenCL fault injection for tests (see cl_fault_injection.h). Also armed from the environment
// for the fault-injecting CLI: REDUCELAB_FAULT="clEnqueueNDRangeKernel:-5:1" fails the second
// launch with CL_OUT_OF_RESOURCES (-5).
#include "cl_fault_injection.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>

namespace reducelab::test::faults {
namespace {

struct State {
    std::mutex mutex;
    std::string call;
    int code = 0;
    int remaining = -1;  // calls to let through before failing; -1: disarmed
    int buffer_calls = 0;
    int launch_calls = 0;
    int read_calls = 0;
    int injected = 0;
    bool env_read = false;
};

State& state() {
    static State s;
    return s;
}

void read_environment(State& s) {
    if (s.env_read) return;
    s.env_read = true;
    const char* spec = std::getenv("REDUCELAB_FAULT");
    if (!spec || !*spec) return;
    const std::string text(spec);
    const auto first = text.find(':');
    if (first == std::string::npos) return;
    const auto second = text.find(':', first + 1);
    s.call = text.substr(0, first);
    s.code = std::atoi(text.substr(first + 1, second - first - 1).c_str());
    s.remaining = second == std::string::npos ? 0 : std::atoi(text.substr(second + 1).c_str());
}

// True when this call of `name` must fail (and counts it).
bool should_fail(const char* name, int& code) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    read_environment(s);
    const std::string call(name);
    if (call == "clCreateBuffer")
        ++s.buffer_calls;
    else if (call == "clEnqueueReadBuffer")
        ++s.read_calls;
    else
        ++s.launch_calls;
    if (s.remaining < 0 || s.call != name) return false;
    if (s.remaining > 0) {
        --s.remaining;
        return false;
    }
    s.remaining = -1;
    ++s.injected;
    code = s.code;
    return true;
}

template <typename F>
F real(const char* name) {
    void* symbol = dlsym(RTLD_NEXT, name);
    if (!symbol) std::abort();  // the OpenCL loader is linked: this cannot happen
    return reinterpret_cast<F>(symbol);
}

}  // namespace

void arm(const std::string& call, int code, int after) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.env_read = true;
    s.call = call;
    s.code = code;
    s.remaining = after;
}

void disarm() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.env_read = true;
    s.remaining = -1;
}

int calls(const std::string& call) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (call == "clCreateBuffer") return s.buffer_calls;
    return call == "clEnqueueReadBuffer" ? s.read_calls : s.launch_calls;
}

int injected() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.injected;
}

}  // namespace reducelab::test::faults

using reducelab::test::faults::real;
using reducelab::test::faults::should_fail;

extern "C" {

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size,
                                               void* host_ptr, cl_int* errcode_ret) {
    int code = 0;
    if (should_fail("clCreateBuffer", code)) {
        if (errcode_ret) *errcode_ret = code;
        return nullptr;
    }
    using Fn = cl_mem(CL_API_CALL*)(cl_context, cl_mem_flags, size_t, void*, cl_int*);
    static const Fn forward = real<Fn>("clCreateBuffer");
    return forward(context, flags, size, host_ptr, errcode_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel,
                                                       cl_uint work_dim,
                                                       const size_t* global_offset,
                                                       const size_t* global_size,
                                                       const size_t* local_size, cl_uint num_events,
                                                       const cl_event* wait_list, cl_event* event) {
    int code = 0;
    if (should_fail("clEnqueueNDRangeKernel", code)) return code;
    using Fn =
        cl_int(CL_API_CALL*)(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*,
                             const size_t*, cl_uint, const cl_event*, cl_event*);
    static const Fn forward = real<Fn>("clEnqueueNDRangeKernel");
    return forward(queue, kernel, work_dim, global_offset, global_size, local_size, num_events,
                   wait_list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue queue, cl_mem buffer,
                                                    cl_bool blocking, size_t offset, size_t size,
                                                    void* ptr, cl_uint num_events,
                                                    const cl_event* wait_list, cl_event* event) {
    int code = 0;
    if (should_fail("clEnqueueReadBuffer", code)) return code;
    using Fn = cl_int(CL_API_CALL*)(cl_command_queue, cl_mem, cl_bool, size_t, size_t, void*,
                                    cl_uint, const cl_event*, cl_event*);
    static const Fn forward = real<Fn>("clEnqueueReadBuffer");
    return forward(queue, buffer, blocking, offset, size, ptr, num_events, wait_list, event);
}

}  // extern "C"
