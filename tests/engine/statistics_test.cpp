// Percentiles and the timing spread every results point records.
#include <gtest/gtest.h>

#include <vector>

#include "reducelab/run_types.h"
#include "reducelab/statistics.h"

namespace reducelab {
namespace {

TEST(Statistics, PercentilesInterpolateBetweenRanks) {
    const std::vector<double> values{5, 1, 4, 2, 3};  // sorted: 1 2 3 4 5
    EXPECT_DOUBLE_EQ(percentile(values, 0), 1.0);
    EXPECT_DOUBLE_EQ(percentile(values, 100), 5.0);
    EXPECT_DOUBLE_EQ(percentile(values, 50), 3.0);
    EXPECT_DOUBLE_EQ(percentile(values, 10), 1.4);  // rank 0.4: 1 + 0.4 * (2 - 1)
    EXPECT_DOUBLE_EQ(percentile(values, 90), 4.6);
    EXPECT_DOUBLE_EQ(percentile(std::vector<double>{7.0}, 90), 7.0);
    EXPECT_DOUBLE_EQ(percentile(std::vector<double>{}, 50), 0.0);
}

TEST(Statistics, PercentilesOfTenValuesMatchNumPy) {
    std::vector<double> values;
    for (int i = 10; i >= 1; --i) values.push_back(i);  // numpy.percentile(1..10, [10, 90])
    EXPECT_DOUBLE_EQ(percentile(values, 10), 1.9);
    EXPECT_DOUBLE_EQ(percentile(values, 90), 9.1);
}

TEST(Statistics, TheMedianIsNumPys) {
    const std::vector<double> values{4, 1, 3, 2};
    const Spread s = spread_of(values);
    EXPECT_DOUBLE_EQ(s.median, 2.5);  // numpy.median([4, 1, 3, 2]), as median() everywhere
    EXPECT_DOUBLE_EQ(median(std::vector<double>{5, 1, 3}), 3.0);
    EXPECT_DOUBLE_EQ(median(std::vector<double>{7.0}), 7.0);
    // The repeat reported beside it is still a real one: the lower middle.
    EXPECT_EQ(values[median_index(values)], 2.0);
    EXPECT_DOUBLE_EQ(s.p10, 1.3);
    EXPECT_DOUBLE_EQ(s.p90, 3.7);
    EXPECT_EQ(s.runs, 4u);
}

TEST(Statistics, SummariseTimingFillsMicroseconds) {
    RunResult r;
    r.repeat_ms = {0.002, 0.001, 0.003};
    summarise_timing(r);
    EXPECT_DOUBLE_EQ(r.total_ms, 0.002);
    EXPECT_DOUBLE_EQ(r.median_us, 2.0);
    EXPECT_NEAR(r.p10_us, 1.2, 1e-12);
    EXPECT_NEAR(r.p90_us, 2.8, 1e-12);
    EXPECT_EQ(r.runs, 3u);
}

}  // namespace
}  // namespace reducelab
