// std::reduce baseline.
#include "reducelab/host_baseline.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>

#include "reducelab/error.h"
#include "reducelab/reference.h"
#include "reducelab/statistics.h"

namespace reducelab {
namespace {

template <typename E, typename A>
A reduce_once(std::span<const E> x, Operation op) {
    switch (op) {
        case Operation::Min:
            return std::reduce(x.begin(), x.end(), static_cast<A>(x[0]),
                               [](A a, A b) { return b < a ? b : a; });
        case Operation::Max:
            return std::reduce(x.begin(), x.end(), static_cast<A>(x[0]),
                               [](A a, A b) { return a < b ? b : a; });
        default:
            return std::reduce(x.begin(), x.end(), A{0},
                               [](A a, A b) { return static_cast<A>(a + b); });
    }
}

template <typename E, typename A>
std::pair<std::vector<double>, A> time_reduce(const HostArray& a, Operation op, int repeat,
                                              int warmup) {
    const auto x = a.as<E>();
    std::vector<double> ms;
    A result{};
    for (int r = 0; r < warmup + repeat; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        result = reduce_once<E, A>(x, op);
        const auto t1 = std::chrono::steady_clock::now();
        // Keep the result observable so the reduction cannot be dropped.
        asm volatile("" : : "r"(&result) : "memory");
        if (r >= warmup) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    return {ms, result};
}

}  // namespace

RunResult host_std_reduce(const RunRequest& request, const Inputs& inputs,
                          const DeviceInfo& device) {
    const Operation op = request.op;
    if (op != Operation::Sum && op != Operation::Min && op != Operation::Max)
        throw Error(ErrorKind::Unsupported, "the std::reduce baseline covers sum, min and max");
    const HostArray& a = *inputs.first;
    const AccumulatorSpec acc = accumulator_for(op, request.type, request.accumulator);
    std::vector<double> ms;
    std::vector<std::byte> bytes(acc.device_bytes);
    const auto run = [&]<typename E, typename A>() {
        auto [times, value] = time_reduce<E, A>(a, op, request.repeat, request.warmup);
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
    r.request.variant = "host-std-reduce";
    r.device = device;
    r.n = a.size();
    r.accumulator = acc.description;
    r.value = decode_accumulator(acc, bytes);
    const Reference ref = compute_reference(op, acc, a, nullptr);
    const Verification v = verify(op, acc, r.value, ref, a.size());
    record_verification(r, ref.value, v);
    r.repeat_ms = ms;
    r.total_ms = median(ms);
    r.stages.push_back({"std::reduce", r.total_ms, false});
    r.input_bytes = a.size_bytes();
    r.bytes_moved = r.input_bytes;
    r.gbps = static_cast<double>(r.input_bytes) / (r.total_ms * 1e6);
    r.launched.variant = "host-std-reduce";
    r.launched.kernel = "std::reduce";
    return r;
}

}  // namespace reducelab
