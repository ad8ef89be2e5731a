// Order statistics of repeated timings: the one definition of "the median" every engine path uses.
#pragma once

#include <cstddef>
#include <span>

namespace reducelab {

// Index of the median of `values` (the lower middle for an even count), so that a caller can
// report the other figures of that same repeat. 0 for an empty span.
std::size_t median_index(std::span<const double> values);

// The median value (the lower middle for an even count); 0 for an empty span.
double median(std::span<const double> values);

}  // namespace reducelab
