// Engine: device selection, the kind of run (one pass or two), and the verification of its value.
#include "reducelab/engine.h"

#include <cstring>
#include <utility>

#include "launch/engine_access.h"
#include "launch/reduction_pass.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/devices.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/reference.h"
#include "reducelab/units.h"

namespace reducelab {

struct Engine::State {
    explicit State(std::shared_ptr<detail::DeviceRuntime> device_runtime)
        : runtime(std::move(device_runtime)) {}
    std::shared_ptr<detail::DeviceRuntime> runtime;
    detail::UploadCache uploads;
};

Engine::Engine(std::string_view device_spec) {
    const auto devices = list_devices();
    state_ = std::make_unique<State>(detail::runtime_for(select_device(devices, device_spec)));
}

Engine::Engine(const DeviceInfo& device)
    : state_(std::make_unique<State>(detail::runtime_for(device))) {}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

const DeviceInfo& Engine::device() const {
    return state_->runtime->info();
}
std::size_t Engine::programs_built() const {
    return state_->runtime->programs_built();
}
detail::DeviceRuntime& EngineAccess::runtime(Engine& engine) {
    return *engine.state_->runtime;
}

RunResult Engine::run(const RunRequest& request, std::stop_token stop, Progress* progress) {
    if (request.input_path.empty() && request.n != 0)
        check_input_fits(state_->runtime->info(), request, request.n);
    if (progress) progress->stage("preparing the input");
    return run(request, make_inputs(request), stop, progress);
}

namespace {

void set_gbps(RunResult& result) {
    result.gbps = units::gbps_of(static_cast<double>(result.input_bytes), result.total_ms);
}

// The value of a one-pass run: the accumulator, divided by n for a mean.
Value pass_value(const RunRequest& request, const detail::PassOutput& pass, std::uint64_t n) {
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    Value value = decode_accumulator(acc, pass.final_bytes);
    if (request.op != Operation::Mean) return value;
    if (value.kind == Value::Kind::Float)
        return Value::of_float(value.as_double() / static_cast<double>(n));
    // 32-bit elements: the 64-bit sum is exact while n < 2^32; one rounding
    return Value::of_float(exact_integer_mean(
        value.kind == Value::Kind::Signed ? Int128{value.i} : Int128{value.u}, n));
}

// Exact mean of 64-bit integers: the low halves' pass `result` and the high halves' pass
// `upper` (each sum fits 64 bits while n <= 2^32), combined in 128 bits, divided once.
void combine_halves(RunResult& result, const detail::PassOutput& low, const RunResult& upper,
                    const detail::PassOutput& high, const RunRequest& request, std::uint64_t n) {
    std::uint64_t low_sum = 0, high_bits = 0;
    std::memcpy(&low_sum, low.final_bytes.data(), sizeof low_sum);
    std::memcpy(&high_bits, high.final_bytes.data(), sizeof high_bits);
    const Int128 high_sum =
        is_signed(request.type) ? Int128{static_cast<std::int64_t>(high_bits)} : Int128{high_bits};
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
    set_gbps(result);
}

// Staged float check: which work-group reads each element (the catalog's coverage), the chains
// inside a work-group and over the partials, and the partials where the finish kept them.
GroupEvidence group_evidence(const Variant& variant, const AccumulatorSpec& acc,
                             const Inputs& inputs, const detail::PassOutput& pass) {
    GroupEvidence evidence;
    const LaunchPlan& plan = pass.plan;
    const std::uint64_t n = inputs.first->size();
    evidence.first = inputs.first.get();
    evidence.second = inputs.second.get();
    evidence.groups = plan.work_groups;
    const std::size_t local = plan.local_size, global = plan.global_size;
    evidence.group_of = [&variant, n, local, global](std::uint64_t j) {
        return group_of_element(variant, j, n, local, global);
    };
    // Built-in collectives (sub-groups, work_group_reduce) may add in any order: count a
    // sequential pass over the work-group.
    evidence.group_chain = plan.group_chain_length + (variant.feature == Feature::None ? 0 : local);
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
    return evidence;
}

// The CPU reference of `inputs`, computed once per (operation, accumulator) while they stay
// uploaded.
Reference reference_for(detail::UploadCache& uploads, const RunRequest& request,
                        const AccumulatorSpec& acc, const Inputs& inputs) {
    if (!uploads.holds(inputs))
        return compute_reference(request.op, acc, *inputs.first, inputs.second.get());
    const auto key = std::make_pair(request.op, acc.description + "/" + acc.cl_type);
    auto [entry, inserted] = uploads.references.try_emplace(key);
    if (inserted)
        entry->second = compute_reference(request.op, acc, *inputs.first, inputs.second.get());
    return entry->second;
}

}  // namespace

RunResult Engine::run(const RunRequest& request, const Inputs& inputs, std::stop_token stop,
                      Progress* progress) {
    Progress no_progress;
    Progress& report = progress ? *progress : no_progress;
    const std::uint64_t n = inputs.first ? inputs.first->size() : 0;
    // Requests are checked by the pass, in its order; only the kind of run is decided here.
    const bool split_halves =
        request.op == Operation::Mean && !is_float(request.type) && size_of(request.type) == 8;
    const bool float_staged =
        is_float(request.type) && (request.op == Operation::Sum || request.op == Operation::Dot ||
                                   request.op == Operation::Mean);
    detail::PassOutput pass;
    pass.wants_partials = float_staged;
    RunResult result;
    if (split_halves) {
        if (n > (std::uint64_t{1} << 32))
            throw Error(ErrorKind::InvalidArgument,
                        "the exact mean of " + std::string(to_string(request.type)) +
                            " sums 32-bit halves in 64 bits, which holds at most 2^32 elements "
                            "(got " +
                            std::to_string(n) + ")");
        detail::PassOutput high;
        result = detail::run_reduction_pass(*state_->runtime, state_->uploads, request, inputs,
                                            stop, report, 1, pass);
        const RunResult upper = detail::run_reduction_pass(*state_->runtime, state_->uploads,
                                                           request, inputs, stop, report, 2, high);
        combine_halves(result, pass, upper, high, request, n);
    } else {
        result = detail::run_reduction_pass(*state_->runtime, state_->uploads, request, inputs,
                                            stop, report, 0, pass);
        result.value = pass_value(request, pass, n);
    }
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    const Variant& variant = find_variant(request.variant);
    report.stage("verifying on the CPU");
    const Reference reference = reference_for(state_->uploads, request, acc, inputs);
    // Tuned variants (best) pick their own layout and are checked as a whole.
    GroupEvidence evidence;
    if (float_staged && !variant.tuned && !reference.exact_in_any_order &&
        pass.plan.work_groups > 0)
        evidence = group_evidence(variant, acc, inputs, pass);
    const Verification check =
        variant.correctly_rounded
            ? verify_correctly_rounded(acc, result.value, reference)
            : verify(request.op, acc, result.value, reference, result.launched.chain_length,
                     evidence.groups ? &evidence : nullptr);
    record_verification(result, reference.value, check);
    return result;
}

}  // namespace reducelab
