// reducelab-cli bench as a user on a CPU machine calls it: a small sizes suite with the std::reduce
// baseline beside it, both files read back strictly, and `report --compare` pairing them.
#include <gtest/gtest.h>

#include <filesystem>

#include "process.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

using test::ProcessResult;

ProcessResult cli(const std::vector<std::string>& args) {
    return test::run_process(REDUCELAB_CLI, args);
}

std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("reducelab-bench-test-" + std::to_string(::getpid()) + "-" + name);
}

TEST(CliBench, HostBaselineTimesStdReduceOverTheSameArrays) {
    const auto bench = temp_path("best.json"), host = temp_path("host.json");
    const ProcessResult r = cli({"bench",
                                 "--suite",
                                 "sizes",
                                 "--variants",
                                 "best",
                                 "--sizes",
                                 "1000,2^16",
                                 "--types",
                                 "int32,float32",
                                 "--ops",
                                 "sum,max",
                                 "--repeat",
                                 "3",
                                 "--warmup",
                                 "1",
                                 "--no-ceiling",
                                 "--out",
                                 bench.string(),
                                 "--host-baseline",
                                 host.string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const ResultsFile device_points = read_results(bench);
    const ResultsFile host_points = read_results(host);
    ASSERT_EQ(device_points.points.size(), 8u);
    ASSERT_EQ(host_points.points.size(), 8u);
    EXPECT_EQ(host_points.suite, "host-tbb-reduce");
    for (std::size_t i = 0; i < host_points.points.size(); ++i) {
        const RunResult& h = host_points.points[i];
        const RunResult& d = device_points.points[i];
        EXPECT_EQ(h.launched.variant, "host-tbb-reduce");
        EXPECT_TRUE(h.verified) << i;
        EXPECT_GT(h.total_ms, 0.0);
        // Same array: the same type, operation, size and CPU reference as the device point.
        EXPECT_EQ(h.request.type, d.request.type);
        EXPECT_EQ(h.request.op, d.request.op);
        EXPECT_EQ(h.n, d.n);
        EXPECT_EQ(h.reference.to_string(), d.reference.to_string()) << i;
    }

    const ProcessResult report = cli({"report", bench.string(), "--compare", host.string()});
    ASSERT_EQ(report.exit_code, 0) << report.err;
    EXPECT_NE(report.out.find("host-tbb-reduce"), std::string::npos) << report.out;
    EXPECT_NE(report.out.find("| int32 | max | 2^16 |"), std::string::npos) << report.out;
    std::filesystem::remove(bench);
    std::filesystem::remove(host);
}

TEST(CliBench, HostBaselineRefusesASuiteWithoutSumMinOrMax) {
    const auto bench = temp_path("dot.json"), host = temp_path("dot-host.json");
    const ProcessResult r = cli({"bench",
                                 "--suite",
                                 "sizes",
                                 "--variants",
                                 "contiguous",
                                 "--sizes",
                                 "4096",
                                 "--types",
                                 "float32",
                                 "--ops",
                                 "dot",
                                 "--repeat",
                                 "1",
                                 "--warmup",
                                 "0",
                                 "--no-ceiling",
                                 "--out",
                                 bench.string(),
                                 "--host-baseline",
                                 host.string()});
    EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
    EXPECT_NE(r.err.find("oneTBB baseline covers sum, min and max"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(host));
    std::filesystem::remove(bench);
}

// --timing: one point per method and request, each saying how it was timed, in bench files,
// their host baseline and the text output of run.
TEST(CliBench, TimingMethodsGiveOnePointEachAndSayWhichTheyAre) {
    const auto bench = temp_path("timing.json"), host = temp_path("timing-host.json");
    const ProcessResult r = cli({"bench",
                                 "--suite",
                                 "sizes",
                                 "--variants",
                                 "best",
                                 "--sizes",
                                 "2^12",
                                 "--types",
                                 "float32",
                                 "--ops",
                                 "sum",
                                 "--repeat",
                                 "4",
                                 "--warmup",
                                 "1",
                                 "--batch",
                                 "2",
                                 "--timing",
                                 "kernel,sustained,latency",
                                 "--no-ceiling",
                                 "--out",
                                 bench.string(),
                                 "--host-baseline",
                                 host.string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    for (const auto& path : {bench, host}) {
        const ResultsFile file = read_results(path);
        ASSERT_EQ(file.points.size(), 3u) << path;
        const TimingMethod expected[] = {TimingMethod::Kernel, TimingMethod::Sustained,
                                         TimingMethod::Latency};
        for (std::size_t i = 0; i < 3; ++i) {
            EXPECT_EQ(file.points[i].timing_method, expected[i]);
            EXPECT_EQ(file.points[i].runs, 4u);
            EXPECT_GT(file.points[i].median_us, 0.0);
        }
    }
    EXPECT_NE(r.out.find("sustained"), std::string::npos) << r.out;

    const ProcessResult run = cli({"run", "--variant", "best", "--n", "4096", "--repeat", "3",
                                   "--timing", "latency,kernel", "--result-path", "mapped"});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("time (latency)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("time (kernel)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("via mapped memory"), std::string::npos) << run.out;
    const ProcessResult bad = cli({"run", "--n", "4096", "--timing", "stopwatch"});
    EXPECT_EQ(bad.exit_code, 2) << bad.out << bad.err;
    EXPECT_NE(bad.err.find("--timing: unknown timing method 'stopwatch'"), std::string::npos)
        << bad.err;
    std::filesystem::remove(bench);
    std::filesystem::remove(host);
}

}  // namespace
}  // namespace reducelab
