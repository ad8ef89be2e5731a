// oneTBB parallel_reduce baseline.
#include "reducelab/host_baseline.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <span>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "reducelab/error.h"
#include "reducelab/reference.h"
#include "reducelab/statistics.h"
#include "reducelab/units.h"

namespace reducelab {
namespace {

// Lanes of independent accumulators per chunk: the loop over them has no dependency from one
// element to the next, so GCC vectorises it (a single float accumulator it may not reorder).
constexpr std::size_t kLanes = 16;
constexpr std::size_t kGrain = std::size_t{1} << 14;

template <typename A>
A combine(Operation op, A a, A b) {
    switch (op) {
        case Operation::Min:
            return b < a ? b : a;
        case Operation::Max:
            return a < b ? b : a;
        default:
            return static_cast<A>(a + b);
    }
}

template <typename E, typename A>
A reduce_chunk(const E* x, std::size_t count, Operation op, A identity) {
    std::array<A, kLanes> lanes;
    lanes.fill(identity);
    std::size_t i = 0;
    for (; i + kLanes <= count; i += kLanes)
        for (std::size_t l = 0; l < kLanes; ++l)
            lanes[l] = combine<A>(op, lanes[l], static_cast<A>(x[i + l]));
    for (; i < count; ++i) lanes[0] = combine<A>(op, lanes[0], static_cast<A>(x[i]));
    A result = lanes[0];
    for (std::size_t l = 1; l < kLanes; ++l) result = combine<A>(op, result, lanes[l]);
    return result;
}

template <typename E, typename A>
A reduce_once(std::span<const E> x, Operation op) {
    // Min and max start from an element (their identity would need the type's limits).
    const A identity = op == Operation::Sum ? A{0} : static_cast<A>(x[0]);
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, x.size(), kGrain), identity,
        [&](const tbb::blocked_range<std::size_t>& range, A partial) {
            return combine<A>(
                op, partial,
                reduce_chunk<E, A>(x.data() + range.begin(), range.size(), op, identity));
        },
        [op](A a, A b) { return combine<A>(op, a, b); });
}

template <typename E, typename A>
std::pair<std::vector<double>, A> time_reduce(const HostArray& a, const RunRequest& request) {
    const auto x = a.as<E>();
    // Sustained: batch calls back to back; kernel and latency: one call (on the host both are
    // its wall time).
    const int calls = request.timing == TimingMethod::Sustained ? request.batch : 1;
    std::vector<double> ms;
    A result{};
    for (int r = 0; r < request.warmup + request.repeat; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int c = 0; c < calls; ++c) {
            result = reduce_once<E, A>(x, request.op);
            // Keep the result observable so the reduction cannot be dropped.
            asm volatile("" : : "r"(&result) : "memory");
        }
        const auto t1 = std::chrono::steady_clock::now();
        if (r >= request.warmup)
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count() / calls);
    }
    return {ms, result};
}

}  // namespace

RunResult host_tbb_reduce(const RunRequest& request, const Inputs& inputs,
                          const DeviceInfo& device) {
    const Operation op = request.op;
    if (op != Operation::Sum && op != Operation::Min && op != Operation::Max)
        throw Error(ErrorKind::Unsupported, "the oneTBB baseline covers sum, min and max");
    const HostArray& a = *inputs.first;
    const AccumulatorSpec acc = accumulator_for(op, request.type, request.accumulator);
    std::vector<double> ms;
    std::vector<std::byte> bytes(acc.device_bytes);
    const auto run = [&]<typename E, typename A>() {
        auto [times, value] = time_reduce<E, A>(a, request);
        ms = std::move(times);
        std::memcpy(bytes.data(), &value, sizeof value);
    };
    // The accumulator type: the unsigned type of its width for wrapping integer sums (an int32
    // converts to uint64 modulo 2^64, which is sign extension), else its value type.
    const auto with_element = [&]<typename E>() {
        if (acc.wraps)
            acc.device_bytes == 8 ? run.template operator()<E, std::uint64_t>()
                                  : run.template operator()<E, std::uint32_t>();
        else if (acc.value_type == ElementType::Float64)
            run.template operator()<E, double>();
        else
            run.template operator()<E, E>();
    };
    switch (request.type) {
        case ElementType::Int32:
            with_element.operator()<std::int32_t>();
            break;
        case ElementType::UInt32:
            with_element.operator()<std::uint32_t>();
            break;
        case ElementType::Int64:
            with_element.operator()<std::int64_t>();
            break;
        case ElementType::UInt64:
            with_element.operator()<std::uint64_t>();
            break;
        case ElementType::Float32:
            with_element.operator()<float>();
            break;
        case ElementType::Float64:
            with_element.operator()<double>();
            break;
    }
    RunResult r;
    r.request = request;
    r.request.variant = "host-tbb-reduce";
    r.device = device;
    r.n = a.size();
    r.accumulator = acc.description;
    r.value = decode_accumulator(acc, bytes);
    const Reference ref = compute_reference(op, acc, a, nullptr);
    const Verification v = verify(op, acc, r.value, ref, a.size());
    record_verification(r, ref.value, v);
    r.repeat_ms = ms;
    summarise_timing(r);
    r.timing_method = request.timing;
    r.cold = false;  // no flush on the host: its caches are the point of a CPU baseline
    r.stages.push_back({"tbb::parallel_reduce (wall)", r.total_ms, false});
    r.input_bytes = a.size_bytes();
    r.bytes_moved = r.input_bytes;
    r.gbps = units::gbps_of(static_cast<double>(r.input_bytes), r.total_ms);
    r.launched.variant = "host-tbb-reduce";
    r.launched.kernel = "tbb::parallel_reduce";
    return r;
}

}  // namespace reducelab
