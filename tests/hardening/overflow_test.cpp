// Integer overflow in both accumulator modes, on every variant and finish, against values
// computed here with plain wrapping arithmetic (independent of the engine's CPU reference):
//   --acc default (and wide): integer sums, products and dots accumulate in 64 bits, so 32-bit
//       inputs never overflow in practice and 64-bit ones wrap at 2^64 (two's complement);
//   --acc same: the accumulator has the element's width and wraps there.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <type_traits>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "test_device.h"
#include "variant_matrix.h"

namespace reducelab {
namespace {

constexpr std::uint64_t kN = 3000;

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

std::uint64_t g_next_id = 1ull << 40;
int g_checked = 0;

template <typename T>
constexpr ElementType type_of() {
    if constexpr (std::is_same_v<T, std::uint32_t>) return ElementType::UInt32;
    if constexpr (std::is_same_v<T, std::int64_t>) return ElementType::Int64;
    if constexpr (std::is_same_v<T, std::uint64_t>) return ElementType::UInt64;
    return ElementType::Int32;
}

// Elements near the top of the type's range, so that a few thousand of them overflow 32 bits.
template <typename T>
Inputs near_max() {
    auto array = std::make_shared<HostArray>(type_of<T>(), kN);
    for (std::uint64_t i = 0; i < kN; ++i)
        array->template set<T>(
            i, static_cast<T>(std::numeric_limits<T>::max() - static_cast<T>(i % 7)));
    return Inputs{array, nullptr, ++g_next_id};
}

void check(const RunRequest& base, const Inputs& inputs, const Value& want,
           bool natural_finish_only) {
    for (const auto& vf :
         test::variant_finishes(engine().device(), base.op, base.type, natural_finish_only)) {
        RunRequest r = base;
        r.variant = vf.variant;
        r.finish = vf.finish;
        r.local_size = 64;
        const std::string what =
            std::string(to_string(r.op)) + " " + std::string(to_string(r.type)) + " --acc " +
            std::string(to_string(r.accumulator)) + " on " + test::describe(vf);
        try {
            const RunResult result = engine().run(r, inputs);
            ++g_checked;
            EXPECT_TRUE(result.verified) << what;
            EXPECT_EQ(result.value.kind, want.kind) << what;
            EXPECT_EQ(result.value.i, want.i) << what << ": " << result.value.to_string();
            EXPECT_EQ(result.value.u, want.u) << what << ": " << result.value.to_string();
        } catch (const Error& e) {
            ADD_FAILURE() << what << ": " << e.what();
        }
    }
}

RunRequest sum_of(ElementType type, AccumulatorMode mode) {
    RunRequest r;
    r.op = Operation::Sum;
    r.type = type;
    r.n = kN;
    r.accumulator = mode;
    return r;
}

TEST(Overflow, Int32SumsAreExactByDefaultAndWrapWithSame) {
    const Inputs inputs = near_max<std::int32_t>();
    std::int64_t exact = 0;
    std::uint32_t wrapped = 0;
    for (std::uint64_t i = 0; i < kN; ++i) {
        const std::int32_t v = inputs.first->at<std::int32_t>(i);
        exact += v;
        wrapped += static_cast<std::uint32_t>(v);
    }
    ASSERT_GT(exact, std::numeric_limits<std::int32_t>::max());
    check(sum_of(ElementType::Int32, AccumulatorMode::Default), inputs, Value::of_signed(exact),
          false);
    check(sum_of(ElementType::Int32, AccumulatorMode::Wide), inputs, Value::of_signed(exact), true);
    check(sum_of(ElementType::Int32, AccumulatorMode::Same), inputs,
          Value::of_signed(static_cast<std::int32_t>(wrapped)), false);
}

TEST(Overflow, UInt32SumsAreExactByDefaultAndWrapWithSame) {
    const Inputs inputs = near_max<std::uint32_t>();
    std::uint64_t exact = 0;
    std::uint32_t wrapped = 0;
    for (std::uint64_t i = 0; i < kN; ++i) {
        exact += inputs.first->at<std::uint32_t>(i);
        wrapped += inputs.first->at<std::uint32_t>(i);
    }
    check(sum_of(ElementType::UInt32, AccumulatorMode::Default), inputs, Value::of_unsigned(exact),
          false);
    check(sum_of(ElementType::UInt32, AccumulatorMode::Same), inputs, Value::of_unsigned(wrapped),
          false);
}

TEST(Overflow, SixtyFourBitSumsWrapInEveryMode) {
    const Inputs signed_inputs = near_max<std::int64_t>();
    const Inputs unsigned_inputs = near_max<std::uint64_t>();
    std::uint64_t signed_bits = 0, unsigned_sum = 0;
    for (std::uint64_t i = 0; i < kN; ++i) {
        signed_bits += static_cast<std::uint64_t>(signed_inputs.first->at<std::int64_t>(i));
        unsigned_sum += unsigned_inputs.first->at<std::uint64_t>(i);
    }
    for (AccumulatorMode mode : {AccumulatorMode::Default, AccumulatorMode::Same}) {
        check(sum_of(ElementType::Int64, mode), signed_inputs,
              Value::of_signed(static_cast<std::int64_t>(signed_bits)),
              mode == AccumulatorMode::Same);
        check(sum_of(ElementType::UInt64, mode), unsigned_inputs, Value::of_unsigned(unsigned_sum),
              mode == AccumulatorMode::Same);
    }
}

TEST(Overflow, ProductsAndDotsWrapAtTheAccumulatorsWidth) {
    // 3^50 overflows 32 bits (and 64: 3^50 > 2^79), so both modes wrap, at different widths.
    auto threes = std::make_shared<HostArray>(ElementType::Int32, kN);
    for (std::uint64_t i = 0; i < kN; ++i)
        threes->set<std::int32_t>(i, i % 60 == 0 ? 3 : (i % 2 ? -1 : 1));
    std::uint32_t product32 = 1;
    std::uint64_t product64 = 1;
    for (std::uint64_t i = 0; i < kN; ++i) {
        const std::int32_t v = threes->at<std::int32_t>(i);
        product32 *= static_cast<std::uint32_t>(v);
        product64 *= static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
    }
    const Inputs product_inputs{threes, nullptr, ++g_next_id};
    RunRequest product = sum_of(ElementType::Int32, AccumulatorMode::Default);
    product.op = Operation::Product;
    check(product, product_inputs, Value::of_signed(static_cast<std::int64_t>(product64)), false);
    product.accumulator = AccumulatorMode::Same;
    check(product, product_inputs, Value::of_signed(static_cast<std::int32_t>(product32)), false);

    // Dot of 50000 x 50000 terms: each product overflows int32, the sum of 3000 fits int64.
    auto big = std::make_shared<HostArray>(ElementType::Int32, kN);
    for (std::uint64_t i = 0; i < kN; ++i) big->set<std::int32_t>(i, i % 2 ? 50000 : -50001);
    std::int64_t dot64 = 0;
    std::uint32_t dot32 = 0;
    for (std::uint64_t i = 0; i < kN; ++i) {
        const std::int64_t v = big->at<std::int32_t>(i);
        dot64 += v * v;
        dot32 += static_cast<std::uint32_t>(v) * static_cast<std::uint32_t>(v);
    }
    const Inputs dot_inputs{big, big, ++g_next_id};
    RunRequest dot = sum_of(ElementType::Int32, AccumulatorMode::Default);
    dot.op = Operation::Dot;
    check(dot, dot_inputs, Value::of_signed(dot64), true);
    dot.accumulator = AccumulatorMode::Same;
    check(dot, dot_inputs, Value::of_signed(static_cast<std::int32_t>(dot32)), true);
}

// Integer means are exact: the sum is never wrapped before dividing (64-bit elements sum their
// 32-bit halves apart and combine them in 128 bits), and the quotient is rounded once. The
// expected values are numpy.mean's (float64) for the same arrays, derived by hand in comments.
void check_mean(ElementType type, const Inputs& inputs, double want, const std::string& name) {
    RunRequest base;
    base.op = Operation::Mean;
    base.type = type;
    for (AccumulatorMode mode : {AccumulatorMode::Default, AccumulatorMode::Same}) {
        base.accumulator = mode;
        if (mode == AccumulatorMode::Same && size_of(type) == 4) continue;  // wraps by request
        for (const auto& vf : test::variant_finishes(engine().device(), base.op, type, false)) {
            RunRequest r = base;
            r.variant = vf.variant;
            r.finish = vf.finish;
            r.local_size = 64;
            const std::string what = name + " on " + test::describe(vf);
            try {
                const RunResult result = engine().run(r, inputs);
                ++g_checked;
                EXPECT_TRUE(result.verified) << what << ": " << result.verification_rule;
                EXPECT_EQ(result.value.kind, Value::Kind::Float) << what;
                EXPECT_EQ(result.value.f, want) << what << ": " << result.value.to_string();
                EXPECT_EQ(result.reference.f, want) << what;
            } catch (const Error& e) {
                ADD_FAILURE() << what << ": " << e.what();
            }
        }
    }
}

template <typename T>
Inputs filled(std::uint64_t n, T (*value)(std::uint64_t)) {
    auto array = std::make_shared<HostArray>(type_of<T>(), n);
    for (std::uint64_t i = 0; i < n; ++i) array->template set<T>(i, value(i));
    return Inputs{array, nullptr, ++g_next_id};
}

TEST(ExactMeans, SixtyFourBitMeansDoNotWrap) {
    // 3000 copies of 2^62: the 64-bit sum wrapped to 0 and the mean was "verified" as 0.
    check_mean(ElementType::Int64,
               filled<std::int64_t>(kN, [](std::uint64_t) { return std::int64_t{1} << 62; }),
               0x1.0p62, "int64 mean of 2^62");
    // 3000 copies of -2^63: the sum wrapped to 0.
    check_mean(ElementType::Int64,
               filled<std::int64_t>(
                   kN, [](std::uint64_t) { return std::numeric_limits<std::int64_t>::min(); }),
               -0x1.0p63, "int64 mean of -2^63");
    // 2^63 - 1 - (i % 7): the mean 2^63 - 4.0 rounds to 2^63 (doubles there are 1024 apart).
    check_mean(ElementType::Int64, near_max<std::int64_t>(), 0x1.0p63, "int64 mean near 2^63");
    check_mean(ElementType::UInt64, near_max<std::uint64_t>(), 0x1.0p64, "uint64 mean near 2^64");
    // 3*2^60 + i: the mean 3*2^60 + 1499.5 rounds to the multiple of 512 at +1536.
    check_mean(ElementType::Int64,
               filled<std::int64_t>(kN,
                                    [](std::uint64_t i) {
                                        return 3 * (std::int64_t{1} << 60) +
                                               static_cast<std::int64_t>(i);
                                    }),
               3458764513820542464.0, "int64 mean of 3*2^60 + i");
    // Alternating signs at the extremes: exactly -1/2 ((-2^63) + (2^63 - 1) per pair).
    check_mean(ElementType::Int64,
               filled<std::int64_t>(kN,
                                    [](std::uint64_t i) {
                                        return i % 2 ? std::numeric_limits<std::int64_t>::max()
                                                     : std::numeric_limits<std::int64_t>::min();
                                    }),
               -0.5, "int64 mean of alternating extremes");
}

TEST(ExactMeans, ThirtyTwoBitMeansAreExact) {
    // (2^31 - 1 - (i % 7)) averaged: 2^31 - 1 - 2.999 = 2147483644.001 (exact sum in 64 bits).
    std::int64_t sum = 0;
    const Inputs signed_inputs = near_max<std::int32_t>();
    for (std::uint64_t i = 0; i < kN; ++i) sum += signed_inputs.first->at<std::int32_t>(i);
    check_mean(ElementType::Int32, signed_inputs,
               static_cast<double>(sum) / static_cast<double>(kN),  // sum < 2^53: exact quotient
               "int32 mean near 2^31");
    std::uint64_t usum = 0;
    const Inputs unsigned_inputs = near_max<std::uint32_t>();
    for (std::uint64_t i = 0; i < kN; ++i) usum += unsigned_inputs.first->at<std::uint32_t>(i);
    check_mean(ElementType::UInt32, unsigned_inputs,
               static_cast<double>(usum) / static_cast<double>(kN), "uint32 mean near 2^32");
}

TEST(Overflow, Tally) {
    std::printf("overflow checks: %d runs matched plain wrapping arithmetic\n", g_checked);
    EXPECT_GT(g_checked, 0);
}

}  // namespace
}  // namespace reducelab
