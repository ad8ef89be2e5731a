// Step mode on the device: the instrumented kernels' rounds against the CPU prediction, the
// snapshots against the uninstrumented partials and a CPU replay, the classic patterns in the
// JSON trace, and the errors.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/step_trace.h"
#include "reducelab/trace_json.h"
#include "test_device.h"

namespace reducelab {
namespace {

Engine& engine() {
    static Engine instance(test::device_spec());
    return instance;
}

TraceRequest request_for(std::string variant, std::size_t local_size) {
    TraceRequest r;
    r.variant = std::move(variant);
    r.local_size = local_size;
    return r;
}

// The largest local size the variant's kernels take on the test device (CL_KERNEL_WORK_GROUP_SIZE
// can be below the device's maximum: 256 on an H200 with NVIDIA's driver 580).
std::size_t max_local_size(const Variant& v) {
    return run_trace(engine(), request_for(std::string(v.name), 1)).max_local_size;
}

std::vector<std::size_t> local_sizes_for(const Variant& v) {
    const std::size_t limit = max_local_size(v);
    std::vector<std::size_t> sizes;
    for (std::size_t size : {1u, 2u, 16u, 64u, 256u, 1024u})
        if (size <= limit) sizes.push_back(size);
    return sizes;
}

std::vector<const Variant*> steppable_variants() {
    std::vector<const Variant*> out;
    for (const Variant& v : catalog())
        if (v.steppable() && availability(v, engine().device()).available) out.push_back(&v);
    return out;
}

ErrorKind error_kind(const TraceRequest& request, std::string* message = nullptr) {
    try {
        run_trace(engine(), request);
    } catch (const Error& e) {
        if (message) *message = e.what();
        return e.kind();
    }
    return ErrorKind::Cancelled;  // stands for "no error"
}

void expect_same_rounds(const std::vector<TraceRound>& device, const std::vector<TraceRound>& cpu,
                        const std::string& where) {
    ASSERT_EQ(device.size(), cpu.size()) << where;
    for (std::size_t r = 0; r < cpu.size(); ++r) {
        const TraceRound& d = device[r];
        const TraceRound& c = cpu[r];
        const std::string at = where + " round " + std::to_string(r + 1);
        EXPECT_EQ(d.round, c.round) << at;
        EXPECT_EQ(d.stride, c.stride) << at;
        EXPECT_EQ(d.active, c.active) << at;
        ASSERT_EQ(d.accesses.size(), c.accesses.size()) << at;
        for (std::size_t i = 0; i < c.accesses.size(); ++i) {
            EXPECT_EQ(d.accesses[i].work_item, c.accesses[i].work_item) << at;
            EXPECT_EQ(d.accesses[i].read_a, c.accesses[i].read_a) << at;
            EXPECT_EQ(d.accesses[i].read_b, c.accesses[i].read_b) << at;
            EXPECT_EQ(d.accesses[i].write, c.accesses[i].write) << at;
        }
        EXPECT_EQ(d.active_work_items, c.active_work_items) << at;
        EXPECT_EQ(d.active_warps, c.active_warps) << at;
        EXPECT_EQ(d.divergent_warps, c.divergent_warps) << at;
        EXPECT_EQ(d.bank_conflicts, c.bank_conflicts) << at;
        EXPECT_EQ(d.max_conflict_degree, c.max_conflict_degree) << at;
        EXPECT_EQ(d.conflicts.size(), c.conflicts.size()) << at;
    }
}

TEST(StepTrace, EverySteppableVariantMatchesTheCpuPredictionAtEveryLocalSize) {
    const auto variants = steppable_variants();
    ASSERT_GE(variants.size(), 3u);
    for (const Variant* v : variants)
        for (std::size_t local : local_sizes_for(*v)) {
            const std::string where = std::string(v->name) + " at " + std::to_string(local);
            TraceRequest request = request_for(std::string(v->name), local);
            const StepTrace trace = run_trace(engine(), request);
            ASSERT_EQ(trace.groups.size(), 1u) << where;
            const GroupTrace& g = trace.groups[0];
            EXPECT_EQ(trace.local_size, local);
            EXPECT_EQ(g.initial.size(), local) << where;
            const AnalysisModel model{trace.warp_width, trace.bank_count, trace.bank_width,
                                      trace.element_bytes};
            expect_same_rounds(g.rounds, predict_rounds(std::string(v->name), local, model), where);
            EXPECT_TRUE(g.matches_uninstrumented)
                << where << ": traced " << g.partial.to_string() << ", plain "
                << g.uninstrumented_partial.to_string();
        }
}

// Replays the predicted accesses on the loaded snapshot with the CPU's 64-bit wrapping sum:
// every round's values must be what the device shows.
TEST(StepTrace, EveryRoundsValuesAreTheTreesPartialSums) {
    for (const char* variant : {"interleaved", "interleaved-strided", "contiguous"}) {
        TraceRequest request = request_for(variant, 64);
        request.fill = Fill::Random;
        request.seed = 7;
        const StepTrace trace = run_trace(engine(), request);
        const GroupTrace& g = trace.groups[0];
        std::vector<std::int64_t> cells;
        for (const Value& v : g.initial) cells.push_back(v.i);
        for (const TraceRound& round : g.rounds) {
            for (const Access& a : round.accesses)
                cells[a.write] =
                    static_cast<std::int64_t>(static_cast<std::uint64_t>(cells[a.read_a]) +
                                              static_cast<std::uint64_t>(cells[a.read_b]));
            ASSERT_EQ(round.values.size(), cells.size());
            for (std::size_t i = 0; i < cells.size(); ++i)
                ASSERT_EQ(round.values[i].i, cells[i])
                    << variant << " round " << round.round << " cell " << i;
        }
    }
}

TEST(StepTrace, TheLoadedSnapshotIsTheInputAndTheLastRoundItsSum) {
    TraceRequest request = request_for("contiguous", 256);
    request.fill = Fill::Ramp;
    const StepTrace trace = run_trace(engine(), request);
    const GroupTrace& g = trace.groups[0];
    for (std::size_t i = 0; i < 256; ++i)
        ASSERT_EQ(g.initial[i].i, static_cast<std::int64_t>(i + 1));
    EXPECT_EQ(g.rounds.back().values[0].i, 256 * 257 / 2);
    EXPECT_EQ(g.partial.i, 256 * 257 / 2);
    EXPECT_EQ(g.uninstrumented_partial.i, 256 * 257 / 2);
}

TEST(StepTrace, TheLastRoundEqualsTheUninstrumentedPartialForEveryKindOfAccumulator) {
    struct Case {
        Operation op;
        ElementType type;
        AccumulatorMode acc;
    };
    const Case cases[] = {
        {Operation::Sum, ElementType::Float32, AccumulatorMode::Default},
        {Operation::Sum, ElementType::Int32, AccumulatorMode::Same},
        {Operation::Min, ElementType::Int64, AccumulatorMode::Default},
        {Operation::Max, ElementType::Float64, AccumulatorMode::Default},
        {Operation::Product, ElementType::Float32, AccumulatorMode::Wide},
        {Operation::ArgMax, ElementType::Float32, AccumulatorMode::Default},
        {Operation::ArgMin, ElementType::Int32, AccumulatorMode::Default},
        {Operation::Dot, ElementType::Int32, AccumulatorMode::Default},
        {Operation::BitXor, ElementType::UInt32, AccumulatorMode::Default},
    };
    for (const Case& c : cases) {
        if (!engine().device().has_fp64 &&
            (c.type == ElementType::Float64 || c.acc == AccumulatorMode::Wide))
            continue;
        TraceRequest request = request_for("interleaved-strided", 128);
        request.op = c.op;
        request.type = c.type;
        request.accumulator = c.acc;
        request.n = 3 * 128 + 17;
        request.all_groups = true;
        const StepTrace trace = run_trace(engine(), request);
        const std::string where =
            std::string(to_string(c.op)) + " " + std::string(to_string(c.type));
        ASSERT_EQ(trace.groups.size(), 4u) << where;
        for (const GroupTrace& g : trace.groups) {
            EXPECT_TRUE(g.matches_uninstrumented)
                << where << " group " << g.group << ": traced " << g.partial.to_string()
                << ", plain " << g.uninstrumented_partial.to_string();
            EXPECT_EQ(g.rounds.size(), 7u) << where;
        }
        if (has_index(c.op)) {
            EXPECT_TRUE(trace.groups[0].partial.index.has_value()) << where;
        }
    }
}

TEST(StepTrace, AllGroupsTracesEachWorkGroupAndPadsTheLastWithTheIdentity) {
    TraceRequest request = request_for("interleaved", 16);
    request.op = Operation::Min;
    request.fill = Fill::Ramp;
    request.n = 3 * 16 + 5;
    request.all_groups = true;
    const StepTrace trace = run_trace(engine(), request);
    EXPECT_EQ(trace.work_groups, 4u);
    ASSERT_EQ(trace.groups.size(), 4u);
    for (std::uint64_t g = 0; g < 4; ++g) {
        EXPECT_EQ(trace.groups[g].group, g);
        EXPECT_EQ(trace.groups[g].partial.i, static_cast<std::int64_t>(16 * g + 1));
        EXPECT_TRUE(trace.groups[g].matches_uninstrumented);
    }
    const GroupTrace& last = trace.groups[3];
    for (std::size_t i = 0; i < 5; ++i)
        EXPECT_EQ(last.initial[i].i, static_cast<std::int64_t>(48 + i + 1));
    for (std::size_t i = 5; i < 16; ++i) EXPECT_EQ(last.initial[i].i, 2147483647) << i;  // INT_MAX
}

TEST(StepTrace, OneChosenGroupOfALargerInput) {
    TraceRequest request = request_for("contiguous", 64);
    request.fill = Fill::Ramp;
    request.n = 1000;
    request.group = 15;  // elements 961..1000, then 24 cells of identity
    const StepTrace trace = run_trace(engine(), request);
    EXPECT_EQ(trace.work_groups, 16u);
    ASSERT_EQ(trace.groups.size(), 1u);
    EXPECT_EQ(trace.groups[0].group, 15u);
    EXPECT_EQ(trace.groups[0].partial.i, (961 + 1000) * 40 / 2);
    EXPECT_TRUE(trace.groups[0].matches_uninstrumented);
}

TEST(StepTrace, AnInputSmallerThanOneWorkGroupIsPaddedWithTheIdentity) {
    TraceRequest request = request_for("interleaved", 32);
    request.fill = Fill::Ones;
    request.n = 5;
    const StepTrace trace = run_trace(engine(), request);
    const GroupTrace& g = trace.groups[0];
    for (std::size_t i = 0; i < 32; ++i) EXPECT_EQ(g.initial[i].i, i < 5 ? 1 : 0) << i;
    EXPECT_EQ(g.partial.i, 5);
    EXPECT_TRUE(g.matches_uninstrumented);
}

TEST(StepTrace, TheDevicesLargestLocalSizeCanBeStepped) {
    const std::size_t largest =
        std::min<std::size_t>(max_local_size(find_variant("contiguous")), 4096);
    std::size_t local = 1;
    while (local * 2 <= largest) local *= 2;
    TraceRequest request = request_for("contiguous", local);
    request.fill = Fill::Ones;
    const StepTrace trace = run_trace(engine(), request);
    EXPECT_EQ(trace.groups[0].partial.i, static_cast<std::int64_t>(local));
    expect_same_rounds(trace.groups[0].rounds, predict_rounds("contiguous", local), "largest");
}

// The done-means of issue 4, read from the JSON trace at local size 16.
std::vector<unsigned> figures(const nlohmann::json& trace, const char* key) {
    std::vector<unsigned> out;
    for (const auto& round : trace["groups"][0]["rounds"])
        out.push_back(round[key].get<unsigned>());
    return out;
}
std::vector<std::vector<unsigned>> active_ids(const nlohmann::json& trace) {
    std::vector<std::vector<unsigned>> out;
    for (const auto& round : trace["groups"][0]["rounds"])
        out.push_back(round["active_ids"].get<std::vector<unsigned>>());
    return out;
}

TEST(StepTrace, TheClassicPatternsAtLocalSize16) {
    using U = std::vector<unsigned>;
    using Ids = std::vector<std::vector<unsigned>>;
    // Four-lane warps and four 4-byte banks scale a GPU down to 16 work-items: at device widths
    // a 16-item work-group is a single warp, and 32 banks hold all 16 cells.
    const auto traced = [](const char* variant) {
        TraceRequest request = request_for(variant, 16);
        request.accumulator = AccumulatorMode::Same;  // 4-byte cells
        request.warp_width = 4;
        request.bank_count = 4;
        const StepTrace trace = run_trace(engine(), request);
        EXPECT_EQ(trace.element_bytes, 4u);
        EXPECT_TRUE(trace.groups[0].matches_uninstrumented) << variant;
        return to_json(trace);
    };
    const nlohmann::json interleaved = traced("interleaved");
    EXPECT_EQ(figures(interleaved, "active_work_items"), (U{8, 4, 2, 1}));
    EXPECT_EQ(active_ids(interleaved),
              (Ids{{0, 2, 4, 6, 8, 10, 12, 14}, {0, 4, 8, 12}, {0, 8}, {0}}));
    EXPECT_EQ(figures(interleaved, "divergent_warps"), (U{4, 4, 2, 1}));
    EXPECT_EQ(figures(interleaved, "bank_conflicts"), (U{0, 0, 0, 0}));
    EXPECT_EQ(interleaved["groups"][0]["total_divergent_warps"], 11);

    const nlohmann::json strided = traced("interleaved-strided");
    EXPECT_EQ(figures(strided, "active_work_items"), (U{8, 4, 2, 1}));
    EXPECT_EQ(active_ids(strided), (Ids{{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3}, {0, 1}, {0}}));
    EXPECT_EQ(figures(strided, "divergent_warps"), (U{0, 0, 1, 1}));
    EXPECT_EQ(figures(strided, "bank_conflicts"), (U{12, 9, 3, 0}));
    EXPECT_EQ(figures(strided, "max_conflict_degree"), (U{2, 4, 2, 1}));
    EXPECT_EQ(strided["groups"][0]["rounds"][1]["conflicts"][0]["indices"], (U{0, 4, 8, 12}));

    const nlohmann::json contiguous = traced("contiguous");
    EXPECT_EQ(active_ids(contiguous), (Ids{{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3}, {0, 1}, {0}}));
    EXPECT_EQ(figures(contiguous, "divergent_warps"), (U{0, 0, 1, 1}));
    EXPECT_EQ(figures(contiguous, "bank_conflicts"), (U{0, 0, 0, 0}));

    // With a device's 16-lane warps the whole group is one warp, divergent in every round.
    TraceRequest device_width = request_for("interleaved", 16);
    device_width.warp_width = 16;
    EXPECT_EQ(figures(to_json(run_trace(engine(), device_width)), "divergent_warps"),
              (U{1, 1, 1, 1}));
}

TEST(StepTrace, JsonCarriesTheDeviceValuesAndTheModel) {
    TraceRequest request = request_for("contiguous", 8);
    request.fill = Fill::Ramp;
    const nlohmann::json json = to_json(run_trace(engine(), request));
    EXPECT_EQ(json["variant"], "contiguous");
    EXPECT_EQ(json["local_size"], 8);
    EXPECT_EQ(json["analysis"]["warp_width"], 32);
    EXPECT_EQ(json["analysis"]["element_bytes"], 8);
    EXPECT_EQ(json["groups"][0]["initial"], (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
    EXPECT_EQ(json["groups"][0]["rounds"][0]["values"],
              (std::vector<int>{6, 8, 10, 12, 5, 6, 7, 8}));
    EXPECT_EQ(json["groups"][0]["partial"], 36);
    EXPECT_EQ(json["groups"][0]["matches_uninstrumented"], true);
    EXPECT_TRUE(json["device"].contains("name"));
}

TEST(StepTrace, AVariantWithoutATreeCannotBeStepped) {
    for (const Variant& v : catalog()) {
        if (v.steppable()) continue;
        std::string message;
        EXPECT_EQ(error_kind(request_for(std::string(v.name), 16), &message),
                  ErrorKind::InvalidArgument)
            << v.name;
        EXPECT_NE(message.find("cannot be stepped"), std::string::npos) << message;
    }
}

TEST(StepTrace, AGroupOutsideTheInputIsRefused) {
    TraceRequest request = request_for("contiguous", 16);
    request.n = 40;
    request.group = 3;
    std::string message;
    EXPECT_EQ(error_kind(request, &message), ErrorKind::InvalidArgument);
    EXPECT_NE(message.find("outside the input"), std::string::npos) << message;
    EXPECT_NE(message.find("3 work-group(s) (0 to 2)"), std::string::npos) << message;
    request.group = 2;
    EXPECT_EQ(error_kind(request), ErrorKind::Cancelled);  // the last group is fine
}

TEST(StepTrace, BadRequestsGetSpecificErrors) {
    std::string message;
    EXPECT_EQ(error_kind(request_for("contiguous", 12), &message), ErrorKind::InvalidArgument);
    EXPECT_NE(message.find("power of two"), std::string::npos) << message;
    EXPECT_EQ(error_kind(request_for("contiguous", 0), &message), ErrorKind::InvalidArgument);
    const std::size_t too_large = max_local_size(find_variant("contiguous")) * 2;
    EXPECT_EQ(error_kind(request_for("contiguous", too_large), &message),
              ErrorKind::InvalidArgument);
    EXPECT_NE(message.find("above"), std::string::npos) << message;
    EXPECT_EQ(error_kind(request_for("no-such-variant", 16), &message), ErrorKind::InvalidArgument);

    TraceRequest warp = request_for("contiguous", 16);
    warp.warp_width = 24;
    EXPECT_EQ(error_kind(warp, &message), ErrorKind::InvalidArgument);
    EXPECT_NE(message.find("warp width 24"), std::string::npos) << message;
    TraceRequest banks = request_for("contiguous", 16);
    banks.bank_count = 33;
    EXPECT_EQ(error_kind(banks), ErrorKind::InvalidArgument);

    TraceRequest many = request_for("contiguous", 16);
    many.n = 16 * (kMaxTracedGroups + 1);
    many.all_groups = true;
    EXPECT_EQ(error_kind(many, &message), ErrorKind::InvalidArgument);
    EXPECT_NE(message.find("small inputs"), std::string::npos) << message;
    many.group = 1;
    EXPECT_EQ(error_kind(many), ErrorKind::InvalidArgument);

    TraceRequest bitwise_float = request_for("contiguous", 16);
    bitwise_float.op = Operation::BitAnd;
    bitwise_float.type = ElementType::Float32;
    EXPECT_EQ(error_kind(bitwise_float), ErrorKind::InvalidArgument);
}

}  // namespace
}  // namespace reducelab
