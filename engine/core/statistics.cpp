// Order statistics of repeated timings.
#include "reducelab/statistics.h"

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
    return values.empty() ? 0.0 : values[median_index(values)];
}

double percentile(std::span<const double> values, double q) {
    if (values.empty()) return 0.0;
    std::vector<double> sorted(values.begin(), values.end());
    std::ranges::sort(sorted);
    const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * double(sorted.size()));
    const std::size_t index = rank < 1.0 ? 0 : std::size_t(rank) - 1;
    return sorted[std::min(index, sorted.size() - 1)];
}

Spread spread_of(std::span<const double> values) {
    return {median(values), percentile(values, 0.1), percentile(values, 0.9), values.size()};
}

}  // namespace reducelab
