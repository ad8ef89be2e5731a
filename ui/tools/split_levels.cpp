// Reading the levels of the tree out of a split run's measured stages.
#include "tools/split_levels.h"

#include <algorithm>
#include <string_view>

namespace reducelab::ui {
namespace {

// The stage names of launch/launch_core.cpp.
bool isMainKernel(const StageTime& stage) {
    return stage.name == "reduce";
}

bool isDeviceFinish(const StageTime& stage) {
    return std::string_view(stage.name).starts_with("finish pass") ||
           stage.name == "read partials" || stage.name == "host fold";
}

std::optional<double> slowest(const std::vector<std::optional<double>>& times) {
    std::optional<double> worst;
    for (const auto& t : times)
        if (t) worst = std::max(worst.value_or(0.0), *t);
    return worst;
}

}  // namespace

std::optional<double> mainKernelMs(const DeviceShare& share) {
    std::optional<double> ms;
    for (const StageTime& stage : share.stages)
        if (isMainKernel(stage)) ms = ms.value_or(0.0) + stage.ms;
    return ms;
}

std::optional<double> deviceFinishMs(const DeviceShare& share) {
    std::optional<double> ms;
    for (const StageTime& stage : share.stages)
        if (isDeviceFinish(stage)) ms = ms.value_or(0.0) + stage.ms;
    return ms;
}

std::vector<SplitLevel> splitLevels(const SplitResult& result) {
    std::vector<SplitLevel> levels;
    auto perDevice = [&](SplitLevel::Kind kind, auto measure) {
        SplitLevel level;
        level.kind = kind;
        for (const DeviceShare& share : result.devices)
            level.perDeviceMs.push_back(share.count == 0 ? std::nullopt : measure(share));
        level.ms = slowest(level.perDeviceMs);
        levels.push_back(std::move(level));
    };
    perDevice(SplitLevel::Kind::MainKernel, mainKernelMs);
    perDevice(SplitLevel::Kind::DeviceFinish, deviceFinishMs);
    perDevice(SplitLevel::Kind::Upload,
              [](const DeviceShare& share) { return std::optional<double>(share.upload_ms); });
    SplitLevel combine;
    combine.kind = SplitLevel::Kind::HostCombine;
    combine.ms = result.combine_ms;
    levels.push_back(std::move(combine));
    return levels;
}

}  // namespace reducelab::ui
