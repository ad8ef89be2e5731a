// Step traces of both versions: version 1 (no "schema" field, elapsed_ms), which trace --json
// and sessions wrote before, still reads with the same figures; version 2 (elapsed_us) is what
// is written now, and reads back the same.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "reducelab/error.h"
#include "reducelab/session_file.h"
#include "reducelab/trace_json.h"

namespace reducelab {
namespace {

using nlohmann::json;

json fixture() {
    // trace --variant interleaved --op argmin --type float32 --local-size 8 --n 16 --json (0.2).
    std::ifstream in(REDUCELAB_SOURCE_DIR "/tests/engine/data/trace_v1.json");
    return json::parse(in);
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
}

TEST(TraceVersions, WrittenAgainItIsVersion2) {
    const StepTrace old = trace_from_json(fixture(), "trace");
    const json j = to_json(old);
    EXPECT_EQ(j["schema"], kTraceSchema);
    EXPECT_FALSE(j.contains("elapsed_ms"));
    EXPECT_DOUBLE_EQ(j["elapsed_us"].get<double>(), 3633243.921);
    const StepTrace back = trace_from_json(json::parse(j.dump()), "trace");
    EXPECT_NEAR(back.elapsed_ms, old.elapsed_ms, 1e-12 * old.elapsed_ms);
    EXPECT_EQ(to_json(back)["groups"], j["groups"]);

    json other = j;
    other["schema"] = "reducelab-trace/3";
    EXPECT_THROW(trace_from_json(other, "trace"), Error);
    json old_time = j;
    old_time.erase("elapsed_us");
    old_time["elapsed_ms"] = 3633.243921;
    EXPECT_THROW(trace_from_json(old_time, "trace"), Error);
}

}  // namespace
}  // namespace reducelab
