// Step mode: runs the instrumented build (-DTRACE=1) of a tree variant and the plain build on
// the same input, reads back the traced work-groups' local memory after every barrier and the
// work-items' accesses, and derives the per-round figures.
#include "reducelab/step_trace.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>

#include "launch/engine_access.h"
#include "launch/prepared_kernel.h"
#include "reducelab/build_options.h"
#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/launch_plan.h"
#include "reducelab/run_types.h"
#include "trace/bank_conflicts.h"

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
    if (!variant.steppable())
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
    // Before n defaults to one work-group's worth: 2^40 is a bad local size (exit 2), not a
    // 4096 GiB input the device cannot hold.
    check_local_size_on_device(device, request.local_size);
    if (!request.input_path.empty() && request.n != 0)
        throw Error(ErrorKind::InvalidArgument, "give either n or an input file, not both");
    if (request.all_groups && request.group != 0)
        throw Error(ErrorKind::InvalidArgument, "choose one work-group (group " +
                                                    std::to_string(request.group) +
                                                    ") or all work-groups, not both");
}

// The run request the trace launches: the trace's problem with the host finish, n defaulting
// to one work-group's worth.
RunRequest launch_request(const TraceRequest& request, const Variant& variant) {
    RunRequest run;
    static_cast<Problem&>(run) = request;
    run.second_input_path.clear();  // dot's second input is generated
    run.variant = request.variant;
    run.local_size = request.local_size;
    run.finish = Finish::Host;
    run.n = request.input_path.empty()
                ? (request.n != 0 ? request.n : one_group_of_input(variant, request.local_size))
                : 0;
    return run;
}

// The work-groups traced: one, or all of them (small inputs only).
struct TracedGroups {
    std::uint64_t first = 0;
    std::uint64_t count = 1;
};

TracedGroups traced_groups(const TraceRequest& request, const LaunchPlan& plan, std::uint64_t n) {
    const std::size_t local = plan.local_size;
    if (!request.all_groups) {
        if (request.group >= plan.work_groups)
            throw Error(ErrorKind::InvalidArgument,
                        "work-group " + std::to_string(request.group) +
                            " is outside the input: n = " + std::to_string(n) + " at local size " +
                            std::to_string(local) + " makes " + std::to_string(plan.work_groups) +
                            " work-group(s) (0 to " + std::to_string(plan.work_groups - 1) + ")");
        return {request.group, 1};
    }
    if (plan.work_groups > kMaxTracedGroups)
        throw Error(ErrorKind::InvalidArgument,
                    "tracing all work-groups is for small inputs: n = " + std::to_string(n) +
                        " makes " + std::to_string(plan.work_groups) + " work-groups of " +
                        std::to_string(local) + ", more than the " +
                        std::to_string(kMaxTracedGroups) +
                        " step mode traces at once (trace one group, or use a smaller n)");
    return {0, plan.work_groups};
}

// What the device wrote: per traced group its rounds, local-memory snapshots and accesses, and
// the uninstrumented kernel's partial.
struct RawTrace {
    std::uint32_t slots = 0;      // snapshots each group has room for
    std::size_t round_cells = 0;  // local-memory cells per snapshot
    std::vector<cl_int> rounds_seen;
    std::vector<std::byte> partials;
    std::vector<std::byte> values;  // [group][slot][cell] accumulators
    std::vector<cl_int> access;     // [group][round][work-item] (read a, read b, write)
};

// Launches the traced and the plain kernel over the same uploaded input and reads back what the
// traced groups recorded.
class TraceLaunch {
  public:
    TraceLaunch(detail::DeviceRuntime& runtime, const TraceRequest& request, const LaunchPlan& plan,
                TracedGroups groups, std::size_t acc_bytes)
        : runtime_(runtime),
          request_(request),
          plan_(plan),
          groups_(groups),
          acc_bytes_(acc_bytes) {
        // Room for trees of up to twice the rounds of a halving tree; deeper ones are reported.
        raw_.slots = 2 * ceil_log2(plan.local_size) + 2;
        raw_.round_cells = plan.local_size;
    }

    RawTrace run(detail::PreparedKernel& plain, detail::PreparedKernel& traced,
                 const Inputs& inputs);

  private:
    void read_rounds_seen(const cl::Buffer& plain_partials, const cl::Buffer& trace_rounds);
    void read_snapshots(const cl::Buffer& trace_values, const cl::Buffer& trace_access);

    detail::DeviceRuntime& runtime_;
    const TraceRequest& request_;
    const LaunchPlan& plan_;
    TracedGroups groups_;
    std::size_t acc_bytes_;
    RawTrace raw_;
};

RawTrace TraceLaunch::run(detail::PreparedKernel& plain, detail::PreparedKernel& traced,
                          const Inputs& inputs) {
    auto& context = runtime_.context();
    auto& queue = runtime_.queue();
    const std::uint64_t n = inputs.first->size();
    const detail::DeviceInputs in = detail::upload_inputs(runtime_, inputs);
    cl::Buffer plain_partials(context, CL_MEM_READ_WRITE, plan_.work_groups * acc_bytes_);
    cl::Buffer traced_partials(context, CL_MEM_READ_WRITE, plan_.work_groups * acc_bytes_);
    const std::size_t value_count = groups_.count * raw_.slots * raw_.round_cells;
    const std::size_t access_count = groups_.count * (raw_.slots - 1) * raw_.round_cells * 3;
    cl::Buffer trace_values(context, CL_MEM_READ_WRITE, value_count * acc_bytes_);
    cl::Buffer trace_access(context, CL_MEM_READ_WRITE, access_count * sizeof(cl_int));
    cl::Buffer trace_rounds(context, CL_MEM_READ_WRITE, groups_.count * sizeof(cl_int));
    const cl_int idle = -1;
    queue.enqueueFillBuffer(trace_access, idle, 0, access_count * sizeof(cl_int));
    queue.enqueueFillBuffer(trace_rounds, idle, 0, groups_.count * sizeof(cl_int));

    const std::size_t scratch_bytes = plan_.local_size * acc_bytes_;
    plain.bind(in, n, plain_partials, scratch_bytes);
    traced.bind(in, n, traced_partials, scratch_bytes);
    cl::Kernel& kernel = traced.kernel();
    kernel.setArg(5, static_cast<cl_uint>(groups_.first));
    kernel.setArg(6, static_cast<cl_uint>(groups_.count));
    kernel.setArg(7, static_cast<cl_uint>(raw_.slots));
    kernel.setArg(8, trace_values);
    kernel.setArg(9, trace_access);
    kernel.setArg(10, trace_rounds);
    traced.launch(plan_.global_size, plan_.local_size);
    plain.launch(plan_.global_size, plan_.local_size);
    read_rounds_seen(plain_partials, trace_rounds);
    raw_.values.resize(value_count * acc_bytes_);
    raw_.access.resize(access_count);
    read_snapshots(trace_values, trace_access);
    return std::move(raw_);
}

void TraceLaunch::read_rounds_seen(const cl::Buffer& plain_partials,
                                   const cl::Buffer& trace_rounds) {
    auto& queue = runtime_.queue();
    raw_.rounds_seen.resize(groups_.count);
    raw_.partials.resize(groups_.count * acc_bytes_);
    const detail::DrainQueueOnThrow drain_reads(queue);  // non-blocking reads into both
    queue.enqueueReadBuffer(trace_rounds, CL_FALSE, 0, groups_.count * sizeof(cl_int),
                            raw_.rounds_seen.data());
    queue.enqueueReadBuffer(plain_partials, CL_FALSE, groups_.first * acc_bytes_,
                            raw_.partials.size(), raw_.partials.data());
    queue.finish();
    const cl_int most_rounds = *std::ranges::max_element(raw_.rounds_seen);
    if (*std::ranges::min_element(raw_.rounds_seen) < 0)
        throw Error(ErrorKind::Unsupported,
                    "the instrumented " + request_.variant +
                        " kernel recorded no local-memory snapshot (its tree lacks the "
                        "TRACE_SNAPSHOT hooks)");
    if (static_cast<std::uint64_t>(most_rounds) >= raw_.slots)
        throw Error(ErrorKind::Unsupported,
                    "the " + request_.variant + " kernel ran " + std::to_string(most_rounds) +
                        " barrier rounds at local size " + std::to_string(plan_.local_size) +
                        "; step mode keeps at most " + std::to_string(raw_.slots - 1));
}

// Reads back only the rounds each group ran.
void TraceLaunch::read_snapshots(const cl::Buffer& trace_values, const cl::Buffer& trace_access) {
    auto& queue = runtime_.queue();
    const std::size_t cells = raw_.round_cells;
    const detail::DrainQueueOnThrow drain_trace_reads(queue);  // non-blocking reads into both
    for (std::uint64_t g = 0; g < groups_.count; ++g) {
        const std::size_t used = static_cast<std::size_t>(raw_.rounds_seen[g]);
        const std::size_t value_offset = (g * raw_.slots) * cells * acc_bytes_;
        queue.enqueueReadBuffer(trace_values, CL_FALSE, value_offset,
                                (used + 1) * cells * acc_bytes_, raw_.values.data() + value_offset);
        if (used == 0) continue;
        const std::size_t access_offset = g * (raw_.slots - 1) * cells * 3;
        queue.enqueueReadBuffer(trace_access, CL_FALSE, access_offset * sizeof(cl_int),
                                used * cells * 3 * sizeof(cl_int),
                                raw_.access.data() + access_offset);
    }
    queue.finish();
}

// Local memory of group g (of the traced ones) after snapshot `slot`.
std::vector<Value> snapshot(const RawTrace& raw, const AccumulatorSpec& acc, std::uint64_t g,
                            std::size_t slot) {
    const std::size_t acc_bytes = acc.device_bytes;
    std::vector<Value> cells(raw.round_cells);
    const std::byte* base =
        raw.values.data() + ((g * raw.slots + slot) * raw.round_cells) * acc_bytes;
    for (std::size_t i = 0; i < raw.round_cells; ++i)
        cells[i] = decode_accumulator(acc, {base + i * acc_bytes, acc_bytes});
    return cells;
}

TraceRound decode_round(const RawTrace& raw, const AccumulatorSpec& acc, const AnalysisModel& model,
                        std::uint64_t g, std::size_t r) {
    TraceRound round;
    round.round = static_cast<unsigned>(r);
    round.values = snapshot(raw, acc, g, r);
    round.active.assign(raw.round_cells, false);
    const cl_int* records =
        raw.access.data() + ((g * (raw.slots - 1) + (r - 1)) * raw.round_cells) * 3;
    for (std::size_t item = 0; item < raw.round_cells; ++item) {
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
    return round;
}

GroupTrace decode_group(const RawTrace& raw, const AccumulatorSpec& acc, ElementType type,
                        const AnalysisModel& model, std::uint64_t first_group, std::uint64_t g) {
    GroupTrace group;
    group.group = first_group + g;
    group.initial = snapshot(raw, acc, g, 0);
    const auto rounds = static_cast<std::size_t>(raw.rounds_seen[g]);
    for (std::size_t r = 1; r <= rounds; ++r) {
        TraceRound& round = group.rounds.emplace_back(decode_round(raw, acc, model, g, r));
        group.total_divergent_warps += round.divergent_warps;
        group.total_bank_conflicts += round.bank_conflicts;
    }
    // local[0] after the last snapshot: the group's partial as the tree left it.
    const std::size_t acc_bytes = acc.device_bytes;
    const std::byte* traced_partial =
        raw.values.data() + ((g * raw.slots + rounds) * raw.round_cells) * acc_bytes;
    const std::byte* plain_partial = raw.partials.data() + g * acc_bytes;
    group.partial = decode_accumulator(acc, {traced_partial, acc_bytes});
    group.uninstrumented_partial = decode_accumulator(acc, {plain_partial, acc_bytes});
    group.matches_uninstrumented = same_accumulator(acc, type, traced_partial, plain_partial);
    return group;
}

// The trace's description of itself, before any group is traced.
StepTrace trace_header(const TraceRequest& request, const Variant& variant,
                       const DeviceInfo& device, const AccumulatorSpec& acc,
                       const AnalysisModel& model, std::uint64_t n) {
    return StepTrace{.request = request,
                     .device = device,
                     .variant = request.variant,
                     .n = n,
                     .accumulator = acc.description,
                     .warp_width = model.warp_width,
                     .bank_count = model.bank_count,
                     .bank_width = model.bank_width,
                     .kernel = std::string(variant.kernel),
                     .element_bytes = model.element_bytes,
                     .lanes_per_transaction = lanes_per_transaction(model),
                     .op = request.op,
                     .type = request.type};
}

}  // namespace

StepTrace run_trace(Engine& engine, const TraceRequest& request) {
    const auto started = Clock::now();
    detail::DeviceRuntime& runtime = EngineAccess::runtime(engine);
    const DeviceInfo& device = runtime.info();
    const Variant& variant = find_variant(request.variant);
    check_request(request, variant, device);
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    const AnalysisModel model{request.warp_width, request.bank_count, request.bank_width,
                              acc.device_bytes};
    check_model(model);
    detail::check_fp64(device, request.type, acc);
    const RunRequest run = launch_request(request, variant);
    // The device's limits first, as Engine::run checks them: a generated input too large for the
    // device is refused before the host builds it (2^28 int32 elements would be 1 GiB).
    if (run.input_path.empty()) check_input_fits(device, run, run.n);
    const Inputs inputs = make_inputs(run);
    const std::uint64_t n = inputs.first->size();
    check_input_fits(device, run, n);  // a file's input too

    StepTrace trace = trace_header(request, variant, device, acc, model, n);
    std::lock_guard run_lock(runtime.run_mutex());
    detail::cl_call("tracing the " + request.variant + " reduction on " + device.name, [&] {
        const KernelKnobs knobs{request.op, request.type, acc, false, false};
        detail::KernelBuild build{&variant, knobs, {}, request.program_text, {}};
        detail::PreparedKernel plain(runtime, build, run, n);
        build.knobs.trace = true;
        detail::PreparedKernel traced(runtime, build, run, n);
        trace.build_options = traced.options();
        const std::size_t kernel_limit =
            std::min(plain.work_group_limit(), traced.work_group_limit());
        // (For a per-local-size build this is what the driver reports for this build; PoCL and
        // NVIDIA report the same limit whatever reqd_work_group_size says.)
        trace.max_local_size = std::min(kernel_limit, device.max_work_group_size);
        const LaunchPlan plan = traced.plan(run, n, kernel_limit, acc.device_bytes);
        trace.local_size = plan.local_size;
        trace.global_size = plan.global_size;
        trace.work_groups = plan.work_groups;
        const TracedGroups groups = traced_groups(request, plan, n);
        const RawTrace raw = TraceLaunch(runtime, request, plan, groups, acc.device_bytes)
                                 .run(plain, traced, inputs);
        for (std::uint64_t g = 0; g < groups.count; ++g)
            trace.groups.push_back(decode_group(raw, acc, request.type, model, groups.first, g));
    });
    trace.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
    return trace;
}

}  // namespace reducelab
