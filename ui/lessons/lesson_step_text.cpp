// The lesson step's heading, explanation, kernel diff, diff legend and claim verdict.
#include "lessons/lesson_step_text.h"

#include "common/catalog_text.h"
#include "common/engine_text.h"
#include "common/units_text.h"
#include "reducelab/catalog.h"
#include "reducelab/kernel_sources.h"

namespace reducelab::ui {

namespace {

const QColor kAdded(0xd4, 0xf2, 0xd4);
const QColor kRemoved(0xf8, 0xd7, 0xd7);

}  // namespace

QString LessonStepText::kernelSource(const QString& variant) {
    return qs(kernel_source(find_variant(variant.toStdString()).file));
}

QString LessonStepText::speedup(const std::optional<double>& x) {
    return x ? QStringLiteral("×%1").arg(units_text::speedupNumber(*x)) : QStringLiteral("—");
}

QString LessonStepText::heading(int step, std::size_t steps, const LessonStep& s) {
    return tr("Step %1 of %2 · %3").arg(step + 1).arg(steps).arg(s.title);
}

QString LessonStepText::explanationHtml(const LessonStep& s, const QString& skipReason,
                                        const LessonRow& row, const QString& failure) {
    const Variant& v = find_variant(s.variant.toStdString());
    QString html = QStringLiteral("<h3>%1 <small>(%2)</small></h3>")
                       .arg(s.title.toHtmlEscaped(), s.variant.toHtmlEscaped());
    html +=
        QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("What changes:"), s.changes.toHtmlEscaped());
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(tr("What to look for:"), s.lookFor.toHtmlEscaped());
    if (!skipReason.isEmpty())
        html += QStringLiteral("<p><b>✖ %1</b> %2</p>")
                    .arg(tr("Skipped on this device:"), skipReason.toHtmlEscaped());
    if (row.measured) {
        QString measured = row.comparedWith >= 0
                               ? tr("%1 ms, %2 GB/s, %3 over step %4, %5 over the first%6")
                                     .arg(units_text::msNumber(row.timeMs))
                                     .arg(units_text::gbpsNumber(row.gbps))
                                     .arg(speedup(row.speedupPrevious))
                                     .arg(row.comparedWith + 1)
                                     .arg(speedup(row.speedupFirst),
                                          row.verified ? QString() : tr(" (NOT verified)"))
                               : tr("%1 ms, %2 GB/s%3")
                                     .arg(units_text::msNumber(row.timeMs))
                                     .arg(units_text::gbpsNumber(row.gbps))
                                     .arg(row.verified ? QString() : tr(" (NOT verified)"));
        if (row.inputFitsCache)
            measured +=
                tr(" · from cache: the input fits the device's cache, so this GB/s may be "
                   "the cache's, not memory's");
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Measured:"), measured);
    } else if (!failure.isEmpty())
        html += QStringLiteral("<p><b>✖ %1</b> %2</p>").arg(tr("Failed:"), failure.toHtmlEscaped());
    html += QStringLiteral("<hr><p><i>%1</i></p><p>%2</p>")
                .arg(CatalogText::summary(v).toHtmlEscaped(),
                     CatalogText::explanation(v).toHtmlEscaped());
    return html;
}

LessonStepText::KernelDiff LessonStepText::kernelDiff(const QString& before, const QString& after) {
    const auto diff = diffTexts(before, after);
    KernelDiff shown;
    QStringList lines;
    for (const DiffLine& d : diff) {
        lines << d.text;
        if (d.kind == DiffLine::Kind::Added) shown.lineMarks.insert(int(lines.size()), kAdded);
        if (d.kind == DiffLine::Kind::Removed) shown.lineMarks.insert(int(lines.size()), kRemoved);
        shown.gutterLabels << (d.kind == DiffLine::Kind::Removed ? QStringLiteral("−")
                                                                 : QString::number(d.newLine));
    }
    shown.text = lines.join(QLatin1Char('\n'));
    // Open at the first change of code: comment edits above it are context, not the point.
    shown.firstChangedCode = firstChangedCodeLine(diff);
    shown.stats = diffStats(diff);
    return shown;
}

QString LessonStepText::startLegend(const LessonStep& s) {
    const Variant& v = find_variant(s.variant.toStdString());
    return tr("<b>%1</b> — the starting point").arg(qs(v.file));
}

QString LessonStepText::diffLegend(const LessonStep& s, int beforeStep, const LessonStep& before,
                                   const DiffStats& stats) {
    const Variant& v = find_variant(s.variant.toStdString());
    return tr("<b>%1</b> against step %2 (%3): <span style='background:#d4f2d4'>&nbsp;%4 lines "
              "added or changed&nbsp;</span> <span style='background:#f8d7d7'>&nbsp;%5 lines "
              "removed&nbsp;</span>")
        .arg(qs(v.file))
        .arg(beforeStep + 1)
        .arg(qs(find_variant(before.variant.toStdString()).file))
        .arg(stats.added)
        .arg(stats.removed);
}

QString LessonStepText::claimVerdict(const LessonStep& s, const StepTrace& shown,
                                     const StepTrace* before) {
    QString why;
    return lessonClaimHolds(s.claim, shown, before, &why)
               ? tr("✔ The trace shows what this step describes.")
               : tr("⚠ Not visible at these settings (%1): the step opens at local size %2, warp "
                    "width %3.")
                     .arg(why)
                     .arg(s.setup.localSize)
                     .arg(s.setup.warpWidth);
}

}  // namespace reducelab::ui
