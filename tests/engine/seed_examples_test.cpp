// The seed articles' examples, reproduced with their expected answers.
#include <gtest/gtest.h>

#include "reducelab/engine.h"
#include "test_device.h"

namespace reducelab {
namespace {

// Seed 000: uint4 vector loads in a grid-stride loop, local size 64, global size 640 (10
// work-groups), values 1..102400: the sum is 5242931200 (it needs more than 32 bits).
TEST(SeedExamples, Seed000VectorKernelSumsTheUint32Ramp) {
    Engine engine(test::device_spec());
    RunRequest r;
    r.variant = "vector";
    r.op = Operation::Sum;
    r.type = ElementType::UInt32;
    r.n = 102400;
    r.fill = Fill::Ramp;
    r.local_size = 64;
    r.global_size = 640;
    const RunResult result = engine.run(r);
    EXPECT_TRUE(result.verified);
    EXPECT_EQ(result.value.u, 5242931200ull);
    EXPECT_EQ(result.launched.work_groups, 10u);
}

// Seed 001: 1..1000 summed by a contiguous tree of 256 work-items; the article's kernel reads past
// the end of the array for the last work-group, ours pads with the identity: 500500.
TEST(SeedExamples, Seed001ContiguousTreeSumsOneToAThousand) {
    Engine engine(test::device_spec());
    RunRequest r;
    r.variant = "contiguous";
    r.type = ElementType::Int32;
    r.n = 1000;
    r.fill = Fill::Ramp;
    r.local_size = 256;
    for (Finish f : all_finishes()) {
        r.finish = f;
        const RunResult result = engine.run(r);
        EXPECT_TRUE(result.verified);
        EXPECT_EQ(result.value.i, 500500);
        EXPECT_EQ(result.launched.work_groups, 4u);
    }
}

}  // namespace
}  // namespace reducelab
