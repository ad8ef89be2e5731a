// Results files and the timing fields of issue 19: written and read back, files from before it
// still read (as kernel-event timings), and "served from cache" computed from the read ceiling.
#include <gtest/gtest.h>

#include "reducelab/error.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

RunResult point_at(double gbps) {
    RunResult r;
    r.request.variant = "best";
    r.launched.variant = "best";
    r.n = 1024;
    r.input_bytes = 4096;
    r.repeat_ms = {0.004, 0.002, 0.003};
    summarise_timing(r);
    r.gbps = gbps;
    return r;
}

ResultsFile file_with(std::vector<RunResult> points, double read_gbps) {
    ResultsFile file;
    file.suite = "sizes";
    file.created_utc = "2026-12-01T00:00:00Z";
    file.tool = "test";
    file.device.name = "fake";
    file.ceiling = BandwidthCeiling{100.0, read_gbps, 1 << 20, 5};
    file.points = std::move(points);
    return file;
}

TEST(ServedFromCache, OnlyAPointFasterThanTheReadCeiling) {
    const BandwidthCeiling ceiling{500.0, 400.0, 1 << 20, 5};
    EXPECT_FALSE(served_from_cache(point_at(399.9), ceiling));
    EXPECT_FALSE(served_from_cache(point_at(400.0), ceiling));  // at the ceiling: from memory
    EXPECT_TRUE(served_from_cache(point_at(400.1), ceiling));
    EXPECT_FALSE(served_from_cache(point_at(1e9), BandwidthCeiling{}));  // no ceiling measured
}

TEST(ServedFromCache, NeverAnInputAsLargeAsTheCeilingsBuffers) {
    const BandwidthCeiling ceiling{500.0, 400.0, 4096, 5};
    RunResult point = point_at(400.1);
    point.input_bytes = 4095;
    EXPECT_TRUE(served_from_cache(point, ceiling));
    point.input_bytes = 4096;  // past every cache: the ceiling kernel was the slower one
    EXPECT_FALSE(served_from_cache(point, ceiling));
}

TEST(ServedFromCache, IsWrittenOnThePointsOfAResultsFile) {
    const nlohmann::json j = to_json(file_with({point_at(300.0), point_at(450.0)}, 400.0));
    EXPECT_FALSE(j["points"][0].contains("served_from_cache"));
    EXPECT_EQ(j["points"][1]["served_from_cache"], true);
}

TEST(ResultsTiming, FieldsRoundTrip) {
    RunResult p = point_at(10.0);
    p.timing_method = TimingMethod::Latency;
    p.request.timing = TimingMethod::Latency;
    p.request.batch = 7;
    p.request.cold = true;
    p.cold = true;
    p.result_path = ResultPath::Mapped;
    const nlohmann::json j = to_json(file_with({p}, 400.0));
    const nlohmann::json& point = j["points"][0];
    EXPECT_EQ(point["timing_method"], "latency");
    EXPECT_DOUBLE_EQ(point["median_us"].get<double>(), 3.0);
    EXPECT_EQ(point["runs"], 3);
    const ResultsFile back = results_from_json(j);
    const RunResult& q = back.points.at(0);
    EXPECT_EQ(q.timing_method, TimingMethod::Latency);
    EXPECT_EQ(q.request.timing, TimingMethod::Latency);
    EXPECT_EQ(q.request.batch, 7);
    EXPECT_TRUE(q.request.cold);
    EXPECT_TRUE(q.cold);
    EXPECT_EQ(q.result_path, ResultPath::Mapped);
    EXPECT_DOUBLE_EQ(q.median_us, 3.0);
    EXPECT_DOUBLE_EQ(q.p10_us, p.p10_us);
    EXPECT_DOUBLE_EQ(q.p90_us, p.p90_us);
    EXPECT_EQ(q.runs, 3u);
}

TEST(ResultsTiming, AnUnknownMethodIsRefusedByName) {
    nlohmann::json j = to_json(file_with({point_at(10.0)}, 400.0));
    j["points"][0]["timing_method"] = "stopwatch";
    try {
        results_from_json(j);
        FAIL() << "read a point timed by 'stopwatch'";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("timing_method"), std::string::npos) << e.what();
    }
}

// Files committed before issue 19 carry no timing fields: kernel events, warm, the spread from
// their repeats.
TEST(ResultsTiming, FilesFromBeforeTheTimingMethodsStillRead) {
    for (const char* name : {"bench/results/h200/sizes.json", "bench/results/h200/cub.json"}) {
        SCOPED_TRACE(name);
        const ResultsFile file = read_results(std::string(REDUCELAB_SOURCE_DIR) + "/" + name);
        ASSERT_FALSE(file.points.empty());
        for (const RunResult& p : file.points) {
            EXPECT_EQ(p.timing_method, TimingMethod::Kernel);
            EXPECT_FALSE(p.cold);
            EXPECT_DOUBLE_EQ(p.median_us, p.total_ms * 1000.0);
            EXPECT_EQ(p.runs, p.repeat_ms.size());
            EXPECT_LE(p.p10_us, p.p90_us);
        }
    }
}

}  // namespace
}  // namespace reducelab
