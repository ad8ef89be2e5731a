// Device runtimes and the program cache.
#include "launch/runtime.h"

#include <algorithm>
#include <atomic>
#include <random>
#include <vector>

namespace reducelab::detail {
namespace {

cl::Device find_cl_device(const DeviceInfo& info) {
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    if (info.platform_index >= platforms.size())
        throw Error(ErrorKind::NoPlatform, "the platform of " + info.name + " has disappeared");
    std::vector<cl::Device> devices;
    platforms[info.platform_index].getDevices(CL_DEVICE_TYPE_ALL, &devices);
    if (info.platform_device_index < devices.size()) return devices[info.platform_device_index];
    throw Error(ErrorKind::NoPlatform, "device " + info.name + " has disappeared");
}

}  // namespace

DeviceRuntime::DeviceRuntime(const DeviceInfo& info) : info_(info) {
    cl_call("opening " + info.name, [&] {
        device_ = find_cl_device(info);
        context_ = cl::Context(device_);
        queue_ = cl::CommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE);
        plain_queue_ = cl::CommandQueue(context_, device_, cl::QueueProperties::None);
    });
}

cl::Program DeviceRuntime::program(const std::string& source, const std::string& options) {
    std::lock_guard lock(cache_mutex_);
    const auto key = std::make_pair(source, options);
    if (const auto found = programs_.find(key); found != programs_.end()) return found->second;
    cl::Program program = build_program(source, options);
    // On NVIDIA the build log carries ptxas's register count, from which kernel_work_group_limit
    // derives the local sizes the driver under-reports. When the driver's compute cache already
    // holds the binary, ptxas does not run and the log is empty: build once more with a kernel
    // whose constant is new to the cache, so the module goes through ptxas again (measured on the
    // H200: a second process got no count and refused local sizes 512 and 1024).
    if (info_.is_nvidia &&
        program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_).find("Used ") == std::string::npos) {
        static std::atomic<unsigned> salt_counter{0};
        const auto salt = std::to_string(std::random_device{}()) + "u + " +
                          std::to_string(salt_counter.fetch_add(1)) + "u";
        program = build_program(source +
                                    "\n__kernel void reducelab_ptxas_salt(__global uint* out) {"
                                    " out[0] = " +
                                    salt + "; }\n",
                                options);
    }
    ++built_;
    programs_.emplace(key, program);
    return program;
}

cl::Program DeviceRuntime::build_program(const std::string& source, const std::string& options) {
    cl::Program program =
        cl_call("creating a program", [&] { return cl::Program(context_, source); });
    const std::string built_with = info_.is_nvidia ? options + " -cl-nv-verbose" : options;
    try {
        program.build(std::vector<cl::Device>{device_}, built_with.c_str());
    } catch (const cl::BuildError& e) {
        std::string log;
        for (const auto& [dev, text] : e.getBuildLog()) log += text;
        throw Error(ErrorKind::Build,
                    "the kernel failed to build on " + info_.name + " (" + cl_error_name(e.err()) +
                        ") with options: " + options,
                    "clBuildProgram", e.err(), log);
    } catch (const cl::Error& e) {
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
        } catch (const cl::Error&) {
        }
        throw Error(kind_for_cl_code(e.err()) == ErrorKind::OpenCL ? ErrorKind::Build
                                                                   : kind_for_cl_code(e.err()),
                    "the kernel failed to build on " + info_.name + " (" + cl_error_name(e.err()) +
                        ") with options: " + options,
                    e.what(), e.err(), log);
    }
    return program;
}

std::size_t DeviceRuntime::programs_built() const {
    std::lock_guard lock(cache_mutex_);
    return built_;
}

std::shared_ptr<DeviceRuntime> runtime_for(const DeviceInfo& info) {
    static std::mutex mutex;
    // Never destroyed: releasing OpenCL objects from static destructors at exit runs after the
    // OpenCL implementation's own thread-local state is gone (Oclgrind then corrupts the heap).
    static auto* runtimes =
        new std::map<std::pair<std::size_t, std::string>, std::shared_ptr<DeviceRuntime>>();
    std::lock_guard lock(mutex);
    auto& slot = (*runtimes)[{info.index, info.name}];
    if (!slot) slot = std::make_shared<DeviceRuntime>(info);
    return slot;
}

double event_ms(const cl::Event& event) {
    const auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return end > start ? static_cast<double>(end - start) * 1e-6 : 0.0;
}

double span_ms(const std::vector<cl::Event>& events) {
    cl_ulong first_start = ~cl_ulong{0}, last_end = 0;
    double sum_ms = 0.0;
    for (const cl::Event& event : events) {
        first_start = std::min(first_start, event.getProfilingInfo<CL_PROFILING_COMMAND_START>());
        last_end = std::max(last_end, event.getProfilingInfo<CL_PROFILING_COMMAND_END>());
        sum_ms += event_ms(event);
    }
    return last_end > first_start ? static_cast<double>(last_end - first_start) * 1e-6 : sum_ms;
}

}  // namespace reducelab::detail
