// The three timing methods (issue 19) on the test device: each gives the requested number of
// positive samples and says how it timed; the mapped result path returns the same bits as the
// read path; --cold is recorded; the oneTBB host baseline follows the same methods. Structure,
// not speed: no test compares one time with another.
#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/host_baseline.h"
#include "reducelab/inputs.h"
#include "reducelab/type_lists.h"
#include "test_device.h"

namespace reducelab {
namespace {

RunRequest request_for(const std::string& variant, TimingMethod method) {
    RunRequest r;
    r.op = Operation::Sum;
    r.type = ElementType::Float32;
    r.fill = Fill::Random;
    r.n = (1u << 16) + 3;
    r.variant = variant;
    r.finish = variant == "best" ? Finish::Kernel : Finish::Host;
    r.repeat = 5;
    r.warmup = 1;
    r.batch = 3;
    r.timing = method;
    return r;
}

void expect_sane(const RunResult& r, const RunRequest& request) {
    EXPECT_TRUE(r.verified) << r.value.to_string() << " vs " << r.reference.to_string();
    EXPECT_EQ(r.timing_method, request.timing);
    EXPECT_EQ(r.runs, static_cast<std::size_t>(request.repeat));
    EXPECT_EQ(r.repeat_ms.size(), static_cast<std::size_t>(request.repeat));
    for (double ms : r.repeat_ms) EXPECT_GT(ms, 0.0);
    EXPECT_GT(r.median_us, 0.0);
    EXPECT_DOUBLE_EQ(r.median_us, r.total_ms * 1000.0);
    EXPECT_LE(r.p10_us, r.median_us);
    EXPECT_GE(r.p90_us, r.median_us);
    EXPECT_GT(r.gbps, 0.0);
    EXPECT_FALSE(r.stages.empty());  // the kernels of the median run, whatever the method
}

class TimingMethods : public ::testing::TestWithParam<TimingMethod> {};

TEST_P(TimingMethods, GiveTheRequestedRunsOfPositiveTimes) {
    Engine engine(test::device_spec());
    for (const char* variant : {"best", "contiguous"}) {
        const RunRequest request = request_for(variant, GetParam());
        SCOPED_TRACE(variant);
        expect_sane(engine.run(request), request);
    }
}

TEST_P(TimingMethods, TheOneTbbBaselineFollowsThem) {
    Engine engine(test::device_spec());
    const RunRequest request = request_for("best", GetParam());
    const RunResult r = host_tbb_reduce(request, make_inputs(request), engine.device());
    EXPECT_EQ(r.launched.variant, "host-tbb-reduce");
    expect_sane(r, request);
}

INSTANTIATE_TEST_SUITE_P(All, TimingMethods, ::testing::ValuesIn(all_timing_methods()),
                         [](const auto& test_info) {
                             return std::string(to_string(test_info.param));
                         });

// Bit for bit: the same kind, integer, float bits and index.
void expect_same_bits(const Value& a, const Value& b) {
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.i, b.i);
    EXPECT_EQ(a.u, b.u);
    EXPECT_EQ(std::memcmp(&a.f, &b.f, sizeof a.f), 0) << a.to_string() << " vs " << b.to_string();
    EXPECT_EQ(a.index, b.index);
}

struct FinishCase {
    const char* variant;
    Finish finish;
    ElementType type;
    Operation op;
};

// Each case by `method`, then kernel-timed on the same engine and inputs: both verify with the
// same bits, and the wall-clock run left the kernel writing where the next run reads.
void expect_the_kernel_timed_bits(TimingMethod method, std::initializer_list<FinishCase> cases) {
    Engine engine(test::device_spec());
    for (const FinishCase& c : cases) {
        SCOPED_TRACE(std::string(c.variant) + " " + std::string(to_string(c.type)) + " " +
                     std::string(to_string(c.op)));
        RunRequest request = request_for(c.variant, method);
        request.finish = c.finish;
        request.type = c.type;
        request.op = c.op;
        request.batch = 4;
        request.warmup = 2;
        const Inputs inputs = make_inputs(request);
        const RunResult timed = engine.run(request, inputs);
        EXPECT_TRUE(timed.verified)
            << timed.value.to_string() << " vs " << timed.reference.to_string();
        request.timing = TimingMethod::Kernel;
        const RunResult kernel = engine.run(request, inputs);
        EXPECT_TRUE(kernel.verified);
        expect_same_bits(timed.value, kernel.value);
    }
}

// Sustained calls write their values to slots of a device buffer (the main kernel's or the last
// finish pass's output, or the atomic finish's target).
TEST(SustainedSlots, EveryFinishReadsItsValueFromTheSlots) {
    expect_the_kernel_timed_bits(
        TimingMethod::Sustained,
        {{"best", Finish::Kernel, ElementType::Int32, Operation::Sum},
         {"contiguous", Finish::Kernel, ElementType::Int32, Operation::Sum},
         {"contiguous", Finish::Kernel, ElementType::Float32, Operation::Sum},
         {"atomic", Finish::Atomic, ElementType::Int32, Operation::Sum},
         {"single-pass", Finish::Kernel, ElementType::Int64, Operation::Sum}});
}

// A latency call's value comes back in one copy with the arrival word behind it, from the final
// value's buffer, which the pass replaces with a larger one: every finish, a 16-byte argmin pair
// and 64-bit values, over several calls.
TEST(LatencyArrival, EveryFinishReadsTheKernelTimedBits) {
    expect_the_kernel_timed_bits(
        TimingMethod::Latency,
        {{"best", Finish::Kernel, ElementType::Float32, Operation::Sum},
         {"best", Finish::Kernel, ElementType::Int32, Operation::ArgMin},
         {"best", Finish::Kernel, ElementType::Float64, Operation::Dot},
         {"contiguous", Finish::Kernel, ElementType::Int64, Operation::Sum},
         {"contiguous", Finish::Kernel, ElementType::Float32, Operation::ArgMax},
         {"atomic", Finish::Atomic, ElementType::Int32, Operation::Sum},
         {"single-pass", Finish::Kernel, ElementType::UInt64, Operation::Max}});
}

TEST(ResultPath, MappedMemoryGivesTheReadPathsBitsForEveryKernelFinish) {
    Engine engine(test::device_spec());
    // best: one launch, the last work-group stores the value; contiguous with a kernel finish:
    // the value comes from the finish kernel's last pass.
    for (const char* variant : {"best", "contiguous"}) {
        for (const Operation op : {Operation::Sum, Operation::Max, Operation::ArgMin}) {
            RunRequest request = request_for(variant, TimingMethod::Latency);
            request.op = op;
            request.finish = Finish::Kernel;
            request.result_path = ResultPath::Read;
            const Inputs inputs = make_inputs(request);
            const RunResult read = engine.run(request, inputs);
            request.result_path = ResultPath::Mapped;
            const RunResult mapped = engine.run(request, inputs);
            SCOPED_TRACE(std::string(variant) + " " + std::string(to_string(op)));
            EXPECT_EQ(read.result_path, ResultPath::Read);
            EXPECT_EQ(mapped.result_path, ResultPath::Mapped);
            EXPECT_TRUE(mapped.verified);
            expect_same_bits(read.value, mapped.value);
        }
    }
}

TEST(ResultPath, AHostFinishKeepsTheReadPathAndSaysSo) {
    Engine engine(test::device_spec());
    RunRequest request = request_for("contiguous", TimingMethod::Latency);
    request.result_path = ResultPath::Mapped;
    const RunResult r = engine.run(request);
    EXPECT_TRUE(r.verified);
    EXPECT_EQ(r.result_path, ResultPath::Read);
}

TEST(Cold, IsRecordedAndStillVerifies) {
    Engine engine(test::device_spec());
    for (const TimingMethod method : {TimingMethod::Kernel, TimingMethod::Latency}) {
        RunRequest request = request_for("best", method);
        request.cold = true;
        const RunResult r = engine.run(request);
        expect_sane(r, request);
        EXPECT_TRUE(r.cold);
        EXPECT_FALSE(engine.run(request_for("best", method)).cold);
    }
}

TEST(TimingMethods, RefuseABatchBelowOne) {
    Engine engine(test::device_spec());
    RunRequest request = request_for("best", TimingMethod::Sustained);
    request.batch = 0;
    EXPECT_THROW(engine.run(request), Error);
}

}  // namespace
}  // namespace reducelab
