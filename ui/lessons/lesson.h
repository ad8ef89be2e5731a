// The guided lesson: the optimization ladder as a sequence of steps, each a catalog variant with a
// short text of what changed and what to look for, and the arithmetic of its measured table.
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "reducelab/catalog.h"
#include "reducelab/run_types.h"
#include "reducelab/trace_types.h"

namespace reducelab::ui {

// The step view settings under which a step's phenomenon is visible: the lesson applies them
// to both panels when the step opens.
struct LessonSetup {
    std::size_t localSize = 16;
    unsigned warpWidth = 4;
    Fill fill = Fill::Ramp;
    std::uint64_t n = 0;  // elements to trace (0: one work-group's worth)
};

// What a step's "what to look for" promises, as a predicate on its trace (lessonClaimHolds).
enum class LessonClaim {
    None,                  // no local-memory tree to step
    DivergentWarps,        // warps with both busy and idle lanes in some round
    GrowingBankConflicts,  // bank conflicts, their degree growing after round 1, and fewer
                           // divergent warp-rounds than the step before
    PackedNoConflicts,     // no bank conflicts where the step before had some, half the
                           // work-items idle in round 1 and the busy ones halving every round
    LoadAddsTwo,           // each loaded cell is the sum of two input elements (fill: ones)
    SameRoundsAsBefore,    // the same rounds and values as the step before
    LoadAddsMany,          // each loaded cell sums more than two elements (fill: ones)
};

struct LessonStep {
    QString variant;  // catalog name
    QString title;    // translated
    QString changes;  // what this step changes, translated
    QString lookFor;  // what to watch in the step view and the numbers, translated
    LessonSetup setup;
    LessonClaim claim = LessonClaim::None;
};

// Whether `trace` shows what `claim` says; `previous` is the step before's trace under the same
// setup (the lesson's left panel), null when there is none. On failure `why` says what is off.
bool lessonClaimHolds(LessonClaim claim, const StepTrace& trace, const StepTrace* previous,
                      QString* why = nullptr);

// The steps in teaching order (translated with the installed translator): naive interleaved,
// interleaved-strided, contiguous, first-add, unroll-last, unrolled, subgroup, warp-shuffle,
// grid-stride, vector, atomic, single-pass, work-group-builtin, best.
std::vector<LessonStep> lessonSteps();

// One row of the measured table. Speed-ups compare total times with the previous measured step
// and the first measured step (unavailable and failed steps are skipped).
struct LessonRow {
    QString variant;
    bool measured = false;
    double timeMs = 0;
    double gbps = 0;
    bool verified = false;
    std::optional<double> speedupPrevious;  // over step `comparedWith`
    std::optional<double> speedupFirst;
    // The step speedupPrevious compares with: the nearest earlier step that was measured (a
    // step skipped on this device has no time), -1 for none.
    int comparedWith = -1;
    // The input fits the device's cache (CL_DEVICE_GLOBAL_MEM_CACHE_SIZE): its GB/s may be a
    // cache's, not memory's, and the lesson says so beside the figure.
    bool inputFitsCache = false;
};

// Rows for the steps, from the results measured so far (nullopt: not measured).
std::vector<LessonRow> lessonRows(const std::vector<LessonStep>& steps,
                                  const std::vector<std::optional<RunResult>>& results);

}  // namespace reducelab::ui
