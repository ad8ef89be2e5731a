// Host-side folding of partial results in the accumulator's own type.
#include "launch/host_finish.h"

#include <cstring>

#include "core/combine_semantics.h"
#include "reducelab/error.h"

namespace reducelab {
namespace {

template <typename S>
std::vector<std::byte> fold_as(Operation op, std::span<const std::byte> partials, std::size_t count,
                               std::size_t stride) {
    S acc;
    std::memcpy(&acc, partials.data(), sizeof acc);
    for (std::size_t i = 1; i < count; ++i) {
        S next;
        std::memcpy(&next, partials.data() + i * stride, sizeof next);
        if constexpr (requires { next.index; })
            acc = detail::combine_pairs(op, acc, next);
        else
            acc = detail::combine_values(op, acc, next);
    }
    std::vector<std::byte> out(stride, std::byte{0});
    std::memcpy(out.data(), &acc, sizeof acc);
    return out;
}

}  // namespace

std::vector<std::byte> fold_partials(Operation op, const AccumulatorSpec& spec,
                                     std::span<const std::byte> partials, std::size_t count) {
    const std::size_t stride = spec.device_bytes;
    if (count == 0 || partials.size() < count * stride)
        throw Error(ErrorKind::InvalidArgument, "fold_partials: no partial results to fold");
    using detail::Pair;
    if (spec.is_pair) {
        switch (spec.value_type) {
            case ElementType::Int32:
                return fold_as<Pair<std::int32_t>>(op, partials, count, stride);
            case ElementType::UInt32:
                return fold_as<Pair<std::uint32_t>>(op, partials, count, stride);
            case ElementType::Int64:
                return fold_as<Pair<std::int64_t>>(op, partials, count, stride);
            case ElementType::UInt64:
                return fold_as<Pair<std::uint64_t>>(op, partials, count, stride);
            case ElementType::Float32:
                return fold_as<Pair<float>>(op, partials, count, stride);
            case ElementType::Float64:
                return fold_as<Pair<double>>(op, partials, count, stride);
        }
    }
    // Wrapping integer arithmetic happens on the unsigned type, as on the device.
    switch (spec.value_type) {
        case ElementType::Int32:
            return spec.wraps ? fold_as<std::uint32_t>(op, partials, count, stride)
                              : fold_as<std::int32_t>(op, partials, count, stride);
        case ElementType::UInt32:
            return fold_as<std::uint32_t>(op, partials, count, stride);
        case ElementType::Int64:
            return spec.wraps ? fold_as<std::uint64_t>(op, partials, count, stride)
                              : fold_as<std::int64_t>(op, partials, count, stride);
        case ElementType::UInt64:
            return fold_as<std::uint64_t>(op, partials, count, stride);
        case ElementType::Float32:
            return fold_as<float>(op, partials, count, stride);
        case ElementType::Float64:
            return fold_as<double>(op, partials, count, stride);
    }
    return {};
}

}  // namespace reducelab
