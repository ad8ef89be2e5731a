// A student's kernel: built with the catalog's knobs, run with the host finish on several sizes,
// checked work-group by work-group against the CPU, and timed.
#include "reducelab/custom_kernel.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>

#include "core/exact_sum.h"
#include "launch/custom_one_launch.h"
#include "launch/engine_access.h"
#include "launch/host_finish.h"
#include "launch/prepared_kernel.h"
#include "reducelab/build_options.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/launch_plan.h"
#include "reducelab/reference.h"
#include "reducelab/run_types.h"
#include "reducelab/units.h"

namespace reducelab {

namespace {

// The elements at `indices` of `source`, as an array of their own.
HostArray gather(const HostArray& source, const std::vector<std::uint64_t>& indices) {
    HostArray out(source.type(), indices.size());
    const std::size_t width = size_of(source.type());
    for (std::size_t k = 0; k < indices.size(); ++k)
        std::memcpy(out.data() + k * width, source.data() + indices[k] * width, width);
    return out;
}

// A copy of `source` with the planted values at planted_positions.
std::shared_ptr<const HostArray> with_planted(const HostArray& source,
                                              const std::vector<double>& planted) {
    auto copy = std::make_shared<HostArray>(source);
    const std::vector<std::uint64_t> at = planted_positions(planted.size(), copy->size());
    for (std::size_t k = 0; k < planted.size(); ++k) {
        std::byte* element = copy->data() + at[k] * size_of(copy->type());
        if (copy->type() == ElementType::Float32) {
            const float value = static_cast<float>(planted[k]);
            std::memcpy(element, &value, sizeof value);
        } else {
            std::memcpy(element, &planted[k], sizeof(double));
        }
    }
    return copy;
}

}  // namespace

std::vector<std::uint64_t> planted_positions(std::size_t count, std::uint64_t n) {
    std::vector<std::uint64_t> at;
    for (std::size_t k = 0; k < count; ++k) at.push_back((2 * k + 1) * n / (2 * count));
    return at;
}

bool detail::is_one_launch_editable(const Variant& variant) {
    // Not best (tuned: its -D knobs come from the device's tuning file) nor the correctly
    // rounded one (its work buffer holds the exact sum's digits).
    return variant.group_combine == GroupCombine::LastGroup && !variant.correctly_rounded &&
           !variant.tuned && !variant.unsafe && variant.feature == Feature::None;
}

bool is_editable_variant(const Variant& variant) {
    return variant.steppable() && !variant.unsafe &&
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

namespace {

void check_custom_request(const CustomKernelRequest& request, const Variant& variant,
                          const DeviceInfo& device) {
    const bool one_launch = detail::is_one_launch_editable(variant);
    if (!is_editable_variant(variant) && !one_launch)
        throw Error(ErrorKind::InvalidArgument,
                    "the " + request.base_variant +
                        " variant cannot be copied and edited: only the tree variants that leave "
                        "one partial per work-group (interleaved ... vector) and the one-launch "
                        "single-pass can");
    if (request.file_text.empty())
        throw Error(ErrorKind::InvalidArgument, "the kernel text is empty");
    if (request.repeat < 1) throw Error(ErrorKind::InvalidArgument, "repeat must be at least 1");
    if (request.warmup < 0) throw Error(ErrorKind::InvalidArgument, "warmup cannot be negative");
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    check_variant_request(variant, request.op, request.type,
                          one_launch ? Finish::Kernel : Finish::Host);
    if (one_launch && !request.planted.empty())
        throw Error(ErrorKind::InvalidArgument,
                    "special values are planted into a partials variant's check only");
    if (acc.split_halves)
        throw Error(ErrorKind::Unsupported,
                    "the exact mean of " + std::string(to_string(request.type)) +
                        " runs two reductions (the low and the high 32-bit halves), which a "
                        "custom kernel check does not: check your kernel with sum");
    detail::check_fp64(device, request.type, acc);
    if (!request.planted.empty() && request.type != ElementType::Float32 &&
        request.type != ElementType::Float64)
        throw Error(ErrorKind::InvalidArgument,
                    "special values (NaN, infinities, -0.0) need a floating-point type, not " +
                        std::string(to_string(request.type)));
}

// The value of the host fold of the partials: divided by n for a mean.
Value folded_value(Operation op, const AccumulatorSpec& acc, const std::vector<std::byte>& partials,
                   std::size_t groups, std::uint64_t n) {
    Value value = decode_accumulator(acc, fold_partials(op, acc, partials, groups));
    if (op == Operation::Mean && value.kind == Value::Kind::Float)
        return Value::of_float(value.as_double() / static_cast<double>(n));
    if (op == Operation::Mean)  // 32-bit integers: exact 64-bit sum
        return Value::of_float(exact_integer_mean(
            value.kind == Value::Kind::Signed ? Int128{value.i} : Int128{value.u}, n));
    return value;
}

// The partials added exactly and rounded once (float accumulators only).
std::optional<double> exact_sum_of_partials(const AccumulatorSpec& acc,
                                            const std::vector<std::byte>& partials,
                                            std::size_t groups) {
    ExactSum sum;
    for (std::size_t g = 0; g < groups; ++g) {
        const Value v =
            decode_accumulator(acc, {partials.data() + g * acc.device_bytes, acc.device_bytes});
        if (v.kind != Value::Kind::Float || !sum.add(v.as_double())) return std::nullopt;
    }
    return sum.to_double();
}

// Work-group by work-group: the elements each group reads under the base variant's coverage,
// reduced on the CPU and compared with the group's partial.
void compare_groups(CustomSizeCheck& check, const CustomKernelRequest& request,
                    const Variant& variant, const AccumulatorSpec& acc, const Inputs& inputs,
                    const std::vector<std::byte>& partials, std::uint64_t group_chain) {
    const std::size_t acc_bytes = acc.device_bytes;
    const Operation group_op = request.op == Operation::Mean ? Operation::Sum : request.op;
    std::vector<std::vector<std::uint64_t>> members(check.work_groups);
    for (std::uint64_t j = 0; j < check.n; ++j)
        members[group_of_element(variant, j, check.n, check.local_size, check.global_size)]
            .push_back(j);
    for (std::size_t g = 0; g < check.work_groups; ++g) {
        const std::byte* partial = partials.data() + g * acc_bytes;
        const Value device_partial = decode_accumulator(acc, {partial, acc_bytes});
        Value expected;
        bool matches = false;
        if (members[g].empty()) {
            const std::vector<std::byte> id = identity_bytes(group_op, acc);
            expected = decode_accumulator(acc, id);
            matches = std::memcmp(partial, id.data(),
                                  acc.is_pair ? size_of(request.type) : acc_bytes) == 0;
        } else {
            const HostArray part = gather(*inputs.first, members[g]);
            std::optional<HostArray> part2;
            if (inputs.second) part2 = gather(*inputs.second, members[g]);
            Reference ref = compute_reference(group_op, acc, part, part2 ? &*part2 : nullptr);
            if (ref.value.index) ref.value.index = members[g][*ref.value.index];
            expected = ref.value;
            matches = verify(group_op, acc, device_partial, ref, group_chain).verified;
        }
        if (matches) continue;
        ++check.mismatched_groups;
        if (!check.first_mismatch)
            check.first_mismatch = GroupMismatch{g, device_partial, expected, members[g].size(),
                                                 members[g].empty() ? 0 : members[g].front()};
    }
}

// Runs the kernel on one size: the whole value and every work-group checked; the largest size
// (`timed`) also timed into `result`.
CustomSizeCheck check_size(detail::PreparedKernel& kernel, const CustomKernelRequest& request,
                           const Variant& variant, const RunRequest& size_request, bool timed,
                           std::stop_token stop, CustomKernelResult& result) {
    detail::DeviceRuntime& runtime = kernel.runtime();
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    const std::size_t acc_bytes = acc.device_bytes;
    const std::uint64_t n = size_request.n;
    Inputs inputs = make_inputs(size_request);
    if (!request.planted.empty()) inputs.first = with_planted(*inputs.first, request.planted);
    const LaunchPlan plan = kernel.plan(size_request, n, kernel.work_group_limit(), acc_bytes);
    const detail::DeviceInputs in = detail::upload_inputs(runtime, inputs);
    // A one-launch kernel leaves its value in out[0]: one "partial", read back alone.
    const bool one_launch = detail::is_one_launch_editable(variant);
    const std::size_t read_back = one_launch ? 1 : plan.work_groups;
    cl::Buffer partials(runtime.context(), CL_MEM_READ_WRITE, read_back * acc_bytes);
    // Identity in every partial first: a kernel that forgets to store one shows as a mismatch,
    // not as leftover memory.
    const std::vector<std::byte> identity = identity_bytes(request.op, acc);
    std::vector<std::byte> host_partials(read_back * acc_bytes);
    for (std::size_t g = 0; g < read_back; ++g)
        std::memcpy(host_partials.data() + g * acc_bytes, identity.data(), acc_bytes);
    auto& queue = runtime.queue();
    queue.enqueueWriteBuffer(partials, CL_TRUE, 0, host_partials.size(), host_partials.data());
    kernel.bind(in, n, partials, plan.local_size * acc_bytes);
    cl::Buffer work;
    if (one_launch) {
        // The work-groups' partials, then the ticket, all zero (as launch_core.cpp).
        const std::vector<std::byte> zeros(plan.work_groups * acc_bytes + sizeof(cl_uint));
        work = cl::Buffer(runtime.context(), CL_MEM_READ_WRITE, zeros.size());
        queue.enqueueWriteBuffer(work, CL_TRUE, 0, zeros.size(), zeros.data());
        kernel.set_group_work(work);
    }

    std::vector<double> kernel_ms;
    const detail::Repeats repeats = detail::time_repeats(
        timed ? request.warmup : 0, timed ? request.repeat : 1, stop, "check", [&](bool kept) {
            const cl::Event run_event = kernel.launch(plan.global_size, plan.local_size);
            cl::Event read_event;
            queue.enqueueReadBuffer(partials, CL_TRUE, 0, host_partials.size(),
                                    host_partials.data(), nullptr, &read_event);
            // The host fold is part of the time, as in a host-finish run.
            const auto t0 = std::chrono::steady_clock::now();
            (void)fold_partials(request.op, acc, host_partials, read_back);
            const auto t1 = std::chrono::steady_clock::now();
            if (kept) kernel_ms.push_back(detail::event_ms(run_event));
            return detail::event_ms(run_event) + detail::event_ms(read_event) +
                   std::chrono::duration<double, std::milli>(t1 - t0).count();
        });

    CustomSizeCheck check;
    check.n = n;
    check.local_size = plan.local_size;
    check.global_size = plan.global_size;
    check.work_groups = plan.work_groups;
    check.value = folded_value(request.op, acc, host_partials, read_back, n);
    const Reference whole = compute_reference(request.op, acc, *inputs.first, inputs.second.get());
    const Verification verdict = verify(request.op, acc, check.value, whole, plan.chain_length);
    check.reference = whole.value;
    if (whole.exact_sum_known && request.op != Operation::Mean && !acc.is_pair)
        check.exact_partials = exact_sum_of_partials(acc, host_partials, read_back);
    check.exact_sum = whole.value.as_double();
    check.sum_of_abs = whole.magnitude;
    check.verified = verdict.verified;
    check.rule = verdict.rule;
    if (!one_launch)
        compare_groups(check, request, variant, acc, inputs, host_partials, plan.chain_length);
    if (timed) {
        result.timed_n = n;
        result.repeat_ms = repeats.totals_ms;
        result.total_ms = repeats.median_ms();
        result.kernel_ms = kernel_ms[repeats.median];
        const double bytes =
            static_cast<double>(inputs.first->size_bytes()) * (inputs.second ? 2 : 1);
        result.gbps = units::gbps_of(bytes, result.total_ms);
    }
    return check;
}

}  // namespace

CustomKernelResult run_custom_kernel(Engine& engine, const CustomKernelRequest& request,
                                     std::stop_token stop) {
    const Variant& variant = find_variant(request.base_variant);
    detail::DeviceRuntime& runtime = EngineAccess::runtime(engine);
    const DeviceInfo& device = runtime.info();
    check_custom_request(request, variant, device);

    CustomKernelResult result;
    result.base_variant = request.base_variant;
    result.kernel = std::string(variant.kernel);
    result.file_name =
        request.file_name.empty() ? "my_" + std::string(variant.file) : request.file_name;
    result.traceable = follows_trace_convention(request.file_text);

    RunRequest base;
    static_cast<Problem&>(base) = request;
    base.n = 0;
    base.input_path.clear();  // generated inputs of every size
    base.second_input_path.clear();
    base.variant = request.base_variant;
    base.local_size = request.local_size;
    base.finish = detail::is_one_launch_editable(variant) ? Finish::Kernel : Finish::Host;

    std::vector<std::uint64_t> sizes = request.sizes;
    if (sizes.empty()) sizes = default_check_sizes(variant, request.local_size);
    std::ranges::sort(sizes);
    if (sizes.front() == 0) throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    check_input_fits(device, base, sizes.back());

    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    const detail::KernelBuild build{&variant,
                                    KernelKnobs{request.op, request.type, acc, false, false},
                                    {},
                                    custom_program_source(request.file_text, result.file_name),
                                    result.file_name};
    std::lock_guard run_lock(runtime.run_mutex());
    detail::cl_call("running " + result.file_name + " on " + device.name, [&] {
        detail::PreparedKernel kernel(runtime, build, base, 1);
        result.build_options = kernel.options();
        for (std::size_t s = 0; s < sizes.size(); ++s) {
            if (stop.stop_requested()) throw Error(ErrorKind::Cancelled, "the check was cancelled");
            RunRequest size_request = base;
            size_request.n = sizes[s];
            result.checks.push_back(check_size(kernel, request, variant, size_request,
                                               s + 1 == sizes.size(), stop, result));
        }
    });
    result.verified = std::ranges::all_of(result.checks, [](const CustomSizeCheck& c) {
        return c.verified && c.mismatched_groups == 0;
    });
    return result;
}

}  // namespace reducelab
