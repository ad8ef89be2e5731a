// A small device, made with the test hooks: CTest sets REDUCELAB_DEVICE_LIMITS (largest buffer
// 64 KiB, global memory 96 KiB, local memory 2 KiB, at most 8192 work-items per group: above the
// kernels' own limit) and REDUCELAB_HIDE_EXTENSIONS (no fp64, no 64-bit atomics) for this binary.
// Every request beyond the device is refused before anything is allocated, with the limit named.
#include <gtest/gtest.h>

#include <chrono>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/sweep.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

void expect_error(const RunRequest& r, ErrorKind kind, const std::string& fragment) {
    try {
        const RunResult result = engine().run(r);
        ADD_FAILURE() << "no error (expected '" << fragment << "'); got "
                      << result.value.to_string();
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), kind) << e.what();
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

RunRequest valid(std::uint64_t n = 1000) {
    RunRequest r;
    r.n = n;
    r.local_size = 64;
    return r;
}

TEST(SmallDevice, TheHooksShapeTheDevice) {
    const DeviceInfo& d = engine().device();
    EXPECT_EQ(d.max_alloc_bytes, 64u << 10);
    EXPECT_EQ(d.global_mem_bytes, 96u << 10);
    EXPECT_EQ(d.local_mem_bytes, 2u << 10);
    EXPECT_EQ(d.max_work_group_size, 8192u);
    EXPECT_FALSE(d.has_fp64);
    EXPECT_FALSE(d.has_int64_base_atomics);
    EXPECT_FALSE(d.has_int64_extended_atomics);
}

TEST(SmallDevice, InputsAboveTheLargestBufferAreRefusedBeforeAllocating) {
    expect_error(valid((64 << 10) / 4 + 1), ErrorKind::OutOfResources,
                 "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    RunRequest big = valid(std::uint64_t{1} << 61);  // 16 EiB of int64: never allocated
    big.type = ElementType::Int64;
    const auto start = std::chrono::steady_clock::now();
    expect_error(big, ErrorKind::OutOfResources, "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
    // Exactly the largest buffer still runs.
    const RunResult fits = engine().run(valid((64 << 10) / 4));
    EXPECT_TRUE(fits.verified);
}

TEST(SmallDevice, TwoInputsAboveGlobalMemoryAreRefused) {
    RunRequest dot = valid(13 * 1024);  // 52 KiB each: each fits a buffer, both not 96 KiB
    dot.op = Operation::Dot;
    expect_error(dot, ErrorKind::OutOfResources, "CL_DEVICE_GLOBAL_MEM_SIZE");
    dot.n = 12 * 1024;  // 96 KiB together: fits
    EXPECT_TRUE(engine().run(dot).verified);
}

TEST(SmallDevice, MoreLocalMemoryThanTheDeviceHas) {
    RunRequest r = valid();
    r.local_size = 512;  // 512 x 8-byte accumulators = 4 KiB
    expect_error(r, ErrorKind::OutOfResources, "of local memory");
    r.local_size = 256;  // 2 KiB: fits exactly
    EXPECT_TRUE(engine().run(r).verified);
    r.op = Operation::ArgMax;  // 16-byte pairs: 4 KiB
    expect_error(r, ErrorKind::OutOfResources, "of local memory");
}

TEST(SmallDevice, LocalSizeAboveTheKernelsOwnLimit) {
    // The device claims 8192; the compiled kernel allows less (CL_KERNEL_WORK_GROUP_SIZE).
    RunRequest r = valid();
    r.local_size = 8192;
    expect_error(r, ErrorKind::InvalidArgument, "CL_KERNEL_WORK_GROUP_SIZE");
    r.local_size = 16384;
    expect_error(r, ErrorKind::InvalidArgument, "above the maximum");
}

TEST(SmallDevice, TypesAndFinishesTheDeviceLacks) {
    RunRequest r = valid();
    r.type = ElementType::Float64;
    expect_error(r, ErrorKind::Unsupported, "cl_khr_fp64");
    r.type = ElementType::Float32;
    r.accumulator = AccumulatorMode::Wide;
    expect_error(r, ErrorKind::Unsupported, "wide float32 accumulator");
    r = valid();
    r.finish = Finish::Atomic;  // int32 sums accumulate in 64 bits by default
    expect_error(r, ErrorKind::Unsupported, "cl_khr_int64_base_atomics");
    r.op = Operation::Max;
    r.type = ElementType::Int64;
    expect_error(r, ErrorKind::Unsupported, "cl_khr_int64_extended_atomics");
    r = valid();
    r.finish = Finish::Atomic;
    r.accumulator = AccumulatorMode::Same;  // 32-bit atomics are core OpenCL
    EXPECT_TRUE(engine().run(r).verified);
}

TEST(SmallDevice, ASweepReportsEachRefusalAndGoesOn) {
    struct Failures : SweepObserver {
        std::vector<std::string> errors;
        void point_failed(const RunRequest&, const std::string& e, std::size_t,
                          std::size_t) override {
            errors.push_back(e);
        }
    } observer;
    std::vector<RunRequest> requests{valid(), valid(1 << 20), valid(), valid()};
    requests[2].type = ElementType::Float64;
    const ResultsFile file = run_sweep(engine(), requests, {}, &observer);
    ASSERT_EQ(observer.errors.size(), 2u);
    EXPECT_NE(observer.errors[0].find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos)
        << observer.errors[0];
    EXPECT_NE(observer.errors[1].find("cl_khr_fp64"), std::string::npos) << observer.errors[1];
    EXPECT_EQ(file.points.size(), 2u);
}

}  // namespace
}  // namespace reducelab
