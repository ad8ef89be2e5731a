// The two deliberately racy teaching variants: the catalog marks them unsafe, they still run,
// and the warp-synchronous tail gives the wrong answer on PoCL, where its fixed form and the
// host-initialised atomic form give the right one. (Oclgrind's view of them: tests/race/.)
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/racy_behaviour.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& shared_engine() {
    static Engine engine(test::device_spec());
    return engine;
}

bool is_pocl(const DeviceInfo& device) {
    return device.platform_name.find("Portable Computing Language") != std::string::npos;
}

TEST(RacyVariants, ExactlyTheTwoTeachingVariantsAreMarkedUnsafe) {
    std::set<std::string> unsafe;
    for (const Variant& v : catalog())
        if (v.unsafe) unsafe.emplace(v.name);
    EXPECT_EQ(unsafe, (std::set<std::string>{"atomic-zeroing-racy", "unroll-last-racy"}));
    EXPECT_NE(find_variant("unroll-last-racy").summary.find("UNSAFE"), std::string_view::npos);
    EXPECT_NE(find_variant("atomic-zeroing-racy").summary.find("UNSAFE"), std::string_view::npos);
    // The seed 002 form leaves the destination to the kernel; the safe form does not.
    EXPECT_TRUE(find_variant("atomic-zeroing-racy").kernel_initialises_destination);
    EXPECT_FALSE(find_variant("atomic").kernel_initialises_destination);
}

// The explanation of what a racy variant does is chosen from the device's facts, not fixed to
// one machine: NVIDIA's lockstep warps, a CPU's serialised work-items, other GPUs.
TEST(RacyVariants, BehaviourTextFollowsTheDevice) {
    DeviceInfo nvidia;
    nvidia.type = "GPU";
    nvidia.is_nvidia = true;
    DeviceInfo cpu;
    cpu.type = "CPU";
    DeviceInfo amd;
    amd.type = "GPU";
    const Variant& tail = find_variant("unroll-last-racy");
    const Variant& zeroing = find_variant("atomic-zeroing-racy");
    EXPECT_NE(racy_behaviour(tail, nvidia).find("warp"), std::string_view::npos);
    EXPECT_NE(racy_behaviour(tail, nvidia).find("right sum"), std::string_view::npos);
    EXPECT_NE(racy_behaviour(tail, cpu).find("wrong sum"), std::string_view::npos);
    EXPECT_NE(racy_behaviour(tail, amd).find("wavefront"), std::string_view::npos);
    std::set<std::string_view> texts;
    for (const DeviceInfo* d : {&nvidia, &cpu, &amd})
        for (const Variant* v : {&tail, &zeroing}) texts.insert(racy_behaviour(*v, *d));
    EXPECT_EQ(texts.size(), 6u);
    EXPECT_TRUE(racy_behaviour(find_variant("unroll-last"), nvidia).empty());
}

// 256 ones per work-group: the barrier-free tail lets work-item 0 read its neighbours before
// they have written. PoCL runs a region's work-items one after another, so work-item 0 adds
// 4 + 4 + 4 + 4 + 4 + 4 + 4 = 28 instead of 256 (OPENCL-NOTES.md).
TEST(RacyVariants, WarpSynchronousTailIsWrongOnPocl) {
    Engine& engine = shared_engine();
    if (!is_pocl(engine.device()))
        GTEST_SKIP() << "the wrong answer is PoCL's; on " << engine.device().name
                     << " it may or may not show";
    RunRequest r;
    r.variant = "unroll-last-racy";
    r.type = ElementType::Int32;
    r.fill = Fill::Ones;
    r.n = 4 * 256;
    r.local_size = 256;
    for (Finish f : all_finishes()) {
        r.finish = f;
        const RunResult racy = engine.run(r);
        EXPECT_FALSE(racy.verified) << "finish " << to_string(f) << ": " << racy.value.to_string();
        EXPECT_EQ(racy.reference.i, 1024);
        EXPECT_EQ(racy.value.i, 4 * 28)
            << "finish " << to_string(f) << " (28 per work-group expected on PoCL)";
    }
    // The correct form of the same step, on the same input.
    r.variant = "unroll-last";
    r.finish = Finish::Host;
    const RunResult fixed = engine.run(r);
    EXPECT_TRUE(fixed.verified);
    EXPECT_EQ(fixed.value.i, 1024);
}

// The race needs 33 or more work-items per group to reach the barrier-free tail from the
// loop; below that every local size races too, and the answer is wrong whenever a value
// must travel more than one round (PoCL).
TEST(RacyVariants, WarpSynchronousTailIsWrongAtEverySmallLocalSizeOnPocl) {
    Engine& engine = shared_engine();
    if (!is_pocl(engine.device())) GTEST_SKIP() << "PoCL-specific outcome";
    for (std::size_t local : {4u, 8u, 16u, 32u, 64u, 128u}) {
        RunRequest r;
        r.variant = "unroll-last-racy";
        r.type = ElementType::UInt32;
        r.fill = Fill::Ones;
        r.n = local;
        r.local_size = local;
        const RunResult racy = engine.run(r);
        EXPECT_FALSE(racy.verified) << "local size " << local << ": " << racy.value.to_string();
    }
}

// Seed 002's in-kernel zeroing runs and is usually right (work-group 0 tends to start first):
// its hazard is an ordering between atomics that neither a test run nor Oclgrind's race
// detector can force. The host-initialised form is right by construction.
TEST(RacyVariants, InKernelZeroingRunsAndTheHostInitialisedFormVerifies) {
    Engine& engine = shared_engine();
    RunRequest r;
    r.op = Operation::Dot;
    r.type = ElementType::Int32;
    r.n = 1024;
    r.local_size = 64;
    r.finish = Finish::Atomic;
    r.variant = "atomic-zeroing-racy";
    const RunResult racy = engine.run(r);
    EXPECT_EQ(racy.launched.launches, 1u);
    r.variant = "atomic";
    const RunResult safe = engine.run(r);
    EXPECT_TRUE(safe.verified);
    EXPECT_EQ(safe.value.i, 1024ll * 1025 * 2049 / 6);
}

TEST(RacyVariants, UnsafeVariantsRefuseTheFinishesTheyCannotUse) {
    Engine& engine = shared_engine();
    RunRequest r;
    r.variant = "atomic-zeroing-racy";
    r.n = 100;
    r.finish = Finish::Host;
    try {
        engine.run(r);
        ADD_FAILURE() << "host finish accepted";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
        EXPECT_NE(std::string(e.what()).find("--finish atomic"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace reducelab
