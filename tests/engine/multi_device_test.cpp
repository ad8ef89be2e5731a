// Splits over PoCL's two CPU devices (POCL_DEVICES="pthread pthread", set by CTest): verified
// values, shares that cover the input, argmin indices in the whole input, timings reported.
#include <gtest/gtest.h>

#include "reducelab/devices.h"
#include "reducelab/error.h"
#include "reducelab/multi_device.h"

namespace reducelab {
namespace {

std::vector<DeviceInfo> pocl_devices() {
    std::vector<DeviceInfo> pocl;
    for (const DeviceInfo& d : list_devices())
        if (d.platform_name.find("Portable") != std::string::npos) pocl.push_back(d);
    return pocl;
}

SplitRequest split_request(Operation op, ElementType type, std::uint64_t n, SplitPolicy policy) {
    SplitRequest split;
    split.devices = pocl_devices();
    split.run.op = op;
    split.run.type = type;
    split.run.n = n;
    split.run.fill = Fill::Random;
    split.run.variant = "best";
    split.run.finish = Finish::Kernel;  // best finishes in its own launch
    split.run.repeat = 2;
    split.split = policy;
    split.max_calibration_n = 1 << 16;
    return split;
}

void expect_covering_shares(const SplitResult& result) {
    std::uint64_t next = 0;
    for (const DeviceShare& share : result.devices) {
        EXPECT_EQ(share.offset, next);
        next += share.count;
        EXPECT_TRUE(share.shard_verified);
        EXPECT_GT(share.run_ms, 0.0);
        EXPECT_GT(share.upload_ms, 0.0);
        EXPECT_GT(share.resident_gbps, share.end_to_end_gbps);
    }
    EXPECT_EQ(next, result.n);
    EXPECT_GE(result.end_to_end_ms, result.resident_ms);
}

TEST(MultiDevice, ForcedFloatSumOverTwoDevicesVerifies) {
    const SplitRequest split =
        split_request(Operation::Sum, ElementType::Float32, 1 << 20, SplitPolicy::Force);
    if (split.devices.size() < 2) GTEST_SKIP() << "needs POCL_DEVICES=\"pthread pthread\"";
    const SplitResult result = run_split(split);
    EXPECT_TRUE(result.verified) << result.value.to_string() << " vs "
                                 << result.reference.to_string();
    ASSERT_EQ(result.devices.size(), split.devices.size());
    expect_covering_shares(result);
    for (const DeviceShare& share : result.devices) EXPECT_GT(share.calibrated_gbps, 0.0);
    const auto json = to_json(result);
    EXPECT_TRUE(json["verified"].get<bool>());
    EXPECT_EQ(json["devices"].size(), result.devices.size());
    const DeviceShare back = device_share_from_json(json["devices"][1]);
    EXPECT_EQ(back.count, result.devices[1].count);
    EXPECT_EQ(back.device.name, result.devices[1].device.name);
}

// Every policy's plan verifies, covers the input, and records the models and predictions; the
// balanced plans are never predicted slower than the fastest device alone.
TEST(MultiDevice, EveryPolicysPlanVerifiesWithItsPredictions) {
    for (SplitPolicy policy :
         {SplitPolicy::Balanced, SplitPolicy::Even, SplitPolicy::Force, SplitPolicy::EndToEnd}) {
        const SplitRequest split =
            split_request(Operation::Sum, ElementType::Float32, 1 << 18, policy);
        if (split.devices.size() < 2) GTEST_SKIP() << "needs POCL_DEVICES=\"pthread pthread\"";
        const SplitResult result = run_split(split);
        EXPECT_TRUE(result.verified) << to_string(policy);
        EXPECT_TRUE(result.planned);
        EXPECT_EQ(result.predicted_with_upload, policy == SplitPolicy::EndToEnd);
        ASSERT_TRUE(result.fastest_alone);
        EXPECT_GT(result.predicted_ms, 0.0);
        EXPECT_GT(result.fastest_alone_predicted_ms, 0.0);
        std::uint64_t next = 0;
        for (const DeviceShare& share : result.devices) {
            EXPECT_EQ(share.offset, next);
            next += share.count;
            ASSERT_TRUE(share.model) << to_string(policy);
            EXPECT_GT(share.model->gbps, 0.0);
            EXPECT_GE(share.model->calibration.size(), 2u);
            EXPECT_EQ(share.predicted_ms > 0.0, share.count > 0);
            if (share.count == 0) {
                EXPECT_FALSE(share.plan_note.empty());
            }
            if (policy != SplitPolicy::Balanced && policy != SplitPolicy::EndToEnd) {
                EXPECT_GT(share.count, 0u);
            }
        }
        EXPECT_EQ(next, result.n);
        if (policy == SplitPolicy::Balanced || policy == SplitPolicy::EndToEnd) {
            EXPECT_LE(result.predicted_ms, result.fastest_alone_predicted_ms * (1 + 1e-9));
        }
        const auto json = to_json(result);
        EXPECT_TRUE(json["plan"].contains("predicted_us"));
        EXPECT_TRUE(json["plan"].contains("fastest_alone_predicted_us"));
        EXPECT_TRUE(json["devices"][0].contains("model"));
        const DeviceShare back = device_share_from_json(json["devices"][0]);
        ASSERT_TRUE(back.model);
        EXPECT_DOUBLE_EQ(back.model->gbps, result.devices[0].model->gbps);
    }
}

// Limits are checked on each shard: an input larger than one device's largest buffer is split
// over two that together hold it (REDUCELAB_DEVICE_LIMITS, set by CTest, caps each at 1 MiB).
TEST(MultiDevice, InputLargerThanOneDevicesBufferIsSplit) {
    SplitRequest split = split_request(Operation::Sum, ElementType::Float32, (1 << 18) + (1 << 17),
                                       SplitPolicy::Balanced);
    if (split.devices.size() < 2) GTEST_SKIP() << "needs POCL_DEVICES=\"pthread pthread\"";
    if (split.devices[0].max_alloc_bytes != (1u << 20)) GTEST_SKIP() << "needs max_alloc=1M";
    const SplitResult result = run_split(split);
    EXPECT_TRUE(result.verified);
    for (const DeviceShare& share : result.devices) EXPECT_LE(share.count, 1u << 18);
    EXPECT_FALSE(result.fastest_alone);
    split.run.n = 1 << 20;  // more than both together hold
    EXPECT_THROW(run_split(split), Error);
}

TEST(MultiDevice, EvenArgminFindsTheIndexInTheWholeInput) {
    SplitRequest split =
        split_request(Operation::ArgMin, ElementType::Int32, 300001, SplitPolicy::Even);
    if (split.devices.size() < 2) GTEST_SKIP() << "needs POCL_DEVICES=\"pthread pthread\"";
    split.run.fill = Fill::Ramp;       // the minimum is element 0, in the first shard
    split.run.op = Operation::ArgMax;  // the maximum is the last element, in the last shard
    const SplitResult result = run_split(split);
    ASSERT_TRUE(result.verified);
    ASSERT_TRUE(result.value.index);
    EXPECT_EQ(*result.value.index, 300000u);
    EXPECT_EQ(result.devices.front().count, 150001u);
    EXPECT_EQ(result.devices.back().count, 150000u);
    expect_covering_shares(result);
    split.run.op = Operation::ArgMin;
    split.run.fill = Fill::Random;
    EXPECT_TRUE(run_split(split).verified);
}

TEST(MultiDevice, IntegerMeanAndDotVerify) {
    for (Operation op : {Operation::Mean, Operation::Dot, Operation::Max, Operation::BitXor}) {
        const SplitRequest split = split_request(op, ElementType::Int32, 100003, SplitPolicy::Even);
        if (split.devices.size() < 2) GTEST_SKIP() << "needs POCL_DEVICES=\"pthread pthread\"";
        EXPECT_TRUE(run_split(split).verified) << to_string(op);
    }
}

TEST(MultiDevice, MoreDevicesThanElementsLeavesSomeIdle) {
    const SplitRequest split =
        split_request(Operation::Sum, ElementType::Int64, 1, SplitPolicy::Even);
    if (split.devices.size() < 2) GTEST_SKIP() << "needs POCL_DEVICES=\"pthread pthread\"";
    const SplitResult result = run_split(split);
    EXPECT_TRUE(result.verified);
    EXPECT_EQ(result.devices.back().count, 0u);
}

TEST(MultiDevice, RefusesNoDevicesAndUnsplittableMeans) {
    SplitRequest split = split_request(Operation::Sum, ElementType::Int32, 100, SplitPolicy::Even);
    split.devices.clear();
    EXPECT_THROW(run_split(split), Error);
    split = split_request(Operation::Mean, ElementType::UInt64, 100, SplitPolicy::Even);
    if (split.devices.empty()) GTEST_SKIP();
    EXPECT_THROW(run_split(split), Error);
}

}  // namespace
}  // namespace reducelab
