// The lesson's texts and its table arithmetic.
#include "lesson.h"

#include <QCoreApplication>

namespace reducelab::ui {
namespace {

struct StepText {
    const char* variant;
    const char* title;
    const char* changes;
    const char* lookFor;
};

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
                       "warps, hatched). The % (modulo) test is slow, too.")},
    {"interleaved-strided", QT_TRANSLATE_NOOP("Lesson", "Interleaved, without divergence"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Same pairs, different work-items: work-item tid now handles the pair at "
                       "index 2*s*tid, so the busy work-items are the first ones. The modulo test "
                       "disappears."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Whole warps now work or idle together: the divergent-warp count drops. But "
                       "neighbouring lanes touch addresses 2s apart, which land in the same "
                       "local-memory banks: watch the bank conflicts (diamonds) grow each round.")},
    {"contiguous", QT_TRANSLATE_NOOP("Lesson", "Contiguous (sequential) addressing"),
     QT_TRANSLATE_NOOP("Lesson",
                       "The stride starts at half the local size and halves every round; work-item "
                       "tid adds scratch[tid + s] into scratch[tid] while tid < s."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Active work-items stay packed at the left and a warp reads consecutive "
                       "addresses: no divergence and no bank conflicts. But half of the work-items "
                       "already do nothing in the first round.")},
    {"first-add", QT_TRANSLATE_NOOP("Lesson", "First add during the load"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Each work-item reads two elements a work-group's width apart and adds them "
                       "while loading. A work-group covers twice as many elements, so half as many "
                       "work-groups run."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The tree is unchanged, but the loaded values are already sums of two. "
                       "Fewer work-groups, fewer barriers and fewer partials per element: the time "
                       "should drop noticeably.")},
    {"unroll-last", QT_TRANSLATE_NOOP("Lesson", "Unrolling the last rounds, correctly"),
     QT_TRANSLATE_NOOP(
         "Lesson",
         "The last six rounds are written out one by one instead of looping (or, with "
         "sub-groups, the last sub-group finishes in registers). Unlike CUDA's classic "
         "trick every round keeps its barrier: OpenCL does not promise that a warp "
         "runs in lockstep."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The rounds are the same as before; only the loop's bookkeeping goes away. "
                       "The gain is small and depends on the device.")},
    {"unrolled", QT_TRANSLATE_NOOP("Lesson", "Complete unroll with a compile-time local size"),
     QT_TRANSLATE_NOOP("Lesson",
                       "The local size becomes a build option (-DWGS), like CUDA's template "
                       "parameter, so every round is written out and the tests on the local size "
                       "vanish at compile time. One program is built per local size."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Same rounds, same values in the step view; the compiler now knows exactly "
                       "which work-items work in each round.")},
    {"subgroup", QT_TRANSLATE_NOOP("Lesson", "Sub-group reduction in registers"),
     QT_TRANSLATE_NOOP("Lesson",
                       "sub_group_reduce_* combines the values of a whole sub-group (a warp) in "
                       "registers, without local memory or barriers; only one value per sub-group "
                       "goes through a small tree."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Only devices with cl_khr_subgroups run it. It is what the unrolled warp "
                       "tail was reaching for, in a form the language guarantees.")},
    {"warp-shuffle", QT_TRANSLATE_NOOP("Lesson", "Warp shuffles (NVIDIA only)"),
     QT_TRANSLATE_NOOP("Lesson",
                       "On NVIDIA's OpenCL, five butterfly shuffles in inline PTX reduce each warp "
                       "of 32 work-items in registers; lane 0 of each warp writes one value to "
                       "local memory."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Vendor-specific: elsewhere this step is skipped. Compare it with the "
                       "sub-group step where both exist.")},
    {"grid-stride", QT_TRANSLATE_NOOP("Lesson", "Many elements per work-item: grid-stride loop"),
     QT_TRANSLATE_NOOP("Lesson",
                       "A fixed number of work-groups walks the whole input: each work-item adds "
                       "elements gid, gid + global size, ... in a register before the tree runs "
                       "once. This is algorithm cascading."),
     QT_TRANSLATE_NOOP(
         "Lesson",
         "The tree and its barriers are now paid once per many elements, and only a "
         "few partials are left for the host. This is usually the biggest jump of the "
         "ladder.")},
    {"vector", QT_TRANSLATE_NOOP("Lesson", "Vector loads: 16 bytes at a time"),
     QT_TRANSLATE_NOOP("Lesson",
                       "The grid-stride loop loads four elements at once as one int4/float4 vector "
                       "and keeps four running lanes in registers (the kernel of seed 000)."),
     QT_TRANSLATE_NOOP("Lesson",
                       "Wide loads keep more memory requests in flight: GB/s should approach the "
                       "device's bandwidth ceiling.")},
    {"atomic", QT_TRANSLATE_NOOP("Lesson", "Finishing with atomics"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Each work-group folds its result into one global value with an atomic "
                       "(the kernel of seed 002, with the destination initialised by the host). "
                       "No partials array, no host fold."),
     QT_TRANSLATE_NOOP("Lesson",
                       "One work-item per element again, so this step is about the finish, not "
                       "the loads: atomics on one address serialise.")},
    {"single-pass", QT_TRANSLATE_NOOP("Lesson", "Single pass: the last work-group finishes"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Every work-group writes its partial, then takes a ticket with atomic_inc "
                       "after a memory fence; the work-group that draws the last ticket reduces "
                       "all partials. The whole reduction is one kernel launch."),
     QT_TRANSLATE_NOOP("Lesson",
                       "No second kernel and no round trip to the host: for small inputs the "
                       "launch overhead you save is a large part of the time.")},
    {"work-group-builtin", QT_TRANSLATE_NOOP("Lesson", "The built-in: work_group_reduce_*"),
     QT_TRANSLATE_NOOP("Lesson",
                       "OpenCL 2.0's work_group_reduce_add/min/max does the whole tree in one "
                       "call; the implementation picks shuffles, local memory and barriers for the "
                       "device."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The shortest kernel. Not every driver supports it (PoCL 3.1 cannot link "
                       "it).")},
    {"best", QT_TRANSLATE_NOOP("Lesson", "Everything together, tuned for this device"),
     QT_TRANSLATE_NOOP("Lesson",
                       "Vector loads, several in flight per work-item, a grid-stride loop, the "
                       "local-memory tree and a single-pass finish, with the vector width, unroll, "
                       "local size and work-group count measured for this device."),
     QT_TRANSLATE_NOOP("Lesson",
                       "The time to read the input once is the ceiling of any reduction: compare "
                       "the GB/s with the dashed bandwidth line.")},
};

QString tr(const char* text) {
    return QCoreApplication::translate("Lesson", text);
}

}  // namespace

std::vector<LessonStep> lessonSteps() {
    std::vector<LessonStep> steps;
    for (const StepText& s : kSteps)
        steps.push_back(
            {QString::fromLatin1(s.variant), tr(s.title), tr(s.changes), tr(s.lookFor)});
    return steps;
}

std::vector<LessonRow> lessonRows(const std::vector<LessonStep>& steps,
                                  const std::vector<std::optional<RunResult>>& results) {
    std::vector<LessonRow> rows;
    std::optional<double> first, previous;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        LessonRow row;
        row.variant = steps[i].variant;
        if (i < results.size() && results[i]) {
            const RunResult& r = *results[i];
            row.measured = true;
            row.timeMs = r.total_ms;
            row.gbps = r.gbps;
            row.verified = r.verified;
            if (r.total_ms > 0) {
                if (previous) row.speedupPrevious = *previous / r.total_ms;
                if (first) row.speedupFirst = *first / r.total_ms;
                if (!first) {
                    first = r.total_ms;
                    row.speedupFirst = 1.0;
                }
                previous = r.total_ms;
            }
        }
        rows.push_back(row);
    }
    return rows;
}

}  // namespace reducelab::ui
