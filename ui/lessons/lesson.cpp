// The lesson's texts and its table arithmetic.
#include "lessons/lesson.h"

#include <QCoreApplication>
#include <algorithm>

namespace reducelab::ui {
namespace {

struct StepText {
    const char* variant;
    const char* title;
    const char* changes;
    const char* lookFor;
    LessonSetup setup;
    LessonClaim claim;
};

// Small groups and narrow warps keep divergence readable; bank conflicts need whole 32-lane
// warps and enough work-items that the strided addresses wrap the 32 banks several times.
constexpr LessonSetup kDivergence{32, 8, Fill::Ramp, 0};
constexpr LessonSetup kBanks{128, 32, Fill::Ramp, 0};
constexpr LessonSetup kLoads{64, 32, Fill::Ones, 0};
// Grid-stride launches about 2048 work-items per compute unit: 2^22 elements give each of them
// many, even on a GPU with 132 compute units.
constexpr LessonSetup kGridStride{64, 32, Fill::Ones, std::uint64_t{1} << 22};
constexpr LessonSetup kNoTree{16, 4, Fill::Ramp, 0};

constexpr StepText kSteps[] = {
    {"interleaved", QT_TRANSLATE_NOOP("Lesson", "Naive tree: interleaved addressing"),
     QT_TRANSLATE_NOOP("Lesson",
                       "The starting point. Each work-item loads one element into local memory; in "
                       "round s the work-items whose id is a multiple of 2s add the neighbour s "
                       "places to the right. After log2(local size) rounds, cell 0 holds the "
                       "work-group's partial, and the host adds the partials."),
     QT_TRANSLATE_NOOP("Lesson",
                       "In the step view the active work-items are spread across the whole "
                       "work-group: every warp keeps running with only a few busy lanes (divergent "
                       "warps, hatched). The % (modulo) test is slow, too."),
     kDivergence, LessonClaim::DivergentWarps},
    {"interleaved-strided", QT_TRANSLATE_NOOP("Lesson", "Interleaved, without divergence"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Same pairs, different work-items: work-item tid now handles the pair at "
                       "index 2*s*tid, so the busy work-items are the first ones. The modulo test "
                       "disappears."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Whole warps now work or idle together: the divergent-warp count drops. But "
                       "neighbouring lanes touch addresses 2s apart, which land in the same "
                       "local-memory banks: watch the bank conflicts (diamonds) grow each round."),
     kBanks, LessonClaim::GrowingBankConflicts},
    {"contiguous", QT_TRANSLATE_NOOP("Lesson", "Contiguous (sequential) addressing"),
     QT_TRANSLATE_NOOP("Lesson",
                       "The stride starts at half the local size and halves every round; work-item "
                       "tid adds scratch[tid + s] into scratch[tid] while tid < s."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Active work-items stay packed at the left and a warp reads consecutive "
                       "addresses: no divergence and no bank conflicts. But half of the work-items "
                       "already do nothing in the first round."),
     kBanks, LessonClaim::PackedNoConflicts},
    {"first-add", QT_TRANSLATE_NOOP("Lesson", "First add during the load"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Each work-item reads two elements a work-group's width apart and adds them "
                       "while loading. A work-group covers twice as many elements, so half as many "
                       "work-groups run."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The tree is unchanged, but the loaded values are already sums of two. "
                       "Fewer work-groups, fewer barriers and fewer partials per element: the time "
                       "should drop noticeably."),
     kLoads, LessonClaim::LoadAddsTwo},
    {"unroll-last", QT_TRANSLATE_NOOP("Lesson", "Unrolling the last rounds, correctly"),
     QT_TRANSLATE_NOOP(
         "Lesson",
         "The last six rounds are written out one by one instead of looping (or, with "
         "sub-groups, the last sub-group finishes in registers). Unlike CUDA's classic "
         "trick every round keeps its barrier: OpenCL does not promise that a warp "
         "runs in lockstep."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The rounds are the same as before; only the loop's bookkeeping goes away. "
                       "The gain is small and depends on the device."),
     kLoads, LessonClaim::SameRoundsAsBefore},
    {"unrolled", QT_TRANSLATE_NOOP("Lesson", "Complete unroll with a compile-time local size"),
     QT_TRANSLATE_NOOP("Lesson",
                       "The local size becomes a build option (-DWGS), like CUDA's template "
                       "parameter, so every round is written out and the tests on the local size "
                       "vanish at compile time. One program is built per local size."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Same rounds, same values in the step view; the compiler now knows exactly "
                       "which work-items work in each round."),
     kLoads, LessonClaim::SameRoundsAsBefore},
    {"subgroup", QT_TRANSLATE_NOOP("Lesson", "Sub-group reduction in registers"),
     QT_TRANSLATE_NOOP("Lesson",
                       "sub_group_reduce_* combines the values of a whole sub-group (a warp) in "
                       "registers, without local memory or barriers; only one value per sub-group "
                       "goes through a small tree."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Only devices with cl_khr_subgroups run it. It is what the unrolled warp "
                       "tail was reaching for, in a form the language guarantees."),
     kNoTree, LessonClaim::None},
    {"warp-shuffle", QT_TRANSLATE_NOOP("Lesson", "Warp shuffles (NVIDIA only)"),
     QT_TRANSLATE_NOOP("Lesson",
                       "On NVIDIA's OpenCL, five butterfly shuffles in inline PTX reduce each warp "
                       "of 32 work-items in registers; lane 0 of each warp writes one value to "
                       "local memory."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Vendor-specific: elsewhere this step is skipped. Compare it with the "
                       "sub-group step where both exist."),
     kNoTree, LessonClaim::None},
    {"grid-stride", QT_TRANSLATE_NOOP("Lesson", "Many elements per work-item: grid-stride loop"),
     QT_TRANSLATE_NOOP("Lesson",
                       "A fixed number of work-groups walks the whole input: each work-item adds "
                       "elements gid, gid + global size, ... in a register before the tree runs "
                       "once. This is algorithm cascading."),
     QT_TRANSLATE_NOOP(
         "Lesson",
         "The tree and its barriers are now paid once per many elements, and only a "
         "few partials are left for the host. This is usually the biggest jump of the "
         "ladder."),
     kGridStride, LessonClaim::LoadAddsMany},
    {"vector", QT_TRANSLATE_NOOP("Lesson", "Vector loads: 16 bytes at a time"),
     QT_TRANSLATE_NOOP("Lesson",
                       "The grid-stride loop loads four elements at once as one int4/float4 vector "
                       "and keeps four running lanes in registers (the kernel of seed 000)."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Wide loads keep more memory requests in flight: GB/s should approach the "
                       "device's bandwidth ceiling."),
     kGridStride, LessonClaim::LoadAddsMany},
    {"atomic", QT_TRANSLATE_NOOP("Lesson", "Finishing with atomics"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Each work-group folds its result into one global value with an atomic "
                       "(the kernel of seed 002, with the destination initialised by the host). "
                       "No partials array, no host fold."),
     QT_TRANSLATE_NOOP("Lesson",
                       "One work-item per element again, so this step is about the finish, not "
                       "the loads: atomics on one address serialise."),
     kNoTree, LessonClaim::None},
    {"single-pass", QT_TRANSLATE_NOOP("Lesson", "Single pass: the last work-group finishes"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Every work-group writes its partial, then takes a ticket with atomic_inc "
                       "after a memory fence; the work-group that draws the last ticket reduces "
                       "all partials. The whole reduction is one kernel launch."),
     QT_TRANSLATE_NOOP("Lesson",
                       "No second kernel and no round trip to the host: for small inputs the "
                       "launch overhead you save is a large part of the time."),
     kNoTree, LessonClaim::None},
    {"work-group-builtin", QT_TRANSLATE_NOOP("Lesson", "The built-in: work_group_reduce_*"),
     QT_TRANSLATE_NOOP("Lesson",
                       "OpenCL 2.0's work_group_reduce_add/min/max does the whole tree in one "
                       "call; the implementation picks shuffles, local memory and barriers for the "
                       "device."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The shortest kernel. Not every driver supports it (PoCL 3.1 cannot link "
                       "it)."),
     kNoTree, LessonClaim::None},
    {"best", QT_TRANSLATE_NOOP("Lesson", "Everything together, tuned for this device"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Vector loads, several in flight per work-item, a grid-stride loop, the "
                       "local-memory tree and a single-pass finish, with the vector width, unroll, "
                       "local size and work-group count measured for this device."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The time to read the input once is the ceiling of any reduction: compare "
                       "the GB/s with the dashed bandwidth line."),
     kNoTree, LessonClaim::None},
};

QString tr(const char* text) {
    return QCoreApplication::translate("Lesson", text);
}

}  // namespace

std::vector<LessonStep> lessonSteps() {
    std::vector<LessonStep> steps;
    for (const StepText& s : kSteps)
        steps.push_back({QString::fromLatin1(s.variant), tr(s.title), tr(s.changes), tr(s.lookFor),
                         s.setup, s.claim});
    return steps;
}

std::vector<LessonRow> lessonRows(const std::vector<LessonStep>& steps,
                                  const std::vector<std::optional<RunResult>>& results) {
    std::vector<LessonRow> rows;
    std::optional<double> first, previous;
    int previousStep = -1;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        LessonRow row;
        row.variant = steps[i].variant;
        if (i < results.size() && results[i]) {
            const RunResult& r = *results[i];
            row.measured = true;
            row.timeMs = r.total_ms;
            row.gbps = r.gbps;
            row.verified = r.verified;
            const std::uint64_t cache = r.device.global_mem_cache_bytes;
            row.inputFitsCache = cache > 0 && r.input_bytes <= cache;
            if (r.total_ms > 0) {
                if (previous) {
                    row.speedupPrevious = *previous / r.total_ms;
                    row.comparedWith = previousStep;
                }
                if (first) row.speedupFirst = *first / r.total_ms;
                if (!first) {
                    first = r.total_ms;
                    row.speedupFirst = 1.0;
                }
                previous = r.total_ms;
                previousStep = static_cast<int>(i);
            }
        }
        rows.push_back(row);
    }
    return rows;
}

}  // namespace reducelab::ui

namespace reducelab::ui {
namespace {

double number(const Value& v) {
    switch (v.kind) {
        case Value::Kind::Signed:
            return double(v.i);
        case Value::Kind::Unsigned:
            return double(v.u);
        case Value::Kind::Float:
            return v.f;
    }
    return v.f;
}

const GroupTrace* firstGroup(const StepTrace& t) {
    return t.groups.empty() ? nullptr : &t.groups.front();
}

bool fail(QString* why, const QString& text) {
    if (why) *why = text;
    return false;
}

bool loadsSum(const GroupTrace& g, bool exactlyTwo, QString* why) {
    for (std::size_t i = 0; i < g.initial.size(); ++i) {
        const double x = number(g.initial[i]);
        if (exactlyTwo ? x != 2.0 : x <= 2.0)
            return fail(why, QStringLiteral("loaded cell %1 holds %2").arg(i).arg(x));
    }
    return !g.initial.empty() || fail(why, QStringLiteral("nothing loaded"));
}

bool fewerDivergent(const GroupTrace& g, const StepTrace* previous, QString* why) {
    const GroupTrace* p = previous ? firstGroup(*previous) : nullptr;
    if (!p) return fail(why, QStringLiteral("no trace of the step before"));
    if (g.total_divergent_warps >= p->total_divergent_warps)
        return fail(why, QStringLiteral("%1 divergent warp-rounds, the step before %2")
                             .arg(g.total_divergent_warps)
                             .arg(p->total_divergent_warps));
    return true;
}

bool sameRounds(const GroupTrace& g, const StepTrace* previous, QString* why) {
    const GroupTrace* p = previous ? firstGroup(*previous) : nullptr;
    if (!p) return fail(why, QStringLiteral("no trace of the step before"));
    if (p->rounds.size() != g.rounds.size())
        return fail(why, QStringLiteral("%1 rounds, the step before %2")
                             .arg(g.rounds.size())
                             .arg(p->rounds.size()));
    for (std::size_t r = 0; r < g.rounds.size(); ++r) {
        const TraceRound& a = g.rounds[r];
        const TraceRound& b = p->rounds[r];
        if (a.active_work_items != b.active_work_items)
            return fail(why, QStringLiteral("round %1 has other busy work-items").arg(r + 1));
        // Cells the tree still reads must match; what idle cells hold is free.
        for (std::size_t i = 0;
             i < std::size_t(a.active_work_items) && i < a.values.size() && i < b.values.size();
             ++i)
            if (number(a.values[i]) != number(b.values[i]))
                return fail(why, QStringLiteral("round %1, cell %2 differs").arg(r + 1).arg(i));
    }
    return true;
}

}  // namespace

bool lessonClaimHolds(LessonClaim claim, const StepTrace& trace, const StepTrace* previous,
                      QString* why) {
    if (claim == LessonClaim::None) return true;
    const GroupTrace* g = firstGroup(trace);
    if (!g || g->rounds.empty()) return fail(why, QStringLiteral("the trace has no rounds"));
    const auto& rounds = g->rounds;
    switch (claim) {
        case LessonClaim::None:
            return true;
        case LessonClaim::DivergentWarps:
            return g->total_divergent_warps > 0 || fail(why, QStringLiteral("no divergent warp"));
        case LessonClaim::GrowingBankConflicts: {
            if (g->total_bank_conflicts == 0) return fail(why, QStringLiteral("no bank conflict"));
            unsigned later = 1;
            for (std::size_t r = 1; r < rounds.size(); ++r)
                later = std::max(later, rounds[r].max_conflict_degree);
            if (later <= rounds.front().max_conflict_degree)
                return fail(why,
                            QStringLiteral("the conflict degree never grows after round 1 (%1)")
                                .arg(rounds.front().max_conflict_degree));
            return fewerDivergent(*g, previous, why);
        }
        case LessonClaim::PackedNoConflicts: {
            if (g->total_bank_conflicts != 0)
                return fail(why, QStringLiteral("%1 bank conflicts").arg(g->total_bank_conflicts));
            if (2 * std::size_t(rounds.front().active_work_items) != trace.local_size)
                return fail(why, QStringLiteral("%1 of %2 work-items busy in round 1")
                                     .arg(rounds.front().active_work_items)
                                     .arg(trace.local_size));
            for (std::size_t r = 1; r < rounds.size(); ++r)
                if (2 * rounds[r].active_work_items != rounds[r - 1].active_work_items)
                    return fail(
                        why,
                        QStringLiteral("the busy work-items do not halve in round %1").arg(r + 1));
            // Against the step before: its conflicts are gone, and no warp diverges more.
            const GroupTrace* p = previous ? firstGroup(*previous) : nullptr;
            if (!p || p->total_bank_conflicts == 0)
                return fail(why, QStringLiteral("the step before shows no conflicts to remove"));
            if (g->total_divergent_warps > p->total_divergent_warps)
                return fail(why, QStringLiteral("more divergent warp-rounds than the step before"));
            return true;
        }
        case LessonClaim::LoadAddsTwo:
            return loadsSum(*g, true, why);
        case LessonClaim::SameRoundsAsBefore:
            return sameRounds(*g, previous, why);
        case LessonClaim::LoadAddsMany:
            return loadsSum(*g, false, why);
    }
    return fail(why, QStringLiteral("unknown claim"));
}

}  // namespace reducelab::ui
