// Engine: device selection, input upload, launching, timing and verification of one reduction.
#include "reducelab/engine.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>

#include "reducelab/build_options.h"
#include "reducelab/error.h"
#include "launch/host_finish.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/launch_plan.h"
#include "reducelab/reference.h"
#include "launch/runtime.h"
#include "reducelab/statistics.h"
#include "reducelab/tuning.h"
#include "reducelab/custom_kernel.h"

namespace reducelab {

using detail::event_ms;

// What one device pass leaves for the verification.
struct Engine::PassData {
    bool wants_partials = false;         // read the partials for a Finish::Kernel run too
    std::vector<std::byte> final_bytes;  // the accumulator's final value, device layout
    std::vector<std::byte> partials;     // the work-groups' partials (host or kernel finish)
    LaunchPlan plan;
};

struct Engine::UploadCache {
    std::uint64_t id = 0;
    cl::Buffer first;
    cl::Buffer second;
    // CPU references of the uploaded inputs by (operation, accumulator): sweeps and tuning run
    // many configurations over one input, and the reference does not depend on the launch.
    std::map<std::pair<Operation, std::string>, Reference> references;
};

namespace {

void check_device_support(const RunRequest& request, const AccumulatorSpec& acc,
                          const DeviceInfo& device) {
    const bool needs_fp64 = request.type == ElementType::Float64 ||
                            (!acc.is_pair && acc.value_type == ElementType::Float64);
    if (needs_fp64 && !device.has_fp64)
        throw Error(ErrorKind::Unsupported,
                    device.name +
                        " has no double precision (cl_khr_fp64): float64 elements and "
                        "the wide float32 accumulator are unavailable");
    if (request.finish != Finish::Atomic) return;
    if (acc.is_pair)
        throw Error(ErrorKind::Unsupported,
                    std::string(to_string(request.op)) +
                        " carries (value, index) pairs, which OpenCL atomics cannot combine; use "
                        "--finish host or kernel");
    if (acc.device_bytes == 8) {
        const bool extended = request.op == Operation::Min || request.op == Operation::Max ||
                              is_bitwise(request.op) || request.op == Operation::LogicalAnd ||
                              request.op == Operation::LogicalOr;
        const bool native_extended = extended && !is_float(acc.value_type);
        if (native_extended && !device.has_int64_extended_atomics)
            throw Error(ErrorKind::Unsupported,
                        device.name +
                            " lacks cl_khr_int64_extended_atomics, needed for a 64-bit "
                            "atomic " +
                            std::string(to_string(request.op)));
        if (!native_extended && !device.has_int64_base_atomics)
            throw Error(ErrorKind::Unsupported,
                        device.name +
                            " lacks cl_khr_int64_base_atomics, needed for a 64-bit "
                            "atomic finish");
    }
}

}  // namespace

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
                    std::string(count == 2 ? "two inputs" : "an input") + " of " + what + " need " +
                        format_bytes(n * width * count) + " but " + device.name + " has " +
                        format_bytes(device.global_mem_bytes) +
                        " of global memory (CL_DEVICE_GLOBAL_MEM_SIZE)");
}

Engine::Engine(std::string_view device_spec) {
    const auto devices = list_devices();
    runtime_ = detail::runtime_for(select_device(devices, device_spec));
    uploads_ = std::make_unique<UploadCache>();
}

Engine::Engine(const DeviceInfo& device)
    : runtime_(detail::runtime_for(device)), uploads_(std::make_unique<UploadCache>()) {}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

const DeviceInfo& Engine::device() const {
    return runtime_->info();
}
std::size_t Engine::programs_built() const {
    return runtime_->programs_built();
}
detail::DeviceRuntime& Engine::runtime() {
    return *runtime_;
}

RunResult Engine::run(const RunRequest& request, std::stop_token stop, Progress* progress) {
    if (request.input_path.empty() && request.n != 0)
        check_input_fits(runtime_->info(), request, request.n);
    if (progress) progress->stage("preparing the input");
    return run(request, make_inputs(request), stop, progress);
}

RunResult Engine::run_pass(const RunRequest& request, const Inputs& inputs, std::stop_token stop,
                           Progress& report, int load_part, PassData& out) {
    const DeviceInfo& device = runtime_->info();
    if (request.repeat < 1)
        throw Error(ErrorKind::InvalidArgument,
                    "repeat must be at least 1 (got " + std::to_string(request.repeat) + ")");
    if (request.warmup < 0) throw Error(ErrorKind::InvalidArgument, "warmup cannot be negative");
    const Variant& variant = find_variant(request.variant);
    if (const Availability a = availability(variant, device); !a.available)
        throw Error(ErrorKind::Unsupported,
                    "variant " + request.variant + " is unavailable: " + a.reason);
    if (!inputs.first || inputs.first->size() == 0)
        throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    const HostArray& first = *inputs.first;
    if (first.type() != request.type)
        throw Error(ErrorKind::InvalidArgument,
                    "the input holds " + std::string(to_string(first.type())) +
                        " elements but the run asks for " + std::string(to_string(request.type)));
    if (needs_two_inputs(request.op) && (!inputs.second || inputs.second->size() != first.size()))
        throw Error(ErrorKind::InvalidArgument, "dot needs a second input of the same length");
    const std::uint64_t n = first.size();
    check_input_fits(device, request, n);
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    check_variant_request(variant, request.op, request.type, request.finish);
    check_device_support(request, acc, device);
    const bool last_group = variant.group_combine == GroupCombine::LastGroup;

    KernelKnobs knobs{request.op, request.type, acc, request.finish == Finish::Atomic, false,
                      load_part};
    std::string options = build_options(knobs);
    if (!variant.extra_options.empty()) options += " " + std::string(variant.extra_options);
    // Tuned variants: the request's settings, else the device's tuning file.
    RunRequest effective = request;
    std::string tuning_source;
    bool local_from_tuning = false;
    if (variant.tuned) {
        const TuningLookup tuned = lookup_tuning(device, request.type, request.op, n);
        const TunedConfig& c = tuned.config;
        effective.vector_width = has_index(request.op)  ? 1
                                 : request.vector_width ? request.vector_width
                                                        : c.vector_width;
        effective.unroll = request.unroll ? request.unroll : c.unroll;
        const AccessLayout layout =
            request.layout == AccessLayout::Default ? c.layout : request.layout;
        if (effective.vector_width != 1 && effective.vector_width != 2 &&
            effective.vector_width != 4 && effective.vector_width != 8 &&
            effective.vector_width != 16)
            throw Error(ErrorKind::InvalidArgument, "vector width " +
                                                        std::to_string(effective.vector_width) +
                                                        " is not 1, 2, 4, 8 or 16");
        if (effective.unroll < 1 || effective.unroll > 16)
            throw Error(ErrorKind::InvalidArgument,
                        "unroll " + std::to_string(effective.unroll) + " is not 1 to 16");
        if (effective.local_size == 0) {
            effective.local_size =
                floor_power_of_two(std::min(c.local_size, device.max_work_group_size));
            local_from_tuning = true;
        }
        if (effective.global_size == 0 && effective.items_per_work_item == 0) {
            const std::uint64_t wanted =
                c.groups_per_compute_unit * std::max<std::uint64_t>(1, device.compute_units);
            const std::uint64_t useful = std::max<std::uint64_t>(
                1, ceil_div(ceil_div(n, effective.vector_width), effective.local_size));
            effective.global_size = std::min(wanted, useful) * effective.local_size;
        }
        options += " -DVW=" + std::to_string(effective.vector_width) +
                   " -DUNROLL=" + std::to_string(effective.unroll) +
                   " -DBLOCKED=" + (layout == AccessLayout::Blocked ? "1" : "0") +
                   // 32-bit index arithmetic while every index (and the stride past the end) fits.
                   " -DINDEX32=" + (n < (std::uint64_t{1} << 31) ? "1" : "0");
        effective.layout = layout;
        tuning_source = tuned.matched + " (measured on " + c.source_device +
                        (c.source_date.empty() ? "" : ", " + c.source_date) + ")";
    } else if (request.vector_width != 0 || request.unroll != 0 ||
               request.layout != AccessLayout::Default) {
        throw Error(
            ErrorKind::InvalidArgument,
            "vector width and unroll apply only to tuned variants (best), not " + request.variant);
    }
    if (variant.local_size_is_define) {
        // One build per local size: check the local size first, so that a bad one is an
        // InvalidArgument and not a build failure.
        const LaunchPlan pre =
            plan_launch(variant, device, effective, n, device.max_work_group_size);
        options += " -DWGS=" + std::to_string(pre.local_size);
    }

    RunResult result;
    result.request = request;
    result.device = device;
    result.n = n;
    result.accumulator = acc.description;

    std::lock_guard run_lock(runtime_->run_mutex());
    try {
        report.stage("building the kernel");
        cl::Program program = runtime_->program(program_source(variant.file), options);
        cl::Kernel kernel(program, std::string(variant.kernel).c_str());
        const auto& cl_device = runtime_->device();
        const std::size_t kernel_limit =
            kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(cl_device);
        if (local_from_tuning && effective.local_size > kernel_limit) {
            // The tuned local size does not fit this build: keep the share of work-items.
            const std::size_t fitted = floor_power_of_two(kernel_limit);
            effective.global_size = effective.global_size / effective.local_size * fitted;
            effective.local_size = fitted;
        }
        const LaunchPlan plan = plan_launch(variant, device, effective, n, kernel_limit);

        const std::uint64_t kernel_local =
            kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(cl_device);
        const std::uint64_t scratch_bytes = plan.local_size * acc.device_bytes;
        if (kernel_local + scratch_bytes > device.local_mem_bytes)
            throw Error(ErrorKind::OutOfResources,
                        "local size " + std::to_string(plan.local_size) + " needs " +
                            format_bytes(kernel_local + scratch_bytes) + " of local memory; " +
                            device.name + " has " + format_bytes(device.local_mem_bytes));

        cl::Kernel finish_kernel;
        std::size_t finish_local = plan.finish_local_size;
        if (request.finish == Finish::Kernel && !plan.finish_groups.empty()) {
            KernelKnobs finish_knobs = knobs;
            finish_knobs.finish_atomic = false;
            finish_knobs.load_part = 0;  // the finish combines partials, not elements
            cl::Program finish_program =
                runtime_->program(program_source("finish.cl"), build_options(finish_knobs));
            finish_kernel = cl::Kernel(finish_program, "reduce_partials");
            const std::size_t finish_limit =
                finish_kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(cl_device);
            if (finish_local > finish_limit)
                throw Error(ErrorKind::OutOfResources,
                            "the finish kernel allows only " + std::to_string(finish_limit) +
                                " work-items per group on " + device.name);
        }

        // Device buffers: the input (uploaded once per Inputs), partials, finish ping-pong.
        const std::uint64_t input_bytes = first.size_bytes();  // fits: check_input_fits
        const int input_count = needs_two_inputs(request.op) ? 2 : 1;
        auto& context = runtime_->context();
        auto& queue = runtime_->queue();
        if (inputs.id == 0 || uploads_->id != inputs.id) {
            report.stage("uploading the input");
            uploads_->id = 0;
            uploads_->references.clear();
            uploads_->first = cl::Buffer();
            uploads_->second = cl::Buffer();
            uploads_->first = cl::Buffer(context, CL_MEM_READ_ONLY, input_bytes);
            queue.enqueueWriteBuffer(uploads_->first, CL_TRUE, 0, input_bytes, first.data());
            if (input_count == 2) {
                uploads_->second = cl::Buffer(context, CL_MEM_READ_ONLY, input_bytes);
                queue.enqueueWriteBuffer(uploads_->second, CL_TRUE, 0, input_bytes,
                                         inputs.second->data());
            }
            uploads_->id = inputs.id;
        }
        const cl::Buffer& in = uploads_->first;
        const cl::Buffer& in2 = input_count == 2 ? uploads_->second : uploads_->first;

        const std::size_t acc_bytes = acc.device_bytes;
        // A grid-stride global size far above n asks for more partials than a buffer holds
        // (checked before the host vector for them is allocated).
        if (plan.work_groups > device.max_alloc_bytes / acc_bytes)
            throw Error(ErrorKind::OutOfResources,
                        "global size " + std::to_string(plan.global_size) + " makes " +
                            std::to_string(plan.work_groups) +
                            " work-groups, whose partial results need "
                            "more than the largest buffer " +
                            device.name + " allows (" + format_bytes(device.max_alloc_bytes) + ")");
        const std::size_t partial_count =
            request.finish == Finish::Atomic || last_group ? 1 : plan.work_groups;
        cl::Buffer partials(context, CL_MEM_READ_WRITE, partial_count * acc_bytes);
        // Single pass: the work-groups' partials and the ticket that finds the last one.
        cl::Buffer group_partials, ticket;
        const cl_uint zero_ticket = 0;
        if (last_group) {
            group_partials = cl::Buffer(context, CL_MEM_READ_WRITE, plan.work_groups * acc_bytes);
            ticket = cl::Buffer(context, CL_MEM_READ_WRITE, sizeof(cl_uint));
            // Defined contents from the start: the kernel publishes partials with atomic_xchg,
            // which memory checkers (Oclgrind) count as reading the old value.
            const std::vector<std::byte> zeros(plan.work_groups * acc_bytes);
            queue.enqueueWriteBuffer(group_partials, CL_TRUE, 0, zeros.size(), zeros.data());
            // Zero once: the last work-group of every launch sets it back to zero.
            queue.enqueueWriteBuffer(ticket, CL_TRUE, 0, sizeof zero_ticket, &zero_ticket);
        }
        std::vector<cl::Buffer> pass_buffers;
        for (std::size_t groups : plan.finish_groups)
            pass_buffers.emplace_back(context, CL_MEM_READ_WRITE, groups * acc_bytes);
        const std::vector<std::byte> identity = identity_bytes(request.op, acc);

        kernel.setArg(0, in);
        kernel.setArg(1, in2);
        kernel.setArg(2, static_cast<cl_ulong>(n));
        kernel.setArg(3, partials);
        kernel.setArg(4, cl::Local(scratch_bytes));
        if (last_group) {
            kernel.setArg(5, group_partials);
            kernel.setArg(6, ticket);
        }

        std::vector<std::byte> host_partials(
            request.finish == Finish::Host ? partial_count * acc_bytes : 0);
        std::vector<std::byte> final_value(acc_bytes);
        // From here commands use `identity`, `host_partials` and `final_value` asynchronously.
        const detail::DrainQueueOnThrow drain(queue);
        std::vector<double> totals;
        std::vector<std::vector<StageTime>> stage_sets;
        const int runs = request.warmup + request.repeat;
        for (int r = 0; r < runs; ++r) {
            if (stop.stop_requested()) throw Error(ErrorKind::Cancelled, "the run was cancelled");
            report.stage(r < request.warmup ? "warming up" : "timing");
            std::vector<std::pair<std::string, cl::Event>> kernel_events;
            if (request.finish == Finish::Atomic && !variant.kernel_initialises_destination)
                queue.enqueueWriteBuffer(partials, CL_FALSE, 0, acc_bytes, identity.data());
            cl::Event main_event;
            queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(plan.global_size),
                                       cl::NDRange(plan.local_size), nullptr, &main_event);
            kernel_events.emplace_back("reduce", main_event);
            const cl::Buffer* final_buffer = &partials;
            std::uint64_t remaining = plan.work_groups;
            for (std::size_t pass = 0; pass < plan.finish_groups.size(); ++pass) {
                finish_kernel.setArg(0, *final_buffer);
                finish_kernel.setArg(1, static_cast<cl_ulong>(remaining));
                finish_kernel.setArg(2, pass_buffers[pass]);
                finish_kernel.setArg(3, cl::Local(finish_local * acc_bytes));
                cl::Event event;
                queue.enqueueNDRangeKernel(finish_kernel, cl::NullRange,
                                           cl::NDRange(plan.finish_groups[pass] * finish_local),
                                           cl::NDRange(finish_local), nullptr, &event);
                kernel_events.emplace_back("finish pass " + std::to_string(pass + 1), event);
                final_buffer = &pass_buffers[pass];
                remaining = plan.finish_groups[pass];
            }
            std::vector<StageTime> stages;
            double host_ms = 0.0;
            if (request.finish == Finish::Host) {
                cl::Event read_event;
                queue.enqueueReadBuffer(partials, CL_TRUE, 0, host_partials.size(),
                                        host_partials.data(), nullptr, &read_event);
                const auto t0 = std::chrono::steady_clock::now();
                final_value = fold_partials(request.op, acc, host_partials, partial_count);
                const auto t1 = std::chrono::steady_clock::now();
                const double fold_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
                stages.push_back({"read partials", event_ms(read_event), true});
                stages.push_back({"host fold", fold_ms, false});
                host_ms = event_ms(read_event) + fold_ms;
            } else {
                queue.enqueueReadBuffer(*final_buffer, CL_TRUE, 0, acc_bytes, final_value.data());
            }
            queue.finish();
            // Device time: first kernel start to last kernel end (launch gaps included).
            cl_ulong first_start = ~cl_ulong{0}, last_end = 0;
            double kernel_ms = 0.0;
            std::vector<StageTime> kernel_stages;
            for (auto& [name, event] : kernel_events) {
                first_start =
                    std::min(first_start, event.getProfilingInfo<CL_PROFILING_COMMAND_START>());
                last_end = std::max(last_end, event.getProfilingInfo<CL_PROFILING_COMMAND_END>());
                kernel_stages.push_back({name, event_ms(event), true});
                kernel_ms += event_ms(event);
            }
            stages.insert(stages.begin(), kernel_stages.begin(), kernel_stages.end());
            const double span_ms = last_end > first_start
                                       ? static_cast<double>(last_end - first_start) * 1e-6
                                       : kernel_ms;
            if (r >= request.warmup) {
                totals.push_back(span_ms + host_ms);
                stage_sets.push_back(std::move(stages));
                result.kernel_ms = kernel_ms;
            }
        }

        // The work-groups' partials of the last run, for the staged float check.
        if (request.finish == Finish::Host && !last_group)
            out.partials = host_partials;
        else if (request.finish == Finish::Kernel && !last_group && out.wants_partials) {
            out.partials.resize(plan.work_groups * acc_bytes);
            queue.enqueueReadBuffer(partials, CL_TRUE, 0, out.partials.size(),
                                    out.partials.data());
        }
        out.final_bytes = final_value;
        out.plan = plan;

        const std::size_t median = median_index(totals);
        result.repeat_ms = totals;
        result.total_ms = totals[median];
        result.stages = stage_sets[median];
        result.kernel_ms = 0.0;
        for (const auto& s : result.stages)
            if (s.on_device && s.name != "read partials") result.kernel_ms += s.ms;

        LaunchConfig& launched = result.launched;
        launched.variant = request.variant;
        launched.kernel = std::string(variant.kernel);
        launched.local_size = plan.local_size;
        launched.global_size = plan.global_size;
        launched.work_groups = plan.work_groups;
        launched.items_per_work_item = plan.items_per_work_item;
        launched.vector_width = variant.tuned ? effective.vector_width : variant.vector_width;
        launched.unroll = variant.tuned ? effective.unroll : 1;
        launched.layout = variant.tuned ? effective.layout : AccessLayout::Strided;
        launched.tuning = tuning_source;
        launched.finish = request.finish;
        launched.finish_groups = plan.finish_groups;
        launched.finish_local_size = plan.finish_groups.empty() ? 0 : finish_local;
        launched.launches = static_cast<unsigned>(1 + plan.finish_groups.size());
        launched.chain_length = plan.chain_length;
        launched.build_options = options;

        result.input_bytes = input_bytes * input_count;
        std::uint64_t moved = result.input_bytes + partial_count * acc_bytes;
        if (last_group) moved += 2 * plan.work_groups * acc_bytes;  // partials written, then read
        std::uint64_t remaining = plan.work_groups;
        for (std::size_t groups : plan.finish_groups) {
            moved += remaining * acc_bytes + groups * acc_bytes;
            remaining = groups;
        }
        if (request.finish == Finish::Host) moved += partial_count * acc_bytes;
        result.bytes_moved = moved;
        result.gbps = result.total_ms > 0
                          ? static_cast<double>(result.input_bytes) / (result.total_ms * 1e6)
                          : 0.0;

    } catch (const cl::Error& e) {
        detail::rethrow_cl_error(e,
                                 "running the " + request.variant + " reduction on " + device.name);
    }
    return result;
}

RunResult Engine::run(const RunRequest& request, const Inputs& inputs, std::stop_token stop,
                      Progress* progress) {
    Progress no_progress;
    Progress& report = progress ? *progress : no_progress;
    const std::uint64_t n = inputs.first ? inputs.first->size() : 0;
    // Requests are checked in run_pass, in its order; only the kind of run is decided here.
    const bool split_halves = request.op == Operation::Mean && !is_float(request.type) &&
                              size_of(request.type) == 8;
    const bool float_staged = is_float(request.type) &&
                              (request.op == Operation::Sum || request.op == Operation::Dot ||
                               request.op == Operation::Mean);
    PassData pass;
    pass.wants_partials = float_staged;
    RunResult result;
    if (split_halves) {
        // Exact mean of 64-bit integers: the low and the high 32-bit halves in two reductions
        // (each sum fits 64 bits while n <= 2^32), combined in 128 bits, divided once.
        if (n > (std::uint64_t{1} << 32))
            throw Error(ErrorKind::InvalidArgument,
                        "the exact mean of " + std::string(to_string(request.type)) +
                            " sums 32-bit halves in 64 bits, which holds at most 2^32 elements "
                            "(got " + std::to_string(n) + ")");
        PassData high;
        result = run_pass(request, inputs, stop, report, 1, pass);
        const RunResult upper = run_pass(request, inputs, stop, report, 2, high);
        std::uint64_t low_sum = 0, high_bits = 0;
        std::memcpy(&low_sum, pass.final_bytes.data(), sizeof low_sum);
        std::memcpy(&high_bits, high.final_bytes.data(), sizeof high_bits);
        const Int128 high_sum = is_signed(request.type)
                                    ? Int128{static_cast<std::int64_t>(high_bits)}
                                    : Int128{high_bits};
        const Int128 total = high_sum * (Int128{1} << 32) + Int128{low_sum};
        result.value = Value::of_float(exact_integer_mean(total, n));
        for (auto& stage : result.stages) stage.name = "low halves: " + stage.name;
        for (const auto& stage : upper.stages)
            result.stages.push_back({"high halves: " + stage.name, stage.ms, stage.on_device});
        for (std::size_t i = 0; i < result.repeat_ms.size() && i < upper.repeat_ms.size(); ++i)
            result.repeat_ms[i] += upper.repeat_ms[i];
        result.total_ms += upper.total_ms;
        result.kernel_ms += upper.kernel_ms;
        result.bytes_moved += upper.bytes_moved;
        result.launched.launches += upper.launched.launches;
        result.launched.build_options += " (and LOAD_PART=2 for the high halves)";
        result.gbps = result.total_ms > 0
                          ? static_cast<double>(result.input_bytes) / (result.total_ms * 1e6)
                          : 0.0;
    } else {
        result = run_pass(request, inputs, stop, report, 0, pass);
        const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
        Value value = decode_accumulator(acc, pass.final_bytes);
        if (request.op == Operation::Mean) {
            if (value.kind == Value::Kind::Float)
                value = Value::of_float(value.as_double() / static_cast<double>(n));
            else  // 32-bit elements: the 64-bit sum is exact while n < 2^32; one rounding
                value = Value::of_float(exact_integer_mean(
                    value.kind == Value::Kind::Signed ? Int128{value.i} : Int128{value.u}, n));
        }
        result.value = value;
    }
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    const Variant& variant = find_variant(request.variant);
    const HostArray& first = *inputs.first;
    report.stage("verifying on the CPU");
    Reference reference;
    if (inputs.id != 0 && uploads_->id == inputs.id) {
        const auto key = std::make_pair(request.op, acc.description + "/" + acc.cl_type);
        auto [entry, inserted] = uploads_->references.try_emplace(key);
        if (inserted)
            entry->second = compute_reference(request.op, acc, first, inputs.second.get());
        reference = entry->second;
    } else {
        reference = compute_reference(request.op, acc, first, inputs.second.get());
    }
    // Staged float check: which work-group reads each element (the catalog's coverage), the
    // chains inside a work-group and over the partials, and the partials where the finish kept
    // them. Tuned variants (best) pick their own layout and are checked as a whole.
    GroupEvidence evidence;
    const LaunchPlan& plan = pass.plan;
    if (float_staged && !variant.tuned && !reference.exact_in_any_order && plan.work_groups > 0) {
        evidence.first = &first;
        evidence.second = inputs.second.get();
        evidence.groups = plan.work_groups;
        const std::size_t local = plan.local_size, global = plan.global_size;
        evidence.group_of = [&variant, n, local, global](std::uint64_t j) {
            return group_of_element(variant, j, n, local, global);
        };
        // Built-in collectives (sub-groups, work_group_reduce) may add in any order: count a
        // sequential pass over the work-group.
        evidence.group_chain =
            plan.group_chain_length + (variant.feature == Feature::None ? 0 : local);
        evidence.finish_chain = plan.chain_length - plan.group_chain_length;
        const std::size_t acc_bytes = acc.device_bytes;
        if (pass.partials.size() == plan.work_groups * acc_bytes) {
            evidence.partials.reserve(plan.work_groups);
            for (std::size_t g = 0; g < plan.work_groups; ++g)
                evidence.partials.push_back(
                    decode_accumulator(acc, {pass.partials.data() + g * acc_bytes, acc_bytes})
                        .as_double());
        }
        evidence.device_total = decode_accumulator(acc, pass.final_bytes).as_double();
    }
    const Verification check =
        verify(request.op, acc, result.value, reference, result.launched.chain_length,
               evidence.groups ? &evidence : nullptr);
    result.reference = reference.value;
    result.verified = check.verified;
    result.abs_error = check.abs_error;
    result.rel_error = check.rel_error;
    result.error_bound = check.bound;
    result.verification_rule = check.rule;
    return result;
}

}  // namespace reducelab
