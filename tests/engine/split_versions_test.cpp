// Split files (run --json --devices/--split, run --mpi) of both versions: version 1 (no "schema"
// field, times in ms, {value, index} objects and "nan" strings), which earlier ReduceLab wrote
// and bench/results/*/multi-device holds, still reads with the same numbers; version 2 (every
// time in µs, the results file's value shape) is what is written now, and reads back the same.
#include <gtest/gtest.h>

#include <cmath>

#include "reducelab/error.h"
#include "reducelab/multi_device_json.h"
#include "reducelab/result_json.h"
#include "sample_data.h"

namespace reducelab {
namespace {

using nlohmann::json;

json fixture() {
    return test::read_sample("split_v1.json");
}

// Times travel as µs in version 2: ms * 1000 / 1000 may move the last bit.
void expect_same_time(double a, double b, const char* what) {
    EXPECT_NEAR(a, b, 1e-12 * std::max(std::fabs(a), std::fabs(b))) << what;
}

TEST(SplitVersions, AVersion1FileReadsItsOldFields) {
    const SplitResult r = split_result_from_json(fixture());
    EXPECT_EQ(r.value.f, -3.5);
    ASSERT_TRUE(r.value.index && r.reference.index);
    EXPECT_EQ(*r.value.index, 17u);
    EXPECT_EQ(*r.reference.index, 17u);
    EXPECT_EQ(r.combine_ms, 0.005293);
    EXPECT_EQ(r.resident_ms, 0.954765);
    EXPECT_EQ(r.end_to_end_ms, 596.6629250000001);
    ASSERT_TRUE(r.planned);
    EXPECT_EQ(r.predicted_ms, 1.1782778874458875);
    EXPECT_EQ(r.fastest_alone_predicted_ms, 1.1782778874458875);
    ASSERT_EQ(r.devices.size(), 2u);
    const DeviceShare& left = r.devices[0];
    EXPECT_TRUE(std::isinf(left.partial.f) && left.partial.f > 0);
    EXPECT_EQ(left.partial.index, std::optional<std::uint64_t>(0));
    EXPECT_FALSE(left.upload_pinned);
    const DeviceShare& s = r.devices[1];
    EXPECT_EQ(s.partial.f, -3.5);
    EXPECT_EQ(s.partial.index, std::optional<std::uint64_t>(17));
    EXPECT_EQ(s.upload_ms, 595.70816);
    EXPECT_EQ(s.run_ms, 0.949472);
    EXPECT_EQ(s.kernel_ms, 0.949472);
    EXPECT_TRUE(s.upload_pinned);
    EXPECT_EQ(s.staging_ms, 12.5);
    EXPECT_EQ(s.predicted_ms, 1.1782778874458875);
    ASSERT_EQ(s.stages.size(), 2u);
    EXPECT_EQ(s.stages[0].ms, 0.9411);
    ASSERT_TRUE(s.model);
    EXPECT_EQ(s.model->alpha_ms, 0.0043040000000000005);
    ASSERT_FALSE(s.model->calibration.empty());
    EXPECT_EQ(s.model->calibration[0].bytes, 17301504u);
    EXPECT_EQ(s.model->calibration[0].ms, 0.009568);
}

TEST(SplitVersions, WrittenAgainItIsVersion2WithUnitsInTheNames) {
    const SplitResult old = split_result_from_json(fixture());
    const json j = to_json(old);
    EXPECT_EQ(j["schema"], kSplitSchema);
    EXPECT_EQ(j["value"], -3.5);
    EXPECT_EQ(j["index"], 17);
    EXPECT_EQ(j["reference_index"], 17);
    EXPECT_DOUBLE_EQ(j["resident"]["time_us"].get<double>(), 954.765);
    EXPECT_FALSE(j["resident"].contains("ms"));
    EXPECT_DOUBLE_EQ(j["combine_us"].get<double>(), 5.293);
    EXPECT_DOUBLE_EQ(j["plan"]["predicted_us"].get<double>(), 1178.2778874458875);
    const json& left = j["devices"][0];
    EXPECT_TRUE(left["partial"].is_null());
    EXPECT_EQ(left["partial_text"], "inf");
    EXPECT_EQ(left["partial_index"], 0);
    const json& d = j["devices"][1];
    EXPECT_DOUBLE_EQ(d["run_us"].get<double>(), 949.472);
    EXPECT_DOUBLE_EQ(d["stages"][0]["time_us"].get<double>(), 941.1);
    EXPECT_DOUBLE_EQ(d["model"]["calibration"][0]["time_us"].get<double>(), 9.568);
    EXPECT_EQ(d["model"]["calibration"][0]["input_bytes"], 17301504);
    // No field of version 2 is in milliseconds, and no value is an object or a string.
    for (const std::string& text : {j.dump()}) {
        EXPECT_EQ(text.find("_ms\""), std::string::npos);
        EXPECT_EQ(text.find("\"ms\""), std::string::npos);
    }

    const SplitResult back = split_result_from_json(json::parse(j.dump()));
    EXPECT_EQ(to_json(back), j);
    expect_same_time(back.resident_ms, old.resident_ms, "resident");
    expect_same_time(back.devices[1].upload_ms, old.devices[1].upload_ms, "upload");
    expect_same_time(back.devices[1].model->alpha_ms, old.devices[1].model->alpha_ms, "alpha");
    EXPECT_EQ(back.devices[1].partial.index, old.devices[1].partial.index);
    EXPECT_TRUE(std::isinf(back.devices[0].partial.f));
}

TEST(SplitVersions, NonFiniteSumIsNullWithItsText) {
    json v1 = fixture();
    v1["request"]["op"] = "sum";
    v1["value"] = "nan";
    v1["reference"] = "nan";
    for (json& d : v1["devices"]) d["partial"] = "nan";
    const json j = to_json(split_result_from_json(v1));
    EXPECT_TRUE(j["value"].is_null());
    EXPECT_EQ(j["value_text"], "nan");
    EXPECT_FALSE(j.contains("index"));
    EXPECT_TRUE(std::isnan(split_result_from_json(j).value.f));
}

TEST(SplitVersions, Version2RefusesTheOldShapes) {
    const json j = to_json(split_result_from_json(fixture()));
    json object_value = j;
    object_value["value"] = {{"value", -3.5}, {"index", 17}};
    EXPECT_THROW(split_result_from_json(object_value), Error);
    json old_time = j;
    old_time["resident"].erase("time_us");
    old_time["resident"]["ms"] = 0.95;
    EXPECT_THROW(split_result_from_json(old_time), Error);
    json no_index = j;
    no_index.erase("index");
    EXPECT_THROW(split_result_from_json(no_index), Error);
    json other = j;
    other["schema"] = "reducelab-split/3";
    EXPECT_THROW(split_result_from_json(other), Error);
}

}  // namespace
}  // namespace reducelab
