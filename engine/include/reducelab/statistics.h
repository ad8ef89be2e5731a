// Order statistics of repeated timings: the one definition of "the median" every engine path uses.
#pragma once

#include <cstddef>
#include <span>

namespace reducelab {

// Index of the repeat at the median of `values` (the lower middle for an even count), so that a
// caller can report the other figures of that same repeat. 0 for an empty span.
std::size_t median_index(std::span<const double> values);

// The median as numpy.median computes it: the middle value, or the mean of the two middle
// values for an even count; 0 for an empty span.
double median(std::span<const double> values);

// The p-th percentile (0 <= p <= 100) by linear interpolation between the closest ranks of the
// sorted values (NumPy's default); 0 for an empty span.
double percentile(std::span<const double> values, double p);

// A timing's spread: the median, the 10th and 90th percentiles and how many values they
// summarise.
struct Spread {
    double median = 0.0;
    double p10 = 0.0;
    double p90 = 0.0;
    std::size_t runs = 0;
};
Spread spread_of(std::span<const double> values);

}  // namespace reducelab
