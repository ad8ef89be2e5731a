// Determinism reports of both versions: version 1 (no "schema" field; values as to_json(Value),
// "nan"/"inf" strings), which determinism --json and sessions wrote before, still reads;
// version 2 (the results file's value shape) is what is written now, and reads back the same.
#include <gtest/gtest.h>

#include <cmath>

#include "reducelab/determinism_json.h"
#include "reducelab/error.h"
#include "sample_data.h"

namespace reducelab {
namespace {

using nlohmann::json;

json fixture() {
    // determinism --variant kahan --type float32 --input F.npy --runs 2 --local-sizes 8 --json
    // by the reducelab-cli of before version 2, F holding 1.5, nan, -2.25, inf, 0.5, -inf, 3, -1.
    return test::read_sample("determinism_v1.json");
}

TEST(DeterminismVersions, AVersion1ReportReadsItsOldValues) {
    const json v1 = fixture();
    ASSERT_FALSE(v1.contains("schema"));
    ASSERT_EQ(v1["reference"], "nan");
    const DeterminismReport r = determinism_report_from_json(v1);
    EXPECT_TRUE(std::isnan(r.reference.f));
    ASSERT_EQ(r.results.size(), 1u);
    EXPECT_TRUE(std::isnan(r.results[0].value.f));
    EXPECT_EQ(r.results[0].count, 6u);
}

TEST(DeterminismVersions, WrittenAgainItIsVersion2InTheResultsValueShape) {
    const DeterminismReport old = determinism_report_from_json(fixture());
    const json j = to_json(old);
    EXPECT_EQ(j["schema"], kDeterminismSchema);
    EXPECT_TRUE(j["reference"].is_null());
    EXPECT_EQ(j["reference_text"], "nan");
    EXPECT_TRUE(j["results"][0]["value"].is_null());
    EXPECT_EQ(j["results"][0]["value_text"], "nan");
    EXPECT_EQ(j["results"][0]["abs_error"], 0.0);
    EXPECT_FALSE(j["results"][0].contains("text"));
    EXPECT_TRUE(j["devices"][0]["results"][0]["value"].is_null());
    const DeterminismReport back = determinism_report_from_json(json::parse(j.dump()));
    EXPECT_EQ(to_json(back), j);

    json misspelled = j;
    misspelled["reference_text"] = "NaN";
    EXPECT_THROW(determinism_report_from_json(misspelled), Error);
    json old_value = j;
    old_value["results"][0]["value"] = "nan";
    EXPECT_THROW(determinism_report_from_json(old_value), Error);
    json newer = j;
    newer["schema"] = "reducelab-determinism/3";
    EXPECT_THROW(determinism_report_from_json(newer), Error);
}

// An infinite condition number (an exact sum of 0) is null, spelled "inf".
TEST(DeterminismVersions, AnInfiniteConditionNumberIsNullSpelledInf) {
    DeterminismReport report = determinism_report_from_json(fixture());
    report.exact_sum_known = true;
    report.correctly_rounded = Value::of_float(0.0, true);
    report.condition_number = INFINITY;
    const json j = to_json(report);
    EXPECT_TRUE(j["condition_number"].is_null());
    EXPECT_EQ(j["condition_number_text"], "inf");
    EXPECT_EQ(j["correctly_rounded"], 0.0);
    EXPECT_EQ(determinism_report_from_json(j).condition_number, INFINITY);
}

// A study whose settings were not kept: what its reports say, or with none (every variant
// failed) what the caller knows; never the lists a report does not record.
TEST(DeterminismVersions, StudySettingsComeFromTheReportsOrWhatIsKnown) {
    DeterminismStudySettings known;
    known.type = ElementType::Float64;
    known.fill = Fill::Cancel;
    known.local_sizes = {32};
    known.work_groups = {7};
    known.finish = Finish::Atomic;
    known.timed_repeats = 9;

    std::vector<DeterminismStudyVariant> failed(2);
    failed[0].variant = "kahan";
    failed[0].error = "refused";
    failed[1].variant = "tree";
    failed[1].error = "refused";
    const DeterminismStudySettings title = study_settings_from_reports(failed, known);
    EXPECT_EQ(title.type, ElementType::Float64);
    EXPECT_EQ(title.fill, Fill::Cancel);
    EXPECT_TRUE(title.local_sizes.empty());
    EXPECT_TRUE(title.work_groups.empty());
    EXPECT_FALSE(title.finish.has_value());
    EXPECT_EQ(title.timed_repeats, 0);

    std::vector<DeterminismStudyVariant> measured = failed;
    measured[1].report = determinism_report_from_json(fixture());
    const DeterminismReport& report = *measured[1].report;
    const DeterminismStudySettings reported = study_settings_from_reports(measured, known);
    EXPECT_EQ(reported.type, report.request.base.type);
    EXPECT_EQ(reported.fill, report.request.base.fill);
    EXPECT_EQ(reported.n, report.n);
    EXPECT_EQ(reported.runs, report.request.runs);
    EXPECT_EQ(reported.devices.size(), report.devices.size());
    EXPECT_TRUE(reported.local_sizes.empty());
    EXPECT_FALSE(reported.finish.has_value());
    EXPECT_EQ(reported.timed_repeats, 0);
}

}  // namespace
}  // namespace reducelab
