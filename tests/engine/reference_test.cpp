// The CPU reference and the verification rule: exact integer semantics in both accumulator
// modes, and a float bound that accepts rounding but rejects real errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reducelab/reference.h"

namespace reducelab {
namespace {

HostArray int32s(std::initializer_list<std::int32_t> values) {
    HostArray a(ElementType::Int32, values.size());
    std::size_t i = 0;
    for (auto v : values) a.set<std::int32_t>(i++, v);
    return a;
}

TEST(Reference, WideIntegerSumDoesNotOverflow) {
    const HostArray a = int32s({std::numeric_limits<std::int32_t>::max(), 1, 1});
    const auto spec = accumulator_for(Operation::Sum, ElementType::Int32, AccumulatorMode::Default);
    const Reference r = compute_reference(Operation::Sum, spec, a, nullptr);
    EXPECT_EQ(r.value.kind, Value::Kind::Signed);
    EXPECT_EQ(r.value.i, 2147483649LL);
}

TEST(Reference, SameWidthIntegerSumWrapsLikeTheDevice) {
    const HostArray a = int32s({std::numeric_limits<std::int32_t>::max(), 1, 1});
    const auto spec = accumulator_for(Operation::Sum, ElementType::Int32, AccumulatorMode::Same);
    const Reference r = compute_reference(Operation::Sum, spec, a, nullptr);
    EXPECT_EQ(r.value.i, std::numeric_limits<std::int32_t>::min() + 1);
}

TEST(Reference, NegativeValuesSignExtendIntoTheWideAccumulator) {
    const HostArray a = int32s({-5, -7, 2});
    const auto spec = accumulator_for(Operation::Sum, ElementType::Int32, AccumulatorMode::Default);
    EXPECT_EQ(compute_reference(Operation::Sum, spec, a, nullptr).value.i, -10);
}

TEST(Reference, SeedZeroSumOfUint32Ramp) {
    const HostArray a = generate(ElementType::UInt32, 102400, Fill::Ramp, 0);
    const auto spec =
        accumulator_for(Operation::Sum, ElementType::UInt32, AccumulatorMode::Default);
    EXPECT_EQ(compute_reference(Operation::Sum, spec, a, nullptr).value.u, 5242931200ull);
}

TEST(Reference, MinMaxPropagateNaN) {
    HostArray a(ElementType::Float32, 3);
    a.set<float>(0, 1.0f);
    a.set<float>(1, std::nanf(""));
    a.set<float>(2, -4.0f);
    const auto spec =
        accumulator_for(Operation::Min, ElementType::Float32, AccumulatorMode::Default);
    EXPECT_TRUE(std::isnan(compute_reference(Operation::Min, spec, a, nullptr).value.f));
}

TEST(Verify, IntegersMustMatchExactly) {
    const auto spec = accumulator_for(Operation::Sum, ElementType::Int32, AccumulatorMode::Default);
    const Reference ref{Value::of_signed(100), 0.0};
    EXPECT_TRUE(verify(Operation::Sum, spec, Value::of_signed(100), ref, 10).verified);
    EXPECT_FALSE(verify(Operation::Sum, spec, Value::of_signed(101), ref, 10).verified);
}

TEST(Verify, FloatBoundAcceptsRoundingAndRejectsRealErrors) {
    // Sum of 2^20 values 0.1f in float32: the float result differs from the exact sum by
    // rounding; an error of one element is far outside the bound.
    const std::size_t n = 1 << 20;
    HostArray a(ElementType::Float32, n);
    for (std::size_t i = 0; i < n; ++i) a.set<float>(i, 0.1f);
    const auto spec =
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Default);
    const Reference ref = compute_reference(Operation::Sum, spec, a, nullptr);
    float sequential = 0.0f;
    for (std::size_t i = 0; i < n; ++i) sequential += 0.1f;  // chain length n: a large error
    const Verification seq =
        verify(Operation::Sum, spec, Value::of_float(sequential, true), ref, n);
    EXPECT_TRUE(seq.verified) << seq.rule << " error " << seq.abs_error;
    EXPECT_GT(seq.abs_error, 0.0);
    // The same error with a tree's short chain (log2 n + 1 = 21) is rejected.
    EXPECT_FALSE(verify(Operation::Sum, spec, Value::of_float(sequential, true), ref, 21).verified);
    // Ten elements too many (an off-by-ten bug) is far outside the tree's bound (~0.14 here).
    const Verification off =
        verify(Operation::Sum, spec, Value::of_float(ref.value.f + 1.0, true), ref, 21);
    EXPECT_FALSE(off.verified) << off.bound;
    EXPECT_LT(off.bound, 0.5);
}

TEST(Verify, LongSequentialChainsUseTheProbabilisticBound) {
    // A sequential float32 sum of 2^24 terms (std::reduce's chain): k*u >= 1, where gamma(k) is
    // meaningless. Random signed terms sum with a small error and pass; 0.1f added 2^24 times
    // stagnates once the sum's ulp reaches 0.125 (a systematic error of ~25 %) and fails.
    const std::size_t n = std::size_t{1} << 24;
    HostArray random(ElementType::Float32, n), tenths(ElementType::Float32, n);
    std::uint32_t state = 2026;
    float random_sum = 0.0f, tenths_sum = 0.0f;
    for (std::size_t i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        const float x = static_cast<float>(state >> 8) / 16777216.0f - 0.5f;
        random.set<float>(i, x);
        tenths.set<float>(i, 0.1f);
        random_sum += x;
        tenths_sum += 0.1f;
    }
    const auto spec =
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Default);
    const Verification good = verify(Operation::Sum, spec, Value::of_float(random_sum, true),
                                     compute_reference(Operation::Sum, spec, random, nullptr), n);
    EXPECT_TRUE(good.verified) << good.rule << " error " << good.abs_error;
    EXPECT_GT(good.bound, 0.0);
    EXPECT_NE(good.rule.find("probabilistic"), std::string::npos) << good.rule;
    const Reference tenths_ref = compute_reference(Operation::Sum, spec, tenths, nullptr);
    const Verification stagnated =
        verify(Operation::Sum, spec, Value::of_float(tenths_sum, true), tenths_ref, n);
    EXPECT_FALSE(stagnated.verified) << stagnated.rule << " value " << tenths_sum;
    EXPECT_GT(stagnated.rel_error, 0.05);
    // A short chain still uses the worst-case gamma(k).
    EXPECT_EQ(verify(Operation::Sum, spec, Value::of_float(random_sum, true),
                     compute_reference(Operation::Sum, spec, random, nullptr), 30)
                  .rule.find("probabilistic"),
              std::string::npos);
}

TEST(Verify, NaNMatchesOnlyNaN) {
    const auto spec =
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Default);
    const Reference nan_ref{Value::of_float(std::nan(""), true), 1.0};
    EXPECT_TRUE(
        verify(Operation::Sum, spec, Value::of_float(std::nan(""), true), nan_ref, 4).verified);
    EXPECT_FALSE(verify(Operation::Sum, spec, Value::of_float(1.0, true), nan_ref, 4).verified);
    const Reference one{Value::of_float(1.0, true), 1.0};
    EXPECT_FALSE(
        verify(Operation::Sum, spec, Value::of_float(std::nan(""), true), one, 4).verified);
}

}  // namespace
}  // namespace reducelab
