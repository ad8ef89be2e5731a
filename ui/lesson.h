// The guided lesson: the optimization ladder as a sequence of steps, each a catalog variant with a
// short text of what changed and what to look for, and the arithmetic of its measured table.
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "reducelab/catalog.h"
#include "reducelab/run_types.h"

namespace reducelab::ui {

struct LessonStep {
    QString variant;  // catalog name
    QString title;    // translated
    QString changes;  // what this step changes, translated
    QString lookFor;  // what to watch in the step view and the numbers, translated
};

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
    std::optional<double> speedupPrevious;
    std::optional<double> speedupFirst;
};

// Rows for the steps, from the results measured so far (nullopt: not measured).
std::vector<LessonRow> lessonRows(const std::vector<LessonStep>& steps,
                                  const std::vector<std::optional<RunResult>>& results);

}  // namespace reducelab::ui
