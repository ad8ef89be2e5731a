// The one launch path: device checks, build, plan, upload, launch.
#include "launch/prepared_kernel.h"

#include "catalog/kernel_includes.h"
#include "launch/work_group_limit_cl.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/memory_limits.h"

namespace reducelab {

void check_input_fits(const DeviceInfo& device, const RunRequest& request, std::uint64_t n) {
    const std::uint64_t width = size_of(request.type);
    const std::uint64_t count = needs_two_inputs(request.op) ? 2 : 1;
    const std::string what =
        std::to_string(n) + " " + std::string(to_string(request.type)) + " elements";
    if (n > device.max_alloc_bytes / width)
        throw Error(ErrorKind::OutOfResources,
                    "an input of " + what + " needs a buffer of " +
                        (n > ~std::uint64_t{0} / width ? std::string("more than 16 EiB")
                                                       : format_bytes(n * width)) +
                        " but the largest buffer " + device.name + " allows is " +
                        format_bytes(device.max_alloc_bytes) + " (CL_DEVICE_MAX_MEM_ALLOC_SIZE)");
    if (n * width > device.global_mem_bytes / count)
        throw Error(ErrorKind::OutOfResources,
                    std::string(count == 2 ? "two inputs" : "an input") + " of " + what +
                        (count == 2 ? " need " : " needs ") + format_bytes(n * width * count) +
                        " but " + device.name + " has " + format_bytes(device.global_mem_bytes) +
                        " of global memory (CL_DEVICE_GLOBAL_MEM_SIZE)");
    // The inputs are made on the host first; a CPU device's buffers are host memory too. A
    // driver that cannot get that memory may abort (PoCL asserts), so ask before it is needed.
    const std::uint64_t copies = device.type == "CPU" ? 2 : 1;
    const std::uint64_t host_bytes = n * width * count * copies;
    if (const auto host = available_host_memory(); host && host_bytes > host->bytes)
        throw Error(
            ErrorKind::OutOfResources,
            std::string(count == 2 ? "two inputs" : "an input") + " of " + what +
                (count == 2 ? " need " : " needs ") + format_bytes(host_bytes) + " of host memory" +
                (copies == 2 ? " (the input and the CPU device's copy of it)" : "") + " but only " +
                format_bytes(host->bytes) + " is available (" +
                (host->limited_by == "RLIMIT_AS" ? "what the address-space limit RLIMIT_AS leaves"
                                                 : "MemAvailable in /proc/meminfo") +
                "); use a smaller --n");
}

}  // namespace reducelab

namespace reducelab::detail {

void check_fp64(const DeviceInfo& device, ElementType type, const AccumulatorSpec& acc) {
    const bool needs_fp64 =
        type == ElementType::Float64 || (!acc.is_pair && acc.value_type == ElementType::Float64);
    if (needs_fp64 && !device.has_fp64)
        throw Error(ErrorKind::Unsupported,
                    device.name +
                        " has no double precision (cl_khr_fp64): float64 elements and "
                        "the wide float32 accumulator are unavailable");
}

DeviceInputs upload_inputs(DeviceRuntime& runtime, const Inputs& inputs) {
    const HostArray& first = *inputs.first;
    const std::uint64_t bytes = first.size_bytes();
    DeviceInputs buffers;
    buffers.first = cl::Buffer(runtime.context(), CL_MEM_READ_ONLY, bytes);
    runtime.queue().enqueueWriteBuffer(buffers.first, CL_TRUE, 0, bytes, first.data());
    buffers.second = buffers.first;
    if (inputs.second) {
        buffers.second = cl::Buffer(runtime.context(), CL_MEM_READ_ONLY, bytes);
        runtime.queue().enqueueWriteBuffer(buffers.second, CL_TRUE, 0, bytes,
                                           inputs.second->data());
    }
    return buffers;
}

PreparedKernel::PreparedKernel(DeviceRuntime& runtime, const std::string& source,
                               const std::string& options, const std::string& kernel_name)
    : runtime_(runtime), options_(options) {
    kernel_ = cl::Kernel(runtime.program(source, options), kernel_name.c_str());
    work_group_limit_ = kernel_work_group_limit(runtime, kernel_);
}

PreparedKernel::PreparedKernel(DeviceRuntime& runtime, const KernelBuild& build,
                               const RunRequest& geometry, std::uint64_t n)
    : runtime_(runtime),
      variant_(build.variant),
      second_input_(build.variant->group_combine != GroupCombine::LastGroup ||
                    build.knobs.op == Operation::Dot) {
    const Variant& variant = *build.variant;
    const DeviceInfo& device = runtime.info();
    check_fp64(device, build.knobs.type, build.knobs.accumulator);
    options_ = build_options(build.knobs);
    options_ += variant_build_options(variant, device);
    options_ += build.extra_options;
    // The correctly rounded sum picks its fast path by the kind of device (reproducible.cl).
    if (variant.correctly_rounded && device.type == "CPU") options_ += " -DRL_CPU_DEVICE=1";
    if (variant.local_size_is_define) {
        const LaunchPlan pre =
            plan_launch(variant, device, geometry, n, device.max_work_group_size);
        options_ += " -DWGS=" + std::to_string(pre.local_size);
    }
    const std::string name(variant.kernel);
    // A program of its own is a student's, typed into the GUI: it may include no files.
    cl::Program program = runtime.program(
        build.source.empty()
            ? program_source(variant.file)
            : refuse_includes(build.source,
                              build.edited_file.empty() ? "the program" : build.edited_file),
        options_);
    try {
        kernel_ = cl::Kernel(program, name.c_str());
    } catch (const cl::Error&) {
        if (build.edited_file.empty()) throw;
        throw Error(ErrorKind::InvalidArgument, build.edited_file +
                                                    " builds but defines no kernel named " + name +
                                                    ": keep the name and signature of the " +
                                                    std::string(variant.name) + " kernel");
    }
    work_group_limit_ = kernel_work_group_limit(runtime, kernel_);
}

LaunchPlan PreparedKernel::plan(const RunRequest& geometry, std::uint64_t n, std::size_t limit,
                                std::size_t scratch_per_item) const {
    const DeviceInfo& device = runtime_.info();
    const LaunchPlan plan = plan_launch(*variant_, device, geometry, n, limit);
    const std::uint64_t kernel_local =
        kernel_.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(runtime_.device());
    const std::uint64_t needed = kernel_local + plan.local_size * scratch_per_item;
    if (needed > device.local_mem_bytes)
        throw Error(ErrorKind::OutOfResources, "local size " + std::to_string(plan.local_size) +
                                                   " needs " + format_bytes(needed) +
                                                   " of local memory; " + device.name + " has " +
                                                   format_bytes(device.local_mem_bytes));
    return plan;
}

void PreparedKernel::bind(const DeviceInputs& inputs, std::uint64_t n, const cl::Buffer& out,
                          std::size_t scratch_bytes) {
    const cl_uint first_after_inputs = second_input_ ? 2 : 1;
    kernel_.setArg(0, inputs.first);
    if (second_input_) kernel_.setArg(1, inputs.second);
    kernel_.setArg(first_after_inputs, static_cast<cl_ulong>(n));
    kernel_.setArg(first_after_inputs + 1, out);
    kernel_.setArg(first_after_inputs + 2, cl::Local(scratch_bytes));
}

void PreparedKernel::set_output(const cl::Buffer& out) {
    kernel_.setArg(second_input_ ? 3 : 2, out);
}

void PreparedKernel::set_group_work(const cl::Buffer& work) {
    kernel_.setArg(second_input_ ? 5 : 4, work);
}

cl::Event PreparedKernel::launch(std::size_t global_size, std::size_t local_size) {
    cl::Event event;
    runtime_.queue().enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(global_size),
                                          cl::NDRange(local_size), nullptr, &event);
    return event;
}

void PreparedKernel::launch_untimed(cl::CommandQueue& queue, std::size_t global_size,
                                    std::size_t local_size) {
    queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(global_size),
                               cl::NDRange(local_size));
}

}  // namespace reducelab::detail
