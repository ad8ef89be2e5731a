// The exact sum (superaccumulator) against independent 128-bit integer arithmetic, its single
// rounding (ties to even, subnormals, overflow), and the adversarial fills it is the reference
// for: condition number, sorted against shuffled order, reproducibility.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/exact_sum.h"
#include "reducelab/host_array.h"
#include "reducelab/reference.h"

namespace reducelab {
namespace {

__extension__ typedef __int128 Int128;

TEST(ExactSum, CancellationLeavesTheSmallTerm) {
    ExactSum s;
    for (double v : {1e16, 1.0, -1e16}) ASSERT_TRUE(s.add(v));
    EXPECT_EQ(s.to_double(), 1.0);
    ExactSum big;
    for (double v : {0x1.0p1000, 0x1.0p-1000, -0x1.0p1000}) ASSERT_TRUE(big.add(v));
    EXPECT_EQ(big.to_double(), 0x1.0p-1000);
}

TEST(ExactSum, RoundsOnceToNearestEven) {
    ExactSum s;
    s.add(0x1.0p53);
    s.add(1.0);  // 2^53 + 1: halfway, ties to the even 2^53
    EXPECT_EQ(s.to_double(), 0x1.0p53);
    s.add(0x1.0p-60);  // just above halfway: rounds up
    EXPECT_EQ(s.to_double(), 0x1.0p53 + 2);
    ExactSum f;
    f.add(1.0);
    f.add(0x1.0p-24);  // float32 halfway: ties to even 1
    EXPECT_EQ(f.to_float(), 1.0f);
    f.add(0x1.0p-24);  // 1 + 2^-23: representable
    EXPECT_EQ(f.to_float(), 1.0f + 0x1.0p-23f);
    // Double rounding would give 1 here: 1 + 2^-24 + 2^-70 rounds to 1 + 2^-24 in double, a
    // float32 tie that goes to even; rounded once it is above the tie.
    ExactSum once;
    once.add(1.0);
    once.add(0x1.0p-24);
    once.add(0x1.0p-70);
    EXPECT_EQ(once.to_float(), 1.0f + 0x1.0p-23f);
}

TEST(ExactSum, SubnormalsAndOverflow) {
    ExactSum tiny;
    for (int i = 0; i < 3; ++i) tiny.add(std::numeric_limits<double>::denorm_min());
    EXPECT_EQ(tiny.to_double(), 3 * std::numeric_limits<double>::denorm_min());
    ExactSum f;
    f.add(0x1.0p-150);  // half of float32's smallest subnormal: ties to even 0
    EXPECT_EQ(f.to_float(), 0.0f);
    f.add(0x1.0p-200);
    EXPECT_EQ(f.to_float(), 0x1.0p-149f);
    ExactSum huge;
    const double max = std::numeric_limits<double>::max();
    huge.add(max);
    huge.add(max);
    EXPECT_EQ(huge.to_double(), std::numeric_limits<double>::infinity());
    huge.add(-max);  // the accumulator itself never overflowed
    EXPECT_EQ(huge.to_double(), max);
    EXPECT_FALSE(huge.add(std::numeric_limits<double>::quiet_NaN()));
    ExactSum negative;
    negative.add(-3.5);
    negative.add(1.25);
    EXPECT_EQ(negative.sign(), -1);
    EXPECT_EQ(negative.to_double(), -2.25);
    EXPECT_EQ(negative.to_float(), -2.25f);
}

// Doubles with exponents in 2^-30 .. 2^30 scaled by 2^82 are integers below 2^113: a 128-bit
// sum of 1000 of them is exact, and GCC's int128 -> double/float conversions round correctly.
TEST(ExactSum, MatchesIndependentIntegerArithmetic) {
    std::mt19937_64 engine(42);
    for (int trial = 0; trial < 200; ++trial) {
        ExactSum s;
        Int128 scaled = 0;
        const int count = 1 + static_cast<int>(engine() % 1000);
        for (int i = 0; i < count; ++i) {
            const auto significand = static_cast<std::int64_t>(engine() >> 11);  // 53 bits
            const int exponent = static_cast<int>(engine() % 61) - 30;           // of the value
            const std::int64_t signed_significand = (engine() & 1) ? -significand : significand;
            const double v = std::ldexp(static_cast<double>(signed_significand), exponent - 52);
            ASSERT_TRUE(s.add(v));
            scaled += static_cast<Int128>(signed_significand) << (exponent + 30);
        }
        EXPECT_EQ(s.to_double(), std::ldexp(static_cast<double>(scaled), -82)) << trial;
        EXPECT_EQ(s.to_float(), std::ldexp(static_cast<float>(scaled), -82)) << trial;
    }
}

TEST(ExactSum, ProductsAreSplitExactly) {
    ExactSum s;
    const double x = 1.0 + 0x1.0p-30, y = 1.0 - 0x1.0p-30;  // x*y = 1 - 2^-60
    ASSERT_TRUE(s.add_product(x, y));
    s.add(-1.0);
    EXPECT_EQ(s.to_double(), -0x1.0p-60);
}

double exact_of(const HostArray& a) {
    ExactSum s;
    for (std::size_t i = 0; i < a.size(); ++i) s.add(a.as_double(i));
    return s.to_double();
}

double sum_abs(const HostArray& a) {
    double total = 0;
    for (std::size_t i = 0; i < a.size(); ++i) total += std::fabs(a.as_double(i));
    return total;
}

TEST(AdversarialFills, CancelHasAHighConditionNumberInBothOrders) {
    for (ElementType type : {ElementType::Float32, ElementType::Float64}) {
        for (std::size_t n : {16u, 1000u, 65536u}) {
            const HostArray shuffled = generate(type, n, Fill::Cancel, 7);
            const HostArray sorted = generate(type, n, Fill::CancelSorted, 7);
            const double exact = exact_of(shuffled);
            EXPECT_EQ(exact_of(sorted), exact);  // the same values, another order
            ASSERT_NE(exact, 0.0);
            EXPECT_GE(sum_abs(shuffled) / std::fabs(exact), 1e8) << to_string(type) << " n=" << n;
            std::vector<double> a, b;
            for (std::size_t i = 0; i < n; ++i) {
                a.push_back(shuffled.as_double(i));
                b.push_back(sorted.as_double(i));
            }
            EXPECT_TRUE(std::ranges::is_sorted(b));
            EXPECT_FALSE(std::ranges::is_sorted(a));
            std::ranges::sort(a);
            EXPECT_EQ(a, b);
        }
    }
}

TEST(AdversarialFills, ReproducibleForASeedAndDifferentAcrossSeeds) {
    for (Fill fill : {Fill::Cancel, Fill::CancelSorted, Fill::WideExponent}) {
        const HostArray a = generate(ElementType::Float32, 4096, fill, 3);
        const HostArray b = generate(ElementType::Float32, 4096, fill, 3);
        const HostArray c = generate(ElementType::Float32, 4096, fill, 4);
        EXPECT_TRUE(std::equal(a.data(), a.data() + a.size_bytes(), b.data())) << to_string(fill);
        EXPECT_FALSE(std::equal(a.data(), a.data() + a.size_bytes(), c.data())) << to_string(fill);
        EXPECT_EQ(parse_fill(to_string(fill)), fill);
    }
}

// cancel-pairs (an exercise fill): blocks b, -b, s, s', so every block of four sums to its two
// small terms exactly, and the whole sum is theirs.
TEST(AdversarialFills, CancelPairsCancelInsideEachBlock) {
    for (ElementType type : {ElementType::Float32, ElementType::Float64}) {
        const HostArray a = generate(type, 4098, Fill::CancelPairs, 7);
        ExactSum smalls;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (i % 4 == 0 && i + 1 < a.size()) {
                EXPECT_EQ(a.as_double(i), -a.as_double(i + 1)) << i;
                EXPECT_GE(std::fabs(a.as_double(i)),
                          type == ElementType::Float32 ? 0x1p16 : 0x1p40);
            }
            if (i % 4 >= 2) {
                EXPECT_LT(std::fabs(a.as_double(i)), 1.0) << i;
                smalls.add(a.as_double(i));
            }
        }
        EXPECT_EQ(exact_of(a), smalls.to_double()) << to_string(type);  // 4096, 4097: a pair
        const HostArray b = generate(type, 4098, Fill::CancelPairs, 7);
        EXPECT_TRUE(std::equal(a.data(), a.data() + a.size_bytes(), b.data()));
    }
    EXPECT_EQ(parse_exercise_fill("cancel-pairs"), Fill::CancelPairs);
    EXPECT_FALSE(parse_fill("cancel-pairs").has_value());  // not offered to a run
}

TEST(AdversarialFills, WideExponentSpansTheRange) {
    const HostArray a = generate(ElementType::Float64, 10000, Fill::WideExponent, 1);
    double smallest = std::numeric_limits<double>::infinity(), largest = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        smallest = std::min(smallest, std::fabs(a.as_double(i)));
        largest = std::max(largest, std::fabs(a.as_double(i)));
    }
    EXPECT_GT(largest / smallest, 0x1.0p700);
    EXPECT_TRUE(std::isfinite(exact_of(a)));
}

// The reference of a float32 sum carries the exact sum rounded once to float32, which a
// sequential float32 sum of the sorted cancel fill misses by far.
TEST(AdversarialFills, ReferenceKnowsTheCorrectlyRoundedSum) {
    const HostArray a = generate(ElementType::Float32, 100000, Fill::CancelSorted, 5);
    const auto spec =
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Default);
    const Reference r = compute_reference(Operation::Sum, spec, a, nullptr);
    ASSERT_TRUE(r.exact_sum_known);
    ExactSum s;
    float sequential = 0.0f;
    for (float v : a.as<float>()) {
        s.add(v);
        sequential += v;
    }
    EXPECT_EQ(r.correctly_rounded, static_cast<double>(s.to_float()));
    EXPECT_EQ(r.value.f, s.to_double());
    EXPECT_GT(std::fabs(sequential - r.value.f), 1e3 * std::fabs(r.value.f));
}

}  // namespace
}  // namespace reducelab
