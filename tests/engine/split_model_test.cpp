// The split planner as a pure function of synthetic device models (alpha, B, spread, upload
// rate, largest shard): who is left out, equal shares, buffer limits, force, end to end, and
// never a plan predicted slower than the fastest device alone.
#include <gtest/gtest.h>

#include <numeric>

#include "reducelab/error.h"
#include "reducelab/split_model.h"

namespace reducelab {
namespace {

DeviceModel model(std::string name, double alpha_ms, double gbps, double spread,
                  double upload_gbps = 0.0,
                  std::uint64_t max_elements = std::numeric_limits<std::uint64_t>::max()) {
    DeviceModel m;
    m.name = std::move(name);
    m.alpha_ms = alpha_ms;
    m.gbps = gbps;
    m.spread = spread;
    m.upload_gbps = upload_gbps;
    m.max_elements = max_elements;
    return m;
}

PlanOptions float32() {
    PlanOptions options;
    options.bytes_per_element = 4.0;
    return options;
}

std::uint64_t sum(const std::vector<std::uint64_t>& counts) {
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

// A 4 TB/s GPU and a 70 GB/s CPU, with launch costs and spreads of their order.
std::vector<DeviceModel> gpu_and_cpu() {
    return {model("gpu", 0.010, 4000.0, 0.01, 25.0), model("cpu", 0.030, 70.0, 0.03, 10.0)};
}

TEST(SplitModel, SlowDeviceIsLeftOutWhereItDoesNotPay) {
    const auto models = gpu_and_cpu();
    const std::uint64_t n = std::uint64_t{1} << 28;
    const SplitPlan plan = plan_split(models, n, SplitPolicy::Balanced, float32());
    EXPECT_EQ(plan.counts, (std::vector<std::uint64_t>{n, 0}));
    EXPECT_NE(plan.notes[1].find("would shorten the predicted time by"), std::string::npos)
        << plan.notes[1];
    EXPECT_NE(plan.notes[1].find("--split force keeps it"), std::string::npos);
    EXPECT_TRUE(plan.notes[0].empty());
    ASSERT_TRUE(plan.fastest_alone);
    EXPECT_EQ(*plan.fastest_alone, 0u);
    EXPECT_DOUBLE_EQ(plan.predicted_ms_total, plan.fastest_alone_predicted_ms);
    // With no noise to beat, the CPU's 1.7 % pays and is kept.
    auto quiet = models;
    for (DeviceModel& m : quiet) m.spread = 0.0;
    quiet[1].alpha_ms = 0.010;
    const SplitPlan kept = plan_split(quiet, n, SplitPolicy::Balanced, float32());
    EXPECT_GT(kept.counts[1], 0u);
    EXPECT_LT(kept.predicted_ms_total, kept.fastest_alone_predicted_ms);
}

TEST(SplitModel, EqualDevicesSplitEvenlyWithEqualFinishTimes) {
    const std::vector<DeviceModel> models{model("a", 0.02, 50.0, 0.02),
                                          model("b", 0.02, 50.0, 0.02)};
    for (std::uint64_t n : {std::uint64_t{1} << 24, (std::uint64_t{1} << 24) + 1}) {
        for (SplitPolicy policy : {SplitPolicy::Balanced, SplitPolicy::Even, SplitPolicy::Force}) {
            const SplitPlan plan = plan_split(models, n, policy, float32());
            ASSERT_EQ(plan.counts.size(), 2u);
            EXPECT_EQ(sum(plan.counts), n);
            EXPECT_LE(
                std::max(plan.counts[0], plan.counts[1]) - std::min(plan.counts[0], plan.counts[1]),
                1u)
                << to_string(policy);
            EXPECT_NEAR(plan.predicted_ms[0], plan.predicted_ms[1], 1e-6);
        }
    }
}

TEST(SplitModel, BalancedSharesFollowTheRates) {
    const std::vector<DeviceModel> models{model("fast", 0.0, 300.0, 0.0),
                                          model("slow", 0.0, 100.0, 0.0)};
    const SplitPlan plan = plan_split(models, 4000000, SplitPolicy::Balanced, float32());
    EXPECT_EQ(plan.counts, (std::vector<std::uint64_t>{3000000, 1000000}));
}

TEST(SplitModel, SharesRespectEachDevicesLargestBuffer) {
    // Neither device can hold the whole input: both are needed, each within its limit.
    const std::uint64_t n = std::uint64_t{1} << 30;
    const std::vector<DeviceModel> models{model("gpu", 0.01, 4000.0, 0.01, 25.0, n * 3 / 4),
                                          model("cpu", 0.03, 70.0, 0.03, 10.0, n / 2)};
    for (SplitPolicy policy :
         {SplitPolicy::Balanced, SplitPolicy::Even, SplitPolicy::Force, SplitPolicy::EndToEnd}) {
        const SplitPlan plan = plan_split(models, n, policy, float32());
        EXPECT_EQ(sum(plan.counts), n) << to_string(policy);
        for (std::size_t i = 0; i < models.size(); ++i)
            EXPECT_LE(plan.counts[i], models[i].max_elements) << to_string(policy);
        EXPECT_FALSE(plan.fastest_alone);
    }
    const SplitPlan balanced = plan_split(models, n, SplitPolicy::Balanced, float32());
    EXPECT_EQ(balanced.counts[0], n * 3 / 4);
    EXPECT_NE(balanced.notes[0].find("capped"), std::string::npos);
    // A device that cannot hold the input alone is not the fastest alone; the one that can is.
    auto one_small = models;
    one_small[0].max_elements = n / 4;
    one_small[1].max_elements = n;
    const SplitPlan around = plan_split(one_small, n, SplitPolicy::Balanced, float32());
    EXPECT_EQ(sum(around.counts), n);
    EXPECT_LE(around.counts[0], n / 4);
    ASSERT_TRUE(around.fastest_alone);
    EXPECT_EQ(*around.fastest_alone, 1u);
    // Too large for both together: refused with the limits.
    EXPECT_THROW(plan_split(models, n * 2, SplitPolicy::Balanced, float32()), Error);
}

TEST(SplitModel, ForceKeepsEveryDevice) {
    const auto models = gpu_and_cpu();
    const SplitPlan plan =
        plan_split(models, std::uint64_t{1} << 28, SplitPolicy::Force, float32());
    for (std::size_t i = 0; i < models.size(); ++i) {
        EXPECT_GT(plan.counts[i], 0u);
        EXPECT_TRUE(plan.notes[i].empty()) << plan.notes[i];
    }
    // Even where a device's fixed cost is longer than the others' whole time.
    auto slow_start = models;
    slow_start[1].alpha_ms = 100.0;
    const SplitPlan forced = plan_split(slow_start, 1 << 20, SplitPolicy::Force, float32());
    EXPECT_GT(forced.counts[1], 0u);
}

TEST(SplitModel, NeverPredictedSlowerThanTheFastestAlone) {
    const std::vector<std::vector<DeviceModel>> cases{
        gpu_and_cpu(),
        {model("a", 0.5, 10.0, 0.0), model("b", 0.001, 5.0, 0.0), model("c", 2.0, 100.0, 0.0)},
        {model("a", 0.0, 10.0, 0.0), model("b", 0.3, 10.0, 0.0)},
        {model("a", 0.05, 30.0, 0.5), model("b", 0.05, 30.0, 0.5)},
    };
    for (const auto& models : cases)
        for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{1000}, std::uint64_t{1} << 16,
                                std::uint64_t{1} << 22, std::uint64_t{1} << 28})
            for (SplitPolicy policy : {SplitPolicy::Balanced, SplitPolicy::EndToEnd}) {
                const SplitPlan plan = plan_split(models, n, policy, float32());
                EXPECT_EQ(sum(plan.counts), n);
                ASSERT_TRUE(plan.fastest_alone);
                EXPECT_LE(plan.predicted_ms_total, plan.fastest_alone_predicted_ms * (1 + 1e-12))
                    << models[0].name << " n " << n << " " << to_string(policy);
            }
    // The split's own overhead counts too: two equal devices at a small n stay on one.
    PlanOptions options = float32();
    options.split_overhead_ms = 1.0;
    const std::vector<DeviceModel> equal{model("a", 0.0, 10.0, 0.0), model("b", 0.0, 10.0, 0.0)};
    const SplitPlan small = plan_split(equal, 1000, SplitPolicy::Balanced, options);
    EXPECT_EQ(small.counts, (std::vector<std::uint64_t>{1000, 0}));
}

TEST(SplitModel, EndToEndGivesTheSlowUploadDeviceLess) {
    const std::vector<DeviceModel> models{model("gpu", 0.01, 4000.0, 0.0, 25.0),
                                          model("cpu", 0.01, 70.0, 0.0, 10.0)};
    const std::uint64_t n = std::uint64_t{1} << 28;
    const SplitPlan resident = plan_split(models, n, SplitPolicy::Balanced, float32());
    const SplitPlan end_to_end = plan_split(models, n, SplitPolicy::EndToEnd, float32());
    EXPECT_TRUE(end_to_end.with_upload);
    EXPECT_LT(end_to_end.counts[0], resident.counts[0]);
    EXPECT_GT(end_to_end.counts[1], n / 5);  // the CPU's upload is a host copy: it pays
    EXPECT_NEAR(end_to_end.predicted_ms[0], end_to_end.predicted_ms[1], 1e-3);
}

TEST(SplitModel, PoliciesParseAndPrint) {
    for (SplitPolicy policy :
         {SplitPolicy::Balanced, SplitPolicy::Even, SplitPolicy::Force, SplitPolicy::EndToEnd})
        EXPECT_EQ(parse_split_policy(to_string(policy)), policy);
    EXPECT_FALSE(parse_split_policy("fair"));
}

TEST(SplitModel, FitsAlphaAndRateFromCalibrationPoints) {
    // t = 0.05 ms + bytes / (20 GB/s), exactly
    std::vector<CalibrationPoint> points;
    for (std::uint64_t n : {1u << 20, 1u << 21, 1u << 22})
        points.push_back({n, n * 4, 0.05 + static_cast<double>(n * 4) / 20e6, 0.02 * (n >> 20)});
    const DeviceModel m = fit_device_model("d", points);
    EXPECT_NEAR(m.alpha_ms, 0.05, 1e-9);
    EXPECT_NEAR(m.gbps, 20.0, 1e-6);
    EXPECT_NEAR(m.spread, 0.08, 1e-12);
    EXPECT_THROW(fit_device_model("d", {}), Error);
    // Noise that makes the slope negative falls back to the largest point through the origin.
    const DeviceModel noisy = fit_device_model("d", {{100, 400, 1.0, 0}, {200, 800, 0.5, 0}});
    EXPECT_EQ(noisy.alpha_ms, 0.0);
    EXPECT_NEAR(noisy.gbps, 800.0 / 0.5e6, 1e-12);
}

TEST(SplitModel, CalibrationSizesLeaveTheCacheWherePossible) {
    const std::uint64_t cache = 32u << 20;
    const auto big = calibration_sizes(cache, std::uint64_t{1} << 30, 4, std::uint64_t{1} << 40);
    ASSERT_EQ(big.size(), 3u);
    EXPECT_GE(big.front() * 4, 4 * cache);
    EXPECT_EQ(big.back() * 4, 16 * cache);
    const auto capped = calibration_sizes(cache, 1 << 20, 4, std::uint64_t{1} << 40);
    EXPECT_EQ(capped, (std::vector<std::uint64_t>{1 << 18, 1 << 19, 1 << 20}));
    const auto by_buffer = calibration_sizes(cache, std::uint64_t{1} << 30, 4, 1 << 21);
    EXPECT_EQ(by_buffer.back(), 1u << 21);
    EXPECT_EQ(calibration_sizes(cache, 1, 4, 100), (std::vector<std::uint64_t>{1}));
}

// The split's "from cache" rule: a shard inside the cache that beats the memory rate the model
// measured outside it; the PoCL case (160 GB/s against 33) is flagged, the rest is not.
TEST(SplitModel, RateFromCacheNeedsAShardInTheCacheAndAModelFromMemory) {
    const std::uint64_t cache = std::uint64_t{32} << 20;
    DeviceModel cpu = model("cpu", 0.05, 33.0, 0.10);
    cpu.calibration = {{1u << 25, 4u << 25, 4.0, 0.1}, {1u << 26, 4u << 26, 8.0, 0.1}};
    EXPECT_TRUE(rate_from_cache(cpu, cache, 4u << 20, 160.0));
    EXPECT_FALSE(rate_from_cache(cpu, cache, 4u << 20, 35.0));    // within the spread
    EXPECT_FALSE(rate_from_cache(cpu, cache, cache + 1, 160.0));  // larger than the cache
    EXPECT_FALSE(rate_from_cache(cpu, 0, 4u << 20, 160.0));       // no cache size known
    DeviceModel inside = cpu;                                     // calibrated in the cache
    inside.calibration = {{1u << 20, 4u << 20, 0.1, 0.1}};
    EXPECT_FALSE(rate_from_cache(inside, cache, 4u << 20, 160.0));
}

}  // namespace
}  // namespace reducelab
