// The split of one reduction over devices: which devices, how many elements each, the shards'
// inputs, and the host combine of their partials with the device's combine rules.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <numeric>

#include "core/combine_semantics.h"
#include "reducelab/error.h"
#include "reducelab/reference.h"
#include "reducelab/split_plan.h"

namespace reducelab {

std::vector<DeviceInfo> select_devices(const std::vector<DeviceInfo>& devices,
                                       std::string_view list) {
    if (list == "all") {
        if (devices.empty()) throw Error(ErrorKind::NoPlatform, "no OpenCL device to split over");
        return devices;
    }
    if (list.empty())
        throw Error(ErrorKind::InvalidArgument,
                    "--devices needs 'all' or a comma-separated list of device indices");
    std::vector<DeviceInfo> chosen;
    std::vector<bool> taken(devices.size(), false);
    while (true) {
        const std::size_t comma = list.find(',');
        const std::string_view item = list.substr(0, comma);
        std::size_t index = 0;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), index);
        if (item.empty() || ec != std::errc{} || end != item.data() + item.size())
            throw Error(ErrorKind::InvalidArgument,
                        "--devices: '" + std::string(item) +
                            "' is not a device index (use 'all' or indices such as 0,2; "
                            "'reducelab-cli devices' lists them)");
        if (index >= devices.size())
            throw Error(ErrorKind::InvalidArgument,
                        "--devices: there is no device " + std::to_string(index) + " (" +
                            std::to_string(devices.size()) + " device(s): 0 to " +
                            std::to_string(devices.size() - 1) + ")");
        if (taken[index])
            throw Error(ErrorKind::InvalidArgument,
                        "--devices: device " + std::to_string(index) + " is named twice");
        taken[index] = true;
        chosen.push_back(devices[index]);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return chosen;
}

std::vector<std::uint64_t> split_counts(std::uint64_t n, std::span<const double> weights) {
    if (weights.empty())
        throw Error(ErrorKind::InvalidArgument, "a split needs at least one device");
    for (double w : weights)
        if (!std::isfinite(w) || w <= 0.0)
            throw Error(ErrorKind::InvalidArgument,
                        "a device's split weight must be finite and positive (got " +
                            std::to_string(w) + ")");
    const long double total = std::accumulate(weights.begin(), weights.end(), 0.0L);
    std::vector<std::uint64_t> counts(weights.size());
    std::vector<std::pair<long double, std::size_t>> remainders;
    std::uint64_t assigned = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const long double exact = static_cast<long double>(n) * weights[i] / total;
        counts[i] =
            std::min<std::uint64_t>(static_cast<std::uint64_t>(std::floor(exact)), n - assigned);
        assigned += counts[i];
        remainders.push_back({exact - static_cast<long double>(counts[i]), i});
    }
    // Largest remainder first; ties to the earlier device, so the plan is deterministic.
    std::stable_sort(remainders.begin(), remainders.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t k = 0; assigned < n; k = (k + 1) % remainders.size(), ++assigned)
        ++counts[remainders[k].second];
    return counts;
}

Operation shard_operation(Operation op) {
    return op == Operation::Mean ? Operation::Sum : op;
}

void check_splittable(const RunRequest& request) {
    if (request.op == Operation::Mean && !is_float(request.type) && size_of(request.type) == 8)
        throw Error(ErrorKind::InvalidArgument,
                    "the exact mean of " + std::string(to_string(request.type)) +
                        " sums 32-bit halves in two passes and is not split over devices; run it "
                        "on one device, or split its sum");
}

namespace {

template <typename S>
S value_as(const Value& v) {
    switch (v.kind) {
        case Value::Kind::Signed:
            return static_cast<S>(v.i);
        case Value::Kind::Unsigned:
            return static_cast<S>(v.u);
        case Value::Kind::Float:
            return static_cast<S>(v.f);
    }
    return S{};
}

template <typename S>
Value value_of(S s, ElementType type) {
    if constexpr (std::is_floating_point_v<S>)
        return Value::of_float(static_cast<double>(s), type == ElementType::Float32);
    else if constexpr (std::is_signed_v<S>)
        return Value::of_signed(static_cast<std::int64_t>(s));
    else
        return Value::of_unsigned(static_cast<std::uint64_t>(s));
}

// f(V{}) for the C++ type V of an element or accumulator type.
template <typename F>
auto with_value_type(ElementType type, F f) {
    switch (type) {
        case ElementType::Int32:
            return f(std::int32_t{});
        case ElementType::UInt32:
            return f(std::uint32_t{});
        case ElementType::Int64:
            return f(std::int64_t{});
        case ElementType::UInt64:
            return f(std::uint64_t{});
        case ElementType::Float32:
            return f(float{});
        case ElementType::Float64:
            break;
    }
    return f(double{});
}

// V: the accumulator's value type; W: the type it is combined in (unsigned for wrapping sums).
template <typename V, typename W>
Value combine_as(Operation op, const AccumulatorSpec& acc, const Value& a, const Value& b) {
    if (acc.is_pair) {
        const detail::Pair<V> pa{value_as<V>(a), a.index.value_or(0)};
        const detail::Pair<V> pb{value_as<V>(b), b.index.value_or(0)};
        const detail::Pair<V> best = detail::combine_pairs(op, pa, pb);
        Value out = value_of(best.value, acc.value_type);
        out.index = best.index;
        return out;
    }
    const W combined = detail::combine_values<W>(op, static_cast<W>(value_as<V>(a)),
                                                 static_cast<W>(value_as<V>(b)));
    return value_of(static_cast<V>(combined), acc.value_type);
}

}  // namespace

Value combine_partial_values(Operation op, const AccumulatorSpec& acc, const Value& a,
                             const Value& b) {
    return with_value_type(acc.value_type, [&](auto tag) {
        using V = decltype(tag);
        // Wrapping sums and products combine in the unsigned type of the same width.
        if constexpr (std::is_integral_v<V> && std::is_signed_v<V>)
            if (acc.wraps)
                return combine_as<V, std::make_unsigned_t<V>>(shard_operation(op), acc, a, b);
        return combine_as<V, V>(shard_operation(op), acc, a, b);
    });
}

std::vector<std::byte> encode_partial(const AccumulatorSpec& acc, const Value& partial) {
    std::vector<std::byte> bytes(acc.device_bytes);
    const auto put = [&bytes](auto v, std::size_t at) {
        std::memcpy(bytes.data() + at, &v, sizeof v);
    };
    with_value_type(acc.value_type, [&](auto tag) {
        put(value_as<decltype(tag)>(partial), 0);
        return 0;
    });
    if (acc.is_pair) put(partial.index.value_or(0), 8);
    return bytes;
}

Value finish_combined(Operation op, const AccumulatorSpec& acc, const Value& combined,
                      std::uint64_t n) {
    if (op != Operation::Mean) return combined;
    if (acc.split_halves)
        throw Error(ErrorKind::InvalidArgument,
                    "the exact mean of 64-bit integers is not split over devices");
    if (combined.kind == Value::Kind::Float)
        return Value::of_float(combined.as_double() / static_cast<double>(n));
    // 32-bit elements summed in 64 bits: exact while n < 2^32, divided with one rounding
    return Value::of_float(exact_integer_mean(
        combined.kind == Value::Kind::Signed ? Int128{combined.i} : Int128{combined.u}, n));
}

Value combine_shares(Operation op, const AccumulatorSpec& acc,
                     std::span<const DeviceShare> shares) {
    std::optional<Value> combined;
    for (const DeviceShare& share : shares) {
        if (share.count == 0) continue;  // a device left without elements holds no partial
        combined =
            combined ? combine_partial_values(op, acc, *combined, share.partial) : share.partial;
    }
    if (!combined) throw Error(ErrorKind::InvalidArgument, "a split of no elements has no value");
    return *combined;
}

Inputs shard_of(const Inputs& inputs, std::uint64_t offset, std::uint64_t count) {
    const auto slice = [&](const std::shared_ptr<const HostArray>& whole) {
        if (offset > whole->size() || count > whole->size() - offset)
            throw Error(ErrorKind::InvalidArgument, "a shard past the end of the input");
        return HostArray::view(whole, offset, count);
    };
    Inputs shard;
    shard.first = slice(inputs.first);
    if (inputs.second) shard.second = slice(inputs.second);
    return shard;  // id 0: each Engine uploads it
}

}  // namespace reducelab
