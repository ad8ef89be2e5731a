// The lesson handout rendered to PDF through a QTextDocument.
#include "lessons/lesson_handout.h"

#include <QBuffer>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include "common/line_diff.h"

namespace reducelab::ui {

QString LessonHandout::diffHtml(const QString& before, const QString& after) {
    QString html;
    for (const DiffLine& d : diffTexts(before, after)) {
        const char* background = d.kind == DiffLine::Kind::Added     ? "#d4f2d4"
                                 : d.kind == DiffLine::Kind::Removed ? "#f8d7d7"
                                                                     : "#ffffff";
        const QString mark = d.kind == DiffLine::Kind::Added     ? QStringLiteral("+")
                             : d.kind == DiffLine::Kind::Removed ? QStringLiteral("−")
                                                                 : QStringLiteral(" ");
        html += QStringLiteral(
                    "<p style='margin:0; white-space:pre; font-family:monospace; "
                    "font-size:7pt; background-color:%1'>%2 %3</p>")
                    .arg(QLatin1String(background), mark, d.text.toHtmlEscaped());
    }
    return html;
}

QByteArray LessonHandout::toPdf() const {
    const LessonHandout& handout = *this;
    QTextDocument doc;
    doc.setDefaultFont(handout.font);
    doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("lesson-chart.png")),
                    handout.chart);
    QString html = QStringLiteral("<h1>%1</h1><p>%2</p>")
                       .arg(tr("The optimization ladder, step by step").toHtmlEscaped(),
                            handout.problem.toHtmlEscaped());
    // The measured table.
    html += QStringLiteral("<h2>%1</h2>").arg(tr("Measured on this device").toHtmlEscaped());
    html += QStringLiteral("<table border='1' cellspacing='0' cellpadding='3' width='100%'><tr>");
    for (const QString& header : handout.headers)
        html += QStringLiteral("<th>%1</th>").arg(header.toHtmlEscaped());
    html += QStringLiteral("</tr>");
    for (const QStringList& row : handout.rows) {
        html += QStringLiteral("<tr>");
        for (int c = 0; c < row.size(); ++c)
            html += QStringLiteral("<td%1>%2</td>")
                        .arg(c >= 3 ? QStringLiteral(" align='right'") : QString(),
                             row[c].toHtmlEscaped());
        html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table><p><img src='lesson-chart.png' width='620'></p>");
    // Every step: its text, then its kernel with the changed lines marked.
    for (std::size_t i = 0; i < handout.steps.size(); ++i) {
        const LessonHandout::Step& s = handout.steps[i];
        html += QStringLiteral("<h2 style='page-break-before:always'>%1. %2 (%3)</h2>")
                    .arg(i + 1)
                    .arg(s.title.toHtmlEscaped(), s.variant.toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b> %2</p><p><b>%3</b> %4</p><p><i>%5</i></p>")
                    .arg(tr("What changes:").toHtmlEscaped(), s.changes.toHtmlEscaped(),
                         tr("What to look for:").toHtmlEscaped(), s.lookFor.toHtmlEscaped(),
                         s.summary.toHtmlEscaped());
        if (!s.skipReason.isEmpty())
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(tr("Skipped on this device:").toHtmlEscaped(),
                             s.skipReason.toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b></p>")
                    .arg((i == 0 ? tr("%1, the starting point:").arg(s.file)
                                 : tr("%1, with the lines changed since step %2 marked (+ added, "
                                      "− removed):")
                                       .arg(s.file)
                                       .arg(i))
                             .toHtmlEscaped());
        html += diffHtml(i == 0 ? s.source : s.before, s.source);
    }
    doc.setHtml(html);
    // Rendered in memory: the caller writes it safely (a failed write keeps the old handout).
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        // The PDF is complete when the writer is destroyed.
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setResolution(300);
        writer.setTitle(tr("ReduceLab lesson: the optimization ladder"));
        writer.setCreator(QStringLiteral("ReduceLab"));
        doc.print(&writer);
    }
    buffer.close();
    return bytes;
}

}  // namespace reducelab::ui
