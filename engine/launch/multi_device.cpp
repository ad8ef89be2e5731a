// One reduction split over several devices of this host: a calibration run per device for the
// balanced shares, one host thread per device reducing its shard through Engine::run, the
// partials combined on the host and the whole verified against the reference of the input.
#include "reducelab/multi_device.h"

#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "launch/cl.h"
#include "launch/engine_access.h"
#include "launch/pinned_upload.h"
#include "launch/runtime.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/memory_limits.h"
#include "reducelab/reference.h"
#include "reducelab/statistics.h"
#include "reducelab/units.h"

namespace reducelab {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The host -> device copy of a shard, from pinned memory where the device gives it (profiling
// events, the median of `repeats` copies into a fresh buffer; Engine::run then uploads its own
// copy, untimed). The lock keeps other work off the device while the copies are timed.
struct UploadTiming {
    double upload_ms = 0.0;
    double staging_ms = 0.0;
    bool pinned = false;
};
UploadTiming time_upload(detail::DeviceRuntime& runtime, const Inputs& shard, int repeats) {
    std::lock_guard lock(runtime.run_mutex());
    return detail::cl_call("uploading a shard to " + runtime.info().name, [&] {
        detail::PinnedShard staged(runtime, shard);
        return UploadTiming{staged.upload_ms(repeats), staged.staging_ms(), staged.pinned()};
    });
}

double gbps(std::uint64_t bytes, double ms) {
    return units::gbps_of(static_cast<double>(bytes), ms);
}

// Runs f(i) for every device on its own thread; rethrows the first failure after all joined.
template <typename F>
void on_each_device(std::size_t devices, F f) {
    std::mutex mutex;
    std::exception_ptr failure;
    std::vector<std::jthread> threads;
    for (std::size_t i = 0; i < devices; ++i)
        threads.emplace_back([&, i] {
            try {
                f(i);
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure) failure = std::current_exception();
            }
        });
    threads.clear();  // joins
    if (failure) std::rethrow_exception(failure);
}

}  // namespace

void check_split_host_memory(const RunRequest& run, bool cpu) {
    if (!run.input_path.empty()) return;
    const std::uint64_t inputs = needs_two_inputs(run.op) ? 2 : 1;
    const std::uint64_t width = size_of(run.type);
    if (run.n > ~std::uint64_t{0} / (2 * width * inputs)) return;  // the planner refuses it
    const std::uint64_t bytes = run.n * width * inputs * (cpu ? 2 : 1);
    if (const auto host = available_host_memory(); host && bytes > host->bytes)
        throw Error(ErrorKind::OutOfResources,
                    "a split of " + std::to_string(run.n) + " " + std::string(to_string(run.type)) +
                        " elements needs " + format_bytes(bytes) + " of host memory" +
                        (cpu ? " (the input and the CPU devices' copies of their shards)" : "") +
                        " but only " + format_bytes(host->bytes) +
                        " is available; use a smaller --n");
}

namespace {

// run_shard with the upload already timed (or, for an empty shard, nothing to time).
DeviceShare reduce_shard(Engine& engine, const RunRequest& request, const Inputs& shard,
                         std::uint64_t offset, std::uint64_t n, const UploadTiming& upload,
                         std::stop_token stop) {
    DeviceShare share;
    share.device = engine.device();
    share.offset = offset;
    share.count = shard.first->size();
    share.fraction = n ? static_cast<double>(share.count) / static_cast<double>(n) : 0.0;
    if (share.count == 0) return share;
    RunRequest part = request;
    part.op = shard_operation(request.op);
    part.n = share.count;
    part.input_path.clear();
    part.second_input_path.clear();
    share.upload_ms = upload.upload_ms;
    share.staging_ms = upload.staging_ms;
    share.upload_pinned = upload.pinned;
    const RunResult result = engine.run(part, shard, stop);
    share.run_ms = result.total_ms;
    share.kernel_ms = result.kernel_ms;
    share.input_bytes = result.input_bytes;
    share.resident_gbps = gbps(share.input_bytes, share.run_ms);
    share.end_to_end_gbps = gbps(share.input_bytes, share.upload_ms + share.run_ms);
    share.partial = result.value;
    if (share.partial.index) *share.partial.index += offset;
    share.shard_verified = result.verified;
    share.launched = result.launched;
    share.stages = result.stages;
    return share;
}

}  // namespace

DeviceShare run_shard(Engine& engine, const RunRequest& request, const Inputs& shard,
                      std::uint64_t offset, std::uint64_t n, std::stop_token stop) {
    const UploadTiming upload =
        shard.first->size() == 0
            ? UploadTiming{}
            : time_upload(EngineAccess::runtime(engine), shard, request.repeat);
    return reduce_shard(engine, request, shard, offset, n, upload, stop);
}

SplitResult verify_split(const RunRequest& request, SplitPolicy split, const Inputs& whole,
                         std::vector<DeviceShare> shares, const Value& combined,
                         double combine_ms) {
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    SplitResult result;
    result.request = request;
    result.split = split;
    result.n = whole.first->size();
    result.accumulator = acc.description;
    result.value = finish_combined(request.op, acc, combined, result.n);
    std::uint64_t chain = 0, shards = 0;
    for (const DeviceShare& share : shares) {
        if (share.count == 0) continue;
        chain = std::max(chain, share.launched.chain_length);
        ++shards;
        result.resident_ms = std::max(result.resident_ms, share.run_ms);
        result.end_to_end_ms = std::max(result.end_to_end_ms, share.upload_ms + share.run_ms);
        result.input_bytes += share.input_bytes;
    }
    result.combine_ms = combine_ms;
    result.resident_ms += combine_ms;
    result.end_to_end_ms += combine_ms;
    result.resident_gbps = gbps(result.input_bytes, result.resident_ms);
    result.end_to_end_gbps = gbps(result.input_bytes, result.end_to_end_ms);
    // The host combine adds one combine per further shard to the longest chain.
    const Reference reference =
        compute_reference(request.op, acc, *whole.first, whole.second.get());
    const Verification check =
        verify(request.op, acc, result.value, reference, chain + shards - 1, nullptr);
    result.reference = reference.value;
    result.verified = check.verified;
    for (const DeviceShare& share : shares)
        result.verified = result.verified && (share.count == 0 || share.shard_verified);
    result.check = check;
    result.devices = std::move(shares);
    return result;
}

DeviceModel calibrate_device(Engine& engine, const RunRequest& request, const Inputs& whole,
                             std::uint64_t max_calibration_n, std::stop_token stop) {
    RunRequest probe = request;
    probe.op = shard_operation(probe.op);
    probe.input_path.clear();
    probe.second_input_path.clear();
    probe.warmup = 1;
    probe.repeat = 5;  // enough for a spread (p10 to p90)
    const DeviceInfo& device = engine.device();
    const std::uint64_t width = size_of(request.type);
    const std::uint64_t inputs = needs_two_inputs(request.op) ? 2 : 1;
    const std::uint64_t max_elements = max_shard_elements(device, width, inputs);
    std::uint64_t cap = whole.first->size();
    if (max_calibration_n > 0) cap = std::min(cap, max_calibration_n);
    std::vector<CalibrationPoint> points;
    Inputs largest;
    for (const std::uint64_t size :
         calibration_sizes(device.global_mem_cache_bytes, cap, width * inputs, max_elements)) {
        if (size > whole.first->size()) break;
        largest = shard_of(whole, 0, size);
        probe.n = size;
        const RunResult result = engine.run(probe, largest, stop);
        if (!result.verified)
            throw Error(ErrorKind::OpenCL, "the calibration run on " + device.name +
                                               " did not verify against the CPU reference");
        CalibrationPoint point;
        point.n = size;
        point.bytes = result.input_bytes;
        point.ms = result.total_ms;
        point.spread =
            result.median_us > 0 ? (result.p90_us - result.p10_us) / result.median_us : 0.0;
        points.push_back(point);
    }
    if (points.empty()) {  // an empty input: one element of the shard's identity would do
        RunRequest one = probe;
        one.n = 1;
        const RunResult result = engine.run(one, stop);
        points.push_back({1, result.input_bytes, result.total_ms, 0.0});
    }
    DeviceModel model = fit_device_model(device.name, std::move(points));
    model.max_elements = max_elements;
    if (largest.first) {
        const double ms = time_upload(EngineAccess::runtime(engine), largest, 3).upload_ms;
        model.upload_gbps = gbps(largest.first->size_bytes() * inputs, ms);
    }
    return model;
}

void record_plan(SplitResult& result, const SplitPlan& plan, std::span<const DeviceModel> models,
                 double split_overhead_ms) {
    for (std::size_t i = 0; i < result.devices.size() && i < models.size(); ++i) {
        DeviceShare& share = result.devices[i];
        share.model = models[i];
        share.calibrated_gbps = models[i].gbps;
        share.predicted_ms = plan.predicted_ms[i];
        share.plan_note = plan.notes[i];
    }
    result.planned = true;
    result.predicted_with_upload = plan.with_upload;
    result.predicted_ms = plan.predicted_ms_total;
    result.fastest_alone = plan.fastest_alone;
    result.fastest_alone_predicted_ms = plan.fastest_alone_predicted_ms;
    result.split_overhead_ms = split_overhead_ms;
}

SplitResult run_split(const SplitRequest& request, std::stop_token stop) {
    if (request.devices.empty())
        throw Error(ErrorKind::InvalidArgument, "a split needs at least one device");
    check_splittable(request.run);
    accumulator_for(request.run.op, request.run.type, request.run.accumulator);  // checks
    bool cpu = false;
    for (const DeviceInfo& device : request.devices) cpu = cpu || device.type == "CPU";
    check_split_host_memory(request.run, cpu);
    if (request.run.input_path.empty()) {
        // The devices' largest shards together must hold the input before it is made: the
        // planner refuses it with each device's limit.
        std::vector<DeviceModel> limits;
        for (const DeviceInfo& device : request.devices) {
            DeviceModel limit;
            limit.name = device.name;
            limit.gbps = 1.0;
            limit.max_elements = max_shard_elements(device, size_of(request.run.type),
                                                    needs_two_inputs(request.run.op) ? 2 : 1);
            limits.push_back(limit);
        }
        plan_split(limits, request.run.n, SplitPolicy::Even, {});
    }
    std::vector<Engine> engines;
    for (const DeviceInfo& device : request.devices) engines.emplace_back(device);
    const Inputs whole = make_inputs(request.run);
    const std::uint64_t n = whole.first->size();
    // Each device measured alone, one after the other, on its own sizes.
    std::vector<DeviceModel> models;
    for (Engine& engine : engines)
        models.push_back(
            calibrate_device(engine, request.run, whole, request.max_calibration_n, stop));
    PlanOptions options;
    options.bytes_per_element = static_cast<double>(size_of(request.run.type)) *
                                (needs_two_inputs(request.run.op) ? 2.0 : 1.0);
    // No split overhead in the model: the measured total it is compared with is the slowest
    // shard plus the host combine (microseconds), not the threads' start.
    const SplitPlan plan = plan_split(models, n, request.split, options);
    // Each shard against its own device's limits, not the whole input against every device.
    for (std::size_t i = 0; i < engines.size(); ++i)
        if (plan.counts[i] > 0) check_input_fits(request.devices[i], request.run, plan.counts[i]);
    std::vector<DeviceShare> shares(engines.size());
    std::vector<std::uint64_t> offsets(engines.size(), 0);
    for (std::size_t i = 1; i < engines.size(); ++i)
        offsets[i] = offsets[i - 1] + plan.counts[i - 1];
    // The uploads are timed first, one device at a time: each has the host's cores for its
    // staging copy and the bus to itself; then the shards are reduced at once, data resident.
    std::vector<Inputs> shards;
    std::vector<UploadTiming> uploads(engines.size());
    for (std::size_t i = 0; i < engines.size(); ++i) {
        shards.push_back(shard_of(whole, offsets[i], plan.counts[i]));
        if (plan.counts[i] > 0)
            uploads[i] =
                time_upload(EngineAccess::runtime(engines[i]), shards[i], request.run.repeat);
    }
    on_each_device(engines.size(), [&](std::size_t i) {
        shares[i] =
            reduce_shard(engines[i], request.run, shards[i], offsets[i], n, uploads[i], stop);
    });
    const auto start = Clock::now();
    const AccumulatorSpec acc =
        accumulator_for(request.run.op, request.run.type, request.run.accumulator);
    const Value combined = combine_shares(request.run.op, acc, shares);
    const double combine_ms = ms_since(start);
    SplitResult result =
        verify_split(request.run, request.split, whole, std::move(shares), combined, combine_ms);
    record_plan(result, plan, models, options.split_overhead_ms);
    return result;
}

}  // namespace reducelab
