// The CPU reference and the verification rule: exact integer semantics in both accumulator
// modes, and a float bound that accepts rounding but rejects real errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>

#include "reducelab/error.h"
#include "reducelab/multi_device.h"
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

// ---- exact float sums -----------------------------------------------------------------------

AccumulatorSpec float_spec(Operation op, ElementType type,
                           AccumulatorMode mode = AccumulatorMode::Default) {
    return accumulator_for(op, type, mode);
}

bool exact(Operation op, const HostArray& a, const HostArray* b = nullptr,
           AccumulatorMode mode = AccumulatorMode::Default) {
    return float_exact_in_any_order(op, float_spec(op, a.type(), mode), a, b);
}

TEST(ExactFloats, DetectsSumsThatAreExactInEveryOrder) {
    const std::size_t m = std::size_t{1} << 20;
    EXPECT_TRUE(exact(Operation::Sum, generate(ElementType::Float32, m, Fill::Ones, 1)));
    EXPECT_TRUE(exact(Operation::Mean, generate(ElementType::Float32, m, Fill::Ones, 1)));
    EXPECT_TRUE(exact(Operation::Sum, generate(ElementType::Float32, m, Fill::RandInt, 1)));
    EXPECT_TRUE(exact(Operation::Sum, generate(ElementType::Float64, m, Fill::Ramp, 1)));
    // ramp 1..5000 sums to 12502500 < 2^24; 1..6000 to 18003000 > 2^24 (float32 only).
    EXPECT_TRUE(exact(Operation::Sum, generate(ElementType::Float32, 5000, Fill::Ramp, 1)));
    EXPECT_FALSE(exact(Operation::Sum, generate(ElementType::Float32, 6000, Fill::Ramp, 1)));
    EXPECT_TRUE(exact(Operation::Sum, generate(ElementType::Float32, 6000, Fill::Ramp, 1), nullptr,
                      AccumulatorMode::Wide));
    // 2^25 ones pass 2^24, where float32 stops counting.
    EXPECT_FALSE(
        exact(Operation::Sum, generate(ElementType::Float32, std::size_t{1} << 25, Fill::Ones, 1)));
    EXPECT_FALSE(exact(Operation::Sum, generate(ElementType::Float32, 1000, Fill::Random, 1)));
    EXPECT_FALSE(exact(Operation::Sum, generate(ElementType::Float64, 1000, Fill::Random, 1)));
    // 0.5 and 2^-30 differ by 29 binades: fine in float64, not in float32's 24 bits.
    HostArray spread(ElementType::Float32, 2);
    spread.set<float>(0, 0.5f);
    spread.set<float>(1, 0x1.0p-30f);
    EXPECT_FALSE(exact(Operation::Sum, spread));
    HostArray spread64(ElementType::Float64, 2);
    spread64.set<double>(0, 0.5);
    spread64.set<double>(1, 0x1.0p-30);
    EXPECT_TRUE(exact(Operation::Sum, spread64));
    // Subnormal steps may be flushed to zero by a device: never exact.
    HostArray tiny(ElementType::Float32, 2);
    tiny.set<float>(0, 0x1.0p-140f);
    tiny.set<float>(1, 0x1.0p-140f);
    EXPECT_FALSE(exact(Operation::Sum, tiny));
}

TEST(ExactFloats, DotsAndProducts) {
    const std::size_t m = 100003;
    const HostArray a = generate(ElementType::Float32, m, Fill::RandInt, 1);
    const HostArray b = generate(ElementType::Float32, m, Fill::RandInt, 2);
    EXPECT_TRUE(exact(Operation::Dot, a, &b));  // |x*y| <= 64: sum |terms| < 2^24
    const HostArray r = generate(ElementType::Float32, m, Fill::Random, 1);
    EXPECT_FALSE(exact(Operation::Dot, r, &b));
    EXPECT_TRUE(exact(Operation::Product, generate(ElementType::Float64, m, Fill::Ones, 1)));
    HostArray halves(ElementType::Float32, 100);
    for (std::size_t i = 0; i < 100; ++i) halves.set<float>(i, i % 2 ? 0.5f : -1.0f);
    EXPECT_TRUE(exact(Operation::Product, halves));  // 2^-50: normal
    HostArray twos(ElementType::Float32, 130);
    for (std::size_t i = 0; i < 130; ++i) twos.set<float>(i, 2.0f);
    EXPECT_FALSE(exact(Operation::Product, twos));  // 2^130 overflows float32
    HostArray threes(ElementType::Float32, 20);
    for (std::size_t i = 0; i < 20; ++i) threes.set<float>(i, 3.0f);
    EXPECT_FALSE(exact(Operation::Product, threes));  // 3^20 needs 32 bits
}

TEST(ExactFloats, ExactInputsMustMatchToTheLastBit) {
    // The case: a kernel that drops one element in 4096 of 2^20 ones gives 1048320,
    // which gamma(4106) * 2^20 = 257 accepted. Now exactness leaves no room at all.
    const std::size_t m = std::size_t{1} << 20;
    const HostArray ones = generate(ElementType::Float32, m, Fill::Ones, 1);
    const auto spec = float_spec(Operation::Sum, ElementType::Float32);
    const Reference ref = compute_reference(Operation::Sum, spec, ones, nullptr);
    ASSERT_TRUE(ref.exact_in_any_order);
    const Verification good =
        verify(Operation::Sum, spec, Value::of_float(1048576.0, true), ref, 4106);
    EXPECT_TRUE(good.verified) << good.rule;
    EXPECT_NE(good.rule.find("exact"), std::string::npos) << good.rule;
    const Verification dropped =
        verify(Operation::Sum, spec, Value::of_float(1048320.0, true), ref, 4106);
    EXPECT_FALSE(dropped.verified) << dropped.rule;
    EXPECT_GT(dropped.worst_case_bound, 256.0);  // the old rule's bound, kept as information
    EXPECT_FALSE(
        verify(Operation::Sum, spec, Value::of_float(1048575.0, true), ref, 4106).verified);
    // A mean of exact sums: the same single division on both sides.
    const auto mean_spec = float_spec(Operation::Mean, ElementType::Float64);
    const HostArray ramp = generate(ElementType::Float64, 1000, Fill::Ramp, 1);
    const Reference mean = compute_reference(Operation::Mean, mean_spec, ramp, nullptr);
    EXPECT_TRUE(mean.exact_in_any_order);
    EXPECT_EQ(mean.value.f, 500.5);
    EXPECT_TRUE(verify(Operation::Mean, mean_spec, Value::of_float(500.5), mean, 20).verified);
    EXPECT_FALSE(verify(Operation::Mean, mean_spec, Value::of_float(500.499), mean, 20).verified);
}

// ---- staged (work-group) float check ---------------------------------------------------------

TEST(StagedCheck, OneWrongWorkGroupFailsWhereTheWholeBoundPassed) {
    // 64 work-groups of 256 random float32 elements, summed by a float tree each; the partials
    // folded in float. Correct partials pass; one element dropped from one work-group (an error
    // far below the whole-result gamma bound) fails, and the failing group is named.
    constexpr std::size_t local = 256, groups = 64, m = local * groups;
    const HostArray x = generate(ElementType::Float32, m, Fill::Random, 7);
    const auto spec = float_spec(Operation::Sum, ElementType::Float32);
    const Reference ref = compute_reference(Operation::Sum, spec, x, nullptr);
    ASSERT_FALSE(ref.exact_in_any_order);
    const auto tree = [&](std::size_t g, std::size_t skip) {
        std::vector<float> v(local);
        for (std::size_t t = 0; t < local; ++t)
            v[t] = g * local + t == skip ? 0.0f : x.at<float>(g * local + t);
        for (std::size_t s = local / 2; s > 0; s /= 2)
            for (std::size_t t = 0; t < s; ++t) v[t] += v[t + s];
        return v[0];
    };
    const auto run = [&](std::size_t skip) {
        GroupEvidence e;
        e.first = &x;
        e.groups = groups;
        e.group_of = [](std::uint64_t j) { return j / local; };
        e.group_chain = 1 + 8;
        e.finish_chain = groups;
        float total = 0.0f;
        for (std::size_t g = 0; g < groups; ++g) {
            e.partials.push_back(tree(g, skip));
            total += static_cast<float>(e.partials.back());
        }
        e.device_total = total;
        return verify(Operation::Sum, spec, Value::of_float(total, true), ref, 1 + 8 + groups, &e);
    };
    const Verification good = run(m);  // nothing skipped
    EXPECT_TRUE(good.verified) << good.rule;
    EXPECT_NE(good.rule.find("staged"), std::string::npos) << good.rule;
    EXPECT_LT(good.bound, good.worst_case_bound);
    // Skip a small element of work-group 5 (|x| in (0.002, 0.03): below the whole-result
    // bound of ~0.036, far above the work-group's ~8e-5).
    std::size_t skip = m;
    for (std::size_t t = 5 * local; t < 6 * local && skip == m; ++t)
        if (std::fabs(x.at<float>(t)) > 0.002f && std::fabs(x.at<float>(t)) < 0.03f) skip = t;
    ASSERT_LT(skip, m);
    const Verification bad = run(skip);
    EXPECT_FALSE(bad.verified) << bad.rule;
    EXPECT_EQ(bad.failed_groups, 1u);
    EXPECT_NE(bad.rule.find("group 5"), std::string::npos) << bad.rule;
    EXPECT_LT(bad.abs_error, bad.worst_case_bound);  // the old whole-result rule passed it
}

// ---- exact integer means --------------------------------------------------------------------

TEST(ExactMean, RoundsTheExactQuotientOnce) {
    EXPECT_EQ(exact_integer_mean(Int128{1} << 64, 4), 0x1.0p62);  // four copies of 2^62
    EXPECT_EQ(exact_integer_mean(1, 3), 1.0 / 3.0);
    EXPECT_EQ(exact_integer_mean(-7, 2), -3.5);
    EXPECT_EQ(exact_integer_mean(0, 5), 0.0);
    // Ties to even at 2^53: 2^53 + 1 -> 2^53, 2^53 + 3 -> 2^53 + 4.
    EXPECT_EQ(exact_integer_mean((Int128{1} << 53) + 1, 1), 0x1.0p53);
    EXPECT_EQ(exact_integer_mean((Int128{1} << 53) + 3, 1), 0x1.0p53 + 4);
    // Just above a tie must round up: (2^54 + 2 + 1/3) after dividing by 3.
    EXPECT_EQ(exact_integer_mean(3 * ((Int128{1} << 54) + 2) + 1, 3), 0x1.0p54 + 4);
    // (-2^64 + 5) / 3 = -6148914691236517201.67, numpy and Python: -6.148914691236517e+18.
    EXPECT_EQ(exact_integer_mean(-(Int128{1} << 64) + 5, 3), -6148914691236516864.0);
}

TEST(ExactMean, SixtyFourBitMeansDoNotWrap) {
    // The case: the mean of four copies of 2^62 was 0 (the 64-bit sum wrapped).
    HostArray big(ElementType::Int64, 4);
    for (std::size_t i = 0; i < 4; ++i) big.set<std::int64_t>(i, std::int64_t{1} << 62);
    const auto spec =
        accumulator_for(Operation::Mean, ElementType::Int64, AccumulatorMode::Default);
    EXPECT_TRUE(spec.split_halves);
    const Reference r = compute_reference(Operation::Mean, spec, big, nullptr);
    EXPECT_EQ(r.value.kind, Value::Kind::Float);
    EXPECT_EQ(r.value.f, 4.611686018427388e+18);  // numpy.mean
    EXPECT_FALSE(verify(Operation::Mean, spec, Value::of_float(0.0), r, 4).verified);
    HostArray top(ElementType::UInt64, 3000);
    for (std::size_t i = 0; i < 3000; ++i) top.set<std::uint64_t>(i, ~std::uint64_t{0} - i % 7);
    const auto uspec =
        accumulator_for(Operation::Mean, ElementType::UInt64, AccumulatorMode::Default);
    EXPECT_EQ(compute_reference(Operation::Mean, uspec, top, nullptr).value.f,
              1.8446744073709552e+19);  // numpy.mean
    HostArray ramp(ElementType::Int64, 3000);
    for (std::size_t i = 0; i < 3000; ++i)
        ramp.set<std::int64_t>(i, 3 * (std::int64_t{1} << 60) + static_cast<std::int64_t>(i));
    // 3*2^60 + 1499.5, to the nearest multiple of 512: numpy 3.4587645138205425e+18.
    EXPECT_EQ(compute_reference(Operation::Mean, spec, ramp, nullptr).value.f,
              3458764513820542464.0);
}

// The reference runs over chunks of 2^16 elements on the host's cores: inputs that span many
// chunks, whose answers are known without it, and a shard's reference equal to its own copy's.
TEST(ChunkedReference, LargeInputsKeepTheirExactAnswers) {
    const std::size_t n = (std::size_t{1} << 20) + 12345;
    const auto acc_of = [](Operation op, ElementType type) {
        return accumulator_for(op, type, AccumulatorMode::Default);
    };
    // float32 ones: the sum is n exactly, and exact in any order.
    HostArray ones = generate(ElementType::Float32, n, Fill::Ones, 0);
    const Reference sum = compute_reference(
        Operation::Sum, acc_of(Operation::Sum, ElementType::Float32), ones, nullptr);
    EXPECT_EQ(sum.value.f, static_cast<double>(n));
    EXPECT_TRUE(sum.exact_sum_known);
    EXPECT_TRUE(sum.exact_in_any_order);
    EXPECT_EQ(sum.magnitude, static_cast<double>(n));
    // One infinity in the last chunk: the sum is +inf (not NaN), the any-order check says no.
    ones.set<float>(n - 1, std::numeric_limits<float>::infinity());
    const Reference inf = compute_reference(
        Operation::Sum, acc_of(Operation::Sum, ElementType::Float32), ones, nullptr);
    EXPECT_TRUE(std::isinf(inf.value.f) && inf.value.f > 0);
    EXPECT_FALSE(inf.exact_in_any_order);
    // int32 ramp 1..n: the sum is n(n+1)/2 in the int64 accumulator; the min is 1, the max n
    // and the argmax's index n - 1, first of ties when the last element repeats the max.
    HostArray ramp = generate(ElementType::Int32, n, Fill::Ramp, 0);
    const auto i = [&](Operation op) {
        return compute_reference(op, acc_of(op, ElementType::Int32), ramp, nullptr).value;
    };
    EXPECT_EQ(i(Operation::Sum).i,
              static_cast<std::int64_t>(n) * static_cast<std::int64_t>(n + 1) / 2);
    EXPECT_EQ(i(Operation::Min).i, 1);
    EXPECT_EQ(i(Operation::Max).i, static_cast<std::int64_t>(n));
    EXPECT_EQ(i(Operation::BitOr).i, (std::int64_t{1} << 21) - 1);
    EXPECT_EQ(*i(Operation::ArgMax).index, n - 1);
}

TEST(ChunkedReference, ShardsAreViewsWithTheSameReferenceAsACopy) {
    const std::size_t n = (std::size_t{1} << 19) + 7;
    Inputs whole;
    whole.first = std::make_shared<HostArray>(generate(ElementType::Float32, n, Fill::Random, 3));
    const std::uint64_t offset = 70001, count = 300007;
    Inputs shard = shard_of(whole, offset, count);
    ASSERT_EQ(shard.first->size(), count);
    // A view: the shard's bytes are the whole's, and it keeps them alive on its own.
    EXPECT_EQ(shard.first->data(), whole.first->data() + offset * sizeof(float));
    const HostArray copy = *shard.first;  // a copy owns its bytes
    EXPECT_NE(copy.data(), shard.first->data());
    whole.first.reset();
    const AccumulatorSpec acc =
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode::Default);
    const Reference of_view = compute_reference(Operation::Sum, acc, *shard.first, nullptr);
    const Reference of_copy = compute_reference(Operation::Sum, acc, copy, nullptr);
    EXPECT_EQ(of_view.value.f, of_copy.value.f);
    EXPECT_EQ(of_view.magnitude, of_copy.magnitude);
    EXPECT_THROW(shard_of(shard, 1, count), Error);
}

}  // namespace
}  // namespace reducelab
