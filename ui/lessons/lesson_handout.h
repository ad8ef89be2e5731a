// The lesson's handout: the measured table, the chart and every step with its kernel's changed
// lines, laid out as an A4 PDF. Built from plain data, so the lesson window only gathers it.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QFont>
#include <QImage>
#include <QString>
#include <QStringList>
#include <vector>

namespace reducelab::ui {

struct LessonHandout {
    // The lesson window's own texts: the handout keeps their translations.
    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::LessonView)

  public:
    struct Step {
        QString title, variant, changes, lookFor, summary;
        QString skipReason;  // empty when the step ran here
        QString file;        // the kernel's file name
        QString before;      // the kernel source of the step before (empty for the first)
        QString source;      // this step's kernel source
    };
    QString problem;
    QStringList headers;
    std::vector<QStringList> rows;
    QImage chart;
    std::vector<Step> steps;
    QFont font;

    // The handout as PDF bytes (empty when it could not be rendered).
    QByteArray toPdf() const;
    // The changed lines of `after` against `before`, as HTML paragraphs (+ added, − removed).
    static QString diffHtml(const QString& before, const QString& after);
};

}  // namespace reducelab::ui
