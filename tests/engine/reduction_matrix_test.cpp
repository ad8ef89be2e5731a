// The foundation matrix: interleaved, contiguous and vector × sum/min/max × int32/uint32/float32
// × host/kernel/atomic finish, over sizes around every work-group boundary and local sizes from
// 1 to the device maximum, each verified against the CPU reference.
#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "engine.h"
#include "error.h"
#include "launch_plan.h"
#include "test_device.h"

namespace reducelab {
namespace {

using Case = std::tuple<std::string, Operation, ElementType, Finish>;

Engine& shared_engine() {
    static Engine engine(test::device_spec());
    return engine;
}

const Inputs& shared_inputs(ElementType type, std::uint64_t n) {
    static std::map<std::pair<ElementType, std::uint64_t>, Inputs> cache;
    auto& slot = cache[{type, n}];
    if (!slot.first) {
        RunRequest r;
        r.type = type;
        r.n = n;
        r.fill = Fill::Random;
        r.seed = n;
        slot = make_inputs(r);
    }
    return slot;
}

class ReductionMatrix : public testing::TestWithParam<Case> {};

TEST_P(ReductionMatrix, VerifiesAtEverySizeAndLocalSize) {
    const auto& [variant, op, type, finish] = GetParam();
    Engine& engine = shared_engine();
    const std::size_t device_max = engine.device().max_work_group_size;
    std::vector<std::size_t> local_sizes{1, 2, 32, 64, 256};
    std::size_t largest = 1;
    while (largest * 2 <= device_max) largest *= 2;
    local_sizes.push_back(largest);
    const std::uint64_t sizes[] = {1, 2, 3, 63, 64, 65, 1000, 4097, (1u << 20) + 7};
    int runs = 0;
    for (std::uint64_t n : sizes) {
        for (std::size_t local : local_sizes) {
            RunRequest r;
            r.variant = variant;
            r.op = op;
            r.type = type;
            r.finish = finish;
            r.local_size = local;
            r.n = n;
            SCOPED_TRACE("n=" + std::to_string(n) + " local=" + std::to_string(local));
            const RunResult result = engine.run(r, shared_inputs(type, n));
            EXPECT_TRUE(result.verified) << result.value.to_string() << " vs reference "
                                         << result.reference.to_string() << " (" << result.verification_rule
                                         << ")";
            EXPECT_EQ(result.launched.local_size, local);
            EXPECT_EQ(result.n, n);
            EXPECT_GT(result.total_ms, 0.0);
            ++runs;
        }
    }
    EXPECT_EQ(runs, 9 * static_cast<int>(local_sizes.size()));
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
    const auto& [variant, op, type, finish] = info.param;
    return variant + "_" + std::string(to_string(op)) + "_" + std::string(to_string(type)) + "_" +
           std::string(to_string(finish));
}

INSTANTIATE_TEST_SUITE_P(
    Foundation, ReductionMatrix,
    testing::Combine(testing::Values("interleaved", "contiguous", "vector"),
                     testing::Values(Operation::Sum, Operation::Min, Operation::Max),
                     testing::Values(ElementType::Int32, ElementType::UInt32, ElementType::Float32),
                     testing::Values(Finish::Host, Finish::Kernel, Finish::Atomic)),
    case_name);

TEST(ReductionAccumulators, Int32SumWrapsWithTheSameWidthAccumulator) {
    Engine& engine = shared_engine();
    RunRequest r;
    r.variant = "contiguous";
    r.type = ElementType::Int32;
    r.n = 70000;  // ramp 1..70000 sums to 2450035000 > INT32_MAX
    r.local_size = 256;
    const RunResult wide = engine.run(r);
    EXPECT_TRUE(wide.verified);
    EXPECT_EQ(wide.value.i, 2450035000LL);
    r.accumulator = AccumulatorMode::Same;
    for (Finish f : all_finishes()) {
        r.finish = f;
        const RunResult same = engine.run(r);
        EXPECT_TRUE(same.verified) << to_string(f);
        EXPECT_EQ(same.value.i, static_cast<std::int32_t>(static_cast<std::uint32_t>(2450035000u)));
    }
}

TEST(ReductionAccumulators, FloatSumsReportTheirErrorAgainstTheReference) {
    Engine& engine = shared_engine();
    RunRequest r;
    r.variant = "interleaved";
    r.type = ElementType::Float32;
    r.fill = Fill::Random;
    r.n = 1 << 20;
    const RunResult result = engine.run(r);
    EXPECT_TRUE(result.verified);
    EXPECT_GT(result.error_bound, 0.0);
    EXPECT_LE(result.abs_error, result.error_bound);
    EXPECT_NE(result.verification_rule.find("gamma"), std::string::npos);
}

TEST(ReductionTiming, ReportsStagesRepeatsAndBandwidth) {
    Engine& engine = shared_engine();
    RunRequest r;
    r.variant = "vector";
    r.n = 1 << 20;
    r.repeat = 5;
    r.warmup = 1;
    r.finish = Finish::Kernel;
    const RunResult result = engine.run(r);
    EXPECT_EQ(result.repeat_ms.size(), 5u);
    ASSERT_GE(result.stages.size(), 2u);
    EXPECT_EQ(result.stages.front().name, "reduce");
    EXPECT_EQ(result.input_bytes, 4u << 20);
    EXPECT_NEAR(result.gbps, result.input_bytes / (result.total_ms * 1e6), 1e-9);
    EXPECT_EQ(result.launched.launches, 1 + result.launched.finish_groups.size());
}

}  // namespace
}  // namespace reducelab
