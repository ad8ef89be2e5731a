// The data the repository ships: every committed results file parses with the strict reader
// and holds only verified points with device facts; every embedded tuning file parses, and the
// lookup finds the H200's own entries for an H200 and the defaults elsewhere.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <regex>

#include <filesystem>

#include "reducelab/catalog.h"
#include "reducelab/results_file.h"
#include "reducelab/tuning.h"

namespace reducelab {
namespace {

TEST(CommittedResults, EveryFileParsesAndEveryPointVerified) {
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::string(REDUCELAB_SOURCE_DIR) + "/bench/results")) {
        if (entry.path().extension() != ".json") continue;
        SCOPED_TRACE(entry.path().string());
        const ResultsFile file = read_results(entry.path());
        ++files;
        EXPECT_FALSE(file.device.name.empty());
        EXPECT_GT(file.device.compute_units, 0u);
        EXPECT_FALSE(file.created_utc.empty());
        ASSERT_FALSE(file.points.empty());
        for (const RunResult& p : file.points) {
            EXPECT_TRUE(p.verified) << p.launched.variant << " n=" << p.n;
            EXPECT_GT(p.total_ms, 0.0);
            EXPECT_NEAR(p.gbps, static_cast<double>(p.input_bytes) / (p.total_ms * 1e6),
                        1e-6 * p.gbps);
        }
    }
    EXPECT_GE(files, 5);
}

// The H200 figures quoted in the catalog's explanations (time, GB/s, speed-ups) are those of the
// committed ladder (int32 sum, n = 2^26): a new ladder run must update the text, or this fails.
TEST(CommittedResults, CatalogH200FiguresAreTheCommittedLadders) {
    const ResultsFile ladder =
        read_results(std::string(REDUCELAB_SOURCE_DIR) + "/bench/results/h200/ladder.json");
    std::map<std::string, const RunResult*> measured;
    for (const RunResult& p : ladder.points)
        if (p.request.type == ElementType::Int32 && p.request.op == Operation::Sum)
            measured[p.launched.variant] = &p;
    ASSERT_GE(measured.size(), 10u);
    const auto us = [&](const std::string& name) { return measured.at(name)->total_ms * 1000.0; };
    const std::regex time_re(R"((\d+) us)"), gbps_re(R"((\d+) GB/s)"),
        ratio_re(R"(([0-9.]+)x (faster than|of) ([a-z-]+))");
    int checked = 0;
    for (const Variant& v : catalog()) {
        const std::string text(v.explanation);
        const auto at = text.find("H200");
        if (at == std::string::npos) continue;
        SCOPED_TRACE(std::string(v.name));
        ASSERT_TRUE(measured.contains(std::string(v.name)));
        const std::string quote = text.substr(at);
        std::smatch m;
        ASSERT_TRUE(std::regex_search(quote, m, time_re));
        EXPECT_NEAR(std::stod(m[1]), us(std::string(v.name)), 1.0);
        if (std::regex_search(quote, m, gbps_re)) {
            EXPECT_NEAR(std::stod(m[1]), measured.at(std::string(v.name))->gbps, 1.0);
        }
        for (auto it = std::sregex_iterator(quote.begin(), quote.end(), ratio_re);
             it != std::sregex_iterator(); ++it) {
            const std::string figure = (*it)[1];
            const auto dot = figure.find('.');
            const int decimals =
                dot == std::string::npos ? 0 : static_cast<int>(figure.size() - dot - 1);
            const double ratio = us((*it)[3]) / us(std::string(v.name));
            EXPECT_NEAR(std::stod(figure), ratio, 0.5 * std::pow(10.0, -decimals) + 1e-9)
                << it->str();
        }
        ++checked;
    }
    EXPECT_GE(checked, 10);
}

TEST(CommittedTuning, EmbeddedFilesParseAndTheLookupIsLayered) {
    const auto files = runtime_tuning_files();
    ASSERT_GE(files.size(), 2u);
    DeviceInfo h200;
    h200.name = "NVIDIA H200";
    h200.vendor = "NVIDIA Corporation";
    const TuningLookup large =
        lookup_tuning(h200, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 28);
    EXPECT_EQ(large.config.source_device, "NVIDIA H200");
    EXPECT_GT(large.config.source_gbps, 1000.0);
    const TuningLookup small =
        lookup_tuning(h200, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 20);
    EXPECT_EQ(small.config.source_n, std::uint64_t{1} << 20);  // the small-input entry
    DeviceInfo other;
    other.name = "Some GPU";
    other.vendor = "Some Vendor";
    const TuningLookup fallback = lookup_tuning(other, ElementType::Int32, Operation::Min, 1000);
    EXPECT_NE(fallback.config.source_device, "NVIDIA H200");
    EXPECT_EQ(fallback.config.vector_width, 4u);  // 16 bytes of int32
}

TEST(CommittedTuning, ThePoclFileHoldsForEveryCpuUnderPocl) {
    // The PoCL file is platform-wide: any CPU vendor and name under PoCL gets its entries, and a
    // device of another platform does not.
    DeviceInfo cpu;
    cpu.name = "pthread-haswell-Intel(R) Core(TM) i7";
    cpu.vendor = "GenuineIntel";
    cpu.platform_name = "Portable Computing Language";
    const TuningLookup pocl =
        lookup_tuning(cpu, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 26);
    EXPECT_NE(pocl.matched.find("Portable Computing Language"), std::string::npos) << pocl.matched;
    EXPECT_EQ(pocl.config.layout, AccessLayout::Blocked);  // CPUs read a contiguous chunk per work-item
    EXPECT_GT(pocl.config.source_gbps, 1.0);
    DeviceInfo other = cpu;
    other.platform_name = "Intel(R) OpenCL";
    EXPECT_EQ(lookup_tuning(other, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 26)
                  .matched.find("Portable Computing Language"),
              std::string::npos);
    // A device-specific file outranks the platform-wide one.
    TuningFile exact;
    exact.vendor = cpu.vendor;
    exact.device = cpu.name;
    TuningEntry entry;
    entry.type = "float32";
    entry.op = "sum";
    entry.config.local_size = 64;
    entry.config.source_device = "this very CPU";
    exact.entries.push_back(entry);
    EXPECT_EQ(lookup_tuning(cpu, ElementType::Float32, Operation::Sum, 1000, {exact})
                  .config.source_device,
              "this very CPU");
}

}  // namespace
}  // namespace reducelab
