// The determinism lab: one reduction run many times, over launch shapes and devices, and the
// distinct results it gives, classified like CUB's determinism levels.
#pragma once
#include <cstddef>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "reducelab/determinism_json.h"
#include "reducelab/determinism_report.h"

namespace reducelab {

// Throws Error(InvalidArgument) naming both spellings when two of `specs` (device specs as
// select_device reads them) pick the same device: its bits would be counted twice, and one device
// could be called device-invariant. The CLI checks --devices with it before running.
void check_distinct_devices(const std::vector<std::string>& specs);

// Throws Error(InvalidArgument) for an empty shape list or runs < 1, the engine's errors for
// requests it refuses, Error(Cancelled) when `stop` is requested (unless
// request.stop_keeps_measured). `shape_done` is called after each launch shape with it, the
// number of shapes done and their total (over every device).
DeterminismReport run_determinism(
    const DeterminismRequest& request, std::stop_token stop = {},
    const std::function<void(const ShapeOutcome&, std::size_t, std::size_t)>& shape_done = {});

}  // namespace reducelab
