// A sandbox child starts with the OpenCL stack's variables (OCL_ICD_*, HWLOC_*) as the program had
// them when it started, not as the OpenCL stack rewrote them since: on the lent NVIDIA machines a
// child that inherited the rewritten OCL_ICD_FILENAMES listed no NVIDIA device (docs/sandbox.md).
// The rest of the environment is the caller's, and what the caller adds wins.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>

#include "reducelab/sandbox.h"

namespace reducelab {
namespace {

using Environment = std::map<std::string, std::string>;

Environment parse(const std::string& block, char separator) {
    Environment env;
    std::istringstream in(block);
    for (std::string entry; std::getline(in, entry, separator);)
        if (const auto eq = entry.find('='); eq != std::string::npos)
            env[entry.substr(0, eq)] = entry.substr(eq + 1);
    return env;
}

// The block execve gave this process, which setenv does not change.
Environment environment_at_start() {
    std::ifstream in("/proc/self/environ", std::ios::binary);
    return parse(std::string(std::istreambuf_iterator<char>(in), {}), '\0');
}

Environment child_environment(std::vector<std::pair<std::string, std::string>> added) {
    const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                       ("reducelab-child-env-" + std::to_string(::getpid()));
    sandbox::ChildOptions options;
    options.program = "/bin/sh";
    options.args = {"-c", "env -0 > \"$1\"", "sh", file.string()};
    options.env = std::move(added);
    options.timeout_seconds = 60;
    const sandbox::ChildOutcome outcome = sandbox::run_child(options);
    EXPECT_EQ(outcome.end, sandbox::ChildEnd::Exited);
    EXPECT_EQ(outcome.exit_code, 0);
    std::ifstream in(file, std::ios::binary);
    Environment env = parse(std::string(std::istreambuf_iterator<char>(in), {}), '\0');
    std::filesystem::remove(file);
    return env;
}

TEST(SandboxEnvironment, OpenclVariablesAreThoseTheProgramStartedWith) {
    const Environment at_start = environment_at_start();
    // As the OpenCL stack edits them while it loads, then the caller's own setting.
    ::setenv("OCL_ICD_FILENAMES", "rewritten-after-start", 1);
    ::setenv("HWLOC_PLUGINS_PATH", "rewritten-after-start", 1);
    ::setenv("REDUCELAB_SANDBOX_TEST_SETTING", "kept", 1);
    Environment child = child_environment({{"OCL_ICD_VENDORS", "/given/by/the/caller"}});
    for (const char* name : {"OCL_ICD_FILENAMES", "HWLOC_PLUGINS_PATH"}) {
        ASSERT_EQ(child.count(name), at_start.count(name)) << name;
        if (at_start.count(name) > 0) {
            EXPECT_EQ(child[name], at_start.at(name)) << name;
        }
    }
    EXPECT_EQ(child["REDUCELAB_SANDBOX_TEST_SETTING"], "kept");
    EXPECT_EQ(child["OCL_ICD_VENDORS"], "/given/by/the/caller");
    EXPECT_EQ(child[sandbox::kChildMarker], "1");
    for (const char* name :
         {"OCL_ICD_FILENAMES", "HWLOC_PLUGINS_PATH", "REDUCELAB_SANDBOX_TEST_SETTING"})
        ::unsetenv(name);
}

}  // namespace
}  // namespace reducelab
