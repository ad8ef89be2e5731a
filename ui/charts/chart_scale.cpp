// Fitted y-ranges, the ceiling's spread and the cache marker of the performance charts.
#include "charts/chart_scale.h"

#include <algorithm>
#include <cmath>

#include "common/size_text.h"
#include "common/units_text.h"

namespace reducelab::ui {

YRange ChartScale::fitted(const std::vector<double>& values, double ceiling, bool log) {
    double low = 0, high = 0;
    bool any = false;
    for (double v : values) {
        if (!(v > 0) || !std::isfinite(v)) continue;
        low = any ? std::min(low, v) : v;
        high = any ? std::max(high, v) : v;
        any = true;
    }
    if (!any) {
        if (ceiling > 0)
            return log ? YRange{ceiling / 10, ceiling * 1.5} : YRange{0, ceiling * 1.2};
        return log ? YRange{0.1, 10} : YRange{0, 1};
    }
    if (ceiling > 0 && ceiling <= 2 * high) {
        high = std::max(high, ceiling);
        low = std::min(low, ceiling);
    }
    if (log) return {low / 1.5, high * 1.5};
    // Room above the top point for its label, below it nothing: GB/s start at 0.
    return {0, high * 1.2};
}

bool ChartScale::fromCache(const RunResult& point, const std::optional<BandwidthCeiling>& ceiling) {
    return ceiling && served_from_cache(point, *ceiling);
}

QString ChartScale::fromCacheReason(const RunResult& point, const BandwidthCeiling& ceiling) {
    const std::uint64_t cache = point.device.global_mem_cache_bytes;
    if (cache == 0)
        return tr("from cache: %1 GB/s is above the fastest the device's memory was measured at "
                  "(%2 GB/s), so the input (%3 elements) was read from a cache, not from memory")
            .arg(units_text::gbpsNumber(point.gbps))
            .arg(units_text::gbpsNumber(cache_threshold_gbps(ceiling)))
            .arg(SizeText::describe(point.n));
    return tr("from cache: the input (%1 elements, %2 MiB) fits the device's %3 MiB cache and "
              "was read at %4 GB/s, above the read ceiling's p90 (%5 GB/s): a cache served it, "
              "not memory")
        .arg(SizeText::describe(point.n))
        .arg(static_cast<double>(point.input_bytes) / (1 << 20), 0, 'f', 1)
        .arg(static_cast<double>(cache) / (1 << 20), 0, 'f', 1)
        .arg(units_text::gbpsNumber(point.gbps))
        .arg(units_text::gbpsNumber(cache_threshold_gbps(ceiling)));
}

QString ChartScale::ceilingText(const QString& name, double median, const Spread& spread,
                                int runs) {
    if (spread.runs < 2)
        return tr("%1 %2 GB/s (measured)").arg(name).arg(units_text::gbpsNumber(median));
    const QString count = runs > 1 ? tr("%1 runs").arg(runs) : tr("1 run");
    return tr("%1 %2 GB/s (%3–%4, %5)")
        .arg(name)
        .arg(units_text::gbpsNumber(median))
        .arg(units_text::gbpsNumber(spread.p10))
        .arg(units_text::gbpsNumber(spread.p90))
        .arg(count);
}

}  // namespace reducelab::ui
