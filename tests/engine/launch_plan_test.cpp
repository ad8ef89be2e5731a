// Launch planning: geometry for each coverage kind and a specific error for each bad setting.
#include <gtest/gtest.h>

#include "reducelab/error.h"
#include "reducelab/launch_plan.h"
#include "reducelab/statistics.h"

namespace reducelab {
namespace {

DeviceInfo fake_device() {
    DeviceInfo d;
    d.name = "test device";
    d.compute_units = 4;
    d.max_work_group_size = 1024;
    return d;
}

std::string error_of(const Variant& v, const RunRequest& r, std::uint64_t n,
                     std::size_t kernel_limit = 1024) {
    try {
        plan_launch(v, fake_device(), r, n, kernel_limit);
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
        return e.what();
    }
    return "no error";
}

TEST(LaunchPlan, OnePerItemRoundsUpToWholeWorkGroups) {
    RunRequest r;
    r.local_size = 256;
    const LaunchPlan p = plan_launch(find_variant("contiguous"), fake_device(), r, 1000, 1024);
    EXPECT_EQ(p.work_groups, 4u);
    EXPECT_EQ(p.global_size, 1024u);
    EXPECT_EQ(p.items_per_work_item, 1u);
}

TEST(LaunchPlan, DefaultLocalSizeIs256OrTheLimit) {
    RunRequest r;
    EXPECT_EQ(plan_launch(find_variant("contiguous"), fake_device(), r, 5000, 1024).local_size,
              256u);
    EXPECT_EQ(plan_launch(find_variant("contiguous"), fake_device(), r, 5000, 100).local_size, 64u);
}

// Issue 14: one range for every local-size control, from the device's and the kernel's limits;
// every size in it plans, the next one up does not.
TEST(LaunchPlan, ValidLocalSizesAreEveryPowerOfTwoUpToTheLimits) {
    const std::vector<std::size_t> all = valid_local_sizes(fake_device());
    EXPECT_EQ(all, (std::vector<std::size_t>{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}));
    const std::vector<std::size_t> kernel = valid_local_sizes(fake_device(), 256);
    EXPECT_EQ(kernel.back(), 256u);
    EXPECT_EQ(kernel.front(), 1u);
    RunRequest r;
    for (std::size_t local : kernel) {
        r.local_size = local;
        EXPECT_EQ(plan_launch(find_variant("contiguous"), fake_device(), r, 5000, 256).local_size,
                  local);
    }
    r.local_size = 512;
    EXPECT_THROW(plan_launch(find_variant("contiguous"), fake_device(), r, 5000, 256), Error);
}

TEST(LaunchPlan, GridStrideHonoursItemsPerWorkItemAndGlobalSize) {
    RunRequest r;
    r.local_size = 64;
    r.items_per_work_item = 16;
    const LaunchPlan p = plan_launch(find_variant("vector"), fake_device(), r, 1 << 20, 1024);
    EXPECT_EQ(p.global_size, (1u << 20) / 16);
    EXPECT_EQ(p.items_per_work_item, 16u);
    r.items_per_work_item = 0;
    r.global_size = 640;
    const LaunchPlan seed = plan_launch(find_variant("vector"), fake_device(), r, 102400, 1024);
    EXPECT_EQ(seed.work_groups, 10u);
    EXPECT_EQ(seed.items_per_work_item, 160u);  // 25600 vectors over 640 work-items, 4 each
}

TEST(LaunchPlan, KernelFinishPassesEndInOneGroup) {
    RunRequest r;
    r.local_size = 1;
    r.finish = Finish::Kernel;
    const LaunchPlan p = plan_launch(find_variant("contiguous"), fake_device(), r, 1 << 22, 1024);
    ASSERT_FALSE(p.finish_groups.empty());
    EXPECT_EQ(p.finish_groups.back(), 1u);
}

TEST(LaunchPlan, RejectsBadSettingsWithSpecificMessages) {
    RunRequest r;
    r.local_size = 2048;
    EXPECT_NE(error_of(find_variant("contiguous"), r, 100).find("above the maximum"),
              std::string::npos);
    r.local_size = 512;
    EXPECT_NE(error_of(find_variant("contiguous"), r, 100, 256).find("CL_KERNEL_WORK_GROUP_SIZE"),
              std::string::npos);
    r.local_size = 100;
    EXPECT_NE(error_of(find_variant("contiguous"), r, 100).find("not a power of two"),
              std::string::npos);
    r.local_size = 64;
    EXPECT_NE(error_of(find_variant("contiguous"), r, 0).find("at least 1"), std::string::npos);
    r.items_per_work_item = 8;
    EXPECT_NE(error_of(find_variant("contiguous"), r, 100).find("grid-stride"), std::string::npos);
    r.items_per_work_item = 0;
    r.global_size = 100;
    EXPECT_NE(error_of(find_variant("vector"), r, 1000).find("not a multiple"), std::string::npos);
}

TEST(Catalog, UnknownVariantListsTheKnownOnes) {
    try {
        find_variant("nope");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("contiguous"), std::string::npos);
    }
}

}  // namespace
}  // namespace reducelab
