// The data the repository ships: every committed results file parses with the strict reader
// and holds only verified points with device facts; every embedded tuning file parses, and the
// lookup finds the H200's own entries for an H200 and the defaults elsewhere.
#include <gtest/gtest.h>

#include <filesystem>

#include "results_file.h"
#include "tuning.h"

namespace reducelab {
namespace {

TEST(CommittedResults, EveryFileParsesAndEveryPointVerified) {
    int files = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(REDUCELAB_SOURCE_DIR) + "/bench/results")) {
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
            EXPECT_NEAR(p.gbps, static_cast<double>(p.input_bytes) / (p.total_ms * 1e6), 1e-6 * p.gbps);
        }
    }
    EXPECT_GE(files, 5);
}

TEST(CommittedTuning, EmbeddedFilesParseAndTheLookupIsLayered) {
    const auto files = runtime_tuning_files();
    ASSERT_GE(files.size(), 2u);
    DeviceInfo h200;
    h200.name = "NVIDIA H200";
    h200.vendor = "NVIDIA Corporation";
    const TuningLookup large = lookup_tuning(h200, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 28);
    EXPECT_EQ(large.config.source_device, "NVIDIA H200");
    EXPECT_GT(large.config.source_gbps, 1000.0);
    const TuningLookup small = lookup_tuning(h200, ElementType::Float32, Operation::Sum, std::uint64_t{1} << 20);
    EXPECT_EQ(small.config.source_n, std::uint64_t{1} << 20);  // the small-input entry
    DeviceInfo other;
    other.name = "Some GPU";
    other.vendor = "Some Vendor";
    const TuningLookup fallback = lookup_tuning(other, ElementType::Int32, Operation::Min, 1000);
    EXPECT_NE(fallback.config.source_device, "NVIDIA H200");
    EXPECT_EQ(fallback.config.vector_width, 4u);  // 16 bytes of int32
}

}  // namespace
}  // namespace reducelab
