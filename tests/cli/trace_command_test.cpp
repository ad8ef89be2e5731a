// reducelab-cli trace as a process: the round-by-round table, the JSON trace, and a specific
// one-line reason with exit code 2 for every bad request.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "process.h"

namespace reducelab {
namespace {

test::ProcessResult trace(std::vector<std::string> args) {
    args.insert(args.begin(), "trace");
    return test::run_process(REDUCELAB_CLI, args);
}

TEST(CliTrace, PrintsTheRoundsOfTheInterleavedTree) {
    const auto r = trace({"--variant", "interleaved", "--local-size", "16", "--fill", "ramp"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* line :
         {"round 1, stride 1: 8 active work-item(s) (0 2 4 6 8 10 12 14)",
          "round 2, stride 2: 4 active work-item(s) (0 4 8 12)",
          "round 4, stride 8: 1 active work-item(s) (0)",
          // 1+2 .. 15+16 after round 1: the device's values
          "     [0]    3   2   7   4  11   6  15   8  19  10  23  12  27  14  31  16",
          "partial 136; uninstrumented run 136 (match)",
          "totals: 4 divergent warp-round(s), 0 bank conflict(s)"})
        EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
}

TEST(CliTrace, JsonShowsTheStridedTreesBankConflicts) {
    const auto r = trace({"--variant", "interleaved-strided", "--local-size", "16", "--json",
                          "--warp-width", "4", "--banks", "4", "--acc", "same"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["variant"], "interleaved-strided");
    EXPECT_EQ(json["analysis"]["warp_width"], 4);
    EXPECT_EQ(json["analysis"]["bank_count"], 4);
    const auto& group = json["groups"][0];
    EXPECT_TRUE(group["matches_uninstrumented"].get<bool>());
    std::vector<unsigned> active, conflicts, divergent;
    for (const auto& round : group["rounds"]) {
        active.push_back(round["active_work_items"]);
        conflicts.push_back(round["bank_conflicts"]);
        divergent.push_back(round["divergent_warps"]);
    }
    EXPECT_EQ(active, (std::vector<unsigned>{8, 4, 2, 1}));
    EXPECT_EQ(conflicts, (std::vector<unsigned>{12, 9, 3, 0}));
    EXPECT_EQ(divergent, (std::vector<unsigned>{0, 0, 1, 1}));
    EXPECT_EQ(group["rounds"][0]["values"].size(), 16u);
}

TEST(CliTrace, AllGroupsOfASmallInput) {
    const auto r = trace({"--variant", "contiguous", "--local-size", "8", "--n", "20",
                          "--all-groups", "--op", "max", "--type", "float32", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    ASSERT_EQ(json["groups"].size(), 3u);
    for (const auto& g : json["groups"]) EXPECT_TRUE(g["matches_uninstrumented"].get<bool>());
}

TEST(CliTrace, BadRequestsExitTwoWithAReason) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
        {{"--variant", "work-group-builtin"}, "cannot be stepped"},
        {{"--variant", "contiguous", "--n", "16", "--group", "5"}, "outside the input"},
        {{"--variant", "contiguous", "--local-size", "12"}, "power of two"},
        {{"--local-size", "0"}, "local size must be at least 1"},
        {{"--warp-width", "24"}, "warp width 24"},
        {{"--banks", "48"}, "bank count 48"},
        {{"--bank-width", "2"}, "bank width 2"},
        {{"--group", "1", "--all-groups"}, "either --group or --all-groups"},
        {{"--n", "many"}, "--n"},
        {{"--op", "median"}, "unknown operation 'median'"},
        {{"--variant", "no-such"}, "unknown variant 'no-such'"},
    };
    for (const auto& [args, fragment] : cases) {
        const auto r = trace(args);
        std::string joined;
        for (const auto& a : args) joined += a + " ";
        EXPECT_EQ(r.exit_code, 2) << joined << "\n" << r.err;
        EXPECT_NE(r.err.find(fragment), std::string::npos) << joined << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_TRUE(r.out.empty()) << joined;
    }
}

}  // namespace
}  // namespace reducelab
