// What the lesson window shows of one step, made from plain data: its heading, its explanation
// (what changes, what to look for, why it is skipped, what was measured, the catalog's texts),
// its kernel with the lines changed since an earlier step marked, the legend of that diff and
// the verdict on whether the trace shows what the step describes. The window only puts these in
// its widgets.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <optional>

#include "common/line_diff.h"
#include "lessons/lesson.h"
#include "reducelab/trace_types.h"

namespace reducelab::ui {

class LessonStepText {
    // The lesson window's own texts: they keep its translations.
    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::LessonView)

  public:
    // The source of the kernels/*.cl file that `variant` (a catalog name) is built from.
    static QString kernelSource(const QString& variant);
    // "×2.5" for a speed-up, "—" without one.
    static QString speedup(const std::optional<double>& x);

    // "Step 3 of 14 · <title>" for step `step` (0-based) of `steps`.
    static QString heading(int step, std::size_t steps, const LessonStep& s);
    // The explanation's HTML. `skipReason` is why the step cannot run here (empty when it can),
    // `row` its measured row and `failure` why its measurement failed (empty when it did not).
    static QString explanationHtml(const LessonStep& s, const QString& skipReason,
                                   const LessonRow& row, const QString& failure);

    // A step's kernel as the code view shows it against an earlier one: every line of `after`
    // with the removed lines of `before` where they were, the added ones marked green and the
    // removed ones red.
    struct KernelDiff {
        QString text;
        QStringList gutterLabels;     // the line's number in `after`, "−" for a removed line
        QMap<int, QColor> lineMarks;  // 1-based shown line -> its mark
        int firstChangedCode = 0;     // firstChangedCodeLine: where the view opens (0: the top)
        DiffStats stats;
    };
    static KernelDiff kernelDiff(const QString& before, const QString& after);
    // The legend above the first step's kernel, which has nothing to compare with.
    static QString startLegend(const LessonStep& s);
    // The legend above step `s`'s kernel compared with step `beforeStep` (0-based), `before`.
    static QString diffLegend(const LessonStep& s, int beforeStep, const LessonStep& before,
                              const DiffStats& stats);

    // Whether `shown`, the trace of step `s` (and `before`, the left panel's, null when there
    // is none), shows what the step describes; when not, why and the settings it opens at.
    static QString claimVerdict(const LessonStep& s, const StepTrace& shown,
                                const StepTrace* before);
};

}  // namespace reducelab::ui
