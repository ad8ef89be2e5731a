// The counters beside a step-view panel: what its trace says about the current round and the
// rounds so far, and the words that show them (in StepView's translation context).
#pragma once

#include <QCoreApplication>
#include <QString>

#include "reducelab/step_trace.h"

namespace reducelab::ui {

struct StepCounters {
    int round = 0;
    int rounds = 0;
    unsigned stride = 0;
    unsigned activeWorkItems = 0;
    unsigned activeWarps = 0;
    unsigned divergentWarps = 0;
    unsigned bankConflicts = 0;
    unsigned maxConflictDegree = 1;
    unsigned totalActiveWorkItems = 0;  // summed over rounds 1..round
    unsigned totalDivergentWarps = 0;
    unsigned totalBankConflicts = 0;

    // The counters of `group` at `round` (clamped to its rounds; 0: just loaded).
    static StepCounters at(const GroupTrace& group, int round);
    // The two lines beside the panel (rich text): this round, then the totals so far and, after
    // the last round, the partial against the uninstrumented kernel's.
    QString html(const StepTrace& trace, const GroupTrace& group) const;

    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::StepView)
};

}  // namespace reducelab::ui
