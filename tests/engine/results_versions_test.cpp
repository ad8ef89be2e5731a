// Results files of both versions: version 1 (times in ms, {value, index} objects, "nan"
// strings), which earlier ReduceLab wrote, still reads with the same numbers; version 2 (every
// time in µs, one JSON type per value, the index in its own field) is what is written now, and
// reads back to the same figures.
#include <gtest/gtest.h>

#include <cmath>

#include "reducelab/error.h"
#include "reducelab/result_json.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

using nlohmann::json;

const char* const kFixture = REDUCELAB_SOURCE_DIR "/tests/engine/data/results_v1.json";

// Times travel as µs in version 2: ms * 1000 / 1000 may move the last bit.
void expect_same_time(double a, double b, const char* what) {
    EXPECT_NEAR(a, b, 1e-12 * std::max(std::fabs(a), std::fabs(b))) << what;
}

TEST(ResultsVersions, AVersion1FileReadsItsOldFields) {
    const ResultsFile file = read_results(kFixture);
    EXPECT_EQ(file.schema, kResultsSchemaV1);
    ASSERT_EQ(file.points.size(), 5u);
    ASSERT_TRUE(file.ceiling);
    EXPECT_EQ(file.ceiling->bytes, 1073741824u);
    EXPECT_EQ(file.ceiling->copy_gbps, 3900.5);

    const RunResult& argmin = file.points[0];
    EXPECT_EQ(argmin.value.f, -3.5);
    ASSERT_TRUE(argmin.value.index);
    EXPECT_EQ(*argmin.value.index, 17u);
    ASSERT_TRUE(argmin.reference.index);
    EXPECT_EQ(*argmin.reference.index, 17u);
    EXPECT_EQ(argmin.total_ms, 0.246112);
    EXPECT_EQ(argmin.kernel_ms, 0.2401);
    EXPECT_EQ(argmin.repeat_ms, (std::vector<double>{0.25, 0.246112, 0.2}));
    ASSERT_EQ(argmin.stages.size(), 2u);
    EXPECT_EQ(argmin.stages[1].name, "read partials");
    EXPECT_EQ(argmin.stages[1].ms, 0.006012);
    EXPECT_EQ(argmin.bytes_moved, 4096u + 528u * 8u);
    EXPECT_DOUBLE_EQ(argmin.median_us, 246.112);

    EXPECT_TRUE(std::isnan(file.points[1].value.f));
    EXPECT_FALSE(file.points[1].value.index);
    EXPECT_TRUE(std::isinf(file.points[2].value.f) && file.points[2].value.f < 0);
    EXPECT_EQ(file.points[3].value.i, -9007199254740993);
    // The oldest shape, before timing_method: kernel events, the median from total_ms.
    EXPECT_EQ(file.points[4].timing_method, TimingMethod::Kernel);
    EXPECT_EQ(file.points[4].median_us, 750.0);
    EXPECT_EQ(file.points[4].runs, 3u);
}

TEST(ResultsVersions, WrittenAgainItIsVersion2WithUnitsInTheNames) {
    const ResultsFile file = read_results(kFixture);
    const json j = to_json(file);
    EXPECT_EQ(j["schema"], "reducelab-results/2");
    EXPECT_EQ(j["ceiling"]["buffer_bytes"], 1073741824u);
    EXPECT_FALSE(j["ceiling"].contains("bytes"));
    const json& argmin = j["points"][0];
    for (const char* old : {"total_ms", "kernel_ms", "repeat_ms", "bytes_moved"})
        EXPECT_FALSE(argmin.contains(old)) << old;
    expect_same_time(argmin["total_us"].get<double>(), 246.112, "total_us");
    expect_same_time(argmin["kernel_us"].get<double>(), 240.1, "kernel_us");
    expect_same_time(argmin["repeat_us"][2].get<double>(), 200.0, "repeat_us");
    expect_same_time(argmin["stages"][1]["time_us"].get<double>(), 6.012, "stages' time_us");
    EXPECT_EQ(argmin["moved_bytes"], 4096u + 528u * 8u);
    // One JSON type per family: argmin's value is a number, its index beside it.
    EXPECT_TRUE(argmin["value"].is_number_float());
    EXPECT_EQ(argmin["value"], -3.5);
    EXPECT_EQ(argmin["index"], 17u);
    EXPECT_EQ(argmin["reference_index"], 17u);
    // NaN and infinities: null, spelled in *_text.
    EXPECT_TRUE(j["points"][1]["value"].is_null());
    EXPECT_EQ(j["points"][1]["value_text"], "nan");
    EXPECT_FALSE(j["points"][1].contains("index"));
    EXPECT_TRUE(j["points"][2]["reference"].is_null());
    EXPECT_EQ(j["points"][2]["reference_text"], "-inf");
    EXPECT_TRUE(j["points"][3]["value"].is_number_integer());
}

TEST(ResultsVersions, Version2ReadsBackTheSameFigures) {
    const ResultsFile v1 = read_results(kFixture);
    const ResultsFile v2 = results_from_json(to_json(v1));
    EXPECT_EQ(v2.schema, kResultsSchema);
    ASSERT_EQ(v2.points.size(), v1.points.size());
    EXPECT_EQ(v2.ceiling->bytes, v1.ceiling->bytes);
    for (std::size_t i = 0; i < v1.points.size(); ++i) {
        SCOPED_TRACE(i);
        const RunResult& a = v1.points[i];
        const RunResult& b = v2.points[i];
        EXPECT_EQ(a.value.to_string(), b.value.to_string());
        EXPECT_EQ(a.value.index, b.value.index);
        EXPECT_EQ(a.reference.to_string(), b.reference.to_string());
        EXPECT_EQ(a.reference.index, b.reference.index);
        expect_same_time(a.total_ms, b.total_ms, "total_ms");
        expect_same_time(a.kernel_ms, b.kernel_ms, "kernel_ms");
        ASSERT_EQ(a.repeat_ms.size(), b.repeat_ms.size());
        for (std::size_t k = 0; k < a.repeat_ms.size(); ++k)
            expect_same_time(a.repeat_ms[k], b.repeat_ms[k], "repeat_ms");
        ASSERT_EQ(a.stages.size(), b.stages.size());
        for (std::size_t k = 0; k < a.stages.size(); ++k)
            expect_same_time(a.stages[k].ms, b.stages[k].ms, "stage");
        EXPECT_EQ(a.bytes_moved, b.bytes_moved);
        EXPECT_EQ(a.median_us, b.median_us);
        EXPECT_EQ(a.p90_us, b.p90_us);
        EXPECT_EQ(a.gbps, b.gbps);
    }
}

TEST(ResultsVersions, Version2RefusesTheOldShapes) {
    json j = to_json(read_results(kFixture));
    json object_value = j;
    object_value["points"][0]["value"] = {{"value", -3.5}, {"index", 17}};
    EXPECT_THROW(results_from_json(object_value), Error);
    json string_nan = j;
    string_nan["points"][1]["value"] = "nan";
    EXPECT_THROW(results_from_json(string_nan), Error);
    json no_index = j;
    no_index["points"][0].erase("index");
    EXPECT_THROW(results_from_json(no_index), Error);
    json null_integer = j;
    null_integer["points"][3]["value"] = nullptr;
    EXPECT_THROW(results_from_json(null_integer), Error);
    json old_names = j;
    old_names["points"][0]["total_ms"] = 0.25;
    old_names["points"][0].erase("total_us");
    EXPECT_THROW(results_from_json(old_names), Error);
}

}  // namespace
}  // namespace reducelab
