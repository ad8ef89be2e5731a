// Device discovery and selection, and the program cache.
#include <gtest/gtest.h>

#include <algorithm>

#include "reducelab/devices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "test_device.h"

namespace reducelab {
namespace {

TEST(Devices, ListsAtLeastOneDeviceWithItsFacts) {
    const auto devices = list_devices();
    ASSERT_FALSE(devices.empty());
    for (const auto& d : devices) {
        EXPECT_FALSE(d.name.empty());
        EXPECT_GT(d.compute_units, 0u);
        EXPECT_GT(d.max_work_group_size, 0u);
        EXPECT_GT(d.local_mem_bytes, 0u);
        EXPECT_GT(d.global_mem_bytes, 0u);
        EXPECT_GE(d.opencl_c_major, 1);
    }
}

TEST(Devices, SelectsByIndexTypeAndNameSubstring) {
    const auto devices = list_devices();
    EXPECT_EQ(select_device(devices, "0").index, 0u);
    const DeviceInfo& first = devices.front();
    std::string upper = first.name.substr(0, 6);
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(select_device(devices, upper).index, first.index);  // case-insensitive
    const DeviceInfo& chosen = select_device(devices, "");
    const bool any_gpu = std::ranges::any_of(devices, [](const auto& d) { return d.is_gpu(); });
    EXPECT_EQ(chosen.is_gpu(), any_gpu);
}

TEST(Devices, RejectsUnknownSpecs) {
    const auto devices = list_devices();
    EXPECT_THROW(select_device(devices, "999"), Error);
    EXPECT_THROW(select_device(devices, "no such device name"), Error);
}

TEST(Engine, BuildsEachProgramOncePerProcess) {
    Engine engine(test::device_spec());
    RunRequest r;
    r.variant = "interleaved";
    r.n = 1000;
    r.local_size = 64;
    r.op = Operation::Max;
    engine.run(r);
    const std::size_t built = engine.programs_built();
    r.n = 5000;
    r.local_size = 32;
    engine.run(r);
    EXPECT_EQ(engine.programs_built(), built);
    Engine second(test::device_spec());
    second.run(r);
    EXPECT_EQ(second.programs_built(), built);  // the runtime is shared per device
}

// best's inline PTX (warp shuffles, ld.global.nc) is built for NVIDIA devices only: anywhere
// else the option is absent and the kernel takes its portable paths.
TEST(Engine, BuildsBestsInlinePtxOnlyForNvidia) {
    Engine engine(test::device_spec());
    RunRequest r;
    r.variant = "best";
    r.finish = Finish::Kernel;
    r.n = 5000;
    const RunResult result = engine.run(r);
    EXPECT_TRUE(result.verified);
    const bool has_ptx = result.launched.build_options.find("RL_INLINE_PTX") != std::string::npos;
    EXPECT_EQ(has_ptx, engine.device().is_nvidia) << result.launched.build_options;
}

}  // namespace
}  // namespace reducelab
