// Step traces of every version: version 1 (no "schema" field, elapsed_ms) and version 2
// (elapsed_us, cells as to_json(Value), bank_width), which trace --json and sessions wrote
// before, still read with the same figures; version 3 (the results file's value shape,
// bank_width_bytes) is what is written now, and reads back the same.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "reducelab/error.h"
#include "reducelab/session_file.h"
#include "reducelab/trace_json.h"

namespace reducelab {
namespace {

using nlohmann::json;

json read_fixture(const char* name) {
    std::ifstream in(std::string(REDUCELAB_SOURCE_DIR "/tests/engine/data/") + name);
    return json::parse(in);
}

json fixture() {
    // trace --variant interleaved --op argmin --type float32 --local-size 8 --n 16 --json (0.2).
    return read_fixture("trace_v1.json");
}

json fixture_v2() {
    // trace --variant interleaved --op argmax --type float32 --local-size 8 --input F.npy --json
    // by the reducelab-cli of before version 3, F holding 1.5, nan, -2.25, inf, 0.5, -inf, 3, -1.
    return read_fixture("trace_v2.json");
}

TEST(TraceVersions, AVersion1TraceReadsItsOldFields) {
    const json v1 = fixture();
    ASSERT_FALSE(v1.contains("schema"));
    const StepTrace t = trace_from_json(v1, "trace");
    EXPECT_EQ(t.elapsed_ms, 3633.243921);
    ASSERT_EQ(t.groups.size(), 1u);
    EXPECT_EQ(t.groups[0].partial.index, std::optional<std::uint64_t>(3));
    EXPECT_EQ(t.groups[0].partial.f, -0.957951545715332);
    EXPECT_EQ(t.groups[0].rounds.size(), v1["groups"][0]["rounds"].size());
    EXPECT_EQ(t.bank_width, 4u);
}

TEST(TraceVersions, AVersion2TraceReadsItsOldValueShape) {
    const json v2 = fixture_v2();
    ASSERT_EQ(v2["schema"], kTraceSchemaV2);
    ASSERT_TRUE(v2["groups"][0]["partial"].is_object());
    const StepTrace t = trace_from_json(v2, "trace");
    EXPECT_DOUBLE_EQ(t.elapsed_ms, v2["elapsed_us"].get<double>() / 1000.0);
    EXPECT_EQ(t.bank_width, 4u);
    EXPECT_EQ(t.request.bank_width, 4u);
    ASSERT_EQ(t.groups.size(), 1u);
    const GroupTrace& g = t.groups[0];
    ASSERT_EQ(g.initial.size(), 8u);
    EXPECT_EQ(g.initial[0].f, 1.5);
    EXPECT_TRUE(std::isnan(g.initial[1].f));
    EXPECT_EQ(g.initial[3].f, INFINITY);
    EXPECT_EQ(g.initial[5].f, -INFINITY);
    EXPECT_EQ(g.initial[5].index, std::optional<std::uint64_t>(5));
    EXPECT_TRUE(std::isnan(g.partial.f));
    EXPECT_EQ(g.partial.index, std::optional<std::uint64_t>(1));
    EXPECT_EQ(g.rounds.size(), v2["groups"][0]["rounds"].size());
}

TEST(TraceVersions, WrittenAgainItIsVersion3) {
    const StepTrace old = trace_from_json(fixture(), "trace");
    const json j = to_json(old);
    EXPECT_EQ(j["schema"], kTraceSchema);
    EXPECT_FALSE(j.contains("elapsed_ms"));
    EXPECT_DOUBLE_EQ(j["elapsed_us"].get<double>(), 3633243.921);
    EXPECT_FALSE(j["analysis"].contains("bank_width"));
    EXPECT_EQ(j["analysis"]["bank_width_bytes"], 4);
    EXPECT_EQ(j["request"]["bank_width_bytes"], 4);
    const StepTrace back = trace_from_json(json::parse(j.dump()), "trace");
    EXPECT_NEAR(back.elapsed_ms, old.elapsed_ms, 1e-12 * old.elapsed_ms);
    EXPECT_EQ(to_json(back)["groups"], j["groups"]);

    json other = j;
    other["schema"] = "reducelab-trace/4";
    EXPECT_THROW(trace_from_json(other, "trace"), Error);
    json old_time = j;
    old_time.erase("elapsed_us");
    old_time["elapsed_ms"] = 3633.243921;
    EXPECT_THROW(trace_from_json(old_time, "trace"), Error);
    json old_bank = j;
    old_bank["analysis"].erase("bank_width_bytes");
    old_bank["analysis"]["bank_width"] = 4;
    EXPECT_THROW(trace_from_json(old_bank, "trace"), Error);
}

// Version 3's cells: numbers, null spelled in *_text, argmin/argmax's indices in *_index arrays
// (the results file's shape, put_value and put_values).
TEST(TraceVersions, Version3WritesTheResultsFilesValueShape) {
    const StepTrace old = trace_from_json(fixture_v2(), "trace");
    const json j = to_json(old);
    const json& g = j["groups"][0];
    ASSERT_TRUE(g["initial"].is_array());
    EXPECT_EQ(g["initial"][0], 1.5);
    EXPECT_TRUE(g["initial"][1].is_null());
    EXPECT_EQ(g["initial_text"][1], "nan");
    EXPECT_TRUE(g["initial_text"][0].is_null());
    EXPECT_EQ(g["initial_text"][3], "inf");
    EXPECT_EQ(g["initial_text"][5], "-inf");
    EXPECT_EQ(g["initial_index"], (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    EXPECT_TRUE(g["partial"].is_null());
    EXPECT_EQ(g["partial_text"], "nan");
    EXPECT_EQ(g["partial_index"], 1);
    EXPECT_EQ(g["uninstrumented_partial_index"], 1);
    for (const json& round : g["rounds"]) {
        EXPECT_TRUE(round.contains("values_index"));
        for (const json& v : round["values"]) EXPECT_TRUE(v.is_number() || v.is_null());
    }

    const StepTrace back = trace_from_json(json::parse(j.dump()), "trace");
    ASSERT_EQ(back.groups[0].initial.size(), old.groups[0].initial.size());
    for (std::size_t i = 0; i < old.groups[0].initial.size(); ++i) {
        EXPECT_EQ(back.groups[0].initial[i].to_string(), old.groups[0].initial[i].to_string());
        EXPECT_EQ(back.groups[0].initial[i].index, old.groups[0].initial[i].index);
    }
    EXPECT_EQ(to_json(back)["groups"], j["groups"]);

    // A null no text spells, a text that is no spelling, a missing index: refused.
    json unspelled = j;
    unspelled["groups"][0].erase("initial_text");
    EXPECT_THROW(trace_from_json(unspelled, "trace"), Error);
    json misspelled = j;
    misspelled["groups"][0]["partial_text"] = "NaN";
    EXPECT_THROW(trace_from_json(misspelled, "trace"), Error);
    json no_index = j;
    no_index["groups"][0]["rounds"][0].erase("values_index");
    EXPECT_THROW(trace_from_json(no_index, "trace"), Error);
    json short_index = j;
    short_index["groups"][0]["initial_index"].erase(0);
    EXPECT_THROW(trace_from_json(short_index, "trace"), Error);
    json mixed = j;
    mixed["groups"][0]["partial"] = {{"value", 1.0}, {"index", 1}};
    EXPECT_THROW(trace_from_json(mixed, "trace"), Error);
}

}  // namespace
}  // namespace reducelab
