// Every window follows the language in place (issue 14): with a trace, a lesson step and its
// measurements, an edited and checked custom kernel, the kernel viewer, a determinism study and an
// open export dialog on screen, switching to zh_CN, zh_TW and back to English through the
// Language menu keeps each window, widget and result, and changes their words.
#include <QAction>
#include <QCheckBox>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "charts/export_dialog.h"
#include "common/code_view.h"
#include "common/translations.h"
#include "gui_test_support.h"
#include "lessons/determinism_lesson_panel.h"
#include "lessons/lesson_view.h"
#include "shell/app_shell.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "shell/results_model.h"
#include "step/step_view.h"
#include "tools/custom_kernel_window.h"
#include "tools/determinism_frontier.h"
#include "tools/determinism_histogram.h"
#include "tools/determinism_window.h"
#include "tools/kernel_viewer.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

QString translated(const char* context, const char* source) {
    return QCoreApplication::translate(context, source);
}

// `actual` is `source` in the installed language; outside English it must really be translated
// (only strings the .ts files already translate are checked).
bool follows(const QString& actual, const char* context, const char* source, const QString& code) {
    const QString expected = translated(context, source);
    if (actual != expected) {
        qWarning("%s: got '%s', expected '%s'", source, qPrintable(actual), qPrintable(expected));
        return false;
    }
    return code == QLatin1String("en") || actual != QString::fromUtf8(source);
}

QString buttonText(QWidget* parent, const char* name) {
    auto* button = parent->findChild<QAbstractButton*>(QString::fromLatin1(name));
    return button ? button->text() : QStringLiteral("(no %1)").arg(QString::fromLatin1(name));
}

bool hasButton(QWidget* parent, const QString& text) {
    for (auto* button : parent->findChildren<QPushButton*>())
        if (button->text() == text) return true;
    return false;
}

}  // namespace

class RetranslateTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::isolateSettings(); }
    void cleanup() { Translations::install(QStringLiteral("en")); }

    void everyWindowKeepsItsWorkAcrossLanguages() {
        MainWindowOptions options;
        AppShell shell(options);
        shell.start();
        MainWindow* window = shell.window();
        QVERIFY(test::waitForStartTrace(*window));
        window->controlPanel()->setN(std::uint64_t{1} << 14);
        StepView* mainSteps = window->stepView();
        const int mainRounds = mainSteps->roundCount();
        QVERIFY(mainRounds > 0);

        // The lesson on its third step, traced, and every step measured.
        window->openLesson();
        LessonView* lesson = window->lessonView();
        QVERIFY(lesson);
        {
            QSignalSpy traced(lesson, &LessonView::traced);
            lesson->setStep(2);
            QVERIFY(traced.wait(120000));
        }
        {
            QSignalSpy measured(lesson, &LessonView::measured);
            lesson->measureAll();
            QVERIFY(measured.wait(300000));
        }
        const std::vector<LessonRow> lessonRows = lesson->rows();
        QTRY_VERIFY_WITH_TIMEOUT(lesson->stepView()->traces().size() == 2, 120000);
        const int lessonRounds = lesson->stepView()->roundCount();
        QVERIFY(lessonRounds > 0);
        const QString englishTitle = lesson->steps()[2].title;

        // The custom kernel, edited, checked and stepped.
        window->openCustomKernel();
        CustomKernelWindow* custom = window->customKernelWindow();
        QVERIFY(custom);
        custom->startFrom(QStringLiteral("contiguous"));
        custom->editor()->setPlainText(custom->editor()->toPlainText() +
                                       QStringLiteral("\n// my edit\n"));
        const QString source = custom->editor()->toPlainText();
        {
            QSignalSpy traced(custom, &CustomKernelWindow::traced);
            QSignalSpy checked(custom, &CustomKernelWindow::checked);
            custom->check();
            QVERIFY(checked.wait(300000));
            QVERIFY2(custom->result() && custom->result()->verified,
                     qPrintable(custom->findChild<QWidget*>(QStringLiteral("customReport"))
                                    ->property("plainText")
                                    .toString()));
            QVERIFY(traced.wait(120000));
        }
        const double customGbps = custom->result()->gbps;
        const int customRounds = custom->stepView()->roundCount();
        QVERIFY(customRounds > 0);

        window->openKernelViewer();
        KernelViewer* viewer = window->kernelViewer();
        QVERIFY(viewer);

        // A small determinism study on the first device (PoCL where it is the only one).
        window->openDeterminism(true);
        DeterminismWindow* determinism = window->determinismWindow();
        QVERIFY(determinism);
        if (!determinism->devicesKnown()) {
            QSignalSpy ready(determinism, &DeterminismWindow::devicesReady);
            QVERIFY(ready.wait(60000));
        }
        if (determinism->isRunning()) {
            QSignalSpy finished(determinism, &DeterminismWindow::studyFinished);
            QVERIFY(finished.wait(300000));
        }
        DeterminismStudySettings study;
        study.fill = Fill::Cancel;
        study.type = ElementType::Float32;
        study.n = 1 << 12;
        study.runs = 2;
        study.local_sizes = {64};
        study.work_groups = {3};
        study.variants = {"contiguous", "kahan"};
        study.timed_repeats = 1;
        determinism->applySettings(study, false);
        {
            QSignalSpy finished(determinism, &DeterminismWindow::studyFinished);
            QVERIFY(determinism->start());
            QVERIFY(finished.wait(300000));
        }
        const std::size_t studied = determinism->histogram()->variants().size();
        QCOMPARE(studied, std::size_t{2});
        const std::size_t points = determinism->frontier()->points().size();
        QVERIFY(points > 0);
        const QString shownVariant = determinism->histogram()->shownVariant();
        determinism->lesson()->setCurrentStep(1);

        // A dialog left open while the language changes.
        ExportDialog dialog(QStringLiteral("chart"));
        dialog.show();

        for (const char* code : {"zh_CN", "zh_TW", "en"}) {
            const QString language = QString::fromLatin1(code);
            auto* action =
                window->findChild<QAction*>(QStringLiteral("actionLanguage_") + language);
            QVERIFY2(action, code);
            action->trigger();
            QTRY_COMPARE(Translations::installed(), language);
            QCoreApplication::processEvents();
            const auto check = [&](const QString& actual, const char* context, const char* src) {
                return follows(actual, context, src, language);
            };

            // The same windows, with what they held.
            QCOMPARE(shell.window(), window);
            QCOMPARE(window->stepView(), mainSteps);
            QCOMPARE(mainSteps->roundCount(), mainRounds);
            QVERIFY(check(buttonText(mainSteps, "traceButton"), "reducelab::ui::StepView",
                          "Trace A and B"));
            QVERIFY(check(buttonText(mainSteps, "stepFold"), "reducelab::ui::StepView",
                          "fold idle cells"));

            QCOMPARE(window->lessonView(), lesson);
            QCOMPARE(lesson->currentStep(), 2);
            QCOMPARE(lesson->stepView()->roundCount(), lessonRounds);
            QCOMPARE(lesson->stepView()->traces().size(), std::size_t{2});
            const std::vector<LessonRow> rows = lesson->rows();
            QCOMPARE(rows.size(), lessonRows.size());
            for (std::size_t i = 0; i < rows.size(); ++i) {
                QCOMPARE(rows[i].measured, lessonRows[i].measured);
                QCOMPARE(rows[i].timeMs, lessonRows[i].timeMs);
            }
            QVERIFY(check(buttonText(lesson, "lessonNext"), "reducelab::ui::LessonView", "Next ▶"));
            QVERIFY(check(buttonText(lesson, "lessonMeasure"), "reducelab::ui::LessonView",
                          "Measure every step"));
            QVERIFY(check(buttonText(lesson->stepView(), "traceButton"), "reducelab::ui::StepView",
                          "Trace A and B"));
            // The step's title comes from the lesson data, translated when shown.
            QVERIFY(lesson->titleText().contains(lesson->steps()[2].title));
            QCOMPARE(lesson->steps()[2].title == englishTitle, language == QLatin1String("en"));

            QCOMPARE(window->customKernelWindow(), custom);
            QCOMPARE(custom->editor()->toPlainText(), source);
            QVERIFY(custom->result());
            QCOMPARE(custom->result()->gbps, customGbps);
            QCOMPARE(custom->stepView()->roundCount(), customRounds);
            QVERIFY(check(buttonText(custom, "customCheck"), "reducelab::ui::CustomKernelWindow",
                          "Build, check and time"));
            QVERIFY(check(buttonText(custom, "customStep"), "reducelab::ui::CustomKernelWindow",
                          "Step it"));

            QCOMPARE(window->kernelViewer(), viewer);
            QVERIFY(check(viewer->windowTitle(), "reducelab::ui::KernelViewer", "Kernel sources"));

            QCOMPARE(window->determinismWindow(), determinism);
            QCOMPARE(determinism->histogram()->variants().size(), studied);
            QCOMPARE(determinism->frontier()->points().size(), points);
            QCOMPARE(determinism->histogram()->shownVariant(), shownVariant);
            QVERIFY(!determinism->histogram()->drawnBars().empty());
            QCOMPARE(determinism->lesson()->currentStep(), 1);
            QCOMPARE(determinism->windowTitle(),
                     translated("reducelab::ui::DeterminismWindow", "Determinism & accuracy"));

            QVERIFY(dialog.isVisible());
            QVERIFY2(hasButton(&dialog, translated("reducelab::ui::ExportDialog", "Browse…")),
                     code);
            QVERIFY(language == QLatin1String("en") ||
                    !hasButton(&dialog, QStringLiteral("Browse…")));
        }
        window->resultsModel()->markSaved();
    }
};

QTEST_MAIN(RetranslateTest)
#include "retranslate_test.moc"
