// reducelab-cli run --devices as users call it, over PoCL's two CPU devices
// (POCL_DEVICES="pthread pthread", set by CTest): the JSON, the table, and the exit codes of
// bad device lists and options.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "process.h"

namespace reducelab {
namespace {

using test::ProcessResult;

ProcessResult run(std::vector<std::string> args) {
    args.insert(args.begin(), "run");
    return test::run_process(REDUCELAB_CLI, args, {{"POCL_DEVICES", "pthread pthread"}});
}

TEST(CliMultiDevice, FloatSumOverAllDevicesIsVerifiedInJson) {
    const ProcessResult r = run({"--devices", "all", "--split", "force", "--type", "float32",
                                 "--fill", "random", "--n", "2^20", "--repeat", "3", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["verified"].get<bool>());
    EXPECT_EQ(j["schema"], "reducelab-split/2");
    EXPECT_EQ(j["split"], "force");
    EXPECT_TRUE(j["value"].is_number()) << j["value"];
    EXPECT_EQ(j["request"]["variant"], "best");
    ASSERT_GE(j["devices"].size(), 2u);
    std::uint64_t elements = 0;
    double percent = 0;
    for (const auto& d : j["devices"]) {
        elements += d["elements"].get<std::uint64_t>();
        percent += d["share_percent"].get<double>();
        EXPECT_GT(d["upload_us"].get<double>(), 0.0);
        // Each shard is staged in pinned host memory once and uploaded from there; the rate
        // is the shard's bytes over the upload.
        EXPECT_EQ(d["upload_from"], "pinned") << d.dump();
        EXPECT_GE(d["staging_us"].get<double>(), 0.0);
        EXPECT_NEAR(d["upload_gbps"].get<double>(),
                    d["input_bytes"].get<double>() / (d["upload_us"].get<double>() * 1e3),
                    1e-9 * d["upload_gbps"].get<double>());
        EXPECT_GT(d["run_us"].get<double>(), 0.0);
        EXPECT_GT(d["resident_gbps"].get<double>(), 0.0);
        EXPECT_TRUE(d.contains("calibrated_gbps"));
        EXPECT_TRUE(d["device"].contains("name"));
    }
    EXPECT_EQ(elements, 1u << 20);
    EXPECT_NEAR(percent, 100.0, 1e-9);
    EXPECT_GE(j["end_to_end"]["time_us"].get<double>(), j["resident"]["time_us"].get<double>());
}

// Every mode verifies and reports its plan: each device's model and predicted beside measured
// time, the plan's totals, the fastest device alone, and why a device was left out.
TEST(CliMultiDevice, EveryModeReportsPredictedBesideMeasured) {
    for (const std::string mode : {"balanced", "even", "force", "end-to-end"}) {
        const ProcessResult r = run({"--devices", "all", "--split", mode, "--n", "2^18", "--fill",
                                     "random", "--repeat", "3", "--json"});
        ASSERT_EQ(r.exit_code, 0) << mode << r.out << r.err;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_TRUE(j["verified"].get<bool>());
        EXPECT_EQ(j["split"], mode);
        const auto& plan = j["plan"];
        EXPECT_EQ(plan["case"], mode == "end-to-end" ? "end_to_end" : "resident");
        EXPECT_GT(plan["predicted_us"].get<double>(), 0.0);
        EXPECT_GT(plan["measured_us"].get<double>(), 0.0);
        EXPECT_GT(plan["fastest_alone_predicted_us"].get<double>(), 0.0);
        if (mode == "balanced" || mode == "end-to-end") {
            EXPECT_LE(plan["predicted_us"].get<double>(),
                      plan["fastest_alone_predicted_us"].get<double>() * (1 + 1e-9));
        }
        std::size_t left_out = 0;
        for (const auto& d : j["devices"]) {
            EXPECT_GT(d["model"]["gbps"].get<double>(), 0.0);
            EXPECT_GE(d["model"]["alpha_us"].get<double>(), 0.0);
            EXPECT_GE(d["model"]["calibration"].size(), 2u);
            EXPECT_TRUE(d.contains("predicted_us"));
            EXPECT_TRUE(d.contains("measured_us"));
            if (d["elements"].get<std::uint64_t>() == 0) {
                ++left_out;
                EXPECT_NE(d["plan_note"].get<std::string>().find("left out"), std::string::npos);
            }
        }
        EXPECT_EQ(plan["left_out"].size(), left_out);
        if (mode == "even" || mode == "force") {
            EXPECT_EQ(left_out, 0u);
        }
    }
    const ProcessResult text = run({"--devices", "all", "--n", "2^18"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("pred ms"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("alpha "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("fastest device alone"), std::string::npos) << text.out;
}

// Limits are checked per shard: an input no device holds alone still runs over the two.
TEST(CliMultiDevice, InputLargerThanOneDevicesBufferRuns) {
    const ProcessResult r = test::run_process(
        REDUCELAB_CLI, {"run", "--devices", "all", "--n", "393216", "--json"},
        {{"POCL_DEVICES", "pthread pthread"}, {"REDUCELAB_DEVICE_LIMITS", "max_alloc=1M"}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j["verified"].get<bool>());
    EXPECT_TRUE(j["plan"]["fastest_alone_predicted_us"].is_null());
}

TEST(CliMultiDevice, EvenArgminTablePrintsEachDevice) {
    const ProcessResult r = run({"--devices", "0,1", "--split", "even", "--op", "argmin", "--fill",
                                 "random", "--n", "100001"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find(": verified"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("split even over 2 device(s)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("50001"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("50000"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("with upload"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("GB/s from pinned host memory (the shard staged there once in "),
              std::string::npos)
        << r.out;
}

TEST(CliMultiDevice, BadListsAndOptionsExitTwoWithAReason) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--devices", "0,9"}, "there is no device 9"},
        {{"--devices", "1,1"}, "named twice"},
        {{"--devices", "gpu"}, "not a device index"},
        {{"--devices", ""}, "--devices needs"},
        {{"--devices", "all", "--split", "fair"}, "unknown split 'fair'"},
        {{"--split", "even"}, "--split needs --devices or --mpi"},
        {{"--devices", "all", "--mpi"}, "exclude each other"},
        {{"--devices", "all", "--op", "mean", "--type", "int64"}, "not split over devices"},
    };
    for (const auto& [args, reason] : cases) {
        std::vector<std::string> full = args;
        full.insert(full.end(), {"--n", "1000"});
        const ProcessResult r = run(full);
        EXPECT_EQ(r.exit_code, 2) << args[0] << " " << r.err;
        EXPECT_NE(r.err.find(reason), std::string::npos) << r.err;
    }
}

}  // namespace
}  // namespace reducelab
