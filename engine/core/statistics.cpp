// Order statistics of repeated timings.
#include "reducelab/statistics.h"

#include "reducelab/run_types.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace reducelab {

std::size_t median_index(std::span<const double> values) {
    if (values.empty()) return 0;
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto middle = order.begin() + static_cast<std::ptrdiff_t>((order.size() - 1) / 2);
    std::ranges::nth_element(order, middle, {}, [&](std::size_t i) { return values[i]; });
    return *middle;
}

double median(std::span<const double> values) {
    if (values.empty()) return 0.0;
    // As numpy.median: the middle value, or the mean of the two middle values.
    std::vector<double> sorted(values.begin(), values.end());
    const std::size_t half = sorted.size() / 2;
    std::ranges::nth_element(sorted, sorted.begin() + static_cast<std::ptrdiff_t>(half));
    const double upper = sorted[half];
    if (sorted.size() % 2 == 1) return upper;
    const double lower =
        *std::max_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(half));
    return lower + (upper - lower) / 2;
}

double percentile(std::span<const double> values, double p) {
    if (values.empty()) return 0.0;
    std::vector<double> sorted(values.begin(), values.end());
    std::ranges::sort(sorted);
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(rank));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = rank - static_cast<double>(below);
    return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

Spread spread_of(std::span<const double> values) {
    return {median(values), percentile(values, 10.0), percentile(values, 90.0), values.size()};
}

void summarise_timing(RunResult& result) {
    const Spread spread = spread_of(result.repeat_ms);
    result.total_ms = spread.median;
    result.median_us = spread.median * 1000.0;
    result.p10_us = spread.p10 * 1000.0;
    result.p90_us = spread.p90 * 1000.0;
    result.runs = spread.runs;
}

}  // namespace reducelab
