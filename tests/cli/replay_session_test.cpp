// .reducelab sessions: trace --export FILE.reducelab saves the traces, replay writes the same
// HTML and a GIF from it with no OpenCL platform at all, and a bad session exits 6 naming why.
#include <gtest/gtest.h>

#include "process.h"
#include "replay_test_support.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

class ReplaySession : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::scratch_folder("replay-session");
        fs::create_directories(dir_ / "no-icd");
    }
    void TearDown() override { fs::remove_all(dir_); }
    // reducelab-cli replay with no OpenCL driver to find.
    test::ProcessResult replay(std::vector<std::string> args) {
        args.insert(args.begin(), "replay");
        return test::run_process(REDUCELAB_CLI, args,
                                 {{"OCL_ICD_VENDORS", (dir_ / "no-icd").string()}});
    }
    fs::path write_session(const nlohmann::json& session, const std::string& name) {
        const fs::path path = dir_ / name;
        std::ofstream(path) << session.dump();
        return path;
    }
    fs::path dir_;
};

TEST_F(ReplaySession, ReplaysTheSavedTracesWithoutADevice) {
    const fs::path session = dir_ / "lesson.reducelab", live = dir_ / "live.html";
    const auto traced = test::run_process(
        REDUCELAB_CLI, {"trace", "--variant", "interleaved", "--local-size", "16", "--compare",
                        "contiguous", "--export", session.string(), "--export", live.string()});
    ASSERT_EQ(traced.exit_code, 0) << traced.err;
    const auto saved = nlohmann::json::parse(test::read_whole_file(session));
    EXPECT_EQ(saved["format"], "reducelab-session");
    EXPECT_EQ(saved["version"], 1);
    ASSERT_EQ(saved["traces"].size(), 2u);

    const fs::path html = dir_ / "again.html", gif = dir_ / "again.gif";
    const auto r = replay({session.string(), "--export", html.string(), "--export", gif.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Read back strictly and written again: the very traces the device produced.
    EXPECT_EQ(test::embedded_replay_data(test::read_whole_file(html))["traces"],
              test::embedded_replay_data(test::read_whole_file(live))["traces"]);
    EXPECT_EQ(test::read_whole_file(gif).substr(0, 6), "GIF89a");
}

TEST_F(ReplaySession, BadSessionsExitSixNamingTheField) {
    const fs::path session = dir_ / "good.reducelab";
    ASSERT_EQ(test::run_process(REDUCELAB_CLI,
                                {"trace", "--local-size", "8", "--export", session.string()})
                  .exit_code,
              0);
    const auto good = nlohmann::json::parse(test::read_whole_file(session));
    auto newer = good;
    newer["version"] = 5;
    auto missing = good;
    missing["traces"][0]["groups"][0].erase("initial");
    auto short_values = good;
    short_values["traces"][0]["groups"][0]["rounds"][0]["values"].erase(0);
    auto outside = good;
    outside["traces"][0]["groups"][0]["rounds"][0]["accesses"][0]["write"] = 8;
    auto not_session = good;
    not_session["format"] = "reducelab-results";
    const std::vector<std::pair<nlohmann::json, std::string>> cases{
        {newer, "version 5 is newer"},
        {missing, "traces[0].groups[0]: missing field 'initial'"},
        {short_values, "traces[0].groups[0].rounds[0].values: expected one value per cell"},
        {outside, "accesses[0].write: outside the local size"},
        {not_session, "expected 'reducelab-session'"},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const fs::path bad =
            write_session(cases[i].first, "bad" + std::to_string(i) + ".reducelab");
        const auto r = replay({bad.string(), "--export", (dir_ / "x.html").string()});
        EXPECT_EQ(r.exit_code, 6) << cases[i].second << "\n" << r.err;
        EXPECT_NE(r.err.find(cases[i].second), std::string::npos) << r.err;
    }
    EXPECT_EQ(replay({(dir_ / "none.reducelab").string(), "--export", (dir_ / "x.html").string()})
                  .exit_code,
              6);
    EXPECT_EQ(replay({session.string()}).exit_code, 2);
    const auto onto_itself = replay({session.string(), "--export", session.string()});
    EXPECT_EQ(onto_itself.exit_code, 2) << onto_itself.err;
    EXPECT_FALSE(fs::exists(dir_ / "x.html"));
}

}  // namespace
}  // namespace reducelab
