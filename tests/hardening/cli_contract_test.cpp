// The exit-code contract (docs/cli.md, "Files, interrupts and exit codes") under a hostile user:
// empty paths, numbers with spaces, lists of nothing, control characters in paths, options the
// command would ignore, devices named twice, and failures that must say what failed in one line.
// Each case ran with a wrong exit code or a wrong or missing line before its fix.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "process.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using Env = std::map<std::string, std::string>;

fs::path temp(const std::string& name) {
    return fs::temp_directory_path() / ("reducelab_cli_contract_" + name);
}

void write_file(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs the CLI in `dir` (so that a default output file would land there) and checks the exit
// code, one line on stderr and a fragment of it.
test::ProcessResult expect_refusal(const std::vector<std::string>& args, int code,
                                   const std::string& fragment, const Env& env = {}) {
    const test::ProcessResult r = test::run_process(REDUCELAB_CLI, args, env);
    std::string shown;
    for (const auto& a : args) shown += " '" + a + "'";
    // One line per case for the catalogue's tally (scripts/hardening-tally.sh).
    std::printf("catalogue case Contract%s:%s (exit %d)\n",
                ::testing::UnitTest::GetInstance()->current_test_info()->name(), shown.c_str(),
                code);
    EXPECT_EQ(r.exit_code, code) << shown << "\nstderr: " << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << shown << "\nstderr: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << "\nstderr: " << r.err;
    return r;
}

const std::vector<std::string> kQuickBench{
    "bench", "--suite", "sizes",    "--sizes", "1K",       "--types", "int32",
    "--ops", "sum",     "--repeat", "1",       "--warmup", "0",       "--no-ceiling"};

std::vector<std::string> with(std::vector<std::string> base,
                              std::initializer_list<std::string> extra) {
    base.insert(base.end(), extra);
    return base;
}

// a. An empty value is given, not absent: every path option refuses it (bench --out '' wrote
// ./bench-sizes.json and --csv '' wrote nothing, both with exit 0).
TEST(CliContract, EmptyPathsAreRefused) {
    const fs::path cwd = fs::current_path();
    const fs::path dir = temp("empty_paths");
    fs::create_directories(dir);
    fs::current_path(dir);
    for (const auto& [args, option] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {with(kQuickBench, {"--out", ""}), "--out"},
             {with(kQuickBench, {"--csv", ""}), "--csv"},
             {with(kQuickBench, {"--host-baseline", ""}), "--host-baseline"},
             {{"tune", "--sizes", "1K", "--out", ""}, "--out"},
             {{"tune", "--sizes", "1K", "--points", ""}, "--points"},
             {{"run", "--input", ""}, "--input"},
             {{"run", "--op", "dot", "--n", "8", "--input2", ""}, "--input2"},
             {{"determinism", "--input", ""}, "--input"},
             {{"trace", "--input", ""}, "--input"},
             {{"trace", "--export", ""}, "--export"},
             {{"report", ""}, "files"},
             {{"report", "x.json", "--compare", ""}, "--compare"},
             {{"replay", "", "--export", "x.html"}, "session"},
         })
        expect_refusal(args, cli::kUsage, option + ": an empty path");
    EXPECT_TRUE(fs::is_empty(dir)) << "a refused command wrote a file in " << dir;
    fs::current_path(cwd);
    fs::remove_all(dir);
}

// b. A space inside a number is refused (it was dropped: "1 000" ran as 1000), spaces around
// + and - stay allowed.
TEST(CliContract, SpacesInsideNumbersAreRefused) {
    for (const std::string n : {"1 000", "10 0", "2^ 20"})
        expect_refusal({"run", "--n", n}, cli::kUsage, "--n: '" + n + "' is not a size: a space");
    expect_refusal(with(kQuickBench, {"--local-sizes", "6 4"}), cli::kUsage, "--local-sizes");
    const test::ProcessResult r = test::run_process(REDUCELAB_CLI, {"run", "--n", " 2^10 - 1 "});
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

// c. A list of nothing names its own option (--sizes ,, took the next argument and blamed it).
TEST(CliContract, AListOfNothingNamesItsOption) {
    const fs::path out = temp("list_of_nothing.json");
    expect_refusal({"bench", "--suite", "sizes", "--sizes", ",,", "--out", out.string()},
                   cli::kUsage, "--sizes: ',,' lists nothing");
    expect_refusal({"bench", "--suite", "sizes", "--sizes=,", "--out", out.string()}, cli::kUsage,
                   "--sizes: ',' lists nothing");
    expect_refusal({"tune", "--local-sizes", ",", "--out", out.string()}, cli::kUsage,
                   "--local-sizes");
    expect_refusal({"run", "--n", "8", "--timing", ","}, cli::kUsage, "--timing");
    EXPECT_FALSE(fs::exists(out));
}

// d. Every line on stderr is one line, also when a path holds a newline.
TEST(CliContract, PathsWithNewlinesStayOnOneLine) {
    const fs::path dir = temp("newline\ndir");
    fs::create_directories(dir);
    const fs::path html = dir / "replay\n.html";
    const test::ProcessResult r =
        test::run_process(REDUCELAB_CLI, {"trace", "--local-size", "4", "--export", html.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("newline\\ndir/replay\\n.html"), std::string::npos) << r.err;
    expect_refusal({"report", (dir / "missing\nfile.json").string()}, cli::kIoError,
                   "missing\\nfile.json");
    fs::remove_all(dir);
}

// e. --input2 is dot's: any other operation refuses it (a missing file was ignored, exit 0).
TEST(CliContract, SecondInputOnlyForDot) {
    expect_refusal({"run", "--n", "8", "--input2", "/nonexistent/b.npy"}, cli::kUsage,
                   "--input2 is dot's second input; --op sum");
    expect_refusal({"determinism", "--op", "max", "--n", "8", "--input2", "/nonexistent/b.npy"},
                   cli::kUsage, "--op max reads one input");
    expect_refusal({"run", "--op", "dot", "--n", "8", "--input2", "/nonexistent/b.npy"},
                   cli::kIoError, "/nonexistent/b.npy");
}

// f. trace checks the local size against the device before sizing its input from it, as run
// does (2^40 was a 4096 GiB input, exit 4).
TEST(CliContract, TraceLocalSizeIsCheckedLikeRun) {
    for (const std::string command : {"run", "trace"}) {
        std::vector<std::string> args{command, "--local-size", "2^40"};
        if (command == "run") args.insert(args.end(), {"--n", "1000"});
        expect_refusal(args, cli::kUsage, "local size 1099511627776 is above the maximum of");
    }
}

// g. One device named twice is refused: its bits counted twice made one device
// "device-invariant".
TEST(CliContract, DeterminismRefusesADeviceNamedTwice) {
    expect_refusal({"determinism", "--n", "1K", "--devices", "0,0"}, cli::kUsage,
                   "twice, as '0' and '0'");
    expect_refusal({"determinism", "--n", "1K", "--devices", "0,cpu"}, cli::kUsage,
                   "twice, as '0' and 'cpu'");
}

// The catalog's best kernel with every work-group's sum replaced by the identity: every
// candidate runs and none verifies.
fs::path broken_best_dir() {
    const fs::path dir = temp("broken_best");
    fs::create_directories(dir);
    std::string text = read_text(fs::path(REDUCELAB_KERNEL_DIR) / "best.cl");
    const std::string from = "acc = group_reduce(acc, scratch);\n\n    if (groups == 1) {";
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "best.cl no longer contains: " << from;
    if (at != std::string::npos)
        text.replace(
            at, from.size(),
            "acc = group_reduce(acc, scratch);\n    acc = IDENTITY;\n    if (groups == 1) {");
    write_file(dir / "best.cl", text);
    return dir;
}

// h. tune where every candidate is wrong: exit 1 (a result did not verify), not 3, and no file.
TEST(CliContract, TuneWithNoVerifiedCandidateIsExit1) {
    const fs::path dir = broken_best_dir();
    const fs::path out = temp("broken_tuning.json");
    fs::remove(out);
    expect_refusal({"tune", "--types", "int32", "--sizes", "4K", "--local-sizes", "64",
                    "--groups-per-cu", "1,2", "--vector-widths", "1", "--unrolls", "1", "--layouts",
                    "strided", "--repeat", "1", "--out", out.string()},
                   cli::kNotVerified, "no candidate of the best variant verified for int32 sum",
                   {{"REDUCELAB_KERNEL_OVERRIDE_DIR", dir.string()}});
    EXPECT_FALSE(fs::exists(out));
    fs::remove_all(dir);
}

// i. bench whose points do not verify says so on stderr (it exited 1 silently).
TEST(CliContract, BenchMismatchesAreNamed) {
    const fs::path dir = broken_best_dir();
    const fs::path out = temp("broken_bench.json");
    expect_refusal({"bench", "--suite", "sizes", "--variants", "best", "--types", "int32", "--ops",
                    "sum", "--sizes", "4K,8K", "--repeat", "1", "--warmup", "0", "--no-ceiling",
                    "--out", out.string()},
                   cli::kNotVerified,
                   "2 of 2 points did not match the CPU reference (best int32 sum n=4096",
                   {{"REDUCELAB_KERNEL_OVERRIDE_DIR", dir.string()}});
    fs::remove(out);
    fs::remove_all(dir);
}

// j. report keeps hostile names from a results file inside their cell: no new cell, no heading,
// no raw HTML, and no row cut at 256 characters.
TEST(CliContract, ReportEscapesNamesAndNeverCuts) {
    const fs::path file = temp("hostile_results.json");
    const test::ProcessResult bench = test::run_process(
        REDUCELAB_CLI, {"bench", "--suite", "sizes", "--variants", "contiguous", "--types", "int32",
                        "--ops", "sum", "--sizes", "1K", "--repeat", "1", "--warmup", "0",
                        "--no-ceiling", "--out", file.string()});
    ASSERT_EQ(bench.exit_code, 0) << bench.err;
    const std::string long_tail(300, 'v');
    const std::string hostile = "a|b\n# Injected <script>alert(1)</script> " + long_tail;
    nlohmann::json results = nlohmann::json::parse(read_text(file));
    results["device"]["name"] = hostile;
    for (auto& point : results["points"]) {
        point["variant"] = hostile;
        point["launched"]["variant"] = hostile;
    }
    write_file(file, results.dump());

    const test::ProcessResult r = test::run_process(REDUCELAB_CLI, {"report", file.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("<script"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("&lt;script&gt;"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\n# Injected"), std::string::npos) << "a heading was injected:\n"
                                                             << r.out;
    std::istringstream lines(r.out);
    std::size_t rows = 0;
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("| ")) continue;
        // The header's cells: every row has as many unescaped '|' as the header.
        std::size_t bars = 0;
        for (std::size_t i = 0; i < line.size(); ++i)
            bars += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
        EXPECT_EQ(bars, 13u) << line;
        if (line.find(long_tail) != std::string::npos) ++rows;
    }
    EXPECT_EQ(rows, 1u) << "the variant's row lost its name or was cut:\n" << r.out;
    fs::remove(file);
}

// k. A POCL_CACHE_DIR PoCL cannot use is the documented exit 5 with a line naming the variable,
// checked before any build (a file or /proc listed the device and failed every build: exit 4
// with an empty build log). An empty POCL_CACHE_DIR counts as unset on every PoCL.
TEST(CliContract, UnusablePoclCacheIsExit5) {
    const fs::path file = temp("cache_is_a_file");
    write_file(file, "x");
    for (const std::string& dir : {file.string(), std::string("/proc"), file.string() + "/sub"})
        for (const std::string command : {"run", "trace"})
            expect_refusal({command, "--n", "64"}, cli::kNoPlatform,
                           "kernel cache " + dir + " (from $POCL_CACHE_DIR)",
                           {{"POCL_CACHE_DIR", dir}});
    const test::ProcessResult r =
        test::run_process(REDUCELAB_CLI, {"run", "--n", "64"}, {{"POCL_CACHE_DIR", ""}});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    fs::remove(file);
}

// The CLI with its standard output on `stdout_fd` (the write end of a pipe whose reader is gone,
// or /dev/full), SIGPIPE at its default as a shell leaves it: the CLI must ignore it itself.
test::ProcessResult run_with_standard_output(const std::vector<std::string>& args, int stdout_fd) {
    const fs::path err_path = temp("standard_output_stderr");
    std::vector<std::string> words{REDUCELAB_CLI};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(stdout_fd, 1);
        const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(err_fd, 2);
        ::signal(SIGPIPE, SIG_DFL);
        ::execv(REDUCELAB_CLI, argv.data());
        ::_exit(127);
    }
    test::ProcessResult r;
    int status = 0;
    ::waitpid(pid, &status, 0);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.err = read_text(err_path);
    fs::remove(err_path);
    return r;
}

// A reader that went away (`reducelab-cli variants --json | true`) and a full disk under standard
// output are write errors: exit 6 and one line, for every command that prints, --help and
// --version included (they died of SIGPIPE, 141, or exited 0 having written nothing).
TEST(CliContract, StandardOutputGoneOrFullIsExit6ForEveryCommand) {
    const std::vector<std::vector<std::string>> commands{
        {"devices"},
        {"devices", "--json"},
        {"variants"},
        {"variants", "--json"},
        {"presets"},
        {"run", "--n", "1000"},
        {"run", "--n", "1000", "--json"},
        {"trace", "--variant", "interleaved", "--local-size", "8"},
        {"completion", "bash"},
        {"--help"},
        {"--help-all"},
        {"--version"},
        {"run", "--help"},
        {"trace", "--help"},
    };
    for (const auto& args : commands) {
        std::string shown;
        for (const auto& a : args) shown += " '" + a + "'";
        int fds[2];
        ASSERT_EQ(::pipe(fds), 0);
        ::close(fds[0]);  // the reader is gone before the first write
        const test::ProcessResult gone = run_with_standard_output(args, fds[1]);
        ::close(fds[1]);
        const int full_fd = ::open("/dev/full", O_WRONLY);
        ASSERT_GE(full_fd, 0);
        const test::ProcessResult full = run_with_standard_output(args, full_fd);
        ::close(full_fd);
        for (const auto& [r, where, reason] :
             {std::tuple{gone, "a closed pipe", "Broken pipe"},
              std::tuple{full, "/dev/full", "No space left on device"}}) {
            // One line per case for the catalogue's tally (scripts/hardening-tally.sh).
            std::printf("catalogue case ContractStandardOutput:%s > %s (exit 6)\n", shown.c_str(),
                        where);
            EXPECT_EQ(r.exit_code, 6) << shown << " > " << where << "\nstderr: " << r.err;
            EXPECT_NE(r.err.find(std::string("error: writing standard output: ") + reason),
                      std::string::npos)
                << shown << " > " << where << "\nstderr: " << r.err;
            EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1)
                << shown << " > " << where << "\nstderr: " << r.err;
        }
    }
}

}  // namespace
}  // namespace reducelab
