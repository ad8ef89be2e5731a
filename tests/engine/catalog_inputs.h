// Inputs for the catalog tests: per operation, data whose answer says something (ties for
// argmin/argmax, odd factors for products, rare zeros for the logical operations, NaNs for the
// float min/max rules), reproducible and shared between the runs that use them.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <tuple>

#include "reducelab/host_array.h"
#include "reducelab/run_types.h"
#include "reducelab/types.h"

namespace reducelab::test {

inline std::uint64_t mix(std::uint64_t x) {  // splitmix64
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// The size at which float min/max/argmin/argmax inputs carry NaNs (two of them, so the NaN
// rule's "first index" is exercised too).
constexpr std::uint64_t kNanSize = 4097;

// Ties: few distinct values (first-index rule). Minima get positive values and maxima negative
// ones, so that an implementation padding with 0 instead of the identity is caught.
enum class InputKind {
    Random,
    Product,
    BitAnd,
    BitOr,
    Bits,
    LogicalAnd,
    LogicalOr,
    TiesLow,
    TiesHigh
};

inline InputKind input_kind(Operation op) {
    switch (op) {
        case Operation::Product:
            return InputKind::Product;
        case Operation::BitAnd:
            return InputKind::BitAnd;
        case Operation::BitOr:
            return InputKind::BitOr;
        case Operation::BitXor:
            return InputKind::Bits;
        case Operation::LogicalAnd:
            return InputKind::LogicalAnd;
        case Operation::LogicalOr:
            return InputKind::LogicalOr;
        case Operation::Min:
        case Operation::ArgMin:
            return InputKind::TiesLow;
        case Operation::Max:
        case Operation::ArgMax:
            return InputKind::TiesHigh;
        default:
            return InputKind::Random;
    }
}

template <typename V>
V element(InputKind kind, std::uint64_t i, std::uint64_t n, std::uint64_t salt) {
    const std::uint64_t h = mix(i * 0x100000001b3ull + salt);
    constexpr bool is_float = std::is_floating_point_v<V>;
    constexpr unsigned bits = sizeof(V) * 8;
    switch (kind) {
        case InputKind::Random:
            if constexpr (is_float)
                return static_cast<V>(static_cast<double>(h >> 11) * 0x1.0p-52 - 1.0);  // [-1, 1)
            else if constexpr (std::is_signed_v<V>)
                return static_cast<V>(static_cast<std::int64_t>(h % 2097153) - 1048576);
            else
                return static_cast<V>(h % 2097153);
        case InputKind::Product:
            // Odd integers (the product never becomes 0 and wraps in a checkable way); floats
            // near 1 so that a million factors neither overflow nor underflow.
            if constexpr (is_float) {
                const double x = 1.0 + (static_cast<double>(h % 2001) - 1000.0) * 0x1.0p-16;
                return static_cast<V>((h >> 20) % 16 == 0 ? -x : x);
            } else if constexpr (std::is_signed_v<V>) {
                return static_cast<V>(static_cast<std::int64_t>(h % 8) * 2 - 7);
            } else {
                return static_cast<V>((h % 4) * 2 + 1);
            }
        case InputKind::BitAnd:
            if constexpr (!is_float)
                return static_cast<V>(
                    ~((std::uint64_t{1} << (h % bits)) | (std::uint64_t{1} << ((h >> 8) % bits))));
            break;
        case InputKind::BitOr:
            if constexpr (!is_float)
                return static_cast<V>((std::uint64_t{1} << (h % bits)) |
                                      (std::uint64_t{1} << ((h >> 8) % bits)));
            break;
        case InputKind::Bits:
            if constexpr (!is_float) return static_cast<V>(h);
            break;
        case InputKind::LogicalAnd:  // non-zero but for rare zeros
            return (h % 701 == 0)
                       ? V(0)
                       : static_cast<V>(h % 1000 + 1) - static_cast<V>(h % 3 == 0 ? 500 : 0);
        case InputKind::LogicalOr:  // zero but for rare non-zeros
            return (h % 701 == 0) ? static_cast<V>(h % 100 + 1) : V(0);
        case InputKind::TiesLow:
        case InputKind::TiesHigh: {
            const bool high = kind == InputKind::TiesHigh;
            if constexpr (is_float) {
                if (n == kNanSize && (i == n * 2 / 3 || i == n * 2 / 3 + 5))
                    return std::numeric_limits<V>::quiet_NaN();
                return static_cast<V>(high ? -1.0 - static_cast<double>(h % 16)
                                           : 1.0 + static_cast<double>(h % 16));
            } else if constexpr (std::is_signed_v<V>) {
                return static_cast<V>(high ? -1 - static_cast<std::int64_t>(h % 16)
                                           : 1 + static_cast<std::int64_t>(h % 16));
            } else {
                return static_cast<V>(1 + h % 16);
            }
        }
    }
    return V(0);
}

template <typename V>
std::shared_ptr<const HostArray> make_array(ElementType type, InputKind kind, std::uint64_t n,
                                            std::uint64_t salt) {
    auto array = std::make_shared<HostArray>(type, n);
    auto values = array->as<V>();
    for (std::uint64_t i = 0; i < n; ++i) values[i] = element<V>(kind, i, n, salt);
    return array;
}

inline std::shared_ptr<const HostArray> make_array(ElementType type, InputKind kind,
                                                   std::uint64_t n, std::uint64_t salt) {
    switch (type) {
        case ElementType::Int32:
            return make_array<std::int32_t>(type, kind, n, salt);
        case ElementType::UInt32:
            return make_array<std::uint32_t>(type, kind, n, salt);
        case ElementType::Int64:
            return make_array<std::int64_t>(type, kind, n, salt);
        case ElementType::UInt64:
            return make_array<std::uint64_t>(type, kind, n, salt);
        case ElementType::Float32:
            return make_array<float>(type, kind, n, salt);
        case ElementType::Float64:
            return make_array<double>(type, kind, n, salt);
    }
    return nullptr;
}

// The inputs of (op, type, n). Keeps the arrays of the last (input kind, type) it was asked
// for, so that consecutive cases on the same data share them (and the engine's upload).
inline const Inputs& catalog_inputs(Operation op, ElementType type, std::uint64_t n) {
    static std::tuple<InputKind, ElementType, bool> current{InputKind::Random, ElementType::Int32,
                                                            false};
    static std::map<std::uint64_t, Inputs> by_size;
    static std::uint64_t next_id = 1u << 30;  // far from make_inputs' ids
    const auto key = std::make_tuple(input_kind(op), type, needs_two_inputs(op));
    if (key != current) {
        by_size.clear();
        current = key;
    }
    Inputs& slot = by_size[n];
    if (!slot.first) {
        slot.first = make_array(type, input_kind(op), n, 1);
        if (needs_two_inputs(op)) slot.second = make_array(type, input_kind(op), n, 2);
        slot.id = ++next_id;
    }
    return slot;
}

}  // namespace reducelab::test
