// One reduction split over several devices of this host: a calibration run per device for the
// balanced shares, one host thread per device reducing its shard through Engine::run, the
// partials combined on the host and the whole verified against the reference of the input.
#include "reducelab/multi_device.h"

#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "launch/cl.h"
#include "launch/runtime.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/reference.h"
#include "reducelab/statistics.h"

namespace reducelab {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The host -> device copy of a shard, timed by profiling events: the median of `repeats`
// copies into a fresh buffer (Engine::run then uploads its own copy, untimed).
double upload_ms(detail::DeviceRuntime& runtime, const Inputs& shard, int repeats) {
    const std::uint64_t bytes = shard.first->size_bytes();
    if (bytes == 0) return 0.0;
    std::lock_guard lock(runtime.run_mutex());
    return detail::cl_call("uploading a shard to " + runtime.info().name, [&] {
        cl::Buffer buffer(runtime.context(), CL_MEM_READ_ONLY, bytes);
        std::vector<double> times;
        for (int r = 0; r < std::max(repeats, 1); ++r) {
            double ms = 0.0;
            for (const HostArray* array : {shard.first.get(), shard.second.get()}) {
                if (!array) continue;
                cl::Event done;
                runtime.queue().enqueueWriteBuffer(buffer, CL_TRUE, 0, bytes, array->data(),
                                                   nullptr, &done);
                ms += detail::event_ms(done);
            }
            times.push_back(ms);
        }
        return median(times);
    });
}

double gbps(std::uint64_t bytes, double ms) {
    return ms > 0 ? static_cast<double>(bytes) / (ms * 1e6) : 0.0;
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

// Each device's throughput on a short run of the same request (input resident): the weights of
// the balanced split. Sequential, so that each device is measured alone.
std::vector<double> calibrate(std::vector<Engine>& engines, const SplitRequest& split,
                              std::uint64_t n, std::stop_token stop) {
    RunRequest probe = split.run;
    probe.op = shard_operation(probe.op);
    probe.input_path.clear();
    probe.second_input_path.clear();
    probe.n = std::max<std::uint64_t>(std::min(n, split.calibration_n), 1);
    probe.warmup = 1;
    probe.repeat = 3;
    const Inputs inputs = make_inputs(probe);
    std::vector<double> weights;
    for (Engine& engine : engines) {
        const RunResult result = engine.run(probe, inputs, stop);
        if (!result.verified)
            throw Error(ErrorKind::OpenCL, "the calibration run on " + engine.device().name +
                                               " did not verify against the CPU reference");
        weights.push_back(result.gbps);
    }
    return weights;
}

}  // namespace

DeviceShare run_shard(Engine& engine, const RunRequest& request, const Inputs& shard,
                      std::uint64_t offset, std::uint64_t n, std::stop_token stop) {
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
    share.upload_ms = upload_ms(engine.runtime(), shard, request.repeat);
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

SplitResult run_split(const SplitRequest& request, std::stop_token stop) {
    if (request.devices.empty())
        throw Error(ErrorKind::InvalidArgument, "a split needs at least one device");
    check_splittable(request.run);
    accumulator_for(request.run.op, request.run.type, request.run.accumulator);  // checks
    std::vector<Engine> engines;
    for (const DeviceInfo& device : request.devices) {
        if (request.run.input_path.empty()) check_input_fits(device, request.run, request.run.n);
        engines.emplace_back(device);
    }
    const Inputs whole = make_inputs(request.run);
    const std::uint64_t n = whole.first->size();
    std::vector<double> weights(engines.size(), 1.0);
    if (request.split == SplitPolicy::Balanced && engines.size() > 1)
        weights = calibrate(engines, request, n, stop);
    const std::vector<std::uint64_t> counts = split_counts(n, weights);
    std::vector<DeviceShare> shares(engines.size());
    std::vector<std::uint64_t> offsets(engines.size(), 0);
    for (std::size_t i = 1; i < engines.size(); ++i) offsets[i] = offsets[i - 1] + counts[i - 1];
    on_each_device(engines.size(), [&](std::size_t i) {
        const Inputs shard = shard_of(whole, offsets[i], counts[i]);
        shares[i] = run_shard(engines[i], request.run, shard, offsets[i], n, stop);
    });
    for (std::size_t i = 0; i < shares.size(); ++i)
        if (request.split == SplitPolicy::Balanced && engines.size() > 1)
            shares[i].calibrated_gbps = weights[i];
    const auto start = Clock::now();
    const AccumulatorSpec acc =
        accumulator_for(request.run.op, request.run.type, request.run.accumulator);
    const Value combined = combine_shares(request.run.op, acc, shares);
    const double combine_ms = ms_since(start);
    return verify_split(request.run, request.split, whole, std::move(shares), combined, combine_ms);
}

}  // namespace reducelab
