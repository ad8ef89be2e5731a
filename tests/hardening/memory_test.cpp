// Bounded memory through reducelab-cli as a process (docs/hardening-limits.md): exports above
// their cap are refused with exit 2, the estimate and the option that narrows it; sessions above
// the round, work-group and JSON-value caps are refused (exit 2) before they are read into
// memory; the strict session reader refuses duplicate keys and integer cells that are not
// integers of their type (exit 6); and under an address-space limit (RLIMIT_AS, set in the child
// before exec) replay and run exit 4 naming the memory, never SIGABRT. The limits are found from
// what a small command needs on this machine, so that the cases stay small on a CI machine.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"
#include "process.h"
#include "reducelab/memory_limits.h"
#include "reducelab/trace_types.h"

// AddressSanitizer reserves terabytes of address space for its shadow memory, so a sanitized
// program cannot start under any RLIMIT_AS: the address-space cases run in the other builds.
#if defined(__SANITIZE_ADDRESS__)
#define REDUCELAB_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define REDUCELAB_ADDRESS_SANITIZER 1
#endif
#endif
#ifdef REDUCELAB_ADDRESS_SANITIZER
#define SKIP_UNDER_ADDRESS_SANITIZER() \
    GTEST_SKIP() << "AddressSanitizer cannot run under an address-space limit"
#else
#define SKIP_UNDER_ADDRESS_SANITIZER() static_cast<void>(0)
#endif

extern char** environ;

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read_whole_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// `program` (reducelab-cli) with RLIMIT_AS set to `address_space` bytes in the child before exec,
// and `extra_env` added to the environment. A child still running after kHangGuardSeconds (the
// GUI, had it opened the file) is killed: its exit code is then 128 + SIGKILL.
constexpr int kHangGuardSeconds = 300;
test::ProcessResult run_limited(const std::vector<std::string>& args, std::uint64_t address_space,
                                const std::map<std::string, std::string>& extra_env,
                                const fs::path& dir, const std::string& program = REDUCELAB_CLI) {
    std::vector<std::string> argv_storage{program};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::map<std::string, std::string> merged;
    for (char** e = environ; *e; ++e) {
        const std::string entry(*e);
        if (const auto eq = entry.find('='); eq != std::string::npos)
            merged[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    for (const auto& [key, value] : extra_env) merged[key] = value;
    std::vector<std::string> env_storage;
    for (const auto& [key, value] : merged) env_storage.push_back(key + "=" + value);
    std::vector<char*> envp;
    for (std::string& e : env_storage) envp.push_back(e.data());
    envp.push_back(nullptr);
    const std::string out_path = (dir / "limited.out").string();
    const std::string err_path = (dir / "limited.err").string();

    test::ProcessResult result;
    const pid_t pid = ::fork();
    if (pid == 0) {  // only async-signal-safe calls until exec
        const rlimit limit{address_space, address_space};
        const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0 || err < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0 ||
            ::setrlimit(RLIMIT_AS, &limit) != 0)
            ::_exit(127);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    if (pid < 0) {
        result.err = "fork failed";
        return result;
    }
    int status = 0;
    for (int polls = 0; ::waitpid(pid, &status, WNOHANG) == 0; ++polls) {
        if (polls == 10 * kHangGuardSeconds) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        ::usleep(100000);
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = read_whole_file(out_path);
    result.err = read_whole_file(err_path);
    return result;
}

class Memory : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("reducelab-memory-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "no-icd");
    }
    void TearDown() override { fs::remove_all(dir_); }

    test::ProcessResult cli(const std::vector<std::string>& args) {
        return test::run_process(REDUCELAB_CLI, args);
    }
    // replay needs no OpenCL driver: none is found.
    std::map<std::string, std::string> no_driver() const {
        return {{"OCL_ICD_VENDORS", (dir_ / "no-icd").string()}};
    }
    test::ProcessResult replay(const fs::path& session) {
        return test::run_process(
            REDUCELAB_CLI, {"replay", session.string(), "--export", (dir_ / "r.html").string()},
            no_driver());
    }
    // A traced session of `args` (trace --export), as JSON.
    json traced_session(const std::vector<std::string>& args) {
        const fs::path path = dir_ / "traced.reducelab";
        std::vector<std::string> full{"trace", "--export", path.string()};
        full.insert(full.end(), args.begin(), args.end());
        const test::ProcessResult r = cli(full);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return json::parse(read_whole_file(path));
    }
    fs::path write(const std::string& name, const std::string& text) {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    // The smallest address-space limit, doubling from 32 MiB, under which `args` succeeds here.
    std::uint64_t smallest_working_limit(const std::vector<std::string>& args,
                                         const std::map<std::string, std::string>& env,
                                         const std::string& program = REDUCELAB_CLI) {
        for (std::uint64_t limit = std::uint64_t{32} << 20; limit <= std::uint64_t{16} << 30;
             limit *= 2)
            if (run_limited(args, limit, env, dir_, program).exit_code == 0) return limit;
        ADD_FAILURE() << "no address-space limit up to 16 GiB lets the command run";
        return 0;
    }
    static void expect_one_error_line(const test::ProcessResult& r) {
        // One line per case for the catalogue's tally (scripts/hardening-tally.sh).
        std::printf("catalogue case Memory%s: exit %d\n",
                    ::testing::UnitTest::GetInstance()->current_test_info()->name(), r.exit_code);
        EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find("terminate called"), std::string::npos) << r.err;
        EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    fs::path dir_;
};

// The reproducer: every work-group at local size 1024 as GIF frames of 96-pixel cells would be
// tens of gigapixels. Refused with exit 2, the estimate and the options, and nothing written.
TEST_F(Memory, AllGroupsGifAboveTheCapIsRefusedWithTheEstimateAndTheOption) {
    const fs::path html = dir_ / "x.html", gif = dir_ / "x.gif";
    const test::ProcessResult r =
        cli({"trace", "--local-size", "1024", "--n", "65536", "--all-groups", "--export",
             html.string(), "--export", gif.string(), "--gif-cell-size", "96"});
    EXPECT_EQ(r.exit_code, cli::kUsage) << r.err;
    expect_one_error_line(r);
    EXPECT_NE(r.err.find("pixels"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(std::to_string(kMaxGifPixels)), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--group"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--gif-cell-size"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(html)) << "an export was written before the GIF was refused";
    EXPECT_FALSE(fs::exists(gif));
}

// Without the GIF the same trace fits the HTML cap, and a small GIF is still written.
TEST_F(Memory, TheSameTraceWithoutTheGifAndASmallGifAreWritten) {
    const fs::path html = dir_ / "x.html", gif = dir_ / "small.gif";
    const test::ProcessResult all = cli({"trace", "--local-size", "1024", "--n", "65536",
                                         "--all-groups", "--export", html.string()});
    EXPECT_EQ(all.exit_code, 0) << all.err;
    EXPECT_NE(read_whole_file(html).find("replay-data"), std::string::npos);
    const test::ProcessResult small =
        cli({"trace", "--local-size", "16", "--n", "64", "--all-groups", "--export", gif.string(),
             "--gif-cell-size", "8"});
    EXPECT_EQ(small.exit_code, 0) << small.err;
    EXPECT_EQ(read_whole_file(gif).substr(0, 6), "GIF89a");
}

// More rounds in a work-group than step mode records, and more work-groups than it traces: the
// documented caps, exit 2, naming the count and the cap.
TEST_F(Memory, SessionsAboveTheRoundAndGroupCapsAreRefused) {
    const json good = traced_session({"--local-size", "8"});
    const std::size_t max_rounds = max_traced_rounds(8);
    json many_rounds = good;
    json& rounds = many_rounds["traces"][0]["groups"][0]["rounds"];
    while (rounds.size() <= max_rounds) rounds.push_back(rounds[0]);
    json many_groups = good;
    json& groups = many_groups["traces"][0]["groups"];
    while (groups.size() <= kMaxTracedGroups) groups.push_back(groups[0]);

    const test::ProcessResult r_rounds = replay(write("rounds.reducelab", many_rounds.dump()));
    EXPECT_EQ(r_rounds.exit_code, cli::kUsage) << r_rounds.err;
    expect_one_error_line(r_rounds);
    EXPECT_NE(r_rounds.err.find(std::to_string(max_rounds + 1) + " rounds, above the cap of " +
                                std::to_string(max_rounds)),
              std::string::npos)
        << r_rounds.err;

    const test::ProcessResult r_groups = replay(write("groups.reducelab", many_groups.dump()));
    EXPECT_EQ(r_groups.exit_code, cli::kUsage) << r_groups.err;
    expect_one_error_line(r_groups);
    EXPECT_NE(
        r_groups.err.find(std::to_string(kMaxTracedGroups + 1) + " work-groups, above the cap of " +
                          std::to_string(kMaxTracedGroups)),
        std::string::npos)
        << r_groups.err;
    EXPECT_FALSE(fs::exists(dir_ / "r.html"));
}

// One JSON value more than the cap (2 bytes a value on disk, in the scratch folder), refused
// with exit 2 before the document is built: under an address-space limit far below what the
// document would take, it is still the cap's refusal and not an allocation failure.
TEST_F(Memory, ASessionAboveTheValueCapIsRefusedBeforeItIsRead) {
    SKIP_UNDER_ADDRESS_SANITIZER();
    std::string text = "[";
    text.reserve(2 * kMaxSessionJsonValues + 2);
    for (std::uint64_t i = 0; i < kMaxSessionJsonValues; ++i) text += "0,";
    text.back() = ']';  // the array and its values: one above the cap
    const fs::path path = write("values.reducelab", text);
    text = {};

    const std::vector<std::string> small_replay{
        "replay", write("good.reducelab", traced_session({"--local-size", "8"}).dump()).string(),
        "--export", (dir_ / "good.html").string()};
    // The document of 2^24 values would take at least 16 bytes each (256 MiB); allow 64 MiB more
    // than a small replay needs.
    const std::uint64_t limit = smallest_working_limit(small_replay, no_driver()) + (64u << 20);
    const test::ProcessResult r =
        run_limited({"replay", path.string(), "--export", (dir_ / "r.html").string()}, limit,
                    no_driver(), dir_);
    EXPECT_EQ(r.exit_code, cli::kUsage) << r.err;
    expect_one_error_line(r);
    EXPECT_NE(r.err.find("more than " + std::to_string(kMaxSessionJsonValues) + " JSON values"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "r.html"));
}

// The strict reader: a key twice in one object (nlohmann::json would keep the last one), and
// integer cells that are no int32 (1.5, 1e30, 2^31) in a trace whose accumulator is int32.
TEST_F(Memory, StrictSessionReaderRefusesDuplicateKeysAndBadIntegerCells) {
    const json good = traced_session({"--local-size", "8", "--op", "max"});
    ASSERT_EQ(good["traces"][0]["accumulator"], "int32");
    ASSERT_EQ(replay(write("good.reducelab", good.dump())).exit_code, 0);

    std::string duplicated = good.dump();
    duplicated.insert(1, R"("format":"reducelab-session",)");
    const test::ProcessResult r_dup = replay(write("dup.reducelab", duplicated));
    EXPECT_EQ(r_dup.exit_code, cli::kIoError) << r_dup.err;
    expect_one_error_line(r_dup);
    EXPECT_NE(r_dup.err.find("duplicate key 'format'"), std::string::npos) << r_dup.err;

    for (const std::string cell : {"1.5", "1e30", "2147483648", "-2147483649"}) {
        json bad = good;
        bad["traces"][0]["groups"][0]["rounds"][0]["values"][0] = json::parse(cell);
        const test::ProcessResult r = replay(write("cell.reducelab", bad.dump()));
        EXPECT_EQ(r.exit_code, cli::kIoError) << cell << ": " << r.err;
        expect_one_error_line(r);
        EXPECT_NE(r.err.find("rounds[0].values[0]"), std::string::npos) << cell << ": " << r.err;
    }
}

// A replay whose session does not fit the address space left: exit 4 naming what was being
// allocated, not std::terminate's SIGABRT (nlohmann::json's destructor allocates as it unwinds).
TEST_F(Memory, ReplayUnderAnAddressSpaceLimitExitsFourNamingTheMemory) {
    SKIP_UNDER_ADDRESS_SANITIZER();
    const json big = traced_session({"--local-size", "1024", "--n", "65536", "--all-groups"});
    const fs::path big_path = write("big.reducelab", big.dump());
    const std::vector<std::string> small_replay{
        "replay", write("good.reducelab", traced_session({"--local-size", "8"}).dump()).string(),
        "--export", (dir_ / "good.html").string()};
    const std::uint64_t limit = smallest_working_limit(small_replay, no_driver()) + (32u << 20);
    for (const std::string format : {"html", "gif"}) {
        const test::ProcessResult r = run_limited(
            {"replay", big_path.string(), "--export", (dir_ / ("r." + format)).string()}, limit,
            no_driver(), dir_);
        EXPECT_EQ(r.exit_code, cli::kDeviceFailure) << format << ": " << r.err;
        expect_one_error_line(r);
        EXPECT_NE(r.err.find("out of memory while"), std::string::npos) << format << ": " << r.err;
    }
}

// The GUI's top-level handler: opening the same session at start under a limit that lets the
// app start (offscreen, no OpenCL driver, a scratch home) ends with one "out of memory while"
// line and exit 4, not SIGABRT.
TEST_F(Memory, GuiOpeningASessionThatDoesNotFitExitsFourNamingTheMemory) {
    SKIP_UNDER_ADDRESS_SANITIZER();
#ifndef REDUCELAB_GUI
    GTEST_SKIP() << "built without the GUI";
#else
    const json big = traced_session({"--local-size", "1024", "--n", "65536", "--all-groups"});
    const fs::path big_path = write("big.reducelab", big.dump());
    fs::create_directories(dir_ / "home");
    std::map<std::string, std::string> env = no_driver();
    env["QT_QPA_PLATFORM"] = "offscreen";
    env["HOME"] = (dir_ / "home").string();
    env["XDG_CONFIG_HOME"] = (dir_ / "home" / "config").string();
    env["XDG_DATA_HOME"] = (dir_ / "home" / "data").string();
    const std::uint64_t limit =
        smallest_working_limit({"--version"}, env, REDUCELAB_GUI) + (64u << 20);
    const test::ProcessResult r = run_limited({big_path.string()}, limit, env, dir_, REDUCELAB_GUI);
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_EQ(r.err.find("terminate called"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("reducelab: error: out of memory while reading"), std::string::npos)
        << r.err;
#endif
}

// A run whose input is larger than the address space left: refused before the driver is handed
// it (PoCL asserts when it cannot get a buffer), exit 4 naming the host memory and --n.
TEST_F(Memory, RunAboveTheAddressSpaceLimitExitsFourBeforeTheDriverAborts) {
    SKIP_UNDER_ADDRESS_SANITIZER();
    const std::uint64_t limit = 2 * smallest_working_limit({"run", "--n", "1000"}, {});
    ASSERT_GT(limit, 0u);
    // int32 elements filling the whole limit: no device type fits them in what is left.
    const std::uint64_t n = limit / 4;
    const test::ProcessResult r = run_limited({"run", "--n", std::to_string(n)}, limit, {}, dir_);
    EXPECT_EQ(r.exit_code, cli::kDeviceFailure) << r.err;
    expect_one_error_line(r);
    EXPECT_NE(r.err.find("of host memory"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("RLIMIT_AS"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--n"), std::string::npos) << r.err;

    // On a CPU device the buffers are host memory too: an input of half the limit is made on the
    // host, and the driver's copy of it would not fit (PoCL asserted there).
    const test::ProcessResult devices = cli({"devices", "--json"});
    ASSERT_EQ(devices.exit_code, 0) << devices.err;
    const json listed = json::parse(devices.out);
    bool cpu = false;
    for (const json& device : listed["devices"])
        if (device["index"] == listed["selected"]) cpu = device["type"] == "CPU";
    if (!cpu) return;
    const test::ProcessResult half =
        run_limited({"run", "--n", std::to_string(limit / 8)}, limit, {}, dir_);
    EXPECT_EQ(half.exit_code, cli::kDeviceFailure) << half.err;
    expect_one_error_line(half);
    EXPECT_NE(half.err.find("the CPU device's copy"), std::string::npos) << half.err;
}

}  // namespace
}  // namespace reducelab
