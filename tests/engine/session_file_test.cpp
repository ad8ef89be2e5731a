// engine/io/session_file: the workspace fields of version 2 (results with their sources, settings)
// written and read back unchanged, trace-only sessions still written as version 1, and every
// damaged or newer workspace refused with the field named.
#include "reducelab/session_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "reducelab/error.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

using nlohmann::json;

const std::string kSourceDir = REDUCELAB_SOURCE_DIR;

// A real trace (the fuzz seed, written by reducelab-cli trace) and real measured points.
SessionFile realWorkspace() {
    SessionFile session =
        read_session(kSourceDir + "/tests/fuzz/corpus/fuzz_session_json/interleaved_16.reducelab");
    session.results = read_results(kSourceDir + "/bench/results/pocl/sizes.json");
    for (std::size_t i = 0; i < session.results->points.size(); ++i)
        session.result_sources.push_back(i % 2 ? "sweep" : "run");
    session.settings = {{"controls/variantA", "contiguous"}, {"ui/language", "zh_CN"}};
    return session;
}

std::string messageOf(const json& j) {
    try {
        session_from_json(j);
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Io);
        return e.what();
    }
    return "(read without error)";
}

TEST(SessionFile, WorkspaceRoundTripsResultsSourcesAndSettings) {
    const SessionFile saved = realWorkspace();
    ASSERT_FALSE(saved.results->points.empty());
    const json written = to_json(saved);
    EXPECT_EQ(written["version"], 2);
    const SessionFile read = session_from_json(json::parse(written.dump()));
    ASSERT_TRUE(read.results);
    EXPECT_EQ(to_json(*read.results), to_json(*saved.results));
    EXPECT_EQ(read.result_sources, saved.result_sources);
    EXPECT_EQ(read.settings, saved.settings);
    ASSERT_EQ(read.traces.size(), saved.traces.size());
    EXPECT_EQ(to_json(read), written);
}

TEST(SessionFile, WorkspaceWithoutTracesReads) {
    SessionFile saved = realWorkspace();
    saved.traces.clear();
    const SessionFile read = session_from_json(to_json(saved));
    EXPECT_TRUE(read.traces.empty());
    EXPECT_EQ(read.results->points.size(), saved.results->points.size());
}

TEST(SessionFile, TraceOnlySessionStaysVersionOne) {
    SessionFile saved = realWorkspace();
    saved.results.reset();
    saved.result_sources.clear();
    saved.settings.clear();
    const json written = to_json(saved);
    EXPECT_EQ(written["version"], 1);
    EXPECT_FALSE(written.contains("results"));
    EXPECT_FALSE(written.contains("settings"));
    // A version 1 file with no trace is still refused: it is a replay.
    json empty = written;
    empty["traces"] = json::array();
    EXPECT_NE(messageOf(empty).find("no trace"), std::string::npos);
}

TEST(SessionFile, CommittedWorkspaceSeedReads) {
    const SessionFile seed =
        read_session(kSourceDir + "/tests/fuzz/corpus/fuzz_session_json/workspace_v2.reducelab");
    ASSERT_TRUE(seed.results);
    EXPECT_EQ(seed.results->points.size(), 3u);
    EXPECT_EQ(seed.result_sources.size(), 3u);
    EXPECT_EQ(seed.settings.at("controls/variantA"), "contiguous");
    EXPECT_EQ(seed.traces.size(), 1u);
}

TEST(SessionFile, DamagedWorkspaceIsRefusedNamingTheField) {
    const json good = to_json(realWorkspace());
    json fewer = good;
    fewer["result_sources"].erase(0);
    EXPECT_NE(messageOf(fewer).find("one source per result"), std::string::npos);
    json noSources = good;
    noSources.erase("result_sources");
    EXPECT_NE(messageOf(noSources).find("result_sources"), std::string::npos);
    json badPoint = good;
    badPoint["results"]["points"][0].erase("gbps");
    EXPECT_NE(messageOf(badPoint).find("results"), std::string::npos);
    json badSetting = good;
    badSetting["settings"]["controls/localSize"] = 256;
    EXPECT_NE(messageOf(badSetting).find("settings.controls/localSize"), std::string::npos);
    json newer = good;
    newer["version"] = kSessionVersion + 1;
    EXPECT_NE(messageOf(newer).find("is newer than this ReduceLab reads"), std::string::npos);
}

}  // namespace
}  // namespace reducelab
