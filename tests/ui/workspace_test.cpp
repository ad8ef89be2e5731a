// Never lose work (issue 14): the language switches in place (same window, results, trace and
// ceiling kept, nothing measured again), closing with unsaved results asks Save / Discard /
// Cancel, the workspace session saves and restores results and settings, stale messages clear.
#include <qcustomplot.h>
#include <QAction>
#include <QApplication>
#include <QGroupBox>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "charts/performance_view.h"
#include "charts/results_chart.h"
#include "common/message_banner.h"
#include "common/translations.h"
#include "gui_test_support.h"
#include "reducelab/result_json.h"
#include "reducelab/results_file.h"
#include "reducelab/session_file.h"
#include "reducelab/trace_json.h"
#include "shell/app_shell.h"
#include "shell/close_guard.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "shell/results_model.h"
#include "shell/run_summary.h"
#include "shell/workspace_session.h"
#include "step/step_view.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

QStringList menuTitles(MainWindow* window) {
    QStringList titles;
    // Without the word joiners that keep Chinese words on one line (han_words.h).
    for (QAction* a : window->menuBar()->actions()) titles << a->text().remove(QChar(0x2060));
    return titles;
}

bool hasGroupBox(MainWindow* window, const QString& title) {
    for (auto* box : window->controlPanel()->findChildren<QGroupBox*>())
        if (box->title().remove(QChar(0x2060)) == title) return true;
    return false;
}

// Presses `button` on the close question as soon as it is shown; records that it was.
void answerCloseQuestion(QMessageBox::StandardButton button, bool* asked) {
    QTimer::singleShot(0, [button, asked] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box || box->objectName() != QLatin1String("closeGuardBox")) return;
        *asked = true;
        box->button(button)->click();
    });
}

// Runs A and B once on a small input: real rows in the table and two result cards.
bool runOnce(MainWindow& window) {
    window.controlPanel()->setN(std::uint64_t{1} << 14);
    QSignalSpy done(&window, &MainWindow::runCompleted);
    window.runSelected();
    return done.wait(120000);
}

}  // namespace

class WorkspaceTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        test::isolateSettings();
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(WorkspaceSession::autosavePath());
    }
    void cleanup() { Translations::install(QStringLiteral("en")); }

    void languageSwitchKeepsTheWindowAndItsWork() {
        MainWindowOptions options;
        AppShell shell(options);
        shell.start();
        MainWindow* window = shell.window();
        QVERIFY(test::waitForStartTrace(*window));
        if (!window->ceiling()) {
            QSignalSpy ceiling(window, &MainWindow::ceilingChanged);
            QVERIFY(ceiling.wait(120000));
        }
        QVERIFY(runOnce(*window));
        const int rows = window->resultsModel()->rowCount();
        QVERIFY(rows >= 1);
        const int rounds = window->stepView()->roundCount();
        QVERIFY(rounds > 0);
        const double ceiling = window->ceiling()->copy_gbps;
        const QString card = window->runSummary()->text(0);
        QSignalSpy remeasured(window, &MainWindow::ceilingChanged);

        for (const auto& [code, file, device] :
             {std::tuple{"zh_CN", "文件(&F)", "设备"}, std::tuple{"zh_TW", "檔案(&F)", "裝置"},
              std::tuple{"en", "&File", "Device"}}) {
            auto* action = window->findChild<QAction*>(QStringLiteral("actionLanguage_") + code);
            QVERIFY2(action, code);
            action->trigger();
            QTRY_VERIFY2(menuTitles(window).contains(QString::fromUtf8(file)),
                         qPrintable(menuTitles(window).join(' ')));
            QCOMPARE(shell.window(), window);  // the same window, not a new one
            QVERIFY2(hasGroupBox(window, QString::fromUtf8(device)), code);
            QCOMPARE(Translations::installed(), QLatin1String(code));
            QVERIFY(
                window->findChild<QAction*>(QStringLiteral("actionLanguage_") + code)->isChecked());
            // The charts' words follow too (the points stay).
            QCOMPARE(window->performanceView()
                         ->chart(MainWindow::Chart::LocalSize)
                         ->plot()
                         ->yAxis->label(),
                     QCoreApplication::translate("reducelab::ui::ThroughputChart",
                                                 "GB/s (input bytes ÷ time)"));
            QCOMPARE(window->resultsModel()->rowCount(), rows);
            QCOMPARE(window->stepView()->roundCount(), rounds);
            QCOMPARE(window->stepView()->traces().size(), std::size_t{2});
            QVERIFY(window->ceiling());
            QCOMPARE(window->ceiling()->copy_gbps, ceiling);
        }
        QCOMPARE(window->runSummary()->text(0), card);
        QCOMPARE(remeasured.count(), 0);
        window->resultsModel()->markSaved();  // nothing to ask when the shell closes it
    }

    void closingWithUnsavedResultsAsks() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(runOnce(window));
        QVERIFY(window.resultsModel()->hasUnsaved());

        bool asked = false;
        answerCloseQuestion(QMessageBox::Cancel, &asked);
        QVERIFY(!window.close());
        QVERIFY(asked);
        QVERIFY(window.isVisible());
        QVERIFY(window.resultsModel()->rowCount() > 0);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        window.closeGuard()->chooseSavePath = [path] { return path; };
        asked = false;
        answerCloseQuestion(QMessageBox::Save, &asked);
        QVERIFY(window.close());
        QVERIFY(asked);
        const ResultsFile saved = read_results(path.toStdString());
        QCOMPARE(static_cast<int>(saved.points.size()), window.resultsModel()->rowCount());

        // Saved: nothing left to ask.
        window.show();
        asked = false;
        answerCloseQuestion(QMessageBox::Cancel, &asked);
        QVERIFY(window.close());
        QVERIFY(!asked);
    }

    void discardDuringASweepCancelsIt() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QVERIFY(test::waitForDevices(window));
        window.controlPanel()->setN(std::uint64_t{1} << 22);
        QSignalSpy finished(&window, &MainWindow::sweepCompleted);
        window.sweepLocalSizes();
        QVERIFY(window.isSweeping());
        bool asked = false;
        answerCloseQuestion(QMessageBox::Discard, &asked);
        QVERIFY(window.close());
        QVERIFY(asked);
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        QCOMPARE(finished.front().front().toBool(), true);  // cancelled
    }

    void sessionSavesAndRestoresResultsAndSettings() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("work.reducelab"));
        QString sources;
        nlohmann::json results;
        {
            MainWindowOptions options;
            options.traceAtStart = false;
            MainWindow window(options);
            QVERIFY(test::waitForDevices(window));
            window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("vector"));
            QVERIFY(runOnce(window));
            window.controlPanel()->setLocalSize(128);
            test::choose(window, "typeCombo", "float32");
            QCOMPARE(window.saveWorkspace(path), QString());
            QVERIFY(!window.resultsModel()->hasUnsaved());
            for (int row = 0; row < window.resultsModel()->rowCount(); ++row)
                sources += window.resultsModel()->source(row) + QLatin1Char(';');
            results = to_json(window.workspace().results->points.front());
        }
        QSettings().clear();  // nothing comes back from the settings: all from the session
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow again(options);
        QVERIFY(test::waitForDevices(again));
        QCOMPARE(again.resultsModel()->rowCount(), 0);
        again.openFile(path);
        QString restored;
        for (int row = 0; row < again.resultsModel()->rowCount(); ++row)
            restored += again.resultsModel()->source(row) + QLatin1Char(';');
        QCOMPARE(restored, sources);
        QVERIFY(to_json(again.resultsModel()->result(0)) == results);
        QCOMPARE(again.controlPanel()->variant(ControlPanel::Slot::A), QStringLiteral("vector"));
        QCOMPARE(again.controlPanel()->localSize(), std::size_t{128});
        QCOMPARE(again.controlPanel()->elementType(), ElementType::Float32);
    }

    void closingSavesTheWorkspaceForTheNextStart() {
        const QString autosave = WorkspaceSession::autosavePath();
        QFile::remove(autosave);
        int rows = 0;
        nlohmann::json sizeChart, card;
        QStringList panelTitles;
        {
            MainWindowOptions options;
            options.workspace = true;
            MainWindow window(options);
            window.show();
            QVERIFY(test::waitForDevices(window));
            QSignalSpy traced(&window, &MainWindow::traceCompleted);
            QVERIFY(traced.wait(120000));
            QVERIFY(runOnce(window));
            rows = window.resultsModel()->rowCount();
            // A Run draws its point on the input-size chart and fills card A: both come back.
            const ResultsChart* chart = window.performanceView()->chart(MainWindow::Chart::Size);
            QVERIFY(!chart->results().points.empty());  // A's, and B's when it differs
            window.performanceView()
                ->chart(MainWindow::Chart::Size)
                ->setTitle(QStringLiteral("Prepared for the lecture"));
            window.performanceView()->setLogScale(true);
            sizeChart = to_json(chart->results())["points"];
            QVERIFY(window.runSummary()->result(0));
            card = to_json(*window.runSummary()->result(0));
            for (int panel = 0; panel < 2; ++panel)
                panelTitles << window.stepView()->panelTitle(panel);
            QVERIFY(!panelTitles.front().isEmpty());
            window.resultsModel()->markSaved();  // as if exported: no question
            QVERIFY(window.close());
        }
        QVERIFY(QFileInfo::exists(autosave));
        const SessionFile saved = read_session(autosave.toStdString());
        QCOMPARE(saved.traces.size(), std::size_t{2});
        MainWindowOptions options;
        options.workspace = true;
        MainWindow again(options);
        QCOMPARE(again.resultsModel()->rowCount(), rows);
        QCOMPARE(again.stepView()->traces().size(), std::size_t{2});
        QVERIFY(test::waitForDevices(again));
        // The restored trace is shown, not replaced by a new one at start.
        QTest::qWait(500);
        QVERIFY(to_json(again.stepView()->traces().front()) == to_json(saved.traces.front()));
        // The chart, its title and log scale, the card and the panel titles as they were, after
        // the devices were listed and the device chosen (which used to empty every chart).
        const ResultsChart* chart = again.performanceView()->chart(MainWindow::Chart::Size);
        // (The points; the ceiling beside them is this start's own measurement.)
        QVERIFY(to_json(chart->results())["points"] == sizeChart);
        QCOMPARE(chart->title(), QStringLiteral("Prepared for the lecture"));
        QVERIFY(chart->logScale());
        QVERIFY(again.performanceView()->logScaleBox()->isChecked());
        QVERIFY(again.runSummary()->result(0));
        QVERIFY(to_json(*again.runSummary()->result(0)) == card);
        QVERIFY(again.runSummary()->text(0).contains(
            QString::fromStdString(card["request"]["variant"].get<std::string>())));
        for (int panel = 0; panel < 2; ++panel)
            QCOMPARE(again.stepView()->panelTitle(panel), panelTitles[panel]);
        QFile::remove(autosave);
    }

    void staleMessagesClear() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QVERIFY(test::waitForDevices(window));
        auto* n = window.findChild<QComboBox*>(QStringLiteral("nCombo"));
        n->setCurrentText(QStringLiteral("-5"));
        window.runSelected();
        QVERIFY(window.banner()->isVisible());
        QVERIFY(window.banner()->text().contains(QStringLiteral("negative")));
        n->setCurrentText(QStringLiteral("4096"));
        QVERIFY(!window.banner()->isVisible());

        // A failed open does not leave "Opening …" behind.
        QSignalSpy opened(&window, &MainWindow::resultsFileOpened);
        window.openFile(QStringLiteral("/nonexistent/results.json"));
        QVERIFY(opened.wait(30000));
        QVERIFY2(!window.statusBar()->currentMessage().contains(QStringLiteral("Opening")),
                 qPrintable(window.statusBar()->currentMessage()));

        // Result cards of variants no longer chosen go.
        window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("interleaved"));
        window.controlPanel()->setVariant(ControlPanel::Slot::B, QStringLiteral("contiguous"));
        QVERIFY(runOnce(window));
        QVERIFY(window.runSummary()->text(1).contains(QStringLiteral("contiguous")));
        window.controlPanel()->setVariant(ControlPanel::Slot::B, QStringLiteral("vector"));
        QVERIFY(!window.runSummary()->text(1).contains(QStringLiteral("contiguous")));
        QVERIFY2(window.runSummary()->text(0).contains(QStringLiteral("interleaved")),
                 qPrintable(window.runSummary()->text(0)));
        window.resultsModel()->markSaved();
    }
};

QTEST_MAIN(WorkspaceTest)
#include "workspace_test.moc"
