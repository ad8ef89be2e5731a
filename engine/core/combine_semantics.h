// The device's combine rules, mirrored on the host for the host finish and the CPU reference.
// Keep in step with kernels/common.cl.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "reducelab/types.h"

namespace reducelab::detail {

// Unsigned multiply without promotion to int (uint32 * uint32 promotes to signed int in C++).
template <typename U>
U wrap_multiply(U a, U b) {
    return static_cast<U>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

template <typename S>
S combine_values(Operation op, S a, S b) {
    switch (op) {
        case Operation::Sum:
        case Operation::Dot:
        case Operation::Mean:
            return static_cast<S>(a + b);
        case Operation::Product:
            if constexpr (std::is_floating_point_v<S>)
                return a * b;
            else
                return wrap_multiply(a, b);
        case Operation::Min:
        case Operation::ArgMin:
            if constexpr (std::is_floating_point_v<S>)
                return (a < b || std::isnan(a)) ? a : b;  // NaN propagates
            else
                return std::min(a, b);
        case Operation::Max:
        case Operation::ArgMax:
            if constexpr (std::is_floating_point_v<S>)
                return (a > b || std::isnan(a)) ? a : b;
            else
                return std::max(a, b);
        case Operation::BitAnd:
        case Operation::LogicalAnd:
            if constexpr (std::is_integral_v<S>) return static_cast<S>(a & b);
            break;
        case Operation::BitOr:
        case Operation::LogicalOr:
            if constexpr (std::is_integral_v<S>) return static_cast<S>(a | b);
            break;
        case Operation::BitXor:
            if constexpr (std::is_integral_v<S>) return static_cast<S>(a ^ b);
            break;
    }
    return a;
}

// argmin/argmax accumulator in the device layout: the value, padding to 8 bytes, the index.
template <typename V>
struct alignas(8) Pair {
    V value;
    std::uint64_t index;
};
static_assert(sizeof(Pair<std::int32_t>) == 16 && sizeof(Pair<double>) == 16);

template <typename V>
bool value_is_nan(V v) {
    if constexpr (std::is_floating_point_v<V>)
        return std::isnan(v);
    else
        return false;
}

// a strictly better than b: a NaN wins (as in NumPy), else the smaller (argmin) / larger value.
template <typename V>
bool value_better(Operation op, V a, V b) {
    if (value_is_nan(a)) return !value_is_nan(b);
    if (value_is_nan(b)) return false;
    return op == Operation::ArgMin ? a < b : a > b;
}

template <typename V>
Pair<V> combine_pairs(Operation op, const Pair<V>& a, const Pair<V>& b) {
    if (value_better(op, b.value, a.value)) return b;
    if (value_better(op, a.value, b.value)) return a;
    return b.index < a.index ? b : a;
}

}  // namespace reducelab::detail
