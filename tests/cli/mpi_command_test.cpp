// mpirun -n P reducelab-cli run --mpi on PoCL (built with REDUCELAB_MPI): one verified result
// from rank 0, with every rank's device facts and a shard plan that covers the input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "process.h"

namespace reducelab {
namespace {

using test::ProcessResult;

ProcessResult mpirun(int ranks, std::vector<std::string> args) {
    std::vector<std::string> full{"--allow-run-as-root",
                                  "--oversubscribe",
                                  "-n",
                                  std::to_string(ranks),
                                  REDUCELAB_CLI,
                                  "run",
                                  "--mpi",
                                  "--json"};
    full.insert(full.end(), args.begin(), args.end());
    // Two CPU devices: ranks 0 and 1 get their own, rank 2 shares device 0.
    // Containers often forbid the cross-process copies of Open MPI's shared-memory transport.
    return test::run_process(MPIEXEC, full,
                             {{"POCL_DEVICES", "pthread pthread"},
                              {"OMPI_MCA_btl_vader_single_copy_mechanism", "none"}});
}

void expect_verified_over_ranks(const ProcessResult& r, int ranks, std::uint64_t n) {
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);  // rank 0 alone prints
    EXPECT_TRUE(j["verified"].get<bool>()) << r.out;
    EXPECT_EQ(j["mpi"]["ranks"], ranks);
    ASSERT_EQ(j["devices"].size(), static_cast<std::size_t>(ranks));
    std::uint64_t next = 0;
    for (int rank = 0; rank < ranks; ++rank) {
        const auto& d = j["devices"][static_cast<std::size_t>(rank)];
        EXPECT_EQ(d["rank"], rank);
        EXPECT_EQ(d["offset"].get<std::uint64_t>(), next);
        next += d["elements"].get<std::uint64_t>();
        // a balanced plan may leave a rank out (no elements, nothing to verify), saying why
        if (d["elements"].get<std::uint64_t>() > 0) {
            EXPECT_TRUE(d["shard_verified"].get<bool>());
        } else {
            EXPECT_TRUE(d.contains("plan_note"));
        }
        EXPECT_TRUE(d.contains("model"));
        EXPECT_FALSE(d["host"].get<std::string>().empty());
        EXPECT_TRUE(d["device"].contains("name"));
    }
    EXPECT_EQ(next, n);
}

TEST(CliMpi, FloatSumOverTwoRanks) {
    const ProcessResult r = mpirun(2, {"--type", "float32", "--fill", "random", "--n", "2^20"});
    expect_verified_over_ranks(r, 2, 1u << 20);
    EXPECT_FALSE(nlohmann::json::parse(r.out)["mpi"]["custom_op"].get<bool>());  // MPI_SUM
}

TEST(CliMpi, FloatSumOverThreeRanks) {
    expect_verified_over_ranks(
        mpirun(3, {"--type", "float32", "--fill", "random", "--n", "1000003", "--split", "even"}),
        3, 1000003);
}

TEST(CliMpi, ArgminPairsOverTwoAndThreeRanks) {
    for (int ranks : {2, 3}) {
        const ProcessResult r = mpirun(ranks, {"--op", "argmin", "--type", "int32", "--fill",
                                               "random", "--n", "300007", "--split", "even"});
        expect_verified_over_ranks(r, ranks, 300007);
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_TRUE(j["mpi"]["custom_op"].get<bool>());
        EXPECT_EQ(j["schema"], "reducelab-split/2");
        EXPECT_EQ(j["value"], j["reference"]);
        EXPECT_EQ(j["index"], j["reference_index"]);
    }
}

// The maximum of a ramp is its last element: in the last rank's shard, so its index must have
// been moved by that shard's offset.
TEST(CliMpi, ArgmaxIndexComesFromTheLastRank) {
    const ProcessResult r = mpirun(3, {"--op", "argmax", "--type", "int32", "--n", "90001"});
    expect_verified_over_ranks(r, 3, 90001);
    EXPECT_EQ(nlohmann::json::parse(r.out)["index"], 90000);
}

}  // namespace
}  // namespace reducelab
