// Order statistics of repeated timings.
#include "reducelab/statistics.h"

#include <algorithm>
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

}  // namespace reducelab
