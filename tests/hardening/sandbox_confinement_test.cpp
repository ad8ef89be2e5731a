// The sandbox's bounds (docs/sandbox.md), through the real CLI as a process: the child that runs
// the user's kernels dies with the CLI however the CLI ends, and a user kernel reads no file
// outside its folder. Before these bounds, SIGKILL on the CLI left the endless kernel's child
// spinning under PID 1, and `#include "/etc/shadow"` (or a path relative to the working
// directory) put that file's lines into the build log.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "cli.h"
#include "process.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "test_device.h"

extern char** environ;

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using Env = std::map<std::string, std::string>;

// Only bounds a poll, so that a failure ends instead of hanging: the checks are that things
// happen, not how fast.
constexpr auto kPollLimit = std::chrono::seconds(60);

const std::vector<std::string> kRun{"run", "--variant", "contiguous", "--n", "4096"};

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("reducelab_confine_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string catalog_contiguous() {
    return std::string(kernel_source("contiguous.cl"));
}

void write(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// ---- The child dies with the CLI -------------------------------------------------------------

// The parent process id in /proc/PID/stat (after the command name, which may hold spaces).
std::optional<pid_t> parent_of(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t close = stat.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    std::istringstream rest(stat.substr(close + 1));
    char state = 0;
    pid_t parent = 0;
    if (!(rest >> state >> parent)) return std::nullopt;
    return parent;
}

std::optional<pid_t> child_of(pid_t parent) {
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        const pid_t pid = static_cast<pid_t>(std::stol(name));
        if (parent_of(pid) == parent) return pid;
    }
    return std::nullopt;
}

pid_t spawn_cli(std::vector<std::string> args, const std::string& override_dir) {
    args.insert(args.begin(), REDUCELAB_CLI);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::setenv("REDUCELAB_KERNEL_OVERRIDE_DIR", override_dir.c_str(), 1);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, REDUCELAB_CLI, &files, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&files);
    ::unsetenv("REDUCELAB_KERNEL_OVERRIDE_DIR");
    return spawned == 0 ? pid : -1;
}

void expect_child_ends_with_the_cli(const std::string& timeout) {
    // The orphan comes to this process instead of PID 1, so that it can be reaped and seen gone
    // (a zombie under a PID 1 that never reaps would look alive).
    ASSERT_EQ(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    std::vector<std::string> args = kRun;
    args.insert(args.end(), {"--timeout", timeout});
    const pid_t cli = spawn_cli(args, std::string(HARDENING_SOURCE_DIR) + "/faults/endless");
    ASSERT_GT(cli, 0);
    std::optional<pid_t> child;
    const auto started = std::chrono::steady_clock::now();
    while (!(child = child_of(cli)) && std::chrono::steady_clock::now() - started < kPollLimit)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    // The kernel is spinning in the child by now, or soon; either way the CLI is killed with it.
    std::this_thread::sleep_for(std::chrono::seconds(1));
    ::kill(cli, SIGKILL);
    int status = 0;
    ::waitpid(cli, &status, 0);
    ASSERT_TRUE(child) << "the CLI started no child";

    const auto killed = std::chrono::steady_clock::now();
    pid_t reaped = 0;
    while ((reaped = ::waitpid(*child, &status, WNOHANG)) == 0 &&
           std::chrono::steady_clock::now() - killed < kPollLimit)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (reaped == 0) {
        ::kill(-*child, SIGKILL);
        ::waitpid(*child, &status, 0);
        FAIL() << "the child " << *child << " outlived the CLI killed with SIGKILL (--timeout "
               << timeout << ")";
    }
    EXPECT_EQ(reaped, *child);
}

TEST(SandboxParent, ChildEndsWhenTheCliIsKilledWithoutATimeLimit) {
    expect_child_ends_with_the_cli("0");
}

TEST(SandboxParent, ChildEndsWhenTheCliIsKilledBeforeItsTimeout) {
    expect_child_ends_with_the_cli("600");
}

// ---- Includes stay inside the folder ----------------------------------------------------------

constexpr const char* kMarker = "REDUCELAB_SECRET_MARKER_5f3a";

// A file outside every kernel folder, with a marker that must never reach the output.
fs::path secret_file() {
    const fs::path dir = fresh_dir("secret");
    const fs::path path = dir / "secret.h";
    write(path, std::string(kMarker) + " this line is not code\n" + kMarker + "\n");
    return path;
}

// The catalog's contiguous.cl with `include_line` as its second line.
void write_kernel(const fs::path& dir, const std::string& include_line) {
    write(dir / "contiguous.cl",
          "// an edited copy\n" + include_line + "\n" + catalog_contiguous());
}

test::ProcessResult run_with_folder(const fs::path& dir) {
    return test::run_process(REDUCELAB_CLI, kRun,
                             {{"REDUCELAB_KERNEL_OVERRIDE_DIR", dir.string()}});
}

void expect_refused(const test::ProcessResult& result, const std::string& where,
                    const std::string& include, const fs::path& dir, const std::string& why) {
    EXPECT_EQ(result.exit_code, cli::kUsage) << result.err;
    const std::string line = "error: " + where + ": " + include + why + " " + dir.string();
    EXPECT_NE(result.err.find(line), std::string::npos) << "want: " << line << "\n" << result.err;
    EXPECT_EQ(result.err.find(kMarker), std::string::npos) << result.err;
    EXPECT_EQ(result.out.find(kMarker), std::string::npos) << result.out;
}

TEST(SandboxIncludes, AbsolutePathOutsideTheFolderIsRefused) {
    const fs::path secret = secret_file();
    const fs::path dir = fresh_dir("absolute");
    const std::string include = "#include \"" + secret.string() + "\"";
    write_kernel(dir, include);
    expect_refused(run_with_folder(dir), (dir / "contiguous.cl").string() + ":2", include, dir,
                   " is outside the kernel's folder");
}

TEST(SandboxIncludes, DotDotLeavingTheFolderIsRefused) {
    const fs::path secret = secret_file();
    const fs::path dir = fresh_dir("dotdot");
    const std::string include = "#include \"../reducelab_confine_secret/secret.h\"";
    write_kernel(dir, include);
    expect_refused(run_with_folder(dir), (dir / "contiguous.cl").string() + ":2", include, dir,
                   " is outside the kernel's folder");
}

TEST(SandboxIncludes, SymlinkLeavingTheFolderIsRefused) {
    const fs::path secret = secret_file();
    const fs::path dir = fresh_dir("symlink");
    fs::create_symlink(secret, dir / "helper.h");
    fs::create_directory_symlink(secret.parent_path(), dir / "sub");
    for (const std::string name : {"helper.h", "sub/secret.h"}) {
        const std::string include = "#include \"" + name + "\"";
        write_kernel(dir, include);
        expect_refused(run_with_folder(dir), (dir / "contiguous.cl").string() + ":2", include, dir,
                       " is outside the kernel's folder");
    }
}

TEST(SandboxIncludes, IncludedFileIsCheckedToo) {
    const fs::path secret = secret_file();
    const fs::path dir = fresh_dir("nested");
    write(dir / "helper.cl", "// first\n// second\n#include \"" + secret.string() + "\"\n");
    write_kernel(dir, "#include \"helper.cl\"");
    expect_refused(run_with_folder(dir), (fs::canonical(dir) / "helper.cl").string() + ":3",
                   "#include \"" + secret.string() + "\"", dir, " is outside the kernel's folder");
}

TEST(SandboxIncludes, MacroAndSplicedIncludesAreSeen) {
    const fs::path secret = secret_file();
    const fs::path dir = fresh_dir("spelled");
    // A computed include, and one written across a line splice and a comment.
    write_kernel(dir, "#define SECRET \"" + secret.string() + "\"\n#include SECRET");
    test::ProcessResult result = run_with_folder(dir);
    EXPECT_EQ(result.exit_code, cli::kUsage) << result.err;
    EXPECT_NE(result.err.find("contiguous.cl:3: #include SECRET: a kernel may include only"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find(kMarker), std::string::npos) << result.err;
    write_kernel(dir, "# /* a comment */ inc\\\nlude \"" + secret.string() + "\"");
    result = run_with_folder(dir);
    EXPECT_EQ(result.exit_code, cli::kUsage) << result.err;
    EXPECT_NE(result.err.find("contiguous.cl:2: #include"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find(kMarker), std::string::npos) << result.err;
}

// Runs the CLI from `cwd` (the test's own working directory changes for the call).
test::ProcessResult run_from(const fs::path& cwd, const fs::path& dir) {
    const fs::path before = fs::current_path();
    fs::current_path(cwd);
    test::ProcessResult result = run_with_folder(dir);
    fs::current_path(before);
    return result;
}

TEST(SandboxIncludes, IncludeInsideTheFolderBuildsAndTheWorkingDirectoryIsNotSearched) {
    const fs::path dir = fresh_dir("inside");
    const fs::path cwd = fresh_dir("cwd");
    // The same names in the working directory, which must not be read.
    write(cwd / "helper.cl", "#error read from the working directory\n");
    write(cwd / "missing.cl", "#error read from the working directory\n");
    fs::create_directories(dir / "sub");
    write(dir / "sub" / "helper.cl", "#include \"../more.cl\"\n");
    write(dir / "more.cl", "#define REDUCELAB_TEST_HELPER 1\n");
    write(dir / "helper.cl", "#include \"sub/helper.cl\"\n");
    write_kernel(dir,
                 "#include \"helper.cl\"\n#if !REDUCELAB_TEST_HELPER\n#error no helper\n#endif");
    test::ProcessResult result = run_from(cwd, dir);
    EXPECT_EQ(result.exit_code, cli::kOk) << result.err;
    EXPECT_NE(result.out.find("verified"), std::string::npos) << result.out;
    EXPECT_EQ(result.err.find("working directory"), std::string::npos) << result.err;

    // A name that only the working directory holds is no file of the folder.
    write_kernel(dir, "#include \"missing.cl\"");
    result = run_from(cwd, dir);
    EXPECT_EQ(result.exit_code, cli::kUsage) << result.err;
    EXPECT_NE(result.err.find("#include \"missing.cl\" names no file in the kernel's folder " +
                              dir.string()),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("read from the working directory"), std::string::npos) << result.err;
}

// ---- "Try your own kernel": no folder, no includes ---------------------------------------------

TEST(SandboxIncludes, KernelTypedInTheGuiIncludesNoFile) {
    const fs::path secret = secret_file();
    Engine engine(test::device_spec());
    CustomKernelRequest request;
    request.base_variant = "contiguous";
    request.local_size = 64;
    request.repeat = 1;
    request.file_name = "my_contiguous.cl";
    const std::string include = "#include \"" + secret.string() + "\"";
    request.file_text = "// mine\n" + include + "\n" + catalog_contiguous();
    try {
        run_custom_kernel(engine, request);
        FAIL() << "the include was built";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument) << e.what();
        const std::string what = e.what();
        EXPECT_NE(what.find("my_contiguous.cl:2: " + include +
                            ": a kernel written here can include no files"),
                  std::string::npos)
            << what;
        EXPECT_EQ(what.find(kMarker), std::string::npos) << what;
        EXPECT_EQ(e.build_log().find(kMarker), std::string::npos) << e.build_log();
    }
    // The catalog's own `#include "common.cl"` (in the unchanged text) still builds.
    request.file_text = catalog_contiguous();
    EXPECT_TRUE(run_custom_kernel(engine, request).verified);
}

}  // namespace
}  // namespace reducelab
