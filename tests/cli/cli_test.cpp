// reducelab-cli as a process: outputs, JSON, and an exit code and one-line reason for every bad
// input.
#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "process.h"
#include "reducelab/host_array.h"
#include "reducelab/npy.h"

namespace reducelab {
namespace {

using test::ProcessResult;
using test::run_process;

ProcessResult cli(const std::vector<std::string>& args,
                  const std::map<std::string, std::string>& env = {}) {
    return run_process(REDUCELAB_CLI, args, env);
}

void expect_failure(const std::vector<std::string>& args, int code, const std::string& fragment,
                    const std::map<std::string, std::string>& env = {}) {
    const ProcessResult r = cli(args, env);
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    EXPECT_EQ(r.exit_code, code) << joined << "\nstderr: " << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << joined << "\nstderr: " << r.err;
    EXPECT_EQ(r.err.find("terminate called"), std::string::npos);
    // One line for the reason (a build log may follow on its own lines).
    EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(Cli, SumsTheSeedZeroRampAndExitsZero) {
    const ProcessResult r = cli({"run", "--op", "sum", "--type", "uint32", "--variant",
                                 "contiguous", "--n", "102400", "--fill", "ramp"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "5242931200");
    EXPECT_NE(r.out.find("verified"), std::string::npos);
}

TEST(Cli, RunJsonIsOneObjectWithResultAndDeviceFacts) {
    const ProcessResult r =
        cli({"run", "--op", "max", "--type", "float32", "--variant", "vector", "--n", "2^16+3",
             "--fill", "random", "--finish", "kernel", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_TRUE(json["verified"].get<bool>());
    EXPECT_EQ(json["n"].get<std::uint64_t>(), 65539u);
    EXPECT_EQ(json["request"]["variant"], "vector");
    EXPECT_EQ(json["launched"]["finish"], "kernel");
    EXPECT_TRUE(json["device"].contains("max_work_group_size"));
    EXPECT_TRUE(json["device"].contains("fp64"));
    EXPECT_GT(json["gbps"].get<double>(), 0.0);
    EXPECT_FALSE(json["stages"].empty());
}

TEST(Cli, DevicesAndVariantsList) {
    const ProcessResult devices = cli({"devices", "--json"});
    ASSERT_EQ(devices.exit_code, 0) << devices.err;
    const auto json = nlohmann::json::parse(devices.out);
    ASSERT_FALSE(json["devices"].empty());
    EXPECT_TRUE(json["devices"][0].contains("local_mem_bytes"));
    const ProcessResult variants = cli({"variants", "--json"});
    ASSERT_EQ(variants.exit_code, 0) << variants.err;
    const auto list = nlohmann::json::parse(variants.out)["variants"];
    std::vector<std::string> names;
    for (const auto& v : list) {
        names.push_back(v["name"]);
        EXPECT_FALSE(v["summary"].get<std::string>().empty());
        EXPECT_TRUE(v.contains("available"));
    }
    for (const char* required : {"interleaved", "contiguous", "vector"})
        EXPECT_NE(std::ranges::find(names, required), names.end()) << required;
    const ProcessResult text = cli({"variants"});
    EXPECT_EQ(text.exit_code, 0);
    EXPECT_NE(text.out.find("contiguous"), std::string::npos);
}

TEST(Cli, ReadsNpyInputsAndTakesTheirType) {
    const auto path = std::filesystem::temp_directory_path() / "reducelab_cli_input.npy";
    write_npy(path, generate(ElementType::Float32, 1000, Fill::Ones, 0));
    const ProcessResult r = cli({"run", "--input", path.string(), "--variant", "interleaved"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "1000");
    EXPECT_NE(r.out.find("float32"), std::string::npos);
    std::filesystem::remove(path);
}

TEST(Cli, BadInputsExitNonZeroWithAReason) {
    const std::vector<std::string> base{"run", "--n", "1000"};
    const auto with = [&](std::initializer_list<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra);
        return args;
    };
    expect_failure(with({"--variant", "warp-speed"}), cli::kUsage, "unknown variant 'warp-speed'");
    expect_failure(with({"--local-size", "0"}), cli::kUsage, "local size must be at least 1");
    expect_failure(with({"--local-size", "-4"}), cli::kUsage, "negative");
    expect_failure(with({"--local-size", "1048576"}), cli::kUsage, "above the maximum");
    expect_failure(with({"--local-size", "96"}), cli::kUsage, "not a power of two");
    expect_failure({"run", "--n", "0"}, cli::kUsage, "n must be at least 1");
    expect_failure({"run"}, cli::kUsage, "--n");
    expect_failure(with({"--op", "median"}), cli::kUsage, "unknown operation 'median'");
    expect_failure(with({"--type", "int8"}), cli::kUsage, "unknown type 'int8'");
    expect_failure(with({"--finish", "never"}), cli::kUsage, "unknown finish 'never'");
    expect_failure(with({"--repeat", "0"}), cli::kUsage,
                   "--repeat: 0 is out of range (1 to 100000)");
    expect_failure(with({"--bogus-flag"}), cli::kUsage, "bogus-flag");
    expect_failure({"frobnicate"}, cli::kUsage, "frobnicate");
    expect_failure({"run", "--input", "/no/such/file.npy"}, cli::kIoError, "cannot open");
    const auto corrupt = std::filesystem::temp_directory_path() / "reducelab_cli_corrupt.npy";
    std::ofstream(corrupt) << "\x93NUMPY garbage";
    expect_failure({"run", "--input", corrupt.string(), "--type", "int32"}, cli::kIoError,
                   "not a usable .npy");
    std::filesystem::remove(corrupt);
    expect_failure(with({"--device", "no-such-device"}), cli::kUsage, "no device name contains");
}

TEST(Cli, UnsupportedTypeOnTheDevice) {
    // A device without fp64 (simulated by hiding the extension) cannot run float64.
    expect_failure({"run", "--n", "100", "--type", "float64"}, cli::kUnsupported,
                   "no double precision", {{"REDUCELAB_HIDE_EXTENSIONS", "cl_khr_fp64"}});
}

TEST(Cli, NoOpenCLPlatform) {
    const auto empty = std::filesystem::temp_directory_path() / "reducelab_empty_icd";
    std::filesystem::create_directories(empty);
    expect_failure({"run", "--n", "100"}, cli::kNoPlatform, "no OpenCL platform",
                   {{"OCL_ICD_VENDORS", empty.string()}});
    expect_failure({"devices"}, cli::kNoPlatform, "no OpenCL platform",
                   {{"OCL_ICD_VENDORS", empty.string()}});
}

TEST(Cli, HelpExitsZero) {
    const ProcessResult r = cli({"--help"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("run"), std::string::npos);
    const ProcessResult sub = cli({"run", "--help"});
    EXPECT_EQ(sub.exit_code, 0);
    EXPECT_NE(sub.out.find("--local-size"), std::string::npos);
}

// docs/packaging.md and the man page promise every command's options in one listing.
TEST(Cli, HelpAllListsEveryCommandsOptions) {
    const ProcessResult r = cli({"--help-all"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("--items-per-thread"), std::string::npos);  // run's
    EXPECT_NE(r.out.find("--host-baseline"), std::string::npos);     // bench's
    EXPECT_NE(r.out.find("--compare"), std::string::npos);           // trace's and report's
}

TEST(Cli, VersionComesFromTheProject) {
    const ProcessResult r = cli({"--version"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // GNU style: "name version", then the copyright and the licence.
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              std::string("reducelab-cli ") + REDUCELAB_PROJECT_VERSION);
    EXPECT_NE(r.out.find("\nLicense GPL-3.0-or-later: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("NO WARRANTY"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace reducelab
