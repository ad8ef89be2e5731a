// The CPU model of the tree variants' rounds and the classic patterns it must show.
#include <gtest/gtest.h>

#include "reducelab/catalog.h"
#include "reducelab/error.h"
#include "reducelab/step_trace.h"
#include "trace/trace_prediction.h"

namespace reducelab {
namespace {

std::vector<std::uint32_t> active_ids(const TraceRound& round) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t i = 0; i < round.active.size(); ++i)
        if (round.active[i]) ids.push_back(i);
    return ids;
}

template <typename F>
std::vector<unsigned> per_round(const std::vector<TraceRound>& rounds, F figure) {
    std::vector<unsigned> out;
    for (const auto& r : rounds) out.push_back(static_cast<unsigned>(figure(r)));
    return out;
}

using U = std::vector<unsigned>;
using Ids = std::vector<std::uint32_t>;

TEST(TracePrediction, InterleavedSpreadsTheActiveWorkItems) {
    const auto rounds = predict_rounds("interleaved", 16);
    ASSERT_EQ(rounds.size(), 4u);
    EXPECT_EQ(per_round(rounds, [](auto& r) { return r.stride; }), (U{1, 2, 4, 8}));
    EXPECT_EQ(per_round(rounds, [](auto& r) { return r.active_work_items; }), (U{8, 4, 2, 1}));
    EXPECT_EQ(active_ids(rounds[0]), (Ids{0, 2, 4, 6, 8, 10, 12, 14}));
    EXPECT_EQ(active_ids(rounds[1]), (Ids{0, 4, 8, 12}));
    EXPECT_EQ(active_ids(rounds[2]), (Ids{0, 8}));
    EXPECT_EQ(active_ids(rounds[3]), (Ids{0}));
    const Access& a = rounds[1].accesses[2];  // work-item 8 in round 2
    EXPECT_EQ(a.work_item, 8u);
    EXPECT_EQ(a.read_a, 8u);
    EXPECT_EQ(a.read_b, 10u);
    EXPECT_EQ(a.write, 8u);
}

TEST(TracePrediction, StridedAndContiguousPackTheActiveWorkItems) {
    for (const char* variant : {"interleaved-strided", "contiguous"}) {
        const auto rounds = predict_rounds(variant, 16);
        ASSERT_EQ(rounds.size(), 4u) << variant;
        EXPECT_EQ(active_ids(rounds[0]), (Ids{0, 1, 2, 3, 4, 5, 6, 7})) << variant;
        EXPECT_EQ(active_ids(rounds[1]), (Ids{0, 1, 2, 3})) << variant;
        EXPECT_EQ(active_ids(rounds[2]), (Ids{0, 1})) << variant;
        EXPECT_EQ(active_ids(rounds[3]), (Ids{0})) << variant;
    }
    const auto strided = predict_rounds("interleaved-strided", 16);
    EXPECT_EQ(per_round(strided, [](auto& r) { return r.stride; }), (U{1, 2, 4, 8}));
    const Access& s = strided[1].accesses[3];  // work-item 3, s = 2: index 12
    EXPECT_EQ(s.work_item, 3u);
    EXPECT_EQ(s.read_a, 12u);
    EXPECT_EQ(s.read_b, 14u);
    EXPECT_EQ(s.write, 12u);
    const auto contiguous = predict_rounds("contiguous", 16);
    EXPECT_EQ(per_round(contiguous, [](auto& r) { return r.stride; }), (U{8, 4, 2, 1}));
    const Access& c = contiguous[0].accesses[7];
    EXPECT_EQ(c.read_a, 7u);
    EXPECT_EQ(c.read_b, 15u);
    EXPECT_EQ(c.write, 7u);
}

TEST(TracePrediction, SixteenWorkItemsAreOneWarpOfAnyDeviceWidth) {
    // At local size 16 a 16- or 32-lane warp holds the whole work-group: every round that
    // leaves anyone idle is divergent, whatever the addressing.
    for (unsigned warp : {16u, 32u, 64u})
        for (const char* variant : {"interleaved", "interleaved-strided", "contiguous"}) {
            const auto rounds = predict_rounds(variant, 16, AnalysisModel{warp, 32, 4, 4});
            EXPECT_EQ(per_round(rounds, [](auto& r) { return r.active_warps; }), (U{1, 1, 1, 1}));
            EXPECT_EQ(per_round(rounds, [](auto& r) { return r.divergent_warps; }), (U{1, 1, 1, 1}))
                << variant << " warp " << warp;
        }
}

TEST(TracePrediction, FourLaneWarpsShowTheDivergenceOfTheInterleavedTree) {
    const AnalysisModel mini{4, 4, 4, 4};
    const auto interleaved = predict_rounds("interleaved", 16, mini);
    EXPECT_EQ(per_round(interleaved, [](auto& r) { return r.active_warps; }), (U{4, 4, 2, 1}));
    EXPECT_EQ(per_round(interleaved, [](auto& r) { return r.divergent_warps; }), (U{4, 4, 2, 1}));
    for (const char* packed : {"interleaved-strided", "contiguous"}) {
        const auto rounds = predict_rounds(packed, 16, mini);
        EXPECT_EQ(per_round(rounds, [](auto& r) { return r.active_warps; }), (U{2, 1, 1, 1}));
        EXPECT_EQ(per_round(rounds, [](auto& r) { return r.divergent_warps; }), (U{0, 0, 1, 1}));
    }
}

TEST(TracePrediction, FourBanksShowTheConflictsOfTheStridedTree) {
    const AnalysisModel mini{4, 4, 4, 4};
    const auto strided = predict_rounds("interleaved-strided", 16, mini);
    // Round 1: each warp reads cells 0,2,4,6 (banks 0,2,0,2): 2-way in 2 banks, 2 warps, 3 phases.
    // Round 2: cells 0,4,8,12 all in bank 0: 4-way. Round 3: cells 0,8: 2-way.
    EXPECT_EQ(per_round(strided, [](auto& r) { return r.bank_conflicts; }), (U{12, 9, 3, 0}));
    EXPECT_EQ(per_round(strided, [](auto& r) { return r.max_conflict_degree; }), (U{2, 4, 2, 1}));
    for (const char* free : {"interleaved", "contiguous"}) {
        const auto rounds = predict_rounds(free, 16, mini);
        EXPECT_EQ(per_round(rounds, [](auto& r) { return r.bank_conflicts; }), (U{0, 0, 0, 0}))
            << free;
    }
}

TEST(TracePrediction, TheClassicContrastAtLocalSize256) {
    const AnalysisModel gpu{32, 32, 4, 4};
    const auto interleaved = predict_rounds("interleaved", 256, gpu);
    const auto strided = predict_rounds("interleaved-strided", 256, gpu);
    const auto contiguous = predict_rounds("contiguous", 256, gpu);
    // Interleaved: all 8 warps diverge while 2s <= 32, then 4, 2, 1.
    EXPECT_EQ(per_round(interleaved, [](auto& r) { return r.divergent_warps; }),
              (U{8, 8, 8, 8, 8, 4, 2, 1}));
    EXPECT_EQ(per_round(interleaved, [](auto& r) { return r.bank_conflicts; }), (U(8, 0)));
    for (const auto* packed : {&strided, &contiguous})
        EXPECT_EQ(per_round(*packed, [](auto& r) { return r.divergent_warps; }),
                  (U{0, 0, 0, 1, 1, 1, 1, 1}));
    EXPECT_EQ(per_round(strided, [](auto& r) { return r.max_conflict_degree; }),
              (U{2, 4, 8, 8, 8, 4, 2, 1}));
    // Round 1: 4 full warps, 16 banks 2-way each, in 3 phases.
    EXPECT_EQ(strided[0].bank_conflicts, 4u * 16 * 3);
    EXPECT_EQ(per_round(contiguous, [](auto& r) { return r.bank_conflicts; }), (U(8, 0)));
}

TEST(TracePrediction, ContiguousStaysConflictFreeForWideCells) {
    for (std::size_t cell : {4u, 8u, 16u})
        for (unsigned warp : {16u, 32u, 64u}) {
            const auto rounds =
                predict_rounds("contiguous", 1024, AnalysisModel{warp, 32, 4, cell});
            ASSERT_EQ(rounds.size(), 10u);
            for (const auto& r : rounds) EXPECT_EQ(r.bank_conflicts, 0u) << cell << " " << warp;
        }
}

TEST(TracePrediction, LocalSizeOneHasNoRounds) {
    EXPECT_TRUE(predict_rounds("interleaved", 1).empty());
    EXPECT_TRUE(predict_rounds("contiguous", 1).empty());
    EXPECT_EQ(predict_rounds("contiguous", 2).size(), 1u);
}

// The tree's shape is the catalog row's: the rounds of a stepped variant follow its `tree`.
TEST(TracePrediction, TheShapeIsTheCatalogRows) {
    for (const Variant& v : catalog()) {
        EXPECT_EQ(tree_shape(v.name), v.tree) << v.name;
        EXPECT_EQ(v.steppable(), v.tree.has_value()) << v.name;
    }
    EXPECT_EQ(tree_shape("interleaved"), TreeShape::Interleaved);
    EXPECT_EQ(tree_shape("interleaved-strided"), TreeShape::InterleavedStrided);
    EXPECT_EQ(tree_shape("contiguous"), TreeShape::Contiguous);
    EXPECT_FALSE(tree_shape("no-such-variant").has_value());
}

TEST(TracePrediction, RefusesWhatCannotBeStepped) {
    const auto kind_of = [](auto f) {
        try {
            f();
        } catch (const Error& e) {
            return e.kind();
        }
        return ErrorKind::Cancelled;  // "did not throw"
    };
    EXPECT_EQ(kind_of([] { predict_rounds("work-group-builtin", 16); }),
              ErrorKind::InvalidArgument);
    EXPECT_EQ(kind_of([] { predict_rounds("no-such-variant", 16); }), ErrorKind::InvalidArgument);
    EXPECT_EQ(kind_of([] { predict_rounds("contiguous", 12); }), ErrorKind::InvalidArgument);
    EXPECT_EQ(kind_of([] { predict_rounds("contiguous", 0); }), ErrorKind::InvalidArgument);
    EXPECT_EQ(kind_of([] {
                  predict_rounds("contiguous", 16, AnalysisModel{24, 32, 4, 4});
              }),
              ErrorKind::InvalidArgument);
    try {
        predict_rounds("work-group-builtin", 16);
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot be stepped"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace reducelab
