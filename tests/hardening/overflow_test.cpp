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

TEST(Overflow, Tally) {
    std::printf("overflow checks: %d runs matched plain wrapping arithmetic\n", g_checked);
    EXPECT_GT(g_checked, 0);
}

}  // namespace
}  // namespace reducelab
