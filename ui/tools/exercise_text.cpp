// An exercise's texts and the grader's verdicts in the GUI's words.
#include "tools/exercise_text.h"

#include <QCoreApplication>
#include <algorithm>

#include "common/translations.h"

namespace reducelab::ui::ExerciseText {

namespace {

QString text(const LocalizedText& localized) {
    return QString::fromStdString(localized.in(language().toStdString()));
}

// Paragraphs from the pack's plain text: escaped, blank lines between paragraphs.
QString paragraphs(const QString& plain) {
    QString html;
    for (const QString& p : plain.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts))
        html += QStringLiteral("<p>%1</p>").arg(p.toHtmlEscaped());
    return html;
}

}  // namespace

QString language() {
    const QString installed = Translations::installed();
    for (const std::string_view l : kExerciseLanguages)
        if (installed == QLatin1String(l.data(), static_cast<qsizetype>(l.size())))
            return installed;
    return QStringLiteral("en");
}

QString title(const Exercise& exercise) {
    return text(exercise.title);
}

QString statement(const Exercise& exercise) {
    return text(exercise.statement);
}

QString hint(const Exercise& exercise, std::size_t index) {
    return index < exercise.hints.size() ? text(exercise.hints[index]) : QString();
}

QString progressMark(ExerciseProgress progress) {
    switch (progress) {
        case ExerciseProgress::Passed:
            return QStringLiteral("✔");
        case ExerciseProgress::Failing:
            return QStringLiteral("✖");
        case ExerciseProgress::NotTried:
            break;
    }
    return QStringLiteral("○");
}

QString progressName(ExerciseProgress progress) {
    switch (progress) {
        case ExerciseProgress::Passed:
            return QCoreApplication::translate("ExerciseText", "passed");
        case ExerciseProgress::Failing:
            return QCoreApplication::translate("ExerciseText", "failing");
        case ExerciseProgress::NotTried:
            break;
    }
    return QCoreApplication::translate("ExerciseText", "not tried");
}

QString checkName(CheckName check) {
    switch (check) {
        case CheckName::Correct:
            return QCoreApplication::translate("ExerciseText", "Correct");
        case CheckName::Behaves:
            return QCoreApplication::translate("ExerciseText", "Behaves");
        case CheckName::RaceFree:
            return QCoreApplication::translate("ExerciseText", "Race-free");
        case CheckName::Fast:
            break;
    }
    return QCoreApplication::translate("ExerciseText", "Fast");
}

QString statusName(CheckStatus status) {
    switch (status) {
        case CheckStatus::Pass:
            return QCoreApplication::translate("ExerciseText", "✔ pass");
        case CheckStatus::Fail:
            return QCoreApplication::translate("ExerciseText", "✖ fail");
        case CheckStatus::Skipped:
            break;
    }
    return QCoreApplication::translate("ExerciseText", "– skipped");
}

QString statementHtml(const Exercise& exercise, int hintsShown) {
    QString html =
        QStringLiteral("<h2>%1. %2</h2>").arg(exercise.order).arg(title(exercise).toHtmlEscaped());
    html += paragraphs(statement(exercise));
    QStringList checks;
    for (const CheckName check : exercise.checks) checks << checkName(check);
    html += QStringLiteral("<p><small>%1</small></p>")
                .arg(QCoreApplication::translate("ExerciseText", "Checks: %1")
                         .arg(checks.join(QStringLiteral(", ")))
                         .toHtmlEscaped());
    const int shown = std::min<int>(hintsShown, static_cast<int>(exercise.hints.size()));
    for (int i = 0; i < shown; ++i)
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(QCoreApplication::translate("ExerciseText", "Hint %1:")
                             .arg(i + 1)
                             .toHtmlEscaped(),
                         hint(exercise, static_cast<std::size_t>(i)).toHtmlEscaped());
    return html;
}

QString introHtml(const Exercise& exercise) {
    return QCoreApplication::translate(
               "ExerciseText",
               "<h3>Not checked yet</h3><p>Edit the kernel, then press <b>Check</b>. Keep the "
               "kernel's name (%1) and signature, and the <code>TRACE_SNAPSHOT</code> and "
               "<code>TRACE_ACCESS</code> hooks.</p>")
        .arg(QString::fromStdString(exercise.base_variant).toHtmlEscaped());
}

QString reportHtml(const GradeReport& report) {
    QString html =
        report.passed()
            ? QCoreApplication::translate("ExerciseText", "<h3>✔ Every check passed</h3>")
            : QCoreApplication::translate("ExerciseText", "<h3>✖ Not yet</h3>");
    if (!report.kernel_ran)
        html += QCoreApplication::translate(
            "ExerciseText",
            "<p>Your kernel did not build, crashed or hung: the correct check says which.</p>");
    html += QStringLiteral(
                "<table border='1' cellspacing='0' cellpadding='3'><tr><th>%1</th><th>%2</th>"
                "<th>%3</th><th>%4</th></tr>")
                .arg(QCoreApplication::translate("ExerciseText", "check"),
                     QCoreApplication::translate("ExerciseText", "result"),
                     QCoreApplication::translate("ExerciseText", "figure"),
                     QCoreApplication::translate("ExerciseText", "what was found"));
    for (const CheckResult& c : report.checks) {
        const char* colour = c.status == CheckStatus::Pass   ? "#1b7a1b"
                             : c.status == CheckStatus::Fail ? "#b00020"
                                                             : "#666666";
        html += QStringLiteral(
                    "<tr><td><b>%1</b></td><td><font color='%2'>%3</font></td><td>%4</td>"
                    "<td>%5</td></tr>")
                    .arg(checkName(c.check).toHtmlEscaped(), QLatin1String(colour),
                         statusName(c.status).toHtmlEscaped(),
                         QString::fromStdString(c.figure).toHtmlEscaped(),
                         QString::fromStdString(c.sentence).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    return html;
}

}  // namespace reducelab::ui::ExerciseText
