// A student's kernel: built with the catalog's knobs, run with the host finish on several sizes,
// checked work-group by work-group against the CPU, and timed.
#include "reducelab/custom_kernel.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>

#include "reducelab/build_options.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "launch/host_finish.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/launch_plan.h"
#include "reducelab/reference.h"
#include "reducelab/run_types.h"
#include "launch/runtime.h"
#include "reducelab/statistics.h"

namespace reducelab {

using detail::event_ms;
namespace {

// The elements at `indices` of `source`, as an array of their own.
HostArray gather(const HostArray& source, const std::vector<std::uint64_t>& indices) {
    HostArray out(source.type(), indices.size());
    const std::size_t width = size_of(source.type());
    for (std::size_t k = 0; k < indices.size(); ++k)
        std::memcpy(out.data() + k * width, source.data() + indices[k] * width, width);
    return out;
}

struct Launch {
    cl::Kernel kernel;
    std::size_t kernel_limit = 0;
};

}  // namespace

bool is_editable_variant(const Variant& variant) {
    return variant.steppable && !variant.unsafe &&
           variant.group_combine == GroupCombine::Partials && variant.feature == Feature::None;
}

std::string custom_program_source(std::string_view file_text, std::string_view file_name) {
    std::string text(kernel_source("common.cl"));
    text += "\n#line 1 \"";
    text += file_name;
    text += "\"\n";
    text += file_text;
    return text;
}

bool follows_trace_convention(std::string_view file_text) {
    return file_text.find("TRACE_PARAMS") != std::string_view::npos &&
           file_text.find("TRACE_SNAPSHOT") != std::string_view::npos &&
           file_text.find("TRACE_ACCESS") != std::string_view::npos;
}

std::vector<std::uint64_t> default_check_sizes(const Variant& variant, std::size_t local_size) {
    const std::uint64_t local = local_size ? local_size : 256;
    const std::uint64_t per_group = variant.coverage == Coverage::TwoPerItem ? 2 * local
                                    : variant.coverage == Coverage::GridStride
                                        ? local * std::max(1u, variant.vector_width)
                                        : local;
    std::vector<std::uint64_t> sizes{per_group, 1000, 7 * per_group + 3, std::uint64_t{1} << 20};
    std::ranges::sort(sizes);
    // std::unique, not std::ranges::unique: clang 14 (the fuzz build) cannot compile libstdc++ 12's
    // subrange.
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

std::uint64_t group_of_element(const Variant& variant, std::uint64_t index, std::uint64_t n,
                               std::size_t local_size, std::size_t global_size) {
    switch (variant.coverage) {
        case Coverage::OnePerItem:
            return index / local_size;
        case Coverage::TwoPerItem:
            return index / (2 * std::uint64_t{local_size});
        case Coverage::GridStride: {
            const std::uint64_t width = std::max(1u, variant.vector_width);
            const std::uint64_t vectors = n / width;
            // Work-item gid reads vectors gid, gid + G, ...; the n % width tail elements are
            // grid-strided from work-item 0 (see vector.cl).
            const std::uint64_t work_item = index < vectors * width
                                                ? (index / width) % global_size
                                                : (index - vectors * width) % global_size;
            return work_item / local_size;
        }
    }
    return 0;
}

CustomKernelResult run_custom_kernel(Engine& engine, const CustomKernelRequest& request,
                                     std::stop_token stop) {
    const Variant& variant = find_variant(request.base_variant);
    if (!is_editable_variant(variant))
        throw Error(
            ErrorKind::InvalidArgument,
            "the " + request.base_variant +
                " variant cannot be copied and edited: only the tree variants that leave one "
                "partial per work-group can (interleaved ... vector)");
    if (request.file_text.empty())
        throw Error(ErrorKind::InvalidArgument, "the kernel text is empty");
    if (request.repeat < 1) throw Error(ErrorKind::InvalidArgument, "repeat must be at least 1");
    if (request.warmup < 0) throw Error(ErrorKind::InvalidArgument, "warmup cannot be negative");
    detail::DeviceRuntime& runtime = engine.runtime();
    const DeviceInfo& device = runtime.info();
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    check_variant_request(variant, request.op, request.type, Finish::Host);
    if (acc.split_halves)
        throw Error(ErrorKind::Unsupported,
                    "the exact mean of " + std::string(to_string(request.type)) +
                        " runs two reductions (the low and the high 32-bit halves), which a "
                        "custom kernel check does not: check your kernel with sum");
    const bool needs_fp64 = request.type == ElementType::Float64 ||
                            (!acc.is_pair && acc.value_type == ElementType::Float64);
    if (needs_fp64 && !device.has_fp64)
        throw Error(ErrorKind::Unsupported, device.name + " has no double precision (cl_khr_fp64)");

    CustomKernelResult result;
    result.base_variant = request.base_variant;
    result.kernel = std::string(variant.kernel);
    result.file_name =
        request.file_name.empty() ? "my_" + std::string(variant.file) : request.file_name;
    result.traceable = follows_trace_convention(request.file_text);

    RunRequest base;
    base.op = request.op;
    base.type = request.type;
    base.variant = request.base_variant;
    base.accumulator = request.accumulator;
    base.local_size = request.local_size;
    base.fill = request.fill;
    base.seed = request.seed;
    base.finish = Finish::Host;

    KernelKnobs knobs{request.op, request.type, acc, false, false};
    std::string options = build_options(knobs);
    if (!variant.extra_options.empty()) options += " " + std::string(variant.extra_options);
    if (variant.local_size_is_define) {
        const LaunchPlan pre = plan_launch(variant, device, base, 1, device.max_work_group_size);
        options += " -DWGS=" + std::to_string(pre.local_size);
    }
    result.build_options = options;
    const std::string source = custom_program_source(request.file_text, result.file_name);

    std::vector<std::uint64_t> sizes = request.sizes;
    if (sizes.empty()) sizes = default_check_sizes(variant, request.local_size);
    std::ranges::sort(sizes);
    if (sizes.front() == 0) throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    if (sizes.back() > device.max_alloc_bytes / size_of(request.type))
        throw Error(ErrorKind::OutOfResources, "n = " + std::to_string(sizes.back()) +
                                                   " needs a buffer larger than the largest " +
                                                   device.name + " allows (" +
                                                   format_bytes(device.max_alloc_bytes) + ")");

    const std::size_t acc_bytes = acc.device_bytes;
    const bool dot = needs_two_inputs(request.op);
    const Operation group_op = request.op == Operation::Mean ? Operation::Sum : request.op;
    std::lock_guard run_lock(runtime.run_mutex());
    try {
        cl::Program program = runtime.program(source, options);
        cl::Kernel kernel;
        try {
            kernel = cl::Kernel(program, result.kernel.c_str());
        } catch (const cl::Error&) {
            throw Error(ErrorKind::InvalidArgument,
                        result.file_name + " builds but defines no kernel named " + result.kernel +
                            ": keep the name and signature of the " + request.base_variant +
                            " kernel");
        }
        const cl::Device& cl_device = runtime.device();
        const std::size_t kernel_limit =
            kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(cl_device);
        auto& context = runtime.context();
        auto& queue = runtime.queue();

        for (std::size_t s = 0; s < sizes.size(); ++s) {
            if (stop.stop_requested()) throw Error(ErrorKind::Cancelled, "the check was cancelled");
            const std::uint64_t n = sizes[s];
            const bool timed = s + 1 == sizes.size();
            RunRequest req = base;
            req.n = n;
            const Inputs inputs = make_inputs(req);
            const LaunchPlan plan = plan_launch(variant, device, req, n, kernel_limit);
            const std::uint64_t scratch_bytes = plan.local_size * acc_bytes;
            const std::uint64_t kernel_local =
                kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(cl_device);
            if (kernel_local + scratch_bytes > device.local_mem_bytes)
                throw Error(ErrorKind::OutOfResources,
                            "local size " + std::to_string(plan.local_size) + " needs " +
                                format_bytes(kernel_local + scratch_bytes) + " of local memory; " +
                                device.name + " has " + format_bytes(device.local_mem_bytes));

            const HostArray& first = *inputs.first;
            const std::uint64_t input_bytes = first.size_bytes();
            cl::Buffer in(context, CL_MEM_READ_ONLY, input_bytes);
            queue.enqueueWriteBuffer(in, CL_TRUE, 0, input_bytes, first.data());
            cl::Buffer in2 = in;
            if (dot) {
                in2 = cl::Buffer(context, CL_MEM_READ_ONLY, input_bytes);
                queue.enqueueWriteBuffer(in2, CL_TRUE, 0, input_bytes, inputs.second->data());
            }
            cl::Buffer partials(context, CL_MEM_READ_WRITE, plan.work_groups * acc_bytes);
            // Identity in every partial first: a kernel that forgets to store one shows as a
            // mismatch, not as leftover memory.
            const std::vector<std::byte> identity = identity_bytes(request.op, acc);
            std::vector<std::byte> filled(plan.work_groups * acc_bytes);
            for (std::size_t g = 0; g < plan.work_groups; ++g)
                std::memcpy(filled.data() + g * acc_bytes, identity.data(), acc_bytes);
            queue.enqueueWriteBuffer(partials, CL_TRUE, 0, filled.size(), filled.data());

            kernel.setArg(0, in);
            kernel.setArg(1, in2);
            kernel.setArg(2, static_cast<cl_ulong>(n));
            kernel.setArg(3, partials);
            kernel.setArg(4, cl::Local(scratch_bytes));

            std::vector<std::byte> host_partials(plan.work_groups * acc_bytes);
            std::vector<double> totals, kernels;
            const int runs = timed ? request.warmup + request.repeat : 1;
            for (int r = 0; r < runs; ++r) {
                if (stop.stop_requested())
                    throw Error(ErrorKind::Cancelled, "the check was cancelled");
                cl::Event run_event, read_event;
                queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(plan.global_size),
                                           cl::NDRange(plan.local_size), nullptr, &run_event);
                queue.enqueueReadBuffer(partials, CL_TRUE, 0, host_partials.size(),
                                        host_partials.data(), nullptr, &read_event);
                const auto t0 = std::chrono::steady_clock::now();
                const std::vector<std::byte> folded =
                    fold_partials(request.op, acc, host_partials, plan.work_groups);
                const auto t1 = std::chrono::steady_clock::now();
                (void)folded;
                if (r >= (timed ? request.warmup : 0)) {
                    kernels.push_back(event_ms(run_event));
                    totals.push_back(event_ms(run_event) + event_ms(read_event) +
                                     std::chrono::duration<double, std::milli>(t1 - t0).count());
                }
            }

            CustomSizeCheck check;
            check.n = n;
            check.local_size = plan.local_size;
            check.global_size = plan.global_size;
            check.work_groups = plan.work_groups;
            Value value = decode_accumulator(
                acc, fold_partials(request.op, acc, host_partials, plan.work_groups));
            if (request.op == Operation::Mean && value.kind == Value::Kind::Float)
                value = Value::of_float(value.as_double() / static_cast<double>(n));
            else if (request.op == Operation::Mean)  // 32-bit integers: exact 64-bit sum
                value = Value::of_float(exact_integer_mean(
                    value.kind == Value::Kind::Signed ? Int128{value.i} : Int128{value.u}, n));
            check.value = value;
            const Reference whole = compute_reference(request.op, acc, first, inputs.second.get());
            const Verification verdict = verify(request.op, acc, value, whole, plan.chain_length);
            check.reference = whole.value;
            check.verified = verdict.verified;
            check.rule = verdict.rule;

            // Work-group by work-group: the elements each group reads under the base variant's
            // coverage, reduced on the CPU.
            std::vector<std::vector<std::uint64_t>> members(plan.work_groups);
            for (std::uint64_t j = 0; j < n; ++j)
                members[group_of_element(variant, j, n, plan.local_size, plan.global_size)]
                    .push_back(j);
            const std::uint64_t group_chain = plan.chain_length;
            for (std::size_t g = 0; g < plan.work_groups; ++g) {
                const Value device_partial =
                    decode_accumulator(acc, {host_partials.data() + g * acc_bytes, acc_bytes});
                Value expected;
                bool matches = false;
                if (members[g].empty()) {
                    const std::vector<std::byte> id = identity_bytes(group_op, acc);
                    expected = decode_accumulator(acc, id);
                    matches = std::memcmp(host_partials.data() + g * acc_bytes, id.data(),
                                          acc.is_pair ? size_of(request.type) : acc_bytes) == 0;
                } else {
                    const HostArray part = gather(first, members[g]);
                    std::optional<HostArray> part2;
                    if (dot) part2 = gather(*inputs.second, members[g]);
                    Reference ref =
                        compute_reference(group_op, acc, part, part2 ? &*part2 : nullptr);
                    if (ref.value.index) ref.value.index = members[g][*ref.value.index];
                    expected = ref.value;
                    matches = verify(group_op, acc, device_partial, ref, group_chain).verified;
                }
                if (matches) continue;
                ++check.mismatched_groups;
                if (!check.first_mismatch)
                    check.first_mismatch =
                        GroupMismatch{g, device_partial, expected, members[g].size(),
                                      members[g].empty() ? 0 : members[g].front()};
            }
            if (timed) {
                const std::size_t median = median_index(totals);
                result.timed_n = n;
                result.repeat_ms = totals;
                result.total_ms = totals[median];
                result.kernel_ms = kernels[median];
                const double bytes = static_cast<double>(input_bytes) * (dot ? 2 : 1);
                result.gbps = result.total_ms > 0 ? bytes / (result.total_ms * 1e6) : 0.0;
            }
            result.checks.push_back(std::move(check));
        }
    } catch (const cl::Error& e) {
        detail::rethrow_cl_error(e, "running " + result.file_name + " on " + device.name);
    }
    result.verified = std::ranges::all_of(result.checks, [](const CustomSizeCheck& c) {
        return c.verified && c.mismatched_groups == 0;
    });
    return result;
}

}  // namespace reducelab
