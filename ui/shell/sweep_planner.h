// The request lists behind the GUI's sweeps: local sizes, element counts, the optimization ladder
// and the Auto-tune grid (local size x items per work-item). Pure functions of the device and
// the control panel's request, so tests can check them without a device.
#pragma once

#include <QStringList>
#include <cstdint>
#include <string>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab::ui {

using RequestList = std::vector<RunRequest>;

class SweepPlanner {
  public:
    // The one local-size range of every control, sweep and Auto-tune: valid_local_sizes of the
    // device (reducelab/launch_plan.h).
    static std::vector<std::size_t> localSizes(const DeviceInfo& device);
    // The largest n whose inputs fit comfortably in the device's memory.
    static std::uint64_t maxElements(const RunRequest& base, const DeviceInfo& device);

    // `base` (slot A's request) for `variant`: settings the variant does not take are dropped,
    // so a tuned grid-stride setting (items per work-item, a global size) or a finish only
    // some variants have never makes another variant's points fail.
    static RunRequest forVariant(const RunRequest& base, const std::string& variant);
    static RequestList localSizeSweep(const RunRequest& base, const QStringList& variants,
                                      const DeviceInfo& device);
    static RequestList sizeSweep(const RunRequest& base, const QStringList& variants,
                                 const DeviceInfo& device, unsigned minLog2, unsigned maxLog2);
    // The ladder suite of engine/include/reducelab/bench_suites.h (every safe variant available on
    // the device, in catalog order, with its natural finish) on the base request's op, type and n.
    // Variants left out are named in `skipped` with the reason.
    static RequestList ladder(const RunRequest& base, const DeviceInfo& device,
                              QStringList* skipped = nullptr);
    // Every valid local size x items per work-item for grid-stride variants; local sizes alone
    // for others.
    static RequestList autoTune(const RunRequest& base, const DeviceInfo& device);
};

}  // namespace reducelab::ui
