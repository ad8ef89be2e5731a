// The adversarial fills: cancellation (shuffled and sorted) and a wide exponent range. Every
// value is drawn from the raw mt19937_64 output (specified by the standard, unlike its
// distributions and std::shuffle), so a seed gives the same array on every platform.
#include "core/adversarial_fills.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <span>
#include <type_traits>

namespace reducelab::detail {
namespace {

// A float of the type's full precision: a random p-bit significand times 2^exponent.
template <typename V>
V random_float(std::mt19937_64& engine, int exponent) {
    constexpr int p = std::numeric_limits<V>::digits;  // 24 or 53
    const std::uint64_t significand = (engine() >> (64 - p)) | (std::uint64_t{1} << (p - 1));
    const V magnitude =
        static_cast<V>(std::ldexp(static_cast<double>(significand), exponent - (p - 1)));
    return (engine() & 1) ? -magnitude : magnitude;
}

// A uniform integer in [lo, hi] from the raw engine (the modulo bias is below 2^-32 here).
int uniform_int(std::mt19937_64& engine, int lo, int hi) {
    return lo + static_cast<int>(engine() % static_cast<std::uint64_t>(hi - lo + 1));
}

template <typename V>
V big_term(std::mt19937_64& engine) {
    if constexpr (std::is_floating_point_v<V>) {
        const bool single = std::is_same_v<V, float>;
        return random_float<V>(engine,
                               single ? uniform_int(engine, 20, 40) : uniform_int(engine, 40, 80));
    } else {
        // Below 2^(width - 3): 2^28 of them still fit in a 64-bit accumulator.
        constexpr int width = 8 * sizeof(V);
        const auto magnitude = static_cast<std::int64_t>(engine() >> (64 - (width - 3)));
        return static_cast<V>((engine() & 1) ? -magnitude : magnitude);
    }
}

template <typename V>
V small_term(std::mt19937_64& engine) {
    if constexpr (std::is_floating_point_v<V>)
        return static_cast<V>(static_cast<double>(engine() >> 11) * 0x1.0p-52 - 1.0);  // [-1, 1)
    else
        return static_cast<V>(static_cast<std::int64_t>(engine() % 17) - 8);  // [-8, 8]
}

// Pairs +b, -b of large terms (a quarter of the elements each way) among small terms in
// [-1, 1): the exact sum is the small terms' sum, while sum |x| is about 2^30 times n / 2
// (float32; 2^60 for float64), so the condition number sum |x| / |sum| is 1e8 and far beyond
// from n = 16 on. Shuffled, or sorted ascending (the worst order for a sequential sum).
template <typename V>
void fill_cancel(std::span<V> out, bool sorted, std::mt19937_64& engine) {
    const std::size_t pairs = out.size() / 4;
    for (std::size_t k = 0; k < pairs; ++k) {
        const V big = big_term<V>(engine);
        out[2 * k] = big;
        out[2 * k + 1] = static_cast<V>(V(0) - big);
    }
    for (std::size_t i = 2 * pairs; i < out.size(); ++i) out[i] = small_term<V>(engine);
    if (sorted) {
        std::sort(out.begin(), out.end());
        return;
    }
    for (std::size_t i = out.size(); i > 1; --i) {  // Fisher-Yates on the raw engine
        const std::size_t j = static_cast<std::size_t>(engine() % i);
        std::swap(out[i - 1], out[j]);
    }
}

// Blocks b, -b, s, s' (b as big_term but of float32 2^16..2^24, float64 2^40..2^48; s, s' small
// terms): every +-pair is in one block, so in one work-group of any launch whose local size is
// even (the exercise fill cancel-pairs).
template <typename V>
void fill_cancel_pairs(std::span<V> out, std::mt19937_64& engine) {
    for (std::size_t i = 0; i < out.size(); i += 4) {
        V big;
        if constexpr (std::is_floating_point_v<V>)
            big = random_float<V>(engine, std::is_same_v<V, float> ? uniform_int(engine, 16, 23)
                                                                   : uniform_int(engine, 40, 47));
        else
            big = big_term<V>(engine);
        out[i] = big;
        if (i + 1 < out.size()) out[i + 1] = static_cast<V>(V(0) - big);
        if (i + 2 < out.size()) out[i + 2] = small_term<V>(engine);
        if (i + 3 < out.size()) out[i + 3] = small_term<V>(engine);
    }
}

// Random signs and significands with exponents spread evenly over a wide range: float32
// 2^-60 .. 2^60, float64 2^-400 .. 2^400 (n times the largest stays finite). Integers: random
// magnitudes of every bit width.
template <typename V>
void fill_wide_exponent(std::span<V> out, std::mt19937_64& engine) {
    for (V& v : out) {
        if constexpr (std::is_floating_point_v<V>) {
            const int range = std::is_same_v<V, float> ? 60 : 400;
            v = random_float<V>(engine, uniform_int(engine, -range, range));
        } else {
            constexpr int width = 8 * sizeof(V);
            const std::uint64_t magnitude =
                engine() >> (64 - width + 3 + uniform_int(engine, 0, width - 4));
            v = static_cast<V>(std::is_signed_v<V> && (engine() & 1)
                                   ? -static_cast<std::int64_t>(magnitude)
                                   : static_cast<std::int64_t>(magnitude));
        }
    }
}

}  // namespace

bool is_adversarial(Fill fill) {
    return fill == Fill::Cancel || fill == Fill::CancelSorted || fill == Fill::WideExponent ||
           fill == Fill::CancelPairs;
}

template <typename V>
void fill_adversarial(std::span<V> out, Fill fill, std::uint64_t seed) {
    std::mt19937_64 engine(seed);
    if (fill == Fill::WideExponent)
        fill_wide_exponent(out, engine);
    else if (fill == Fill::CancelPairs)
        fill_cancel_pairs(out, engine);
    else
        fill_cancel(out, fill == Fill::CancelSorted, engine);
}

template void fill_adversarial(std::span<std::int32_t>, Fill, std::uint64_t);
template void fill_adversarial(std::span<std::uint32_t>, Fill, std::uint64_t);
template void fill_adversarial(std::span<std::int64_t>, Fill, std::uint64_t);
template void fill_adversarial(std::span<std::uint64_t>, Fill, std::uint64_t);
template void fill_adversarial(std::span<float>, Fill, std::uint64_t);
template void fill_adversarial(std::span<double>, Fill, std::uint64_t);

}  // namespace reducelab::detail
