// Step mode: runs the instrumented build (-DTRACE=1) of a tree variant and the plain build on
// the same input, reads back the traced work-groups' local memory after every barrier and the
// work-items' accesses, and derives the per-round figures.
#include "reducelab/step_trace.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>

#include "reducelab/bank_conflicts.h"
#include "reducelab/build_options.h"
#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/launch_plan.h"
#include "reducelab/run_types.h"
#include "launch/runtime.h"

namespace reducelab {
namespace {

using Clock = std::chrono::steady_clock;

// Elements one work-group covers when the request leaves n at 0.
std::uint64_t one_group_of_input(const Variant& variant, std::size_t local_size) {
    switch (variant.coverage) {
        case Coverage::OnePerItem:
            return local_size;
        case Coverage::TwoPerItem:
            return 2 * std::uint64_t{local_size};
        case Coverage::GridStride:
            return std::uint64_t{local_size} * variant.vector_width;
    }
    return local_size;
}

// Two accumulators in device layout are equal: every byte of a scalar; the value and the index
// of a (value, index) pair (its padding is undefined).
bool same_accumulator(const AccumulatorSpec& acc, ElementType type, const std::byte* a,
                      const std::byte* b) {
    if (!acc.is_pair) return std::memcmp(a, b, acc.device_bytes) == 0;
    return std::memcmp(a, b, size_of(type)) == 0 && std::memcmp(a + 8, b + 8, 8) == 0;
}

void check_request(const TraceRequest& request, const Variant& variant, const DeviceInfo& device) {
    if (!variant.steppable)
        throw Error(ErrorKind::InvalidArgument,
                    "variant " + request.variant +
                        " cannot be stepped: it has no local-memory tree with barrier rounds to "
                        "trace (" +
                        std::string(variant.summary) + ")");
    if (variant.group_combine != GroupCombine::Partials)
        throw Error(ErrorKind::InvalidArgument,
                    "variant " + request.variant +
                        " cannot be stepped: its work-groups combine their results among "
                        "themselves, so there is no per-group partial to check the trace against");
    check_variant_request(variant, request.op, request.type, Finish::Host);
    if (const Availability a = availability(variant, device); !a.available)
        throw Error(ErrorKind::Unsupported,
                    "variant " + request.variant + " is unavailable: " + a.reason);
    if (request.local_size == 0)
        throw Error(ErrorKind::InvalidArgument, "local size must be at least 1 (got 0)");
    if (!request.input_path.empty() && request.n != 0)
        throw Error(ErrorKind::InvalidArgument, "give either n or an input file, not both");
    if (request.all_groups && request.group != 0)
        throw Error(ErrorKind::InvalidArgument, "choose one work-group (group " +
                                                    std::to_string(request.group) +
                                                    ") or all work-groups, not both");
}

}  // namespace

StepTrace run_trace(Engine& engine, const TraceRequest& request) {
    const auto started = Clock::now();
    detail::DeviceRuntime& runtime = engine.runtime();
    const DeviceInfo& device = runtime.info();
    const Variant& variant = find_variant(request.variant);
    check_request(request, variant, device);

    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    const AnalysisModel model{request.warp_width, request.bank_count, request.bank_width,
                              acc.device_bytes};
    check_model(model);
    const bool needs_fp64 = request.type == ElementType::Float64 ||
                            (!acc.is_pair && acc.value_type == ElementType::Float64);
    if (needs_fp64 && !device.has_fp64)
        throw Error(ErrorKind::Unsupported,
                    device.name +
                        " has no double precision (cl_khr_fp64): float64 elements and "
                        "the wide float32 accumulator are unavailable");

    RunRequest run;
    run.op = request.op;
    run.type = request.type;
    run.variant = request.variant;
    run.local_size = request.local_size;
    run.accumulator = request.accumulator;
    run.fill = request.fill;
    run.seed = request.seed;
    run.input_path = request.input_path;
    run.finish = Finish::Host;
    run.n = request.input_path.empty()
                ? (request.n != 0 ? request.n : one_group_of_input(variant, request.local_size))
                : 0;
    // The device's limits first, as Engine::run checks them: a generated input too large for the
    // device is refused before the host builds it (2^28 int32 elements would be 1 GiB).
    if (run.input_path.empty()) check_input_fits(device, run, run.n);
    const Inputs inputs = make_inputs(run);
    const HostArray& first = *inputs.first;
    const std::uint64_t n = first.size();

    KernelKnobs knobs{request.op, request.type, acc, false, false};
    std::string plain_options = build_options(knobs);
    knobs.trace = true;
    std::string traced_options = build_options(knobs);
    if (!variant.extra_options.empty()) {
        plain_options += " " + std::string(variant.extra_options);
        traced_options += " " + std::string(variant.extra_options);
    }
    if (variant.local_size_is_define) {
        // One build per local size (-DWGS): check the local size first, so that a bad one is an
        // InvalidArgument and not a build failure.
        const LaunchPlan checked = plan_launch(variant, device, run, n, device.max_work_group_size);
        const std::string wgs = " -DWGS=" + std::to_string(checked.local_size);
        plain_options += wgs;
        traced_options += wgs;
    }

    StepTrace trace;
    trace.request = request;
    trace.device = device;
    trace.variant = request.variant;
    trace.kernel = std::string(variant.kernel);
    trace.build_options = traced_options;
    trace.n = n;
    trace.accumulator = acc.description;
    trace.warp_width = model.warp_width;
    trace.bank_count = model.bank_count;
    trace.bank_width = model.bank_width;
    trace.element_bytes = model.element_bytes;
    trace.lanes_per_transaction = lanes_per_transaction(model);
    trace.op = request.op;
    trace.type = request.type;

    const std::size_t acc_bytes = acc.device_bytes;
    std::lock_guard run_lock(runtime.run_mutex());
    try {
        const std::string source =
            request.program_text.empty() ? program_source(variant.file) : request.program_text;
        cl::Kernel plain(runtime.program(source, plain_options), trace.kernel.c_str());
        cl::Kernel traced(runtime.program(source, traced_options), trace.kernel.c_str());
        const cl::Device& cl_device = runtime.device();
        const std::size_t kernel_limit =
            std::min(plain.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(cl_device),
                     traced.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(cl_device));
        // (For a per-local-size build this is what the driver reports for this build; PoCL and
        // NVIDIA report the same limit whatever reqd_work_group_size says.)
        trace.max_local_size = std::min(kernel_limit, device.max_work_group_size);
        const LaunchPlan plan = plan_launch(variant, device, run, n, kernel_limit);
        const std::size_t local = plan.local_size;
        trace.local_size = local;
        trace.global_size = plan.global_size;
        trace.work_groups = plan.work_groups;

        const std::uint64_t kernel_local =
            traced.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(cl_device);
        const std::uint64_t scratch_bytes = local * acc_bytes;
        if (kernel_local + scratch_bytes > device.local_mem_bytes)
            throw Error(ErrorKind::OutOfResources,
                        "local size " + std::to_string(local) + " needs " +
                            format_bytes(kernel_local + scratch_bytes) + " of local memory; " +
                            device.name + " has " + format_bytes(device.local_mem_bytes));

        std::uint64_t first_group = request.group;
        std::uint64_t group_count = 1;
        if (request.all_groups) {
            first_group = 0;
            group_count = plan.work_groups;
            if (group_count > kMaxTracedGroups)
                throw Error(ErrorKind::InvalidArgument,
                            "tracing all work-groups is for small inputs: n = " +
                                std::to_string(n) + " makes " + std::to_string(group_count) +
                                " work-groups of " + std::to_string(local) + ", more than the " +
                                std::to_string(kMaxTracedGroups) +
                                " step mode traces at once (trace one group, or use a smaller n)");
        } else if (request.group >= plan.work_groups) {
            throw Error(ErrorKind::InvalidArgument,
                        "work-group " + std::to_string(request.group) +
                            " is outside the input: n = " + std::to_string(n) + " at local size " +
                            std::to_string(local) + " makes " + std::to_string(plan.work_groups) +
                            " work-group(s) (0 to " + std::to_string(plan.work_groups - 1) + ")");
        }
        // Room for trees of up to twice the rounds of a halving tree; deeper ones are reported.
        const std::uint32_t slots = 2 * ceil_log2(local) + 2;
        const std::size_t round_cells = local;

        auto& context = runtime.context();
        auto& queue = runtime.queue();
        const std::uint64_t input_bytes = first.size_bytes();
        if (input_bytes > device.max_alloc_bytes)
            throw Error(ErrorKind::OutOfResources,
                        "the input needs a buffer of " + format_bytes(input_bytes) +
                            " but the largest buffer " + device.name + " allows is " +
                            format_bytes(device.max_alloc_bytes));
        cl::Buffer in(context, CL_MEM_READ_ONLY, input_bytes);
        queue.enqueueWriteBuffer(in, CL_FALSE, 0, input_bytes, first.data());
        cl::Buffer in2 = in;
        if (inputs.second) {
            in2 = cl::Buffer(context, CL_MEM_READ_ONLY, input_bytes);
            queue.enqueueWriteBuffer(in2, CL_FALSE, 0, input_bytes, inputs.second->data());
        }
        cl::Buffer plain_partials(context, CL_MEM_READ_WRITE, plan.work_groups * acc_bytes);
        cl::Buffer traced_partials(context, CL_MEM_READ_WRITE, plan.work_groups * acc_bytes);
        const std::size_t value_count = group_count * slots * round_cells;
        const std::size_t access_count = group_count * (slots - 1) * round_cells * 3;
        cl::Buffer trace_values(context, CL_MEM_READ_WRITE, value_count * acc_bytes);
        cl::Buffer trace_access(context, CL_MEM_READ_WRITE, access_count * sizeof(cl_int));
        cl::Buffer trace_rounds(context, CL_MEM_READ_WRITE, group_count * sizeof(cl_int));
        const cl_int idle = -1;
        queue.enqueueFillBuffer(trace_access, idle, 0, access_count * sizeof(cl_int));
        queue.enqueueFillBuffer(trace_rounds, idle, 0, group_count * sizeof(cl_int));

        for (cl::Kernel* kernel : {&plain, &traced}) {
            kernel->setArg(0, in);
            kernel->setArg(1, in2);
            kernel->setArg(2, static_cast<cl_ulong>(n));
            kernel->setArg(3, kernel == &plain ? plain_partials : traced_partials);
            kernel->setArg(4, cl::Local(scratch_bytes));
        }
        traced.setArg(5, static_cast<cl_uint>(first_group));
        traced.setArg(6, static_cast<cl_uint>(group_count));
        traced.setArg(7, static_cast<cl_uint>(slots));
        traced.setArg(8, trace_values);
        traced.setArg(9, trace_access);
        traced.setArg(10, trace_rounds);
        queue.enqueueNDRangeKernel(traced, cl::NullRange, cl::NDRange(plan.global_size),
                                   cl::NDRange(local));
        queue.enqueueNDRangeKernel(plain, cl::NullRange, cl::NDRange(plan.global_size),
                                   cl::NDRange(local));

        std::vector<cl_int> rounds_seen(group_count);
        std::vector<std::byte> partials(group_count * acc_bytes);
        const detail::DrainQueueOnThrow drain_reads(queue);  // non-blocking reads into both
        queue.enqueueReadBuffer(trace_rounds, CL_FALSE, 0, group_count * sizeof(cl_int),
                                rounds_seen.data());
        queue.enqueueReadBuffer(plain_partials, CL_FALSE, first_group * acc_bytes, partials.size(),
                                partials.data());
        queue.finish();
        const cl_int most_rounds = *std::ranges::max_element(rounds_seen);
        if (*std::ranges::min_element(rounds_seen) < 0)
            throw Error(ErrorKind::Unsupported,
                        "the instrumented " + request.variant +
                            " kernel recorded no local-memory snapshot (its tree lacks the "
                            "TRACE_SNAPSHOT hooks)");
        if (static_cast<std::uint64_t>(most_rounds) >= slots)
            throw Error(ErrorKind::Unsupported,
                        "the " + request.variant + " kernel ran " + std::to_string(most_rounds) +
                            " barrier rounds at local size " + std::to_string(local) +
                            "; step mode keeps at most " + std::to_string(slots - 1));

        // Read back only the rounds each group ran.
        std::vector<std::byte> values(value_count * acc_bytes);
        std::vector<cl_int> access(access_count);
        const detail::DrainQueueOnThrow drain_trace_reads(queue);  // non-blocking reads into both
        for (std::uint64_t g = 0; g < group_count; ++g) {
            const std::size_t used = static_cast<std::size_t>(rounds_seen[g]);
            const std::size_t value_offset = (g * slots) * round_cells * acc_bytes;
            queue.enqueueReadBuffer(trace_values, CL_FALSE, value_offset,
                                    (used + 1) * round_cells * acc_bytes,
                                    values.data() + value_offset);
            if (used == 0) continue;
            const std::size_t access_offset = g * (slots - 1) * round_cells * 3;
            queue.enqueueReadBuffer(trace_access, CL_FALSE, access_offset * sizeof(cl_int),
                                    used * round_cells * 3 * sizeof(cl_int),
                                    access.data() + access_offset);
        }
        queue.finish();

        const auto decode_round = [&](std::uint64_t g, std::size_t slot) {
            std::vector<Value> cells(round_cells);
            const std::byte* base = values.data() + ((g * slots + slot) * round_cells) * acc_bytes;
            for (std::size_t i = 0; i < round_cells; ++i)
                cells[i] = decode_accumulator(acc, {base + i * acc_bytes, acc_bytes});
            return cells;
        };
        for (std::uint64_t g = 0; g < group_count; ++g) {
            GroupTrace& group = trace.groups.emplace_back();
            group.group = first_group + g;
            group.initial = decode_round(g, 0);
            const auto rounds = static_cast<std::size_t>(rounds_seen[g]);
            for (std::size_t r = 1; r <= rounds; ++r) {
                TraceRound& round = group.rounds.emplace_back();
                round.round = static_cast<unsigned>(r);
                round.values = decode_round(g, r);
                round.active.assign(round_cells, false);
                const cl_int* records =
                    access.data() + ((g * (slots - 1) + (r - 1)) * round_cells) * 3;
                for (std::size_t item = 0; item < round_cells; ++item) {
                    const cl_int* rec = records + item * 3;
                    if (rec[0] < 0 && rec[1] < 0 && rec[2] < 0) continue;
                    round.active[item] = true;
                    round.accesses.push_back(
                        {static_cast<std::uint32_t>(item), static_cast<std::uint32_t>(rec[0]),
                         static_cast<std::uint32_t>(rec[1]), static_cast<std::uint32_t>(rec[2])});
                }
                if (!round.accesses.empty()) {
                    const Access& a = round.accesses.front();
                    round.stride = a.read_b > a.read_a ? a.read_b - a.read_a : a.read_a - a.read_b;
                }
                analyse_round(round, model);
                group.total_divergent_warps += round.divergent_warps;
                group.total_bank_conflicts += round.bank_conflicts;
            }
            // local[0] after the last snapshot: the group's partial as the tree left it.
            const std::size_t last_slot = rounds;
            const std::byte* traced_partial =
                values.data() + ((g * slots + last_slot) * round_cells) * acc_bytes;
            const std::byte* plain_partial = partials.data() + g * acc_bytes;
            group.partial = decode_accumulator(acc, {traced_partial, acc_bytes});
            group.uninstrumented_partial = decode_accumulator(acc, {plain_partial, acc_bytes});
            group.matches_uninstrumented =
                same_accumulator(acc, request.type, traced_partial, plain_partial);
        }
    } catch (const cl::Error& e) {
        detail::rethrow_cl_error(e,
                                 "tracing the " + request.variant + " reduction on " + device.name);
    }
    trace.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
    return trace;
}

}  // namespace reducelab
