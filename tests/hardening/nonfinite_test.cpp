// NaN and infinities on every variant of the catalog, each finish, float32 and float64, checked
// against the rule stated in the README (and computed here independently of the engine's CPU
// reference):
//   sum:     any NaN, or +Inf together with -Inf, gives NaN; otherwise an infinity gives itself
//            (and a float32 sum beyond FLT_MAX is +-Inf);
//   min/max: a NaN anywhere gives NaN; otherwise -Inf / +Inf win as numbers do;
//   argmin/argmax: the index of the first NaN when there is one; otherwise the first index of
//            the smallest / largest value (infinities included).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "test_device.h"
#include "variant_matrix.h"

namespace reducelab {
namespace {

constexpr std::uint64_t kN = 3000;  // 47 work-groups of 64: the specials sit in late groups
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

struct Pattern {
    std::string name;
    std::map<std::uint64_t, double> specials;  // index -> NaN / +-Inf
};

const std::vector<Pattern>& patterns() {
    static const std::vector<Pattern> all{
        {"two NaNs", {{1777, kNan}, {2500, kNan}}},
        {"NaN first", {{0, kNan}, {2999, kNan}}},
        {"NaN last", {{2999, kNan}}},
        {"+Inf twice", {{1500, kInf}, {2900, kInf}}},
        {"-Inf twice", {{10, -kInf}, {2999, -kInf}}},
        {"+Inf and -Inf", {{100, kInf}, {2000, -kInf}}},
        {"NaN among infinities", {{5, kInf}, {6, -kInf}, {2998, kNan}}},
    };
    return all;
}

// Finite values in [-1, 1) with the pattern's specials placed.
std::vector<double> values_of(const Pattern& p) {
    std::vector<double> x(kN);
    std::uint64_t state = 12345;
    for (auto& v : x) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        v = static_cast<double>(state >> 40) / static_cast<double>(1ull << 23) - 1.0;
    }
    for (const auto& [i, v] : p.specials) x[i] = v;
    return x;
}

Inputs inputs_of(const Pattern& p, ElementType type) {
    const std::vector<double> x = values_of(p);
    auto array = std::make_shared<HostArray>(type, kN);
    for (std::uint64_t i = 0; i < kN; ++i) {
        if (type == ElementType::Float32)
            array->set<float>(i, static_cast<float>(x[i]));
        else
            array->set<double>(i, x[i]);
    }
    static std::uint64_t next_id = 1u << 30;
    return Inputs{array, nullptr, ++next_id};
}

// The rule, stated plainly (what the README promises). `x` holds the values as the device sees
// them (float32 inputs rounded first).
struct Expected {
    double value;
    std::optional<std::uint64_t> index;
};

Expected expected(Operation op, const std::vector<double>& x) {
    bool nan = false, pos_inf = false, neg_inf = false;
    std::uint64_t first_nan = 0;
    for (std::uint64_t i = 0; i < x.size(); ++i) {
        if (std::isnan(x[i]) && !nan) {
            nan = true;
            first_nan = i;
        }
        pos_inf = pos_inf || x[i] == kInf;
        neg_inf = neg_inf || x[i] == -kInf;
    }
    switch (op) {
        case Operation::Sum:
            if (nan || (pos_inf && neg_inf)) return {kNan, {}};
            if (pos_inf) return {kInf, {}};
            if (neg_inf) return {-kInf, {}};
            return {0.0, {}};  // finite: the value is checked by the engine's error bound
        case Operation::Min:
        case Operation::Max:
        case Operation::ArgMin:
        case Operation::ArgMax: {
            const bool is_min = op == Operation::Min || op == Operation::ArgMin;
            if (nan) return {kNan, has_index(op) ? std::optional(first_nan) : std::nullopt};
            std::uint64_t best = 0;
            for (std::uint64_t i = 1; i < x.size(); ++i)
                if (is_min ? x[i] < x[best] : x[i] > x[best]) best = i;
            return {x[best], has_index(op) ? std::optional(best) : std::nullopt};
        }
        default:
            return {kNan, {}};
    }
}

std::vector<double> device_view(const Pattern& p, ElementType type) {
    std::vector<double> x = values_of(p);
    if (type == ElementType::Float32)
        for (auto& v : x) v = static_cast<double>(static_cast<float>(v));
    return x;
}

int g_checked = 0;

void check_all(Operation op, ElementType type, bool natural_finish_only) {
    const auto pairs = test::variant_finishes(engine().device(), op, type, natural_finish_only);
    ASSERT_FALSE(pairs.empty());
    for (const Pattern& p : patterns()) {
        const Inputs inputs = inputs_of(p, type);
        const Expected want = expected(op, device_view(p, type));
        for (const auto& vf : pairs) {
            RunRequest r;
            r.op = op;
            r.type = type;
            r.variant = vf.variant;
            r.finish = vf.finish;
            r.local_size = 64;
            r.n = kN;
            const std::string what = std::string(to_string(op)) + " " +
                                     std::string(to_string(type)) + " of '" + p.name + "' on " +
                                     test::describe(vf);
            RunResult result;
            try {
                result = engine().run(r, inputs);
            } catch (const Error& e) {
                ADD_FAILURE() << what << ": " << e.what();
                continue;
            }
            ++g_checked;
            const double got = result.value.as_double();
            EXPECT_TRUE(result.verified) << what << ": " << result.value.to_string()
                                         << " vs reference " << result.reference.to_string();
            if (std::isnan(want.value)) {
                EXPECT_TRUE(std::isnan(got))
                    << what << ": got " << result.value.to_string() << ", want nan";
            } else if (std::isinf(want.value) || op != Operation::Sum) {
                EXPECT_EQ(got, want.value) << what << ": got " << result.value.to_string();
            } else {
                EXPECT_TRUE(std::isfinite(got)) << what << ": got " << result.value.to_string();
            }
            if (want.index) {
                ASSERT_TRUE(result.value.index.has_value()) << what;
                EXPECT_EQ(*result.value.index, *want.index) << what;
            }
        }
    }
}

TEST(NonFinite, SumPropagatesNanAndInfinities) {
    check_all(Operation::Sum, ElementType::Float32, false);
    check_all(Operation::Sum, ElementType::Float64, true);
}

TEST(NonFinite, MinAndMaxReturnNanWhenAnyInputIsNan) {
    for (Operation op : {Operation::Min, Operation::Max}) {
        check_all(op, ElementType::Float32, false);
        check_all(op, ElementType::Float64, true);
    }
}

TEST(NonFinite, ArgMinAndArgMaxReturnTheFirstNansIndex) {
    for (Operation op : {Operation::ArgMin, Operation::ArgMax}) {
        check_all(op, ElementType::Float32, false);
        check_all(op, ElementType::Float64, true);
    }
}

// Finite float32 inputs whose sum lies beyond FLT_MAX: +Inf is the right float32 answer (the
// CPU reference is wider and finite; the verification rounds it to float32 first).
TEST(NonFinite, Float32SumsBeyondTheRangeAreInfinity) {
    auto big = std::make_shared<HostArray>(ElementType::Float32, kN);
    // All positive: with mixed signs a reduction order may reach +Inf and -Inf, whose sum is NaN.
    for (std::uint64_t i = 0; i < kN; ++i) big->set<float>(i, i % 2 ? 3.0e38f : 1.0f);
    const Inputs inputs{big, nullptr, 1u << 29};
    for (const auto& vf :
         test::variant_finishes(engine().device(), Operation::Sum, ElementType::Float32)) {
        RunRequest r;
        r.type = ElementType::Float32;
        r.variant = vf.variant;
        r.finish = vf.finish;
        r.local_size = 64;
        const RunResult result = engine().run(r, inputs);
        ++g_checked;
        EXPECT_EQ(result.value.as_double(), kInf)
            << test::describe(vf) << ": " << result.value.to_string();
        EXPECT_TRUE(result.verified)
            << test::describe(vf) << ": reference " << result.reference.to_string();
    }
}

TEST(NonFinite, PairsCannotUseTheAtomicFinish) {
    RunRequest r;
    r.op = Operation::ArgMin;
    r.type = ElementType::Float32;
    r.variant = "contiguous";
    r.finish = Finish::Atomic;
    r.n = 100;
    try {
        engine().run(r);
        ADD_FAILURE() << "argmin with an atomic finish ran";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Unsupported) << e.what();
    }
}

TEST(NonFinite, Tally) {
    std::printf(
        "non-finite checks: %d runs (variant x finish x op x type x pattern) matched the rule\n",
        g_checked);
    EXPECT_GT(g_checked, 0);
}

}  // namespace
}  // namespace reducelab
