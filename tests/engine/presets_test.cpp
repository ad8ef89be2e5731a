// The seed examples as presets: each reproduces its documented answer on the test device,
// and the documented answers are the arithmetic the articles imply.
#include <gtest/gtest.h>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/presets.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& shared_engine() {
    static Engine engine(test::device_spec());
    return engine;
}

TEST(Presets, ListTheThreeSeedExamplesWithTheirDocumentedAnswers) {
    ASSERT_EQ(presets().size(), 3u);
    EXPECT_EQ(find_preset("seed-000").expected.u, 102400ull * 102401 / 2);    // 5242931200
    EXPECT_EQ(find_preset("seed-001").expected.i, 1000 * 1001 / 2);           // 500500
    EXPECT_EQ(find_preset("seed-002").expected.i, 1024ll * 1025 * 2049 / 6);  // 358438400
    for (const Preset& p : presets()) {
        EXPECT_FALSE(p.title.empty());
        EXPECT_FALSE(p.description.empty());
        EXPECT_NE(p.description.find(p.expected.to_string()), std::string::npos)
            << p.name << ": the description states the expected answer";
        EXPECT_NE(command_line(p).find("--variant " + p.request.variant), std::string::npos);
    }
}

TEST(Presets, Seed000VectorKernelGivesTheDocumentedSum) {
    const Preset& p = find_preset("seed-000");
    const RunResult result = shared_engine().run(p.request);
    EXPECT_TRUE(result.verified);
    EXPECT_TRUE(matches_expected(p, result.value)) << result.value.to_string();
    EXPECT_EQ(result.launched.local_size, 64u);
    EXPECT_EQ(result.launched.global_size, 640u);
    EXPECT_EQ(result.launched.work_groups, 10u);
    EXPECT_EQ(result.launched.vector_width, 4u);
}

TEST(Presets, Seed001ContiguousTreeGivesTheDocumentedSum) {
    const Preset& p = find_preset("seed-001");
    const RunResult result = shared_engine().run(p.request);
    EXPECT_TRUE(result.verified);
    EXPECT_TRUE(matches_expected(p, result.value)) << result.value.to_string();
    EXPECT_EQ(result.launched.work_groups, 4u);
}

TEST(Presets, Seed002AtomicDotGivesTheDocumentedSumOfSquares) {
    const Preset& p = find_preset("seed-002");
    const RunResult result = shared_engine().run(p.request);
    EXPECT_TRUE(result.verified);
    EXPECT_TRUE(matches_expected(p, result.value)) << result.value.to_string();
    EXPECT_EQ(result.launched.work_groups, 16u);
    EXPECT_EQ(result.launched.launches, 1u);
    EXPECT_EQ(result.launched.finish, Finish::Atomic);
    EXPECT_NE(result.accumulator.find("32 bits"), std::string::npos) << result.accumulator;
}

TEST(Presets, AWrongValueDoesNotMatchTheDocumentedAnswer) {
    const Preset& p = find_preset("seed-000");
    EXPECT_FALSE(matches_expected(p, Value::of_unsigned(947963904u)));  // the 32-bit wrap
    EXPECT_TRUE(matches_expected(p, Value::of_signed(5242931200ll)));
    EXPECT_FALSE(matches_expected(p, Value::of_float(5242931200.0)));
}

TEST(Presets, UnknownNameIsAnInvalidArgumentListingTheKnownOnes) {
    try {
        find_preset("seed-003");
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
        EXPECT_NE(std::string(e.what()).find("seed-000, seed-001, seed-002"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace reducelab
