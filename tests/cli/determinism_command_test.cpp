// reducelab-cli determinism as users call it: the classes it reports on PoCL, the exact sum of
// an adversarial input, its JSON, and its exit codes for unverified runs and bad options; with
// --variants, the GUI's study over several variants.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "process.h"
#include "reducelab/determinism_report.h"
#include "reducelab/determinism_study_types.h"
#include "reducelab/host_array.h"

namespace reducelab {
namespace {

using test::ProcessResult;

ProcessResult cli(std::vector<std::string> args) {
    args.insert(args.begin(), "determinism");
    return test::run_process(REDUCELAB_CLI, args);
}

nlohmann::json json_of(const ProcessResult& r) {
    return nlohmann::json::parse(r.out);
}

std::uint64_t total_count(const nlohmann::json& results) {
    std::uint64_t total = 0;
    for (const auto& r : results) total += r["count"].get<std::uint64_t>();
    return total;
}

// Integer sums are exact: one result for every shape, equal to the reference.
TEST(CliDeterminism, IntegerSumIsLaunchInvariant) {
    const ProcessResult r =
        cli({"--variant", "grid-stride", "--type", "int32", "--fill", "random", "--n", "100000",
             "--runs", "2", "--local-sizes", "32,128", "--work-groups", "2,9", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = json_of(r);
    EXPECT_EQ(j["class"], "launch-invariant");
    ASSERT_EQ(j["distinct"], 1);
    EXPECT_EQ(j["results"][0]["value"], j["reference"]);
    EXPECT_EQ(j["runs"], 2 * 2 * 2);
    EXPECT_EQ(total_count(j["results"]), 8u);
    ASSERT_EQ(j["devices"].size(), 1u);
    EXPECT_EQ(j["devices"][0]["shapes"].size(), 4u);
}

// A float32 sum with cancellation: each shape repeats its bits on PoCL, the shapes disagree,
// and the exact sum (condition number >= 1e8) is reported with its correct rounding.
TEST(CliDeterminism, CancellingFloatSumDependsOnTheLaunchShape) {
    const ProcessResult r =
        cli({"--variant", "grid-stride", "--type", "float32", "--fill", "cancel", "--n", "200000",
             "--runs", "3", "--local-sizes", "64,256", "--work-groups", "3,16,128", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = json_of(r);
    EXPECT_EQ(j["class"], "run-to-run") << r.out;
    EXPECT_GT(j["distinct"].get<int>(), 1);
    EXPECT_TRUE(j["exact_sum_known"].get<bool>());
    EXPECT_GE(j["condition_number"].get<double>(), 1e8);
    EXPECT_FALSE(j["correctly_rounded_everywhere"].get<bool>());
    for (const auto& shape : j["devices"][0]["shapes"]) {
        EXPECT_EQ(shape["distinct"], 1) << shape.dump();
        EXPECT_EQ(total_count(shape["results"]), 3u);
    }
    EXPECT_EQ(total_count(j["results"]), 2u * 3u * 3u);
}

// One work-group of 64 work-items, 16384 float32 terms each: the running sum of grid-stride
// loses digits, pairwise loses fewer, and kahan returns the correctly rounded sum (within an ulp).
TEST(CliDeterminism, AccuracyRungsBeatTheRunningSum) {
    std::map<std::string, double> error;
    for (const char* variant : {"grid-stride", "pairwise", "kahan"}) {
        const ProcessResult r =
            cli({"--variant", variant, "--type", "float32", "--fill", "random", "--n", "2^20",
                 "--runs", "1", "--local-sizes", "64", "--work-groups", "1", "--json"});
        ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
        const auto j = json_of(r);
        ASSERT_EQ(j["distinct"], 1);
        error[variant] = j["results"][0]["abs_error"].get<double>();
    }
    EXPECT_LT(error["pairwise"], error["grid-stride"] / 2);
    EXPECT_LE(error["kahan"], 0x1.0p-17);  // one float32 ulp at |sum| ~ 75
    EXPECT_LT(error["kahan"], error["pairwise"]);
}

// Two devices (PoCL's CPU device twice over, POCL_DEVICES) that agree: device-invariant. One
// device named twice is refused instead (hardening_cli_contract_test): it would count itself.
TEST(CliDeterminism, TwoDevicesWithTheSameBitsAreDeviceInvariant) {
    const ProcessResult r = test::run_process(
        REDUCELAB_CLI,
        {"determinism", "--variant", "contiguous", "--type", "int64", "--fill", "random", "--n",
         "5000", "--runs", "2", "--local-sizes", "64", "--devices", "0,1", "--json"},
        {{"POCL_DEVICES", "pthread pthread"}});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = json_of(r);
    EXPECT_EQ(j["class"], "device-invariant");
    EXPECT_EQ(j["devices"].size(), 2u);
    EXPECT_EQ(j["devices"][0]["class"], "launch-invariant");
}

TEST(CliDeterminism, TextReportNamesTheClass) {
    const ProcessResult r =
        cli({"--variant", "kahan", "--type", "float32", "--fill", "wide-exponent", "--n", "5000",
             "--runs", "2", "--local-sizes", "64", "--work-groups", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("determinism of kahan"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("exact sum rounded once"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("class: launch-invariant"), std::string::npos) << r.out;
}

// The racy teaching variant gives wrong sums on PoCL: reported, and exit 1.
TEST(CliDeterminism, UnverifiedRunsExitOne) {
    const ProcessResult r = cli({"--variant", "unroll-last-racy", "--type", "int32", "--fill",
                                 "ones", "--n", "4096", "--runs", "2", "--local-sizes", "256"});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("NOT VERIFIED"), std::string::npos) << r.out;
}

std::vector<std::string> small_study(std::vector<std::string> more) {
    std::vector<std::string> args{
        "--type",          "float32", "--fill",        "cancel", "--n",           "4096",
        "--runs",          "2",       "--local-sizes", "64",     "--work-groups", "3",
        "--timed-repeats", "1"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

// --variants runs the GUI's study: the chosen variants in catalog order, each with a verified
// report and a verified timed run.
TEST(CliDeterminism, VariantsRunTheStudyTheGuiRuns) {
    const ProcessResult r = cli(small_study({"--variants", "kahan,contiguous", "--json"}));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = json_of(r);
    EXPECT_EQ(j["study"], "determinism");
    EXPECT_EQ(j["type"], "float32");
    EXPECT_EQ(j["input"], "cancel");
    EXPECT_EQ(j["runs_per_shape"], 2);
    EXPECT_FALSE(j.contains("complete"));
    ASSERT_EQ(j["variants"].size(), 2u) << r.out;
    EXPECT_EQ(j["variants"][0]["variant"], "contiguous");
    EXPECT_EQ(j["variants"][1]["variant"], "kahan");
    for (const auto& v : j["variants"]) {
        ASSERT_TRUE(v.contains("report")) << v.dump();
        EXPECT_EQ(v["report"]["variant"], v["variant"]);
        EXPECT_TRUE(v["report"]["all_verified"].get<bool>());
        EXPECT_EQ(v["report"]["runs"], 2);
        EXPECT_TRUE(v["frontier"]["verified"].get<bool>());
        EXPECT_GT(v["frontier"]["gbps"].get<double>(), 0.0);
    }
}

TEST(CliDeterminism, VariantsTextIsATableOfTheStudy) {
    const ProcessResult r = cli(small_study({"--variants", "contiguous,kahan"}));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("determinism study: sum of 4096 float32"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("exact sum rounded once"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("GB/s"), std::string::npos) << r.out;
    for (const char* variant : {"\n  contiguous ", "\n  kahan "})
        EXPECT_NE(r.out.find(variant), std::string::npos) << r.out;
}

// 'all': every variant that can sum the type on the device, as the GUI lists them.
TEST(CliDeterminism, AllVariantsAreEveryOneThatCanSum) {
    const ProcessResult r =
        cli({"--variants", "all", "--type", "int32", "--fill", "ones", "--n", "1024", "--runs", "1",
             "--local-sizes", "64", "--work-groups", "2", "--timed-repeats", "1", "--json"});
    // Racy teaching variants may give wrong sums on PoCL: exit 1 then, each failure reported.
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.out << r.err;
    const auto j = json_of(r);
    ASSERT_GE(j["variants"].size(), 3u) << r.out;
    bool has_contiguous = false;
    for (const auto& v : j["variants"])
        has_contiguous = has_contiguous || v["variant"] == "contiguous";
    EXPECT_TRUE(has_contiguous) << r.out;
    bool all_verified = true;
    for (const auto& v : j["variants"])
        all_verified = all_verified && v.contains("report") &&
                       v["report"]["all_verified"].get<bool>() &&
                       v["frontier"]["verified"].get<bool>();
    EXPECT_EQ(r.exit_code, all_verified ? 0 : 1) << r.err;
}

// Integer sums give the same bits in any order: without --type the command sums float32, the
// study's default (DeterminismStudySettings, the GUI's too), not run's int32; its help says so.
TEST(CliDeterminism, TypeDefaultsToTheStudysFloat32) {
    const ProcessResult one = cli({"--variant", "contiguous", "--fill", "cancel", "--n", "4096",
                                   "--runs", "1", "--local-sizes", "64", "--json"});
    ASSERT_EQ(one.exit_code, 0) << one.out << one.err;
    EXPECT_EQ(json_of(one)["type"], "float32");
    const ProcessResult study =
        cli({"--variants", "contiguous", "--fill", "cancel", "--n", "4096", "--runs", "1",
             "--local-sizes", "64", "--work-groups", "3", "--timed-repeats", "1", "--json"});
    ASSERT_EQ(study.exit_code, 0) << study.out << study.err;
    EXPECT_EQ(json_of(study)["type"], "float32");
    const ProcessResult help = cli({"--help"});
    ASSERT_EQ(help.exit_code, 0) << help.err;
    EXPECT_NE(help.out.find("(default float32, or the --input file's)"), std::string::npos)
        << help.out;
    // run keeps the CLI's int32.
    const ProcessResult run_help = test::run_process(REDUCELAB_CLI, {"run", "--help"});
    EXPECT_NE(run_help.out.find("(default int32, or the --input file's)"), std::string::npos)
        << run_help.out;
}

// What the command line leaves out is the engine's default: the study's (the GUI's form) with
// --variants, one variant's report's without, and the help says both.
TEST(CliDeterminism, DefaultsAreTheEnginesForEachMode) {
    const DeterminismStudySettings study_defaults;
    const ProcessResult study = cli({"--variants", "contiguous", "--n", "1024", "--json"});
    ASSERT_EQ(study.exit_code, 0) << study.out << study.err;
    const nlohmann::json s = json_of(study);
    EXPECT_EQ(s["input"], std::string(to_string(study_defaults.fill)));
    EXPECT_EQ(s["runs_per_shape"], study_defaults.runs);
    EXPECT_EQ(s["local_sizes"], nlohmann::json(study_defaults.local_sizes));
    EXPECT_EQ(s["work_groups"], nlohmann::json(study_defaults.work_groups));
    EXPECT_EQ(s["timed_repeats"], study_defaults.timed_repeats);

    const DeterminismRequest one_defaults;
    const ProcessResult one = cli({"--variant", "contiguous", "--n", "1024", "--json"});
    ASSERT_EQ(one.exit_code, 0) << one.out << one.err;
    const nlohmann::json o = json_of(one);
    EXPECT_EQ(o["runs_per_shape"], one_defaults.runs) << one.out;
    EXPECT_EQ(o["input"], std::string(to_string(one_defaults.base.fill))) << one.out;

    const ProcessResult help = cli({"--help"});
    ASSERT_EQ(help.exit_code, 0) << help.err;
    EXPECT_NE(help.out.find("(default " + std::to_string(one_defaults.runs) + "; with --variants " +
                            std::to_string(study_defaults.runs) + ")"),
              std::string::npos)
        << help.out;
}

// One device named twice would count its own bits twice: refused for the study as for one
// variant, naming the device, before anything runs.
TEST(CliDeterminism, TheSameDeviceTwiceIsRefused) {
    for (const std::vector<std::string>& mode :
         {std::vector<std::string>{"--variant", "contiguous"},
          std::vector<std::string>{"--variants", "contiguous"}}) {
        std::vector<std::string> args = mode;
        args.insert(args.end(), {"--n", "1000", "--devices", "0,0"});
        const ProcessResult r = cli(args);
        EXPECT_EQ(r.exit_code, 2) << mode.front() << ": " << r.out << r.err;
        EXPECT_NE(r.err.find("names device 0 ("), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("twice, as '0' and '0'"), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
}

TEST(CliDeterminism, StudyOptionsAreUsageErrors) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--variants", "contiguous", "--variant", "kahan"}, "drop --variant"},
        {{"--variants", "contiguous", "--op", "max"}, "drop --op max"},
        {{"--variants", "no-such-variant"}, "no-such-variant"},
        {{"--timed-repeats", "3"}, "give --variants"},
        {{"--variants", "contiguous", "--timed-repeats", "0"}, "--timed-repeats"},
    };
    for (const auto& [args, fragment] : cases) {
        std::vector<std::string> with_n = args;
        with_n.insert(with_n.end(), {"--n", "1000", "--type", "float32"});
        const ProcessResult r = cli(with_n);
        EXPECT_EQ(r.exit_code, 2) << args.front() << ": " << r.err;
        EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    }
}

TEST(CliDeterminism, BadOptionsAreUsageErrors) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--runs", "0"}, "--runs"},
        {{"--local-size", "64"}, "drop --local-size"},
        {{"--work-groups", "0"}, "--work-groups"},
        {{"--local-sizes", "abc"}, "--local-sizes"},
        {{"--fill", "noise"}, "cancel-sorted"},
    };
    for (const auto& [args, fragment] : cases) {
        std::vector<std::string> with_n = args;
        with_n.insert(with_n.end(), {"--n", "1000"});
        const ProcessResult r = cli(with_n);
        EXPECT_EQ(r.exit_code, 2) << args.front() << ": " << r.err;
        EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    }
}

}  // namespace
}  // namespace reducelab
