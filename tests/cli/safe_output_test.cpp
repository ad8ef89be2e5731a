// Files the CLI writes (issue 12): a write error is exit 6 naming the path, a failed write keeps
// the previous file byte for byte, output paths are checked before measuring, one path for two
// outputs is refused, concurrent writers leave valid JSON, and SIGINT during bench keeps the
// points measured so far, marked incomplete.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "process.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using test::ProcessResult;

ProcessResult cli(const std::vector<std::string>& args,
                  const std::map<std::string, std::string>& env = {}) {
    return test::run_process(REDUCELAB_CLI, args, env);
}

// The CLI with its standard output on `target` (e.g. /dev/full).
ProcessResult cli_stdout_to(const std::string& target, const std::vector<std::string>& args) {
    std::string command = "exec \"$0\"";
    for (std::size_t i = 0; i < args.size(); ++i)
        command += " \"${" + std::to_string(i + 1) + "}\"";
    command += " > " + target;
    std::vector<std::string> sh_args{"-c", command, REDUCELAB_CLI};
    sh_args.insert(sh_args.end(), args.begin(), args.end());
    return test::run_process("/bin/sh", sh_args);
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class SafeOutput : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("reducelab-safe-output-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    // Files whose name marks them as a safe write's temporary file.
    std::vector<std::string> leftovers() const {
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(dir_))
            if (entry.path().filename().string().find(".tmp-") != std::string::npos)
                found.push_back(entry.path().filename().string());
        return found;
    }
    fs::path dir_;
};

// A tiny suite: one point (or `sizes` points), one repeat, no ceiling.
std::vector<std::string> small_bench(const std::string& sizes = "1000") {
    return {"bench", "--suite",  "sizes", "--variants",  "contiguous", "--sizes",
            sizes,   "--types",  "int32", "--ops",       "sum",        "--repeat",
            "1",     "--warmup", "0",     "--no-ceiling"};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

const std::vector<std::string> kSmallTune{"tune",    "--sizes",         "2^12", "--local-sizes",
                                          "64",      "--groups-per-cu", "1",    "--vector-widths",
                                          "4",       "--unrolls",       "1",    "--layouts",
                                          "strided", "--repeat",        "1"};

TEST_F(SafeOutput, DevFullIsExit6NamingThePathForEveryOutput) {
    struct Case {
        std::vector<std::string> args;
    };
    const std::vector<Case> cases{
        {with(small_bench(), {"--out", "/dev/full"})},
        {with(small_bench(), {"--out", path("r.json"), "--csv", "/dev/full"})},
        {with(small_bench(), {"--out", path("r.json"), "--host-baseline", "/dev/full"})},
        {with(kSmallTune, {"--out", "/dev/full"})},
        {with(kSmallTune, {"--out", path("t.json"), "--points", "/dev/full"})},
    };
    for (const Case& c : cases) {
        const ProcessResult r = cli(c.args);
        EXPECT_EQ(r.exit_code, 6) << r.out << r.err;
        EXPECT_NE(r.err.find("/dev/full"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
    }
}

TEST_F(SafeOutput, StandardOutputOnDevFullIsExit6) {
    const std::vector<std::vector<std::string>> commands{
        {"trace", "--variant", "interleaved", "--local-size", "8"},
        {"trace", "--variant", "interleaved", "--local-size", "8", "--json"},
        {"run", "--n", "1000"},
        {"run", "--n", "1000", "--json"},
        {"variants"},
        with(small_bench(), {"--out", path("r.json")}),
        {"--help"},
        {"--version"},
    };
    for (const auto& args : commands) {
        const ProcessResult full = cli_stdout_to("/dev/full", args);
        EXPECT_EQ(full.exit_code, 6) << args[0] << ": " << full.err;
        EXPECT_NE(full.err.find("error: writing standard output: No space left on device"),
                  std::string::npos)
            << full.err;
        // The same command with a working standard output succeeds: the failure is the write.
        const ProcessResult fine = cli_stdout_to("/dev/null", args);
        EXPECT_EQ(fine.exit_code, 0) << args[0] << ": " << fine.err;
    }
}

// Each output of bench and tune, made to fail half-way through its write (the disk fills up):
// exit 6 naming the file, the previous file byte-identical, no temporary file left behind.
TEST_F(SafeOutput, FailedWriteKeepsThePreviousFileByteIdentical) {
    const std::string out = path("results.json"), csv = path("results.csv");
    const ProcessResult good = cli(with(small_bench("1000,2000"), {"--out", out, "--csv", csv}));
    ASSERT_EQ(good.exit_code, 0) << good.err;
    const std::string good_json = slurp(out), good_csv = slurp(csv);
    ASSERT_GT(good_json.size(), 1000u);

    for (const std::string& victim : {out, csv}) {
        const ProcessResult r = test::run_process(
            REDUCELAB_CLI_WRITE_FAULTS, with(small_bench("3000"), {"--out", out, "--csv", csv}),
            {{"REDUCELAB_WRITE_FAULT", fs::path(victim).filename().string() + ".tmp-"}});
        EXPECT_EQ(r.exit_code, 6) << r.out << r.err;
        EXPECT_NE(r.err.find(victim + ": cannot write the file: No space left on device"),
                  std::string::npos)
            << r.err;
        EXPECT_EQ(slurp(victim), victim == out ? good_json : good_csv) << victim;
        EXPECT_TRUE(leftovers().empty()) << leftovers().front();
    }

    const std::string tuning = path("tuning.json");
    const ProcessResult tuned = cli(with(kSmallTune, {"--out", tuning}));
    ASSERT_EQ(tuned.exit_code, 0) << tuned.err;
    const std::string good_tuning = slurp(tuning);
    const ProcessResult failed =
        test::run_process(REDUCELAB_CLI_WRITE_FAULTS, with(kSmallTune, {"--out", tuning}),
                          {{"REDUCELAB_WRITE_FAULT", "tuning.json.tmp-"}});
    EXPECT_EQ(failed.exit_code, 6) << failed.err;
    EXPECT_NE(failed.err.find(tuning), std::string::npos) << failed.err;
    EXPECT_EQ(slurp(tuning), good_tuning);
    EXPECT_TRUE(leftovers().empty());
}

TEST_F(SafeOutput, OnePathForTwoOutputsIsRefusedBeforeMeasuring) {
    const std::string x = path("x.json");
    fs::create_directories(dir_ / "sub");
    fs::create_symlink(x, dir_ / "link.json");
    const std::vector<std::vector<std::string>> cases{
        with(small_bench(), {"--out", x, "--csv", x}),
        with(small_bench(), {"--out", x, "--csv", (dir_ / "." / "x.json").string()}),
        with(small_bench(), {"--out", x, "--csv", (dir_ / "sub" / ".." / "x.json").string()}),
        with(small_bench(), {"--out", path("link.json"), "--csv", x}),
        with(small_bench(), {"--out", path("a.json"), "--host-baseline", path("a.json")}),
        with(kSmallTune, {"--out", x, "--points", x}),
    };
    for (const auto& args : cases) {
        const auto start = std::chrono::steady_clock::now();
        const ProcessResult r = cli(args);
        EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
        EXPECT_NE(r.err.find("name the same file"), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(x));
        EXPECT_FALSE(fs::exists(path("a.json")));
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
    }
    // Discarding both is fine.
    const ProcessResult both_null =
        cli(with(small_bench(), {"--out", "/dev/null", "--csv", "/dev/null"}));
    EXPECT_EQ(both_null.exit_code, 0) << both_null.err;
}

TEST_F(SafeOutput, UnwritableOutputsAreRefusedBeforeMeasuring) {
    fs::create_directories(dir_ / "folder");
    const std::string out = path("out.json");
    struct Case {
        std::vector<std::string> args;
        std::string named;
    };
    const std::vector<Case> cases{
        {with(small_bench(), {"--out", out, "--csv", path("missing/x.csv")}), "missing/x.csv"},
        {with(small_bench(), {"--out", path("folder")}), "folder: is a folder"},
        {with(small_bench(), {"--out", out, "--host-baseline", path("folder")}), "folder"},
        {with(kSmallTune, {"--out", path("missing/t.json")}), "missing/t.json"},
        {with(kSmallTune, {"--out", path("t.json"), "--points", path("folder")}), "folder"},
    };
    for (const Case& c : cases) {
        const ProcessResult r = cli(c.args);
        EXPECT_EQ(r.exit_code, 6) << r.out << r.err;
        EXPECT_NE(r.err.find(c.named), std::string::npos) << r.err;
        // Nothing was measured, so nothing was written.
        EXPECT_FALSE(fs::exists(out));
        EXPECT_FALSE(fs::exists(path("t.json")));
        EXPECT_EQ(r.out, "");
    }
}

TEST_F(SafeOutput, ReplacingAFileKeepsItsPermissionsAndSymlinks) {
    const std::string real = path("real.json"), link = path("link.json");
    std::ofstream(real) << "old";
    fs::permissions(real, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    fs::create_symlink(real, link);
    const ProcessResult r = cli(with(small_bench(), {"--out", link}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(read_results(real).points.size(), 1u);
    EXPECT_EQ(fs::status(real).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

pid_t spawn(const std::vector<std::string>& args, const std::string& err_path) {
    return test::spawn_process(REDUCELAB_CLI, args, "/dev/null", err_path);
}

using test::wait_exit_code;

// Eight bench processes writing one --out at once: every round leaves one whole, valid file.
TEST_F(SafeOutput, ConcurrentWritersLeaveValidJson) {
    const std::string out = path("shared.json");
    for (int round = 0; round < 10; ++round) {
        std::vector<pid_t> children;
        for (int i = 0; i < 8; ++i) {
            // Different sizes make files of different lengths, so a mix would show.
            const std::string sizes = i % 2 ? "1000" : "1000,2000";
            children.push_back(
                spawn(with(small_bench(sizes), {"--out", out}), path("err-" + std::to_string(i))));
            ASSERT_GT(children.back(), 0);
        }
        for (pid_t child : children) EXPECT_EQ(wait_exit_code(child), 0);
        ResultsFile file;
        ASSERT_NO_THROW(file = read_results(out)) << "round " << round;
        EXPECT_TRUE(file.points.size() == 1 || file.points.size() == 2);
        EXPECT_TRUE(file.complete);
        EXPECT_TRUE(leftovers().empty());
    }
}

// SIGINT (and SIGTERM) during a bench of many points: exit 130, and a valid results file marked
// incomplete with the points measured so far (and the CSV beside it).
TEST_F(SafeOutput, InterruptedBenchKeepsThePointsMeasured) {
    std::string sizes;
    for (int i = 1; i <= 60; ++i) sizes += (i > 1 ? "," : "") + std::to_string(1000 * i);
    for (int signal : {SIGINT, SIGTERM}) {
        const std::string out = path("int.json"), csv = path("int.csv"), err = path("int.err");
        const pid_t child =
            spawn({"bench", "--suite",  "sizes", "--variants",   "contiguous", "--sizes",
                   sizes,   "--types",  "int32", "--ops",        "sum",        "--repeat",
                   "60",    "--warmup", "0",     "--no-ceiling", "--progress", "--out",
                   out,     "--csv",    csv},
                  err);
        ASSERT_GT(child, 0);
        // Wait until three points are measured, then interrupt. With 3 runs per point the whole
        // bench could end within one 50 ms look on a fast machine (CI saw it): 60 runs per
        // point and a look every 2 ms leave the signal most of the bench to land in.
        bool started = false;
        for (int i = 0; i < 30000 && !started; ++i) {
            started = slurp(err).find("[3/60]") != std::string::npos;
            if (!started) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        ASSERT_TRUE(started) << slurp(err);
        ::kill(child, signal);
        EXPECT_EQ(wait_exit_code(child), 130) << slurp(err);
        const std::string message = slurp(err);
        EXPECT_NE(message.find("marked incomplete"), std::string::npos) << message;
        const ResultsFile file = read_results(out);
        EXPECT_FALSE(file.complete);
        EXPECT_GE(file.points.size(), 3u);
        EXPECT_LT(file.points.size(), 60u) << "the signal came too late to test anything";
        for (const RunResult& p : file.points) EXPECT_TRUE(p.verified);
        const std::string rows = slurp(csv);
        EXPECT_EQ(static_cast<std::size_t>(std::count(rows.begin(), rows.end(), '\n')),
                  file.points.size() + 1);
        // report says so.
        const ProcessResult report = cli({"report", out});
        EXPECT_EQ(report.exit_code, 0) << report.err;
        EXPECT_NE(report.out.find("incomplete"), std::string::npos) << report.out;
        fs::remove(out);
        fs::remove(csv);
    }
}

}  // namespace
}  // namespace reducelab
