// What the performance charts share about their y-axis: a range fitted to the measured GB/s
// (linear or logarithmic), the measured ceiling with its spread, and which points ran faster than
// memory can deliver (their input sat in a cache). Pure functions, so tests check them directly.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

#include "reducelab/results_file.h"

namespace reducelab::ui {

struct YRange {
    double lower = 0;
    double upper = 1;
};

class ChartScale {
    Q_DECLARE_TR_FUNCTIONS(ChartScale)

  public:
    // A range holding every value with a margin (a fifth of the span linear, a factor of 1.5
    // logarithmic). The ceiling is included only when it is at most twice the largest value, so
    // 0.3–3 GB/s points do not lie flat under an 80 GB/s line. Linear ranges start at 0.
    static YRange fitted(const std::vector<double>& values, double ceiling, bool log);

    // The engine's one rule (served_from_cache): the input fits the device's cache and was read
    // faster than the read ceiling's p90. The chart, `report` and the JSON agree by asking it.
    static bool fromCache(const RunResult& point, const std::optional<BandwidthCeiling>& ceiling);
    // Why a point is marked "from cache" (translated), for tooltips and legends.
    static QString fromCacheReason(const RunResult& point, const BandwidthCeiling& ceiling);

    // "copy ceiling 52.0 GB/s (37.1–81.3, 9 runs)" for the ceiling `name`d (translated).
    static QString ceilingText(const QString& name, double median, const Spread& spread, int runs);
};

}  // namespace reducelab::ui
