// Results files and the timing fields of issue 19: written and read back, files from before it
// still read (as kernel-event timings), and "served from cache" computed from the read ceiling.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

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
    r.p90_us = static_cast<double>(r.input_bytes) / (gbps * 1e3);  // no spread: p90 = median
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

TEST(ServedFromCache, OnlyAnInputThatFitsTheDevicesCache) {
    // PoCL on a CPU: the read kernel reaches 25 GB/s, best 43 GB/s on a 64 MiB input, which no
    // 32 MiB cache holds: the ceiling kernel is the slower one, not a cache the faster.
    const BandwidthCeiling ceiling{20.0, 25.0, std::uint64_t{1} << 30, 5};
    RunResult point = point_at(43.0);
    point.device.global_mem_cache_bytes = std::uint64_t{32} << 20;
    point.input_bytes = std::uint64_t{64} << 20;
    EXPECT_FALSE(served_from_cache(point, ceiling));
    point.input_bytes = std::uint64_t{32} << 20;  // exactly the cache: it can hold it
    EXPECT_TRUE(served_from_cache(point, ceiling));
    point.input_bytes = (std::uint64_t{32} << 20) + 1;
    EXPECT_FALSE(served_from_cache(point, ceiling));
}

TEST(ServedFromCache, OnlyAboveTheCeilingsSpreadNotItsMedian) {
    BandwidthCeiling ceiling{500.0, 400.0, 1 << 20, 5};
    ceiling.read_samples_gbps = {380, 390, 400, 410, 420, 430, 440, 450, 460, 470};
    const double p90 = ceiling.read_spread().p90;
    ASSERT_GT(p90, 400.0);
    EXPECT_DOUBLE_EQ(cache_threshold_gbps(ceiling), p90);
    EXPECT_FALSE(served_from_cache(point_at(p90 - 0.1), ceiling));  // above the median only
    EXPECT_FALSE(served_from_cache(point_at(p90), ceiling));
    EXPECT_TRUE(served_from_cache(point_at(p90 + 0.1), ceiling));
}

TEST(ServedFromCache, OnlyWhenEvenThePointsSlowerRunsBeatTheCeiling) {
    const BandwidthCeiling ceiling{20.0, 28.2, std::uint64_t{1} << 30, 5};
    RunResult point = point_at(29.8);  // a median a hair above the ceiling...
    point.input_bytes = std::uint64_t{64} << 20;
    point.p90_us = static_cast<double>(point.input_bytes) / (27.0 * 1e3);  // ...p90 at 27 GB/s
    EXPECT_FALSE(served_from_cache(point, ceiling));
    point.p90_us = static_cast<double>(point.input_bytes) / (28.5 * 1e3);  // slow runs beat it
    EXPECT_TRUE(served_from_cache(point, ceiling));
}

TEST(ServedFromCache, DeviceCacheSizeIsWrittenAndReadBack) {
    ResultsFile file = file_with({point_at(10.0)}, 400.0);
    file.device.global_mem_cache_bytes = 50u << 20;
    file.points[0].device = file.device;
    const ResultsFile back = results_from_json(to_json(file));
    EXPECT_EQ(back.device.global_mem_cache_bytes, 50u << 20);
    EXPECT_EQ(back.points[0].device.global_mem_cache_bytes, 50u << 20);
    nlohmann::json old = to_json(file);  // a file from before 0.2 has no such field
    old["device"].erase("global_mem_cache_bytes");
    EXPECT_EQ(results_from_json(old).device.global_mem_cache_bytes, 0u);
}

TEST(ServedFromCache, TheReadCeilingsSourceIsWrittenAndChecked) {
    ResultsFile file = file_with({point_at(10.0)}, 400.0);
    EXPECT_FALSE(to_json(file)["ceiling"].contains("read_source"));  // the read kernel
    file.ceiling->read_source = "best";
    nlohmann::json j = to_json(file);
    EXPECT_EQ(j["ceiling"]["read_source"], "best");
    EXPECT_EQ(results_from_json(j).ceiling->read_source, "best");
    j["ceiling"]["read_source"] = "guess";
    EXPECT_THROW(results_from_json(j), Error);
    j["ceiling"].erase("read_source");  // files from before 0.2
    EXPECT_EQ(results_from_json(j).ceiling->read_source, "read kernel");
}

TEST(ResultsTiming, ANonFiniteErrorWrittenAsNullReadsBack) {
    // A verified NaN sum has rel_error 0/0: nlohmann::json writes it as null; the file opens.
    RunResult p = point_at(10.0);
    p.rel_error = std::numeric_limits<double>::quiet_NaN();
    p.abs_error = std::numeric_limits<double>::infinity();
    // Through the text, as a file holds it: in memory the NaN is still a double.
    const nlohmann::json j = nlohmann::json::parse(to_json(file_with({p}, 400.0)).dump());
    ASSERT_TRUE(j["points"][0]["rel_error"].is_null());
    const ResultsFile back = results_from_json(j);
    EXPECT_TRUE(std::isnan(back.points[0].rel_error));
    EXPECT_TRUE(std::isnan(back.points[0].abs_error));
    nlohmann::json wrong = j;
    wrong["points"][0]["rel_error"] = "big";  // still refused: only null stands for non-finite
    EXPECT_THROW(results_from_json(wrong), Error);
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
