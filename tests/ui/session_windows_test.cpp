// A session is the lecture (issue 35 item 2): the lesson's step and measurements, the determinism
// study, the split's last result and the selected chart tab are measured for real on PoCL, saved
// in a .reducelab session, restored in a new main window and compared there with what the first
// window showed: every chart's data and titles, every table cell, the step and panel titles, the
// tabs; and nothing is measured again.
#include <qcustomplot.h>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "charts/ladder_chart.h"
#include "charts/performance_view.h"
#include "gui_test_support.h"
#include "lessons/lesson_view.h"
#include "reducelab/multi_device.h"
#include "reducelab/result_json.h"
#include "reducelab/session_file.h"
#include "shell/main_window.h"
#include "step/step_view.h"
#include "tools/determinism_frontier.h"
#include "tools/determinism_histogram.h"
#include "tools/determinism_window.h"
#include "tools/split_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

// What a plot draws: each plottable's name and points, and every title in its layout.
QStringList plotData(QCustomPlot* plot) {
    QStringList out;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        QStringList points;
        if (auto* graph = qobject_cast<QCPGraph*>(p))
            for (const QCPGraphData& d : *graph->data())
                points << QStringLiteral("%1:%2").arg(d.key).arg(d.value);
        if (auto* bars = qobject_cast<QCPBars*>(p))
            for (const QCPBarsData& d : *bars->data())
                points << QStringLiteral("%1:%2").arg(d.key).arg(d.value);
        out << p->name() + QStringLiteral(" = ") + points.join(QLatin1Char(' '));
    }
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
        if (auto* text = qobject_cast<QCPTextElement*>(element)) out << text->text();
    return out;
}

QStringList cells(const QTableWidget* table) {
    QStringList out;
    for (int row = 0; row < table->rowCount(); ++row)
        for (int column = 0; column < table->columnCount(); ++column)
            out << (table->item(row, column) ? table->item(row, column)->text() : QString());
    return out;
}

QStringList pointsOf(const ResultsFile& results) {
    QStringList out;
    for (const RunResult& point : results.points)
        out << QString::fromStdString(to_json(point).dump());
    return out;
}

// Everything the windows show that a session must bring back.
struct Shown {
    int performanceTab = -1;
    int lessonStep = -1;
    QString lessonTitle, lessonExplanation;
    QStringList lessonPanels, lessonPoints, lessonTable;
    QString lessonChartTitle;
    int determinismTab = -1;
    QString shownVariant;
    std::string studyJson;  // the JSON export, less its created_utc
    QStringList histogramPlot, frontierPlot, histogramTable;
    QString determinismStatus;
    QString splitSummary, splitStatus;
    QStringList splitShares, splitLevels, splitPlot;
    std::string splitResult;
};

Shown shown(MainWindow& window) {
    Shown s;
    s.performanceTab = static_cast<int>(window.performanceView()->currentChart());
    LessonView* lesson = window.lessonView();
    s.lessonStep = lesson->currentStep();
    s.lessonTitle = lesson->titleText();
    s.lessonExplanation = lesson->explanationHtml();
    s.lessonPanels = {lesson->stepView()->panelTitle(0), lesson->stepView()->panelTitle(1)};
    s.lessonPoints = pointsOf(lesson->chart()->results());
    s.lessonTable = cells(lesson->table());
    s.lessonChartTitle = lesson->chart()->title();
    DeterminismWindow* determinism = window.determinismWindow();
    s.determinismTab = static_cast<int>(determinism->currentChart());
    s.shownVariant = determinism->histogram()->shownVariant();
    nlohmann::json study = nlohmann::json::parse(determinism->studyJson().toStdString());
    study.erase("created_utc");
    s.studyJson = study.dump();
    s.histogramPlot = plotData(determinism->histogram()->plot());
    s.frontierPlot = plotData(determinism->frontier()->plot());
    s.histogramTable = cells(determinism->histogram()->table());
    s.determinismStatus = determinism->statusText();
    SplitWindow* split = window.splitWindow();
    s.splitSummary = split->summaryText();
    s.splitStatus = split->statusText();
    s.splitShares = cells(split->sharesTable());
    s.splitLevels = cells(split->levelsTable());
    s.splitPlot = plotData(split->levelsChart());
    // As its JSON keeps it (a share's launch is kept only as far as the window shows it).
    if (split->result())
        s.splitResult = to_json(split_result_from_json(to_json(*split->result()))).dump();
    return s;
}

// The device's ceiling measured (the charts and the split's "from cache" marks use it).
bool waitForCeiling(MainWindow& window) {
    if (window.ceiling()) return true;
    QSignalSpy measured(&window, &MainWindow::ceilingChanged);
    return measured.wait(120000) || window.ceiling();
}

MainWindowOptions quietWindow() {
    MainWindowOptions options;
    options.traceAtStart = false;
    return options;
}

}  // namespace

class SessionWindowsTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        test::isolateSettings();
        QStandardPaths::setTestModeEnabled(true);
    }

    void aRestoredSessionShowsTheLecture() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lecture.reducelab"));
        Shown before;
        {
            MainWindow first(quietWindow());
            QVERIFY(test::waitForDevices(first));
            QVERIFY(!first.devices().empty());
            QVERIFY(waitForCeiling(first));
            first.controlPanel()->setN(1u << 12);
            first.controlPanel()->findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(2);

            // The lesson: every available step measured, then step 4 shown.
            first.openLesson();
            LessonView* lesson = first.lessonView();
            QSignalSpy measured(lesson, &LessonView::measured);
            lesson->measureAll();
            QVERIFY(measured.wait(300000));
            QVERIFY(lesson->chart()->results().points.size() >= 3);
            lesson->setStep(3);

            // The determinism study: two variants, one shape each, the frontier tab.
            first.openDeterminism();
            DeterminismWindow* determinism = first.determinismWindow();
            QSignalSpy ready(determinism, &DeterminismWindow::devicesReady);
            QVERIFY(determinism->devicesKnown() || ready.wait(60000));
            DeterminismStudySettings study;
            study.fill = Fill::Cancel;
            study.n = 1 << 10;
            study.runs = 2;
            study.local_sizes = {64};
            study.work_groups = {3};
            study.variants = {"contiguous", "kahan"};
            study.timed_repeats = 2;
            determinism->applySettings(study, false);
            QSignalSpy studied(determinism, &DeterminismWindow::studyFinished);
            QVERIFY(determinism->start());
            QVERIFY(studied.wait(300000));
            QCOMPARE(determinism->histogram()->variants().size(), std::size_t{2});
            determinism->histogram()->showVariant(QStringLiteral("kahan"));
            determinism->showChart(DeterminismWindow::Chart::Frontier);

            // The split over PoCL's two CPU devices (CTest sets POCL_DEVICES).
            first.openSplit();
            SplitWindow* split = first.splitWindow();
            QSignalSpy splitReady(split, &SplitWindow::devicesReady);
            QVERIFY(split->devicesKnown() || splitReady.wait(60000));
            for (const DeviceInfo& device : split->devices())
                split->setDeviceChecked(device.index, device.index < 2);
            split->setProblem(Operation::Sum, ElementType::Float32, 1 << 14);
            split->setPolicy(SplitPolicy::Even);
            split->setRepeats(2);
            QSignalSpy splitDone(split, &SplitWindow::splitFinished);
            QVERIFY(split->start());
            QVERIFY(splitDone.wait(300000));
            QVERIFY(split->result());

            first.performanceView()->showChart(PerformanceView::Chart::Ladder);
            before = shown(first);
            QCOMPARE(first.saveWorkspace(path), QString());
        }
        const SessionFile session = read_session(path.toStdString());
        QCOMPARE(to_json(session)["version"].get<unsigned>(), 3u);

        MainWindow second(quietWindow());
        second.restoreWorkspace(session);
        QVERIFY(test::waitForDevices(second));
        QVERIFY(waitForCeiling(second));
        second.openLesson();
        second.openDeterminism();
        second.openSplit();
        QCoreApplication::processEvents();
        const Shown after = shown(second);

        QCOMPARE(after.performanceTab, before.performanceTab);
        QCOMPARE(after.lessonStep, 3);
        QCOMPARE(after.lessonStep, before.lessonStep);
        QCOMPARE(after.lessonTitle, before.lessonTitle);
        QCOMPARE(after.lessonPanels, before.lessonPanels);
        QCOMPARE(after.lessonPoints, before.lessonPoints);
        QCOMPARE(after.lessonTable, before.lessonTable);
        QCOMPARE(after.lessonExplanation, before.lessonExplanation);
        QCOMPARE(after.lessonChartTitle, before.lessonChartTitle);
        QCOMPARE(after.determinismTab, static_cast<int>(DeterminismWindow::Chart::Frontier));
        QCOMPARE(after.shownVariant, QStringLiteral("kahan"));
        // The export of the restored study is the one of the measured study: the same settings,
        // reports and timed points (each "verified" included).
        std::size_t timed = 0;
        const nlohmann::json restored = nlohmann::json::parse(after.studyJson);
        for (const nlohmann::json& v : restored.at("variants"))
            if (v.contains("frontier")) {
                ++timed;
                QVERIFY(v["frontier"].at("verified").get<bool>());
            }
        QCOMPARE(timed, second.determinismWindow()->frontier()->points().size());
        QCOMPARE(QString::fromStdString(after.studyJson), QString::fromStdString(before.studyJson));
        QCOMPARE(after.histogramPlot, before.histogramPlot);
        QCOMPARE(after.frontierPlot, before.frontierPlot);
        QCOMPARE(after.histogramTable, before.histogramTable);
        QCOMPARE(after.determinismStatus, before.determinismStatus);
        QCOMPARE(after.splitResult, before.splitResult);
        QCOMPARE(after.splitSummary, before.splitSummary);
        QCOMPARE(after.splitStatus, before.splitStatus);
        QCOMPARE(after.splitShares, before.splitShares);
        QCOMPARE(after.splitLevels, before.splitLevels);
        QCOMPARE(after.splitPlot, before.splitPlot);
        // Shown from the session: nothing was measured again.
        QVERIFY(!second.lessonView()->isMeasuring());
        QVERIFY(!second.determinismWindow()->isRunning());
        QVERIFY(!second.splitWindow()->isRunning());
    }
};

QTEST_MAIN(SessionWindowsTest)
#include "session_windows_test.moc"
