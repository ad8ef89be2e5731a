// The host finish: folds the work-groups' partial results, read back from the device, with the
// device's own combine rules and accumulator type.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "reducelab/accumulator.h"

namespace reducelab {

// `partials` holds `count` accumulators in device layout; returns one, in device layout.
std::vector<std::byte> fold_partials(Operation op, const AccumulatorSpec& spec,
                                     std::span<const std::byte> partials, std::size_t count);

}  // namespace reducelab
