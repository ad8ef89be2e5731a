// The counters beside a step-view panel (step_counters.h).
#include "step/step_counters.h"

#include <algorithm>

namespace reducelab::ui {

StepCounters StepCounters::at(const GroupTrace& group, int round) {
    StepCounters c;
    c.rounds = static_cast<int>(group.rounds.size());
    c.round = std::min(round, c.rounds);
    for (int r = 1; r <= c.round; ++r) {
        const TraceRound& step = group.rounds[static_cast<std::size_t>(r - 1)];
        c.totalActiveWorkItems += step.active_work_items;
        c.totalDivergentWarps += step.divergent_warps;
        c.totalBankConflicts += step.bank_conflicts;
        if (r == c.round) {
            c.stride = step.stride;
            c.activeWorkItems = step.active_work_items;
            c.activeWarps = step.active_warps;
            c.divergentWarps = step.divergent_warps;
            c.bankConflicts = step.bank_conflicts;
            c.maxConflictDegree = step.max_conflict_degree;
        }
    }
    return c;
}

QString StepCounters::html(const StepTrace& t, const GroupTrace& g) const {
    const std::size_t warps = (t.local_size + t.warp_width - 1) / std::max(1u, t.warp_width);
    QString now;
    if (round == 0)
        now = tr("<b>loaded</b> · %1 work-items · %2 warps of %3")
                  .arg(t.local_size)
                  .arg(warps)
                  .arg(t.warp_width);
    else
        now = tr("<b>round %1 of %2</b> · stride %3 · ● active <b>%4</b> / %5 · warps active "
                 "%6 / %7 · "
                 "▨ divergent <b>%8</b> · ◆ conflicts <b>%9</b>%10")
                  .arg(round)
                  .arg(rounds)
                  .arg(stride)
                  .arg(activeWorkItems)
                  .arg(t.local_size)
                  .arg(activeWarps)
                  .arg(warps)
                  .arg(divergentWarps)
                  .arg(bankConflicts)
                  .arg(maxConflictDegree > 1 ? tr(" (%1-way)").arg(maxConflictDegree) : QString());
    QString total =
        tr("so far: <b>%1</b> divergent warp-rounds · <b>%2</b> bank conflicts · %3 work-item "
           "steps")
            .arg(totalDivergentWarps)
            .arg(totalBankConflicts)
            .arg(totalActiveWorkItems);
    if (round == rounds && rounds > 0) {
        const QString partial = QString::fromStdString(g.partial.to_string());
        total +=
            g.matches_uninstrumented
                ? tr("<br>partial <b>%1</b> = the uninstrumented kernel's ✔").arg(partial)
                : tr("<br>partial <b>%1</b> ≠ the uninstrumented kernel's %2 ✖")
                      .arg(partial, QString::fromStdString(g.uninstrumented_partial.to_string()));
    }
    return now + QStringLiteral("<br>") + total;
}

}  // namespace reducelab::ui
