// Long commands stopped by a signal or a time limit: tune and determinism (its study too) on
// SIGINT/SIGTERM exit 130 and write what they measured marked "complete": false, and bench's
// --time-limit marks its file incomplete too. The signal is sent once the command reports progress
// on stderr.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "process.h"
#include "reducelab/results_file.h"
#include "reducelab/tuning.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class LongCommands : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("reducelab-long-commands-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Starts the CLI, waits for `progress` on its stderr, sends `signal`; its exit code.
    int interrupt_after(const std::vector<std::string>& args, const std::string& progress,
                        int signal, const std::string& out) {
        const std::string err = path("err");
        const pid_t child = test::spawn_process(REDUCELAB_CLI, args, out, err);
        EXPECT_GT(child, 0);
        if (child <= 0) return -1;
        const bool started = test::wait_for_text(err, progress, child);
        EXPECT_TRUE(started) << "no '" << progress << "' on stderr before the end: " << slurp(err);
        if (!started) {
            ::kill(child, SIGKILL);
            test::wait_exit_code(child);
            return -1;
        }
        ::kill(child, signal);
        const int code = test::wait_exit_code(child);
        errors = slurp(err);
        return code;
    }
    std::string errors;
    fs::path dir_;
};

// Four operations x four candidates: the signal comes once the first operation has its winner.
const std::vector<std::string> kTune{"tune",
                                     "--sizes",
                                     "2^18",
                                     "--ops",
                                     "sum,min,max,product",
                                     "--layouts",
                                     "strided",
                                     "--local-sizes",
                                     "64",
                                     "--groups-per-cu",
                                     "1,2,3,4",
                                     "--vector-widths",
                                     "1",
                                     "--unrolls",
                                     "1",
                                     "--repeat",
                                     "100",
                                     "--progress"};

TEST_F(LongCommands, InterruptedTuneWritesWhatItMeasuredMarkedIncomplete) {
    for (int signal : {SIGTERM, SIGINT}) {
        const std::string tuning = path("tuning.json"), points = path("points.json");
        std::vector<std::string> args = kTune;
        args.insert(args.end(), {"--out", tuning, "--points", points});
        ASSERT_EQ(interrupt_after(args, "[5/16]", signal, path("out")), 130) << errors;
        // Up front: how many candidates; after the first, how long the rest take at its pace;
        // each line with the time so far.
        EXPECT_NE(errors.find("tune: 16 candidates on "), std::string::npos) << errors;
        EXPECT_NE(errors.find(" for the other 15 at the first candidate's pace"), std::string::npos)
            << errors;
        EXPECT_NE(errors.find(" elapsed"), std::string::npos) << errors;
        EXPECT_NE(errors.find("marked incomplete"), std::string::npos) << errors;
        const nlohmann::json file = nlohmann::json::parse(slurp(tuning));
        EXPECT_EQ(file.value("complete", true), false);
        // Only the operations whose search finished have entries; the file still reads.
        const TuningFile read = read_tuning(tuning);
        EXPECT_GE(read.entries.size(), 1u);
        EXPECT_LT(read.entries.size(), 4u) << "the signal came too late to test anything";
        const ResultsFile measured = read_results(points);
        EXPECT_FALSE(measured.complete);
        EXPECT_GE(measured.points.size(), 5u);
        EXPECT_LT(measured.points.size(), 16u);
        fs::remove(tuning);
        fs::remove(points);
    }
}

TEST_F(LongCommands, InterruptedDeterminismReportsTheRunsDoneMarkedIncomplete) {
    for (int signal : {SIGTERM, SIGINT}) {
        const std::string out = path("report.json");
        const int code = interrupt_after(
            {"determinism", "--variant", "contiguous", "--type", "float32", "--n", "2^18", "--runs",
             "400", "--local-sizes", "64,128,256", "--progress", "--json"},
            "[1/3]", signal, out);
        ASSERT_EQ(code, 130) << errors;
        const nlohmann::json report = nlohmann::json::parse(slurp(out));
        EXPECT_EQ(report.value("complete", true), false);
        const auto runs = report["runs"].get<std::uint64_t>();
        EXPECT_GE(runs, 400u);  // the first shape, whole
        EXPECT_LT(runs, 1200u) << "the signal came too late to test anything";
        std::uint64_t counted = 0;
        for (const auto& r : report["results"]) counted += r["count"].get<std::uint64_t>();
        EXPECT_EQ(counted, runs);
    }
}

// The study (--variants): the variant in flight is dropped, the finished ones are written.
TEST_F(LongCommands, InterruptedStudyReportsTheVariantsDoneMarkedIncomplete) {
    const std::string out = path("study.json");
    const int code =
        interrupt_after({"determinism", "--variants", "contiguous,kahan,reproducible", "--type",
                         "float32", "--n", "2^16", "--runs", "200", "--local-sizes", "64,128,256",
                         "--work-groups", "16", "--timed-repeats", "1", "--progress", "--json"},
                        "[1/3]", SIGINT, out);
    ASSERT_EQ(code, 130) << errors;
    const nlohmann::json study = nlohmann::json::parse(slurp(out));
    EXPECT_EQ(study.value("complete", true), false);
    ASSERT_GE(study["variants"].size(), 1u);
    EXPECT_LT(study["variants"].size(), 3u) << "the signal came too late to test anything";
    EXPECT_EQ(study["variants"][0]["variant"], "contiguous");
    EXPECT_EQ(study["variants"][0]["report"]["runs"], 200 * 3);  // its shapes, whole
}

TEST_F(LongCommands, TimeLimitMarksTheResultsFileIncomplete) {
    const std::vector<std::string> bench{"bench",
                                         "--suite",
                                         "sizes",
                                         "--variants",
                                         "contiguous",
                                         "--types",
                                         "int32",
                                         "--ops",
                                         "sum",
                                         "--sizes",
                                         "2^10,2^11,2^12,2^13,2^14",
                                         "--repeat",
                                         "2",
                                         "--warmup",
                                         "0",
                                         "--no-ceiling"};
    // A limit every point outlasts: the bench stops after its first point.
    std::vector<std::string> cut = bench;
    cut.insert(cut.end(), {"--time-limit", "1e-9", "--out", path("cut.json")});
    const test::ProcessResult r = test::run_process(REDUCELAB_CLI, cut);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
    const ResultsFile file = read_results(path("cut.json"));
    EXPECT_FALSE(file.complete);
    EXPECT_LT(file.points.size(), 5u);
    // A limit never reached leaves the file complete.
    std::vector<std::string> whole = bench;
    whole.insert(whole.end(), {"--time-limit", "100000", "--out", path("whole.json")});
    const test::ProcessResult w = test::run_process(REDUCELAB_CLI, whole);
    EXPECT_EQ(w.exit_code, 0) << w.err;
    const ResultsFile complete = read_results(path("whole.json"));
    EXPECT_TRUE(complete.complete);
    EXPECT_EQ(complete.points.size(), 5u);
}

}  // namespace
}  // namespace reducelab
