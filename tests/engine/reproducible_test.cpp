// The reproducible variant: the correctly rounded sum, with the same bits for every local size,
// work-group count, finish and PoCL device kind (the CTest entry sets POCL_DEVICES="pthread
// basic"), on the adversarial fills and a held-out input; its verifier accepts only the exact
// bits; `determinism` ranks it the strongest of the catalog.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/exact_sum.h"
#include "reducelab/catalog.h"
#include "reducelab/determinism.h"
#include "reducelab/devices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/reference.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& shared_engine() {
    static Engine engine(test::device_spec());
    return engine;
}

RunRequest reproducible(ElementType type, Fill fill, std::uint64_t n) {
    RunRequest r;
    r.variant = "reproducible";
    r.type = type;
    r.fill = fill;
    r.n = n;
    r.finish = Finish::Kernel;
    return r;
}

// The local sizes to try: 1, 2, 4, ... up to the device's maximum, and some others.
std::vector<std::size_t> local_sizes(const DeviceInfo& device) {
    std::vector<std::size_t> sizes{3, 7, 100};
    for (std::size_t s = 1; s <= device.max_work_group_size; s *= 2) sizes.push_back(s);
    return sizes;
}

template <typename F>
Inputs inputs_of(const std::vector<F>& values, ElementType type) {
    auto array = std::make_shared<HostArray>(type, values.size());
    for (std::size_t i = 0; i < values.size(); ++i) array->template set<F>(i, values[i]);
    return Inputs{array, nullptr, 0};
}

template <typename F>
F exact_rounded(const std::vector<F>& values) {
    ExactSum sum;
    for (F v : values) EXPECT_TRUE(sum.add(v));
    if constexpr (sizeof(F) == 4)
        return sum.to_float();
    else
        return sum.to_double();
}

std::string bits_of(double value, ElementType type) {
    return result_bits(Value::of_float(value, type == ElementType::Float32));
}

TEST(Reproducible, SameBitsForEveryLocalSizeAndWorkGroupCount) {
    Engine& engine = shared_engine();
    for (ElementType type : {ElementType::Float32, ElementType::Float64}) {
        RunRequest r = reproducible(type, Fill::Cancel, (1 << 16) + 3);  // a tail past the vectors
        const Inputs inputs = make_inputs(r);
        std::set<std::string> bits;
        for (std::size_t local : local_sizes(engine.device()))
            for (std::uint64_t groups : {1, 3, 16, 130}) {
                r.local_size = local;
                r.global_size = groups * local;
                const RunResult result = engine.run(r, inputs);
                EXPECT_TRUE(result.verified) << to_string(type) << " local " << local << " groups "
                                             << groups << ": " << result.verification_rule;
                EXPECT_EQ(result.launched.work_groups, groups);
                bits.insert(result_bits(result.value));
            }
        EXPECT_EQ(bits.size(), 1u) << to_string(type);
    }
}

TEST(Reproducible, OnlyItsOwnFinishIsAccepted) {
    Engine& engine = shared_engine();
    for (Finish finish : all_finishes()) {
        RunRequest r = reproducible(ElementType::Float32, Fill::Random, 10000);
        r.finish = finish;
        if (accepts_finish(find_variant("reproducible"), finish)) {
            EXPECT_EQ(finish, Finish::Kernel);
            EXPECT_TRUE(engine.run(r).verified);
        } else {
            EXPECT_THROW(engine.run(r), Error) << to_string(finish);
        }
    }
}

TEST(Reproducible, SameBitsOnEveryPoclDeviceKind) {
    const std::vector<DeviceInfo> devices = list_devices();
    std::set<std::string> bits;
    std::size_t cpus = 0;
    for (std::size_t d = 0; d < devices.size(); ++d) {
        if (devices[d].is_gpu()) continue;
        ++cpus;
        Engine engine(std::to_string(d));
        for (std::size_t local : {1, 64, 256}) {
            RunRequest r = reproducible(ElementType::Float32, Fill::WideExponent, 50001);
            r.local_size = local;
            const RunResult result = engine.run(r);
            EXPECT_TRUE(result.verified) << devices[d].name;
            bits.insert(result_bits(result.value));
        }
    }
    if (cpus < 2) GTEST_SKIP() << "one CPU device (set POCL_DEVICES=\"pthread basic\" for two)";
    EXPECT_EQ(bits.size(), 1u);
}

TEST(Reproducible, EqualsTheExactSumRoundedOnceOnAdversarialFills) {
    Engine& engine = shared_engine();
    for (ElementType type : {ElementType::Float32, ElementType::Float64})
        for (Fill fill : {Fill::Cancel, Fill::CancelSorted, Fill::WideExponent, Fill::Random}) {
            const RunRequest r = reproducible(type, fill, 200003);
            const Inputs inputs = make_inputs(r);
            const RunResult result = engine.run(r, inputs);
            ExactSum exact;
            double rounded = 0.0;
            if (type == ElementType::Float32) {
                for (float v : inputs.first->as<float>()) ASSERT_TRUE(exact.add(v));
                rounded = exact.to_float();
            } else {
                for (double v : inputs.first->as<double>()) ASSERT_TRUE(exact.add(v));
                rounded = exact.to_double();
            }
            EXPECT_TRUE(result.verified) << to_string(fill);
            EXPECT_EQ(result_bits(result.value), bits_of(rounded, type))
                << to_string(type) << " " << to_string(fill);
        }
}

// Not one of the fills: random exponents over the whole range (subnormals included), random
// signs, cancelling pairs of huge terms, and ties that must round to even.
template <typename F>
std::vector<F> held_out_input(std::size_t n, std::uint32_t seed) {
    std::mt19937_64 random(seed);
    const int min_exp = std::numeric_limits<F>::min_exponent - std::numeric_limits<F>::digits;
    const int max_exp = std::numeric_limits<F>::max_exponent - 24;  // the sum stays finite
    std::uniform_int_distribution<int> exponent(min_exp, max_exp);
    std::uniform_real_distribution<F> fraction(F(1), F(2));
    std::vector<F> values;
    while (values.size() < n) {
        const F v = std::ldexp(fraction(random), exponent(random)) * (random() & 1 ? F(1) : F(-1));
        values.push_back(v);
        if (random() % 4 == 0) values.push_back(-v);  // cancels exactly, somewhere later
    }
    values.resize(n);
    std::shuffle(values.begin(), values.end(), random);
    return values;
}

template <typename F>
void expect_correctly_rounded(Engine& engine, const std::vector<F>& values, ElementType type,
                              const std::string& what) {
    const Inputs inputs = inputs_of(values, type);
    const F expected = exact_rounded(values);
    for (std::size_t local : {1, 4, 64, 256}) {
        for (std::uint64_t groups : {1, 2}) {
            RunRequest r = reproducible(type, Fill::Random, values.size());
            r.local_size = local;
            r.global_size = groups * local;
            const RunResult result = engine.run(r, inputs);
            EXPECT_TRUE(result.verified) << what << ": " << result.value.to_string();
            EXPECT_EQ(result_bits(result.value), bits_of(expected, type))
                << what << ", local " << local << ", groups " << groups;
        }
    }
}

TEST(Reproducible, EqualsTheExactSumRoundedOnceOnAHeldOutInput) {
    Engine& engine = shared_engine();
    // The same input over eight launch shapes: one value, the correctly rounded one.
    expect_correctly_rounded(engine, held_out_input<float>(100000, 2026), ElementType::Float32,
                             "held-out float32");
    expect_correctly_rounded(engine, held_out_input<double>(100000, 2026), ElementType::Float64,
                             "held-out float64");
    // Ties to even, in both directions, and a sum that a float sum would overflow.
    const float half_ulp = 0x1p-24f;
    expect_correctly_rounded(engine, std::vector<float>{1.0f, half_ulp}, ElementType::Float32,
                             "tie down");
    expect_correctly_rounded(engine, std::vector<float>{1.0f + 0x1p-23f, half_ulp},
                             ElementType::Float32, "tie up");
    const float max = std::numeric_limits<float>::max();
    expect_correctly_rounded(engine, std::vector<float>{max, max, -max, 0x1p-149f},
                             ElementType::Float32, "past the range and back");
    expect_correctly_rounded(engine,
                             std::vector<double>{0x1p-1074, 0x1p-1074, -0x1p-1073, 0x1p-1022},
                             ElementType::Float64, "subnormals");
}

// Elements of one 16-binade window of the fast path, which sums them in double lanes (float64:
// split at 2^34 into two sets of lanes): mostly its top binade, whose values near 2^(p + 15)
// units fill a float32 lane towards 2^53 between two folds, among odd multiples of its bottom
// unit that a lane past 2^53 would round away; then the same values negated in another order,
// all but one bottom-binade value, the exact total: one unit is its last bit, so any unit lost,
// or a fold at the wrong offset, changes the result.
template <typename F>
std::vector<F> window_edges_input(int window, std::size_t per_sign, std::uint32_t seed) {
    constexpr int p = std::numeric_limits<F>::digits;
    const int bottom = 16 * window - std::numeric_limits<F>::max_exponent;  // field 16B - 1
    std::mt19937_64 random(seed);
    const auto odd_significand = [&] {  // p bits, the last one set
        return static_cast<F>((random() >> (64 - p)) | (std::uint64_t{1} << (p - 1)) | 1u);
    };
    std::vector<F> positive{std::ldexp(odd_significand(), bottom - (p - 1))};  // the total
    while (positive.size() < per_sign) {
        const bool top = random() % 4 != 0;
        positive.push_back(std::ldexp(odd_significand(), (top ? bottom + 15 : bottom) - (p - 1)));
        if (random() % 64 == 0) positive.push_back(F(0));
    }
    std::vector<F> values = positive;
    std::shuffle(positive.begin() + 1, positive.end(), random);
    for (auto v = positive.begin() + 1; v != positive.end(); ++v) values.push_back(-*v);
    return values;
}

TEST(Reproducible, FoldsTheDoubleLanesOfEveryWindowExactly) {
    Engine& engine = shared_engine();
    // float32: window 7 lies 16 bits into its digit ([2^-16, 1)), window 6 at its bottom; 2^20
    // elements of each sign, 2^16 or more per lane: several folds with one work-item.
    for (int window : {7, 6}) {
        const std::vector<float> values = window_edges_input<float>(window, 1u << 20, 15);
        ASSERT_EQ(exact_rounded(values), values.front());
        expect_correctly_rounded(engine, values, ElementType::Float32,
                                 "float32 window " + std::to_string(window));
    }
    // float64: window 65 ([2^16, 2^32)) 16 bits into its digit, window 64 ([1, 2^16)) at its
    // bottom, the high halves 34 bits further up.
    for (int window : {65, 64}) {
        const std::vector<double> values = window_edges_input<double>(window, 1u << 18, 16);
        ASSERT_EQ(exact_rounded(values), values.front());
        expect_correctly_rounded(engine, values, ElementType::Float64,
                                 "float64 window " + std::to_string(window));
    }
}

TEST(Reproducible, NonFiniteTermsFollowIeee) {
    Engine& engine = shared_engine();
    const float inf = std::numeric_limits<float>::infinity();
    const float max = std::numeric_limits<float>::max();
    const auto sum_of = [&](std::vector<float> values) {
        values.resize(1000, 1.0f);
        return engine.run(reproducible(ElementType::Float32, Fill::Random, values.size()),
                          inputs_of(values, ElementType::Float32));
    };
    EXPECT_EQ(sum_of({inf, -max}).value.f, inf);
    EXPECT_EQ(sum_of({-inf}).value.f, -inf);
    EXPECT_TRUE(std::isnan(sum_of({inf, -inf}).value.f));
    EXPECT_TRUE(std::isnan(sum_of({std::numeric_limits<float>::quiet_NaN()}).value.f));
    EXPECT_EQ(sum_of({max, max}).value.f, inf);  // the exact sum rounds past the largest float
    EXPECT_TRUE(sum_of({max, max}).verified);
}

TEST(Reproducible, VerifierAcceptsOnlyTheExactBits) {
    const AccumulatorSpec acc =
        accumulator_for(Operation::Sum, ElementType::Float32, AccumulatorMode{});
    HostArray values(ElementType::Float32, 3);
    values.set<float>(0, 1.0f);
    values.set<float>(1, 0x1p-24f);
    values.set<float>(2, 0x1p-30f);
    const Reference reference = compute_reference(Operation::Sum, acc, values, nullptr);
    ASSERT_TRUE(reference.exact_sum_known);
    const float exact = static_cast<float>(reference.correctly_rounded);
    EXPECT_EQ(exact, 1.0f + 0x1p-23f);  // above the tie: rounds up
    EXPECT_TRUE(verify_correctly_rounded(acc, Value::of_float(exact, true), reference).verified);
    // One ulp off is within any error bound, and still wrong here.
    const float wrong = std::nextafter(exact, 0.0f);
    const Verification check =
        verify_correctly_rounded(acc, Value::of_float(wrong, true), reference);
    EXPECT_FALSE(check.verified);
    EXPECT_TRUE(verify(Operation::Sum, acc, Value::of_float(wrong, true), reference, 3).verified);
}

TEST(Reproducible, RefusesWhatItCannotRoundExactly) {
    Engine& engine = shared_engine();
    RunRequest r = reproducible(ElementType::Int32, Fill::Random, 1000);
    for (auto [op, type] : {std::pair{Operation::Sum, ElementType::Int32},
                            std::pair{Operation::Max, ElementType::Float32},
                            std::pair{Operation::Dot, ElementType::Float64}}) {
        r.op = op;
        r.type = type;
        try {
            engine.run(r);
            ADD_FAILURE() << "ran " << to_string(type) << " " << to_string(op);
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::Unsupported);
            EXPECT_NE(std::string(e.what()).find("float32 and float64"), std::string::npos)
                << e.what();
        }
    }
}

// Every catalog variant that runs a float32 sum here gets one of the four classes; none is
// stronger than reproducible, which is device-invariant (launch-invariant with one device).
TEST(Reproducible, DeterminismRanksItTheStrongest) {
    std::vector<std::string> cpus;
    const std::vector<DeviceInfo> devices = list_devices();
    for (std::size_t d = 0; d < devices.size(); ++d)
        if (!devices[d].is_gpu()) cpus.push_back(std::to_string(d));
    if (cpus.empty()) GTEST_SKIP() << "no CPU device";
    DeterminismRequest request;
    request.base = reproducible(ElementType::Float32, Fill::Cancel, 20000);
    request.devices = cpus;
    request.local_sizes = {16, 64};
    request.work_groups = {3, 16};
    request.runs = 2;
    const DeterminismClass strongest =
        cpus.size() > 1 ? DeterminismClass::DeviceInvariant : DeterminismClass::LaunchInvariant;
    const DeterminismReport mine = run_determinism(request);
    EXPECT_EQ(mine.determinism, strongest);
    EXPECT_TRUE(mine.correctly_rounded_everywhere);
    for (const Variant& v : catalog()) {
        if (v.correctly_rounded || v.unsafe) continue;
        request.base.variant = std::string(v.name);
        request.base.finish = natural_finish(v);
        try {
            const DeterminismReport report = run_determinism(request);
            EXPECT_GE(static_cast<int>(report.determinism),
                      static_cast<int>(DeterminismClass::Nondeterministic));
            EXPECT_LE(static_cast<int>(report.determinism), static_cast<int>(strongest)) << v.name;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::Unsupported) << v.name << ": " << e.what();
        }
    }
}

}  // namespace
}  // namespace reducelab
