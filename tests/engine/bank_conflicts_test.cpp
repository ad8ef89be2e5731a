// The arithmetic of step mode's derived figures: banks, broadcasts, n-way conflicts, the
// transaction split of wide cells, warps and divergence.
#include <gtest/gtest.h>

#include <numeric>

#include "reducelab/error.h"
#include "trace/bank_conflicts.h"

namespace reducelab {
namespace {

AnalysisModel model(unsigned warp, unsigned banks, unsigned bank_width, std::size_t cell) {
    return AnalysisModel{warp, banks, bank_width, cell};
}

// Lanes 0..count-1 of one warp, lane i accessing cell index_of(i).
template <typename F>
std::vector<LaneAccess> lanes(std::uint32_t count, F index_of) {
    std::vector<LaneAccess> out;
    for (std::uint32_t i = 0; i < count; ++i)
        out.push_back({i, static_cast<std::uint64_t>(index_of(i))});
    return out;
}

unsigned total(const std::vector<BankConflict>& conflicts) {
    unsigned sum = 0;
    for (const auto& c : conflicts) sum += c.degree - 1;
    return sum;
}

TEST(BankConflicts, BankIsTheWordIndexModuloTheBankCount) {
    EXPECT_EQ(bank_of(0, model(32, 32, 4, 4)), 0u);
    EXPECT_EQ(bank_of(132, model(32, 32, 4, 4)), 1u);   // word 33
    EXPECT_EQ(bank_of(132, model(32, 32, 8, 4)), 16u);  // 8-byte word 16
    EXPECT_EQ(bank_of(127, model(32, 16, 4, 4)), 15u);  // word 31 of 16 banks
}

TEST(BankConflicts, ConsecutiveWordsAreConflictFree) {
    EXPECT_TRUE(
        find_bank_conflicts(lanes(32, [](auto i) { return i; }), model(32, 32, 4, 4), "read a")
            .empty());
}

TEST(BankConflicts, OneAddressReadByEveryLaneIsABroadcast) {
    EXPECT_TRUE(
        find_bank_conflicts(lanes(32, [](auto) { return 5; }), model(32, 32, 4, 4), "read a")
            .empty());
}

TEST(BankConflicts, BroadcastLanesCountOnceInADegree) {
    // Lanes 0 and 1 read cell 0, lane 2 reads cell 32: bank 0 holds two distinct words.
    const std::vector<LaneAccess> access{{0, 0}, {1, 0}, {2, 32}};
    const auto conflicts = find_bank_conflicts(access, model(32, 32, 4, 4), "read b");
    ASSERT_EQ(conflicts.size(), 1u);
    EXPECT_EQ(conflicts[0].bank, 0u);
    EXPECT_EQ(conflicts[0].degree, 2u);
    EXPECT_EQ(conflicts[0].phase, "read b");
    EXPECT_EQ(conflicts[0].work_items, (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_EQ(conflicts[0].indices, (std::vector<std::uint32_t>{0, 0, 32}));
}

TEST(BankConflicts, StrideTwoIsTwoWayInHalfTheBanks) {
    const auto conflicts =
        find_bank_conflicts(lanes(32, [](auto i) { return 2 * i; }), model(32, 32, 4, 4), "write");
    ASSERT_EQ(conflicts.size(), 16u);
    for (const auto& c : conflicts) {
        EXPECT_EQ(c.degree, 2u);
        EXPECT_EQ(c.bank % 2, 0u);
        EXPECT_EQ(c.work_items.size(), 2u);
    }
    EXPECT_EQ(total(conflicts), 16u);
}

TEST(BankConflicts, StrideOfTheBankCountSerialisesTheWholeWarp) {
    const auto conflicts = find_bank_conflicts(lanes(32, [](auto i) { return 32 * i; }),
                                               model(32, 32, 4, 4), "read a");
    ASSERT_EQ(conflicts.size(), 1u);
    EXPECT_EQ(conflicts[0].degree, 32u);
    EXPECT_EQ(total(conflicts), 31u);
}

TEST(BankConflicts, WarpsDoNotConflictWithEachOther) {
    const std::vector<LaneAccess> access{{0, 0}, {32, 32}, {64, 64}};
    EXPECT_TRUE(find_bank_conflicts(access, model(32, 32, 4, 4), "read a").empty());
    // ... but with 64-lane warps the two lanes share a 32-bank transaction only if they fit.
    EXPECT_EQ(lanes_per_transaction(model(64, 32, 4, 4)), 32u);
    EXPECT_TRUE(find_bank_conflicts(access, model(64, 32, 4, 4), "read a").empty());
    const std::vector<LaneAccess> same_half{{0, 0}, {31, 32}};
    EXPECT_EQ(total(find_bank_conflicts(same_half, model(64, 32, 4, 4), "read a")), 1u);
}

TEST(BankConflicts, EightByteCellsAreServedInHalfWarps) {
    const AnalysisModel wide = model(32, 32, 4, 8);
    EXPECT_EQ(lanes_per_transaction(wide), 16u);
    // Consecutive 8-byte cells: each half-warp covers the 32 banks once.
    EXPECT_TRUE(find_bank_conflicts(lanes(32, [](auto i) { return i; }), wide, "read a").empty());
    // Stride 2: lane i touches words 4i and 4i+1; lanes i and i+8 of a half-warp collide.
    const auto conflicts =
        find_bank_conflicts(lanes(32, [](auto i) { return 2 * i; }), wide, "read a");
    ASSERT_EQ(conflicts.size(), 32u);  // 16 banks in each of 2 transactions
    EXPECT_EQ(total(conflicts), 32u);
    for (const auto& c : conflicts) {
        EXPECT_EQ(c.degree, 2u);
        EXPECT_EQ(c.bank % 4 < 2, true);
        EXPECT_EQ(c.transaction, c.work_items[0] / 16);
    }
    // With 8-byte banks the same cells are one word each: stride 2 is 2-way in 16 banks.
    EXPECT_EQ(lanes_per_transaction(model(32, 32, 8, 8)), 32u);
    EXPECT_EQ(total(find_bank_conflicts(lanes(32, [](auto i) { return 2 * i; }),
                                        model(32, 32, 8, 8), "w")),
              16u);
}

TEST(BankConflicts, FourByteCellsInEightByteBanksPairUpAsBroadcasts) {
    // Cells 2k and 2k+1 share an 8-byte word: 64 lanes over 32 banks, no conflict.
    EXPECT_TRUE(
        find_bank_conflicts(lanes(64, [](auto i) { return i; }), model(64, 32, 8, 4), "r").empty());
}

TEST(BankConflicts, SixteenByteCellsAreServedInQuarterWarps) {
    const AnalysisModel pairs = model(32, 32, 4, 16);
    EXPECT_EQ(lanes_per_transaction(pairs), 8u);
    EXPECT_TRUE(find_bank_conflicts(lanes(32, [](auto i) { return i; }), pairs, "read a").empty());
}

TEST(BankConflicts, RoundFiguresCountWarpsDivergenceAndConflicts) {
    TraceRound round;
    // A new vector, not assign(): GCC 14 reports assign() as -Warray-bounds in stl_bvector.
    round.active = std::vector<bool>(64, false);
    for (std::uint32_t t = 0; t < 16; ++t) {
        round.active[t] = true;
        round.accesses.push_back({t, 2 * t, 2 * t + 1, 2 * t});
    }
    analyse_round(round, model(32, 32, 4, 4));
    EXPECT_EQ(round.active_work_items, 16u);
    EXPECT_EQ(round.active_warps, 1u);
    EXPECT_EQ(round.divergent_warps, 1u);
    EXPECT_EQ(round.bank_conflicts, 0u);  // 16 lanes, words 0..31: no bank twice
    analyse_round(round, model(16, 16, 4, 4));
    EXPECT_EQ(round.active_warps, 1u);
    EXPECT_EQ(round.divergent_warps, 0u);
    // One 16-lane transaction at even (read a, write) or odd (read b) words over 16 banks:
    // 8 banks hold 2 words each, in each of the 3 phases.
    EXPECT_EQ(round.max_conflict_degree, 2u);
    EXPECT_EQ(round.bank_conflicts, 8u * 3);
    EXPECT_EQ(round.conflicts.size(), 24u);
    // 8 banks serve 8 lanes at a time: two transactions, the same 2-way pattern in each.
    analyse_round(round, model(16, 8, 4, 4));
    EXPECT_EQ(round.bank_conflicts, 2u * 4 * 3);
}

TEST(BankConflicts, ModelsOutsideTheSupportedRangeAreRefused) {
    EXPECT_NO_THROW(check_model(model(16, 32, 4, 8)));
    EXPECT_NO_THROW(check_model(model(4, 1, 8, 16)));
    for (const auto& bad : {model(24, 32, 4, 4), model(128, 32, 4, 4), model(2, 32, 4, 4),
                            model(32, 48, 4, 4), model(32, 0, 4, 4), model(32, 128, 4, 4),
                            model(32, 32, 2, 4), model(32, 32, 16, 4), model(32, 32, 4, 0)}) {
        try {
            check_model(bad);
            ADD_FAILURE() << "accepted warp " << bad.warp_width << " banks " << bad.bank_count
                          << " width " << bad.bank_width << " cell " << bad.element_bytes;
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
        }
    }
}

}  // namespace
}  // namespace reducelab
