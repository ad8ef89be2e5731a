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

// The q-quantile (0 <= q <= 1) of `values` by the nearest-rank method: the smallest value with at
// least q of the values at or below it (q = 0: the minimum). 0 for an empty span.
double percentile(std::span<const double> values, double q);

// The middle and the spread of repeated measurements: median and 10th / 90th percentiles.
struct Spread {
    double median = 0.0;
    double p10 = 0.0;
    double p90 = 0.0;
    std::size_t samples = 0;
};
Spread spread_of(std::span<const double> values);

}  // namespace reducelab
