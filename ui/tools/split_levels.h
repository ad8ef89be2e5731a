// The levels of the reduction tree that one split run went through, each with the time measured
// for it in that run: the main kernel (work-items and work-groups), the device's finish (its
// work-groups' partials), the upload of each shard and the host's combine of the devices'
// partials. Only measured figures: a level the run cannot time apart has no time.
#pragma once

#include <optional>
#include <vector>

#include "reducelab/multi_device.h"

namespace reducelab::ui {

struct SplitLevel {
    enum class Kind {
        MainKernel,    // work-items' loops and work-groups' local-memory trees: one kernel
        DeviceFinish,  // the work-groups' partials: finish passes, or read + host fold
        Upload,        // host -> device copy of each shard
        HostCombine,   // one partial per device, combined on the host
    };
    Kind kind = Kind::MainKernel;
    // Per device, in the result's order (device levels only): the level's time, or nullopt where
    // the run cannot time it apart (an atomic or last-work-group finish inside the main kernel).
    std::vector<std::optional<double>> perDeviceMs;
    // The level's time in this run: the slowest device (the devices run at the same time), or the
    // host's; nullopt when no device could time it apart.
    std::optional<double> ms;
};

// The levels of `result`, from the work-items up to the host, in that order.
std::vector<SplitLevel> splitLevels(const SplitResult& result);

// The part of one device's run that is its main kernel ("reduce" stage), and the part that
// combines its work-groups' partials (finish passes, partials read, host fold); nullopt when
// that part ran inside the main kernel.
std::optional<double> mainKernelMs(const DeviceShare& share);
std::optional<double> deviceFinishMs(const DeviceShare& share);

}  // namespace reducelab::ui
