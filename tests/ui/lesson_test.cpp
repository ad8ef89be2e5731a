// The lesson: every step walked on the device (text, kernel diff, step view), every step measured
// through the lesson's own jobs with the numbers shown equal to those the engine returned, and
// the PDF handout; plus the line diff, the speed-up arithmetic and the highlighter.
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QtTest>
#include <set>

#include "charts/ladder_chart.h"
#include "common/code_view.h"
#include "common/engine_jobs.h"
#include "common/line_diff.h"
#include "common/opencl_highlighter.h"
#include "common/units_text.h"
#include "gui_test_support.h"
#include "lessons/lesson.h"
#include "lessons/lesson_view.h"
#include "reducelab/catalog.h"
#include "reducelab/kernel_sources.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "step/step_canvas.h"
#include "step/step_view.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

QString fileOf(const QString& variant) {
    const std::string_view text = kernel_source(find_variant(variant.toStdString()).file);
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString speedupText(double x) {
    return QStringLiteral("×%1").arg(x, 0, 'f', 2);
}

}  // namespace

class LessonTest : public QObject {
    Q_OBJECT
  private:
    MainWindow* window_ = nullptr;
    LessonView* lesson_ = nullptr;
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(dir_.isValid());
        MainWindowOptions options;
        options.traceAtStart = false;
        window_ = new MainWindow(options);
        QVERIFY(test::waitForDevices(*window_));
        QVERIFY(window_->controlPanel()->currentDevice());
        window_->controlPanel()->setN(1u << 20);
        window_->controlPanel()->findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(3);
        window_->openLesson();
        lesson_ = window_->lessonView();
        QVERIFY(lesson_);
        QVERIFY(lesson_->isVisible());
    }

    void cleanupTestCase() { delete window_; }

    // Pure logic first: the diff, the table arithmetic, the highlighter.
    void lineDiffIsALongestCommonSubsequence() {
        const auto diff = diffLines({"a", "b", "c", "d"}, {"a", "x", "c", "d", "e"});
        QStringList kinds;
        for (const DiffLine& d : diff)
            kinds << QStringLiteral("%1%2")
                         .arg(d.kind == DiffLine::Kind::Same    ? "="
                              : d.kind == DiffLine::Kind::Added ? "+"
                                                                : "-")
                         .arg(d.text);
        QCOMPARE(kinds.join(' '), QStringLiteral("=a -b +x =c =d +e"));
        QCOMPARE(diff[3].oldLine, 3);
        QCOMPARE(diff[3].newLine, 3);
        const DiffStats stats = diffStats(diff);
        QCOMPARE(stats.added, 2);
        QCOMPARE(stats.removed, 1);
        // Identical texts: nothing marked; trailing blanks do not count as changes.
        QCOMPARE(diffStats(diffTexts(QStringLiteral("x  \ny\n"), QStringLiteral("x\ny\n"))).added,
                 0);
        // Contiguous against interleaved-strided: the loop header and the combine changed.
        const auto real = diffTexts(fileOf("interleaved-strided"), fileOf("contiguous"));
        bool loopAdded = false, oldLoopRemoved = false;
        for (const DiffLine& d : real) {
            if (d.kind == DiffLine::Kind::Added && d.text.contains("s = local_size / 2; s > 0"))
                loopAdded = true;
            if (d.kind == DiffLine::Kind::Removed && d.text.contains("s = 1; s < local_size"))
                oldLoopRemoved = true;
            if (d.kind == DiffLine::Kind::Same) QVERIFY(fileOf("contiguous").contains(d.text));
        }
        QVERIFY(loopAdded);
        QVERIFY(oldLoopRemoved);
    }

    void speedupsCompareWithThePreviousAndFirstMeasuredStep() {
        std::vector<LessonStep> steps(4);
        std::vector<std::optional<RunResult>> results(4);
        results[0] = RunResult{};
        results[0]->total_ms = 8.0;
        results[2] = RunResult{};
        results[2]->total_ms = 2.0;
        results[3] = RunResult{};
        results[3]->total_ms = 4.0;
        const auto rows = lessonRows(steps, results);
        QVERIFY(!rows[0].speedupPrevious);
        QCOMPARE(*rows[0].speedupFirst, 1.0);
        QVERIFY(!rows[1].measured);
        QCOMPARE(*rows[2].speedupPrevious, 4.0);  // over step 0: step 1 was skipped
        QCOMPARE(*rows[3].speedupPrevious, 0.5);
        QCOMPARE(*rows[3].speedupFirst, 2.0);
        // The text names the step compared with, so a skipped step is never "the previous".
        QCOMPARE(rows[0].comparedWith, -1);
        QCOMPARE(rows[2].comparedWith, 0);
        QCOMPARE(rows[3].comparedWith, 2);
    }

    void aGigabytesFigureFromAnInputInTheCacheIsMarked() {
        std::vector<LessonStep> steps(2);
        std::vector<std::optional<RunResult>> results(2);
        for (auto& r : results) {
            r = RunResult{};
            r->total_ms = 1.0;
            r->device.global_mem_cache_bytes = 1 << 20;
        }
        results[0]->input_bytes = 1 << 20;        // fits exactly
        results[1]->input_bytes = (1 << 20) + 4;  // does not
        const auto rows = lessonRows(steps, results);
        QVERIFY(rows[0].inputFitsCache);
        QVERIFY(!rows[1].inputFitsCache);
        results[0]->device.global_mem_cache_bytes = 0;  // the device reports no cache
        QVERIFY(!lessonRows(steps, results)[0].inputFitsCache);
    }

    // The lesson asks the class to compare each step with the device's ceiling: its chart draws
    // the one the main window measured, and drops it with the device.
    void theChartDrawsTheMeasuredCeiling() {
        QTRY_VERIFY_WITH_TIMEOUT(window_->ceiling().has_value(), 180000);
        const auto& drawn = lesson_->chart()->results().ceiling;
        QVERIFY(drawn);
        QCOMPARE(drawn->copy_gbps, window_->ceiling()->copy_gbps);
    }

    void highlighterKnowsOpenClWords() {
        using Role = OpenClHighlighter::Role;
        QCOMPARE(OpenClHighlighter::roleOfWord("__kernel"), std::optional(Role::Qualifier));
        QCOMPARE(OpenClHighlighter::roleOfWord("barrier"), std::optional(Role::Builtin));
        QCOMPARE(OpenClHighlighter::roleOfWord("uint4"), std::optional(Role::Type));
        QCOMPARE(OpenClHighlighter::roleOfWord("TRACE_SNAPSHOT"), std::optional(Role::Macro));
        QCOMPARE(OpenClHighlighter::roleOfWord("for"), std::optional(Role::Keyword));
        QVERIFY(!OpenClHighlighter::roleOfWord("scratch"));
        // In a document: the comment line and the keyword get their formats.
        CodeView view;
        view.setPlainText(
            QStringLiteral("// a comment\n__kernel void f() { barrier(CLK_LOCAL_MEM_FENCE); }"));
        const auto formats = view.document()->findBlockByNumber(1).layout()->formats();
        bool qualifier = false;
        for (const auto& f : formats)
            if (f.start == 0 && f.length == 8 &&
                f.format.foreground() == view.highlighter()->format(Role::Qualifier).foreground())
                qualifier = true;
        QVERIFY(qualifier);
        const auto comment = view.document()->findBlockByNumber(0).layout()->formats();
        QVERIFY(!comment.isEmpty());
        QVERIFY(comment.front().format.fontItalic());
    }

    // Every step: its text, the kernel diff against the step before, its trace or why not.
    void walksThroughEveryStep() {
        const auto steps = lesson_->steps();
        QVERIFY(steps.size() >= 12);
        QStringList variants;
        for (const LessonStep& s : steps) variants << s.variant;
        for (const char* expected :
             {"interleaved", "interleaved-strided", "contiguous", "first-add", "unroll-last",
              "unrolled", "subgroup", "grid-stride", "vector", "atomic", "single-pass",
              "work-group-builtin", "best"})
            QVERIFY2(variants.contains(QLatin1String(expected)), expected);
        QVERIFY(variants.indexOf("interleaved") < variants.indexOf("contiguous"));
        QVERIFY(variants.indexOf("vector") < variants.indexOf("single-pass"));
        QCOMPARE(variants.back(), QStringLiteral("best"));

        auto* next = lesson_->findChild<QPushButton*>(QStringLiteral("lessonNext"));
        QVERIFY(next);
        lesson_->setStep(0);
        int stepped = 0, skipped = 0;
        for (int i = 0; i < int(steps.size()); ++i) {
            if (i > 0) {
                QSignalSpy traced(lesson_, &LessonView::traced);
                QTest::mouseClick(next, Qt::LeftButton);
                QCOMPARE(lesson_->currentStep(), i);
                if (traced.isEmpty()) QVERIFY(traced.wait(120000));
            } else {
                QSignalSpy traced(lesson_, &LessonView::traced);
                lesson_->setStep(0);
                if (traced.isEmpty()) QVERIFY(traced.wait(120000));
            }
            const LessonStep& s = steps[std::size_t(i)];
            QVERIFY(lesson_->titleText().contains(s.title));
            const QString html = lesson_->explanationHtml();
            QVERIFY(html.contains(s.variant));
            const QString text = fileOf(s.variant);
            const QString shown = lesson_->codeView()->toPlainText();
            // The view holds this step's whole file, plus the previous file's removed lines.
            for (const QString& line : text.split('\n'))
                QVERIFY2(shown.contains(line), qPrintable(s.variant + ": " + line));
            if (i > 0) {
                // Against the step shown before: a step skipped on this device is passed over.
                int before = i - 1;
                while (before > 0 && !lesson_->skipReason(before).isEmpty()) --before;
                const DiffStats stats =
                    diffStats(diffTexts(fileOf(steps[std::size_t(before)].variant), text));
                QCOMPARE(lesson_->codeView()->lineMarks().size(), stats.added + stats.removed);
                QVERIFY(stats.added + stats.removed > 0);
            }
            const Variant& v = find_variant(s.variant.toStdString());
            // The claim about the trace stands only beside a trace of this step.
            const auto* status = lesson_->findChild<QLabel*>(QStringLiteral("lessonStatus"));
            QVERIFY(status);
            if (status->text().startsWith(QStringLiteral("✔")))
                QVERIFY2(lesson_->stepView()->canvas(1)->roundCount() > 0, qPrintable(s.variant));
            const QString why = lesson_->skipReason(i);
            if (!why.isEmpty()) {
                ++skipped;
                QVERIFY(html.contains(why.toHtmlEscaped().left(20)));
                continue;
            }
            if (v.steppable() && v.group_combine == GroupCombine::Partials) {
                ++stepped;
                QVERIFY2(lesson_->stepView()->canvas(1)->roundCount() > 0, qPrintable(s.variant));
            } else {
                QCOMPARE(lesson_->stepView()->canvas(1)->roundCount(), 0);
            }
        }
        QVERIFY(stepped >= 6);
        QCOMPARE(lesson_->currentStep(), int(steps.size()) - 1);
        QVERIFY(!next->isEnabled());
        // On PoCL the sub-group, warp-shuffle and work-group built-in steps are skipped, with why.
        const DeviceInfo& device = *window_->controlPanel()->currentDevice();
        for (int i = 0; i < int(steps.size()); ++i) {
            const Variant& v = find_variant(steps[std::size_t(i)].variant.toStdString());
            QCOMPARE(lesson_->skipReason(i).isEmpty(), availability(v, device).available);
        }
        Q_UNUSED(skipped);
    }

    // Every available step measured live; the table shows exactly what the engine returned.
    void everyStepsNumbersComeFromARealRun() {
        QSignalSpy measured(lesson_, &LessonView::measured);
        QSignalSpy points(lesson_, &LessonView::stepMeasured);
        lesson_->measureAll();
        QVERIFY(lesson_->isMeasuring());
        QVERIFY(measured.wait(900000));
        QVERIFY(!lesson_->isMeasuring());

        const auto steps = lesson_->steps();
        std::map<std::string, RunResult> fromEngine;
        for (const auto& args : points)
            fromEngine[args[0].value<RunResult>().request.variant] = args[0].value<RunResult>();
        const auto rows = lesson_->rows();
        QTableWidget* table = lesson_->table();
        std::optional<double> first, previous;
        std::set<double> times;
        int measuredSteps = 0;
        for (int i = 0; i < int(steps.size()); ++i) {
            const std::string variant = steps[std::size_t(i)].variant.toStdString();
            if (!lesson_->skipReason(i).isEmpty()) {
                QVERIFY(!lesson_->result(i));
                // The cell says it was skipped in one word; the reason is its tooltip.
                QVERIFY(table->item(i, 3)->toolTip().contains(lesson_->skipReason(i).left(10)));
                continue;
            }
            QVERIFY2(fromEngine.count(variant), variant.c_str());
            const RunResult& r = fromEngine[variant];
            QVERIFY2(r.verified, variant.c_str());
            QCOMPARE(int(r.repeat_ms.size()), 3);
            QCOMPARE(r.n, std::uint64_t{1} << 20);
            QVERIFY(r.total_ms > 0);
            QVERIFY(lesson_->result(i));
            QCOMPARE(lesson_->result(i)->total_ms, r.total_ms);
            QCOMPARE(lesson_->result(i)->gbps, r.gbps);
            QCOMPARE(rows[std::size_t(i)].timeMs, r.total_ms);
            QCOMPARE(table->item(i, 3)->text(), units_text::msNumber(r.total_ms));
            QCOMPARE(table->item(i, 4)->text(), units_text::gbpsNumber(r.gbps));
            const double expectedFirst = first ? *first / r.total_ms : 1.0;
            QCOMPARE(table->item(i, 6)->text(), speedupText(expectedFirst));
            QCOMPARE(table->item(i, 5)->text(),
                     previous ? speedupText(*previous / r.total_ms) : QStringLiteral("—"));
            if (!first) first = r.total_ms;
            previous = r.total_ms;
            times.insert(r.total_ms);
            ++measuredSteps;
        }
        QVERIFY(measuredSteps >= 9);
        QCOMPARE(int(fromEngine.size()), measuredSteps);
        // Real measurements differ from kernel to kernel.
        QVERIFY(times.size() >= 3);
        // The chart has one bar per measured step.
        QCOMPARE(int(lesson_->chart()->results().points.size()), measuredSteps);
        // The current step's explanation quotes its measurement.
        lesson_->setStep(2);
        QVERIFY(lesson_->explanationHtml().contains(
            units_text::msNumber(lesson_->result(2)->total_ms)));
    }

    void pdfHandoutIsWritten() {
        const QString path = dir_.filePath(QStringLiteral("lesson.pdf"));
        QCOMPARE(lesson_->exportPdf(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        QVERIFY2(pdf.size() > 30000, QByteArray::number(pdf.size()));
        // One page for the table and chart, then every step on a page of its own (at least).
        int pages = 0;
        auto it = QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]"))
                      .globalMatch(QString::fromLatin1(pdf));
        while (it.hasNext()) {
            it.next();
            ++pages;
        }
        QVERIFY2(pages >= int(lesson_->steps().size()) + 1, QByteArray::number(pages));
        QVERIFY(pdf.contains("/Image"));  // the chart
    }
};

QTEST_MAIN(LessonTest)
#include "lesson_test.moc"
