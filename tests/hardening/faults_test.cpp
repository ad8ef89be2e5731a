// Device faults through the engine API, each reported as a specific Error and leaving the engine
// usable: a kernel that fails to build (injected with REDUCELAB_KERNEL_OVERRIDE_DIR, which CTest
// points at faults/broken/ for this binary: its contiguous.cl does not compile), the driver
// answering CL_OUT_OF_RESOURCES or CL_MEM_OBJECT_ALLOCATION_FAILURE (injected between the engine
// and the driver, cl_fault_injection.h), and runs and sweeps cancelled half-way. The sanitizer
// build runs this binary too: no leak, no use of freed host memory by a pending command.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "cl_fault_injection.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/step_trace.h"
#include "reducelab/sweep.h"
#include "test_device.h"

namespace reducelab {
namespace {

namespace faults = test::faults;

constexpr int kOutOfResources = -5;     // CL_OUT_OF_RESOURCES
constexpr int kAllocationFailure = -4;  // CL_MEM_OBJECT_ALLOCATION_FAILURE

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

RunRequest request(const std::string& variant, Finish finish = Finish::Host) {
    RunRequest r;
    r.variant = variant;
    r.n = 10000;
    r.local_size = 64;
    r.finish = finish;
    r.fill = Fill::Random;
    return r;
}

// The error a request ends in (fails the test when it succeeds).
Error error_of(const RunRequest& r, const Inputs* inputs = nullptr) {
    try {
        if (inputs)
            engine().run(r, *inputs);
        else
            engine().run(r);
    } catch (const Error& e) {
        return e;
    }
    ADD_FAILURE() << r.variant << ": no error";
    return Error(ErrorKind::OpenCL, "none");
}

void expect_verified(const RunRequest& r, const Inputs* inputs = nullptr) {
    const RunResult result = inputs ? engine().run(r, *inputs) : engine().run(r);
    EXPECT_TRUE(result.verified) << r.variant << ": " << result.value.to_string() << " vs "
                                 << result.reference.to_string();
}

class Faults : public ::testing::Test {
  protected:
    void TearDown() override { faults::disarm(); }
};

TEST_F(Faults, TheOverrideDirectoryIsSetForThisBinary) {
    const char* dir = std::getenv("REDUCELAB_KERNEL_OVERRIDE_DIR");
    ASSERT_NE(dir, nullptr) << "CTest sets REDUCELAB_KERNEL_OVERRIDE_DIR to faults/broken";
}

TEST_F(Faults, ABuildFailureCarriesTheCompilersLog) {
    const Error e = error_of(request("contiguous"));
    EXPECT_EQ(e.kind(), ErrorKind::Build) << e.what();
    EXPECT_EQ(e.call(), "clBuildProgram");
    EXPECT_EQ(e.cl_error_name(), "CL_BUILD_PROGRAM_FAILURE");
    EXPECT_NE(std::string(e.what()).find("failed to build"), std::string::npos) << e.what();
    // The log names the file (the #line directive) and the offending identifier.
    EXPECT_NE(e.build_log().find("this_identifier_is_not_declared"), std::string::npos)
        << e.build_log();
    EXPECT_NE(e.build_log().find("contiguous.cl"), std::string::npos) << e.build_log();
    // Every other kernel still builds and runs on the same engine.
    expect_verified(request("interleaved"));
    // And the failure is reported again, not cached as a success.
    EXPECT_EQ(error_of(request("contiguous")).kind(), ErrorKind::Build);
}

TEST_F(Faults, OutOfResourcesAtTheLaunchIsReportedByName) {
    for (const char* variant : {"interleaved", "grid-stride", "vector", "single-pass", "best"}) {
        const Finish finish =
            std::string(variant) == "single-pass" || std::string(variant) == "best" ? Finish::Kernel
                                                                                    : Finish::Host;
        faults::arm("clEnqueueNDRangeKernel", kOutOfResources);
        const Error e = error_of(request(variant, finish));
        EXPECT_EQ(e.kind(), ErrorKind::OutOfResources) << e.what();
        EXPECT_EQ(e.cl_error_name(), "CL_OUT_OF_RESOURCES") << e.what();
        EXPECT_NE(std::string(e.what()).find("CL_OUT_OF_RESOURCES"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(variant), std::string::npos) << e.what();
        expect_verified(request(variant, finish));  // the next run is unaffected
    }
}

// The atomic finish first queues a non-blocking write of the identity from a host vector; a
// launch failing right after must not leave that write pending on freed memory (ASan checks).
TEST_F(Faults, ALaunchFailingAfterAPendingWriteDrainsTheQueue) {
    faults::arm("clEnqueueNDRangeKernel", kOutOfResources);
    const Error e = error_of(request("atomic", Finish::Atomic));
    EXPECT_EQ(e.cl_error_name(), "CL_OUT_OF_RESOURCES") << e.what();
    expect_verified(request("atomic", Finish::Atomic));
}

TEST_F(Faults, AFailingSecondPassOfTheKernelFinish) {
    RunRequest r = request("contiguous");
    r.variant = "first-add";
    r.finish = Finish::Kernel;
    r.n = 1 << 20;  // 2048 work-groups of 64 x 2: two finish passes
    const int injected_before = faults::injected();
    const int launches_before = faults::calls("clEnqueueNDRangeKernel");
    faults::arm("clEnqueueNDRangeKernel", kOutOfResources, 1);
    const Error e = error_of(r);
    EXPECT_EQ(e.kind(), ErrorKind::OutOfResources) << e.what();
    EXPECT_EQ(faults::injected() - injected_before, 1);
    EXPECT_EQ(faults::calls("clEnqueueNDRangeKernel") - launches_before, 2)
        << "the reduce, then the failing pass";
    expect_verified(r);
}

TEST_F(Faults, AllocationFailuresOfTheInputAndOfThePartials) {
    const RunRequest r = request("grid-stride");
    const Inputs inputs = make_inputs(r);
    // The input's buffer: nothing was uploaded, so the next run uploads again.
    faults::arm("clCreateBuffer", kAllocationFailure);
    Error e = error_of(r, &inputs);
    EXPECT_EQ(e.kind(), ErrorKind::OutOfResources) << e.what();
    EXPECT_EQ(e.cl_error_name(), "CL_MEM_OBJECT_ALLOCATION_FAILURE") << e.what();
    expect_verified(r, &inputs);
    // The partials' buffer, after the input is on the device: the upload is reused.
    RunRequest dot = r;
    dot.op = Operation::Dot;
    const Inputs dot_inputs = make_inputs(dot);
    faults::arm("clCreateBuffer", kAllocationFailure, 2);  // input, second input, then partials
    e = error_of(dot, &dot_inputs);
    EXPECT_EQ(e.cl_error_name(), "CL_MEM_OBJECT_ALLOCATION_FAILURE") << e.what();
    const int buffers_before = faults::calls("clCreateBuffer");
    expect_verified(dot, &dot_inputs);
    // The run's own buffers again (the partials and the pinned buffer the value is read into);
    // the two uploaded inputs are reused.
    EXPECT_EQ(faults::calls("clCreateBuffer") - buffers_before, 2)
        << "only the partials and the pinned result buffer again";
}

TEST_F(Faults, AReadBackFailureIsReported) {
    faults::arm("clEnqueueReadBuffer", kOutOfResources);
    const Error e = error_of(request("interleaved"));
    EXPECT_EQ(e.cl_error_name(), "CL_OUT_OF_RESOURCES") << e.what();
    expect_verified(request("interleaved"));
}

// Step mode reads several results back without blocking; one read failing must not leave the
// others pending on vectors the unwinding frees.
TEST_F(Faults, AStepTraceReadFailureDrainsThePendingReads) {
    TraceRequest t;
    t.variant = "interleaved";
    t.local_size = 64;
    t.n = 64 * 8;
    t.all_groups = true;
    faults::arm("clEnqueueReadBuffer", kOutOfResources, 3);  // the trace-value reads
    try {
        run_trace(engine(), t);
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.cl_error_name(), "CL_OUT_OF_RESOURCES") << e.what();
    }
    const StepTrace trace = run_trace(engine(), t);
    EXPECT_EQ(trace.groups.size(), 8u);
}

struct CancellingObserver : SweepObserver {
    std::stop_source* stop = nullptr;
    std::size_t cancel_after = 0;
    std::vector<std::size_t> done;
    std::vector<std::string> failed;
    void point_done(const RunResult& result, std::size_t index, std::size_t) override {
        EXPECT_TRUE(result.verified);
        done.push_back(index);
        if (stop && done.size() == cancel_after) stop->request_stop();
    }
    void point_failed(const RunRequest&, const std::string& error, std::size_t index,
                      std::size_t) override {
        failed.push_back(std::to_string(index) + ": " + error);
    }
};

std::vector<RunRequest> ladder_requests() {
    std::vector<RunRequest> requests;
    for (const char* variant : {"interleaved", "interleaved-strided", "first-add", "unroll-last",
                                "grid-stride", "vector", "single-pass", "best"}) {
        RunRequest r = request(variant);
        if (r.variant == "single-pass" || r.variant == "best") r.finish = Finish::Kernel;
        r.n = 1 << 16;
        r.repeat = 2;
        requests.push_back(r);
    }
    return requests;
}

TEST_F(Faults, ASweepCancelledHalfWayStopsAndKeepsWhatItMeasured) {
    std::stop_source stop;
    CancellingObserver observer;
    observer.stop = &stop;
    observer.cancel_after = 3;
    try {
        run_sweep(engine(), ladder_requests(), stop.get_token(), &observer);
        ADD_FAILURE() << "the sweep was not cancelled";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Cancelled) << e.what();
    }
    EXPECT_EQ(observer.done, (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_TRUE(observer.failed.empty());
    // The engine goes on after a cancel.
    expect_verified(request("interleaved"));
}

TEST_F(Faults, ALongRunIsCancelledFromAnotherThreadBetweenRepeats) {
    RunRequest r = request("interleaved");
    r.n = 1 << 18;
    r.repeat = 100000;
    std::stop_source stop;
    const auto start = std::chrono::steady_clock::now();
    std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop.request_stop();
    });
    try {
        engine().run(r, stop.get_token());
        ADD_FAILURE() << "not cancelled";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Cancelled) << e.what();
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 60.0) << "cancel is checked between repeats";
}

TEST_F(Faults, FailuresInsideASweepAreReportedAndTheSweepGoesOn) {
    std::vector<RunRequest> requests = ladder_requests();
    requests.insert(requests.begin() + 1, request("contiguous"));  // does not build here
    RunRequest huge = request("interleaved");
    huge.n = engine().device().max_alloc_bytes / 4 + 1;  // above the largest buffer
    requests.insert(requests.begin() + 3, huge);
    faults::arm("clEnqueueNDRangeKernel", kOutOfResources, 5);
    CancellingObserver observer;
    const ResultsFile file = run_sweep(engine(), requests, {}, &observer);
    ASSERT_EQ(observer.failed.size(), 3u);
    EXPECT_NE(observer.failed[0].find("1: the kernel failed to build"), std::string::npos)
        << observer.failed[0];
    EXPECT_NE(observer.failed[1].find("3: an input of"), std::string::npos) << observer.failed[1];
    EXPECT_NE(observer.failed[1].find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos)
        << observer.failed[1];
    EXPECT_NE(observer.failed[2].find("CL_OUT_OF_RESOURCES"), std::string::npos)
        << observer.failed[2];
    EXPECT_EQ(file.points.size(), requests.size() - 3);
}

}  // namespace
}  // namespace reducelab
