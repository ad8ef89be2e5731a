// User kernels isolated (issue 12): reducelab-cli runs the kernels of
// REDUCELAB_KERNEL_OVERRIDE_DIR in a child process with a watchdog, and reads only regular files
// of bounded size from that directory. Each case runs the real CLI as a process; before the
// sandbox, the endless kernel, the FIFO and the /dev/zero symlink hung and the out-of-bounds
// kernel killed the CLI without a word. CTest's TIMEOUT guards against a hang coming back.
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <csignal>
#include <thread>

#include <chrono>
#include <filesystem>
#include <fstream>

extern char** environ;

#include "cli.h"
#include "process.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using Env = std::map<std::string, std::string>;

std::string faults_dir(const std::string& name) {
    return std::string(HARDENING_SOURCE_DIR) + "/faults/" + name;
}

// A fresh directory for one case's override files.
fs::path override_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("reducelab_sandbox_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

struct Timed {
    test::ProcessResult result;
    double seconds = 0.0;
};

Timed run_cli(const std::vector<std::string>& args, const Env& env) {
    const auto start = std::chrono::steady_clock::now();
    Timed t;
    t.result = test::run_process(REDUCELAB_CLI, args, env);
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return t;
}

const std::vector<std::string> kRun{"run", "--variant", "contiguous", "--n", "4096"};

std::vector<std::string> run_with(std::initializer_list<std::string> extra) {
    std::vector<std::string> args = kRun;
    args.insert(args.end(), extra);
    return args;
}

TEST(Sandbox, EndlessKernelIsStoppedAtTheTimeout) {
    const Timed t = run_cli(run_with({"--timeout", "5"}),
                            {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("endless")}});
    EXPECT_EQ(t.result.exit_code, cli::kDeviceFailure) << t.result.err;
    EXPECT_NE(t.result.err.find("timeout of 5 s (--timeout 5)"), std::string::npos) << t.result.err;
    EXPECT_LT(t.seconds, 15.0);
}

TEST(Sandbox, InterruptReachesTheChild) {
    // Ctrl-C on the CLI (SIGINT to the parent, which the child's process group does not share)
    // ends the endless kernel's child too, with the usual exit 130.
    ::setenv("REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("endless").c_str(), 1);
    std::vector<std::string> args{REDUCELAB_CLI, "run",  "--variant", "contiguous",
                                  "--n",         "4096", "--timeout", "0"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    ASSERT_EQ(::posix_spawn(&pid, REDUCELAB_CLI, nullptr, nullptr, argv.data(), environ), 0);
    ::unsetenv("REDUCELAB_KERNEL_OVERRIDE_DIR");
    std::this_thread::sleep_for(std::chrono::seconds(2));
    ::kill(pid, SIGINT);
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    pid_t done = 0;
    while ((done = ::waitpid(pid, &status, WNOHANG)) == 0 &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (done == 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        FAIL() << "the CLI did not end within 20 s of SIGINT";
    }
    ASSERT_TRUE(WIFEXITED(status)) << "signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), cli::kCancelled);
}

TEST(Sandbox, TimeoutIsCheckedAsAnOption) {
    for (const std::string bad : {"-1", "soon", "inf", "nan"}) {
        const Timed t = run_cli(run_with({"--timeout", bad}),
                                {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("endless")}});
        EXPECT_EQ(t.result.exit_code, cli::kUsage) << bad << ": " << t.result.err;
        EXPECT_NE(t.result.err.find("--timeout"), std::string::npos) << t.result.err;
    }
}

TEST(Sandbox, KernelWritingFarPastItsBufferIsReportedByItsSignal) {
    const Timed t = run_cli(run_with({"--timeout", "30"}),
                            {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("out_of_bounds")}});
    EXPECT_EQ(t.result.exit_code, cli::kDeviceFailure) << t.result.err;
    EXPECT_NE(t.result.err.find("crashed with signal"), std::string::npos) << t.result.err;
}

TEST(Sandbox, CrashNamesTheSignal) {
    // The test hook raises the signal in the child before it does anything.
    for (const auto& [number, name] : {std::pair{11, "Segmentation fault"}, {6, "Aborted"}}) {
        const Timed t = run_cli(kRun, {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("broken")},
                                       {"REDUCELAB_SANDBOX_TEST_SIGNAL", std::to_string(number)}});
        EXPECT_EQ(t.result.exit_code, cli::kDeviceFailure) << t.result.err;
        EXPECT_NE(t.result.err.find("signal " + std::to_string(number) + " (" + name + ")"),
                  std::string::npos)
            << t.result.err;
    }
}

TEST(Sandbox, MacroBombEndsWithExit4) {
    const Timed t = run_cli(run_with({"--timeout", "5"}),
                            {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("macro_bomb")}});
    EXPECT_EQ(t.result.exit_code, cli::kDeviceFailure) << t.result.err;
    EXPECT_LT(t.seconds, 15.0);
}

TEST(Sandbox, ChildOutputAndExitCodePassThrough) {
    // A kernel that does not build: exit 4 and its build log, as without the sandbox.
    Timed t = run_cli(kRun, {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("broken")}});
    EXPECT_EQ(t.result.exit_code, cli::kDeviceFailure) << t.result.err;
    EXPECT_NE(t.result.err.find("this_identifier_is_not_declared"), std::string::npos);
    // An override directory without the file: the catalog's kernel, verified, on stdout.
    const fs::path empty = override_dir("empty");
    t = run_cli(kRun, {{"REDUCELAB_KERNEL_OVERRIDE_DIR", empty.string()}});
    EXPECT_EQ(t.result.exit_code, cli::kOk) << t.result.err;
    EXPECT_NE(t.result.out.find("verified"), std::string::npos) << t.result.out;
}

// Files in the override directory: each refused with exit 6 and a line naming it and why.
void expect_refused(const fs::path& dir, const std::string& why) {
    const Timed t = run_cli(kRun, {{"REDUCELAB_KERNEL_OVERRIDE_DIR", dir.string()}});
    EXPECT_EQ(t.result.exit_code, cli::kIoError) << t.result.err;
    EXPECT_NE(t.result.err.find((dir / "common.cl").string()), std::string::npos) << t.result.err;
    EXPECT_NE(t.result.err.find(why), std::string::npos) << t.result.err;
    EXPECT_LT(t.seconds, 30.0);
}

TEST(Sandbox, FifoInTheOverrideDirectoryIsRefused) {
    const fs::path dir = override_dir("fifo");
    ASSERT_EQ(::mkfifo((dir / "common.cl").c_str(), 0600), 0);
    expect_refused(dir, "is a FIFO");
}

TEST(Sandbox, SymlinkToADeviceIsRefused) {
    const fs::path dir = override_dir("dev_zero");
    fs::create_symlink("/dev/zero", dir / "common.cl");
    expect_refused(dir, "is a character device");
}

TEST(Sandbox, OversizedFileIsRefused) {
    const fs::path dir = override_dir("oversized");
    std::ofstream(dir / "common.cl") << std::string(1024 * 1024 + 1, ' ');
    expect_refused(dir, "larger than the 1024 KiB limit");
}

TEST(Sandbox, DanglingSymlinkIsRefused) {
    const fs::path dir = override_dir("dangling");
    fs::create_symlink(dir / "nowhere.cl", dir / "common.cl");
    expect_refused(dir, "a symlink to nothing");
}

TEST(Sandbox, SymlinkToARegularFileIsRead) {
    const fs::path dir = override_dir("link");
    fs::create_symlink(faults_dir("broken") + "/contiguous.cl", dir / "contiguous.cl");
    const Timed t = run_cli(kRun, {{"REDUCELAB_KERNEL_OVERRIDE_DIR", dir.string()}});
    EXPECT_EQ(t.result.exit_code, cli::kDeviceFailure) << t.result.err;
    EXPECT_NE(t.result.err.find("this_identifier_is_not_declared"), std::string::npos);
}

}  // namespace
}  // namespace reducelab
