// Lessons → Exercises on PoCL (issue 39 item 3): the window lists every exercise of the pack; a
// starter fails the check it is about and the solution passes every check (race-free may be
// skipped without Oclgrind; fast is timing, so only its figure is required); Cancel stops a
// running grade; hints come one by one; progress, hints and edits survive a session saved and
// restored in a new main window; the window fits a 1280×720 projector, also in presentation
// mode's large type.
#include <QAction>
#include <QFont>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>

#include "common/code_view.h"
#include "gui_test_support.h"
#include "reducelab/exercise.h"
#include "reducelab/session_file.h"
#include "shell/main_window.h"
#include "step/step_view.h"
#include "tools/exercise_text.h"
#include "tools/exercise_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

MainWindowOptions quiet() {
    MainWindowOptions options;
    options.traceAtStart = false;
    return options;
}

const Exercise& exercise(const char* id) {
    return embedded_exercise_pack().find(id);
}

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

const CheckResult* find(const GradeReport& report, CheckName check) {
    return report.find(check);
}

}  // namespace

class ExerciseWindowTest : public QObject {
    Q_OBJECT
  private:
    MainWindow* window_ = nullptr;
    ExerciseWindow* exercises_ = nullptr;

    bool checkNow() {
        QSignalSpy checked(exercises_, &ExerciseWindow::checked);
        exercises_->checkButton()->click();
        return checked.wait(600000);
    }

  private slots:
    void initTestCase() {
        test::isolateSettings();
        window_ = new MainWindow(quiet());
        window_->show();
        QVERIFY(test::waitForDevices(*window_));
        QAction* open = window_->findChild<QAction*>(QStringLiteral("actionExercises"));
        QVERIFY(open);
        QVERIFY(!open->shortcuts().isEmpty());
        open->trigger();
        exercises_ = window_->exerciseWindow();
        QVERIFY(exercises_);
        QVERIFY(exercises_->isVisible());
        exercises_->setRepeat(1);
        exercises_->setTimeoutSeconds(120);
    }
    void cleanupTestCase() { delete window_; }

    void listsEveryExerciseOfThePack() {
        const ExercisePack& pack = embedded_exercise_pack();
        QVERIFY(pack.exercises.size() >= 10);
        QCOMPARE(exercises_->list()->count(), static_cast<int>(pack.exercises.size()));
        for (int i = 0; i < exercises_->list()->count(); ++i) {
            const Exercise& e = pack.exercises[static_cast<std::size_t>(i)];
            const QString item = exercises_->list()->item(i)->text();
            QVERIFY2(item.contains(text(e.title.in("en"))), qPrintable(item));
            QVERIFY2(item.startsWith(QStringLiteral("○")), qPrintable(item));  // not tried
        }
        // The first exercise is shown with its starter in the editor.
        QCOMPARE(exercises_->currentExercise(), text(pack.exercises.front().id));
        QCOMPARE(exercises_->editor()->toPlainText(), text(pack.exercises.front().starter));
        QVERIFY(exercises_->statement()->toPlainText().contains(
            text(pack.exercises.front().title.in("en"))));
        // Another exercise shows its own statement and starter.
        QVERIFY(exercises_->showExercise(QStringLiteral("nan-max")));
        QCOMPARE(exercises_->editor()->toPlainText(), text(exercise("nan-max").starter));
        QVERIFY(exercises_->statement()->toPlainText().contains(
            text(exercise("nan-max").title.in("en"))));
    }

    void hintsAreRevealedOneByOne() {
        QVERIFY(exercises_->showExercise(QStringLiteral("divergence")));
        const Exercise& e = exercise("divergence");
        QVERIFY(e.hints.size() >= 2);
        const auto shows = [&](std::size_t hint) {
            return exercises_->statement()->toPlainText().contains(text(e.hints[hint].in("en")));
        };
        QVERIFY(!shows(0));
        for (std::size_t i = 0; i < e.hints.size(); ++i) {
            QVERIFY(exercises_->hintButton()->isEnabled());
            exercises_->hintButton()->click();
            QCOMPARE(exercises_->hintsShown(QStringLiteral("divergence")), static_cast<int>(i + 1));
            QVERIFY(shows(i));
            if (i + 1 < e.hints.size()) QVERIFY(!shows(i + 1));
        }
        QVERIFY(!exercises_->hintButton()->isEnabled());
    }

    void theStarterFailsTheCheckItIsAbout() {
        QVERIFY(exercises_->showExercise(QStringLiteral("divergence")));
        exercises_->setOclgrind(
            QStringLiteral("none"));  // the starter's race check is not its point
        QSignalSpy traced(exercises_, &ExerciseWindow::traced);
        QVERIFY(checkNow());
        const auto& report = exercises_->report();
        QVERIFY(report);
        const CheckResult* behaves = find(*report, CheckName::Behaves);
        QVERIFY(behaves);
        QCOMPARE(behaves->status, CheckStatus::Fail);
        QCOMPARE(find(*report, CheckName::Correct)->status, CheckStatus::Pass);
        QCOMPARE(exercises_->progress(QStringLiteral("divergence")), ExerciseProgress::Failing);
        QVERIFY(exercises_->list()->currentItem()->text().startsWith(QStringLiteral("✖")));
        // Each check's result is beside the code, with its figure.
        const QString results = exercises_->results()->toPlainText();
        QVERIFY2(results.contains(QStringLiteral("Behaves")), qPrintable(results));
        QVERIFY2(results.contains(text(behaves->figure)), qPrintable(results));
        QVERIFY2(results.contains(text(behaves->sentence)), qPrintable(results));
        // The student's work-group beside the reference variant's.
        QVERIFY(traced.count() > 0 || traced.wait(120000));
        QVERIFY(exercises_->stepView()->trace(0));
        QVERIFY(exercises_->stepView()->trace(1));
        QCOMPARE(exercises_->stepView()->trace(0)->request.variant,
                 exercise("divergence").reference_variant);
        QVERIFY(exercises_->stepView()->trace(1)->request.local_size ==
                exercise("divergence").behaviour->local_size);
    }

    void theSolutionPassesEveryCheck() {
        QVERIFY(exercises_->showExercise(QStringLiteral("divergence")));
        const Exercise& e = exercise("divergence");
        QVERIFY(e.solution);
        exercises_->setOclgrind(QString());  // Oclgrind on PATH, where it is installed
        exercises_->editor()->setPlainText(text(*e.solution));
        QVERIFY(exercises_->hasEdits());
        QVERIFY(checkNow());
        const auto& report = exercises_->report();
        QVERIFY(report);
        QCOMPARE(report->checks.size(), e.checks.size());
        for (const CheckResult& c : report->checks) {
            const QString what =
                text(std::string(to_string(c.check)) + ": " + std::string(to_string(c.status)) +
                     " (" + c.figure + ") " + c.sentence);
            qInfo().noquote() << what;
            switch (c.check) {
                case CheckName::RaceFree:
                    QVERIFY2(c.status != CheckStatus::Fail, qPrintable(what));
                    break;
                case CheckName::Fast:  // timing on a shared machine: the figure, not the verdict
                    QVERIFY2(c.status != CheckStatus::Skipped, qPrintable(what));
                    QVERIFY2(c.figure.find('x') != std::string::npos, qPrintable(what));
                    break;
                default:
                    QVERIFY2(c.status == CheckStatus::Pass, qPrintable(what));
            }
        }
        const ExerciseProgress expected =
            report->passed() ? ExerciseProgress::Passed : ExerciseProgress::Failing;
        QCOMPARE(exercises_->progress(QStringLiteral("divergence")), expected);
    }

    void cancelStopsARunningCheck() {
        QVERIFY(exercises_->showExercise(QStringLiteral("bank-conflicts")));
        QVERIFY(!exercises_->report());
        QSignalSpy checked(exercises_, &ExerciseWindow::checked);
        exercises_->checkButton()->click();
        QVERIFY(exercises_->cancelButton()->isEnabled());
        QVERIFY(exercises_->progressBar()->isVisible());
        // Once the first sandbox child is running, Cancel.
        QVERIFY(QTest::qWaitFor(
            [&] { return exercises_->status()->text().contains(QStringLiteral("Correct")); },
            60000));
        QElapsedTimer clock;
        clock.start();
        exercises_->cancelButton()->click();
        QVERIFY(checked.count() > 0 || checked.wait(20000));
        QVERIFY2(clock.elapsed() < 20000, "the grade went on after Cancel");
        QVERIFY(exercises_->status()->text().contains(QStringLiteral("Cancelled")));
        QVERIFY(!exercises_->report());  // no grade, and no progress recorded
        QCOMPARE(exercises_->progress(QStringLiteral("bank-conflicts")),
                 ExerciseProgress::NotTried);
        QVERIFY(exercises_->checkButton()->isEnabled());
        QVERIFY(!exercises_->cancelButton()->isEnabled());
    }

    void progressSurvivesASessionSavedAndRestored() {
        // An edit to another exercise, and its hint: kept per exercise.
        QVERIFY(exercises_->showExercise(QStringLiteral("first-add")));
        const QString edited = exercises_->editor()->toPlainText() + QStringLiteral("\n// mine\n");
        exercises_->editor()->setPlainText(edited);
        exercises_->hintButton()->click();
        QVERIFY(exercises_->showExercise(QStringLiteral("divergence")));
        QVERIFY(exercises_->showExercise(QStringLiteral("first-add")));
        QCOMPARE(exercises_->editor()->toPlainText(), edited);
        const ExerciseProgress divergence = exercises_->progress(QStringLiteral("divergence"));
        QVERIFY(divergence != ExerciseProgress::NotTried);
        const QString divergenceKernel = text(*exercise("divergence").solution);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("exercises.reducelab"));
        QCOMPARE(window_->saveWorkspace(path), QString());
        const SessionFile session = read_session(path.toStdString());
        QCOMPARE(to_json(session)["version"].get<unsigned>(), 4u);

        MainWindow second(quiet());
        second.restoreWorkspace(session);
        QVERIFY(test::waitForDevices(second));
        second.openExercises();
        ExerciseWindow* restored = second.exerciseWindow();
        QVERIFY(restored);
        QCOMPARE(restored->currentExercise(), QStringLiteral("first-add"));
        QCOMPARE(restored->editor()->toPlainText(), edited);
        QCOMPARE(restored->hintsShown(QStringLiteral("first-add")), 1);
        QCOMPARE(restored->progress(QStringLiteral("first-add")), ExerciseProgress::NotTried);
        QCOMPARE(restored->progress(QStringLiteral("divergence")), divergence);
        QCOMPARE(restored->hintsShown(QStringLiteral("divergence")),
                 static_cast<int>(exercise("divergence").hints.size()));
        QCOMPARE(restored->progress(QStringLiteral("bank-conflicts")), ExerciseProgress::NotTried);
        const QString mark = ExerciseText::progressMark(divergence);
        QVERIFY(restored->list()->item(0)->text().startsWith(mark));
        QVERIFY(restored->showExercise(QStringLiteral("divergence")));
        QCOMPARE(restored->editor()->toPlainText(), divergenceKernel);
        second.close();
    }

    void fitsA1280x720Projector() {
        const QFont normal = QApplication::font();
        for (const double scale : {1.0, 1.45}) {  // presentation mode's largest type
            QFont font = normal;
            font.setPointSizeF(normal.pointSizeF() * scale);
            QApplication::setFont(font);
            ExerciseWindow window;
            window.resize(1280, 720);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            const QSize minimum = window.minimumSizeHint();
            QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 720,
                     qPrintable(QStringLiteral("%1×%2 at %3")
                                    .arg(minimum.width())
                                    .arg(minimum.height())
                                    .arg(scale)));
            QCOMPARE(window.size(), QSize(1280, 720));
            for (QWidget* w : std::initializer_list<QWidget*>{
                     window.list(), window.statement(), window.editor(), window.results(),
                     window.stepView(), window.checkButton(), window.hintButton()}) {
                const QRect r(w->mapTo(&window, QPoint(0, 0)), w->size());
                QVERIFY2(window.rect().contains(r) && r.width() > 40 && r.height() > 15,
                         qPrintable(w->objectName()));
            }
        }
        QApplication::setFont(normal);
    }
};

QTEST_MAIN(ExerciseWindowTest)
#include "exercise_window_test.moc"
