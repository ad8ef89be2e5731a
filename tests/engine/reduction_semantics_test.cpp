// Accumulator modes, float error reporting and timing fields of a run. (The full matrix of
// variants x operations x types x finishes x sizes x local sizes is catalog_matrix_test.cpp.)
#include <gtest/gtest.h>

#include "reducelab/engine.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& shared_engine() {
    static Engine engine(test::device_spec());
    return engine;
}

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
