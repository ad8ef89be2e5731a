// Sweeps on the device: a small local-size sweep drawn point by point against the measured
// ceiling, a sweep cancelled mid-way, the ladder and its table, live tuning and Auto-tune.
#include <qcustomplot.h>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QtTest>
#include <algorithm>

#include "charts/ladder_chart.h"
#include "charts/performance_view.h"
#include "charts/throughput_chart.h"
#include "common/engine_jobs.h"
#include "common/message_banner.h"
#include "gui_test_support.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "shell/results_model.h"
#include "shell/run_summary.h"
#include "shell/sweep_planner.h"

using namespace reducelab;
using namespace reducelab::ui;

class SweepTest : public QObject {
    Q_OBJECT
  private:
    static MainWindowOptions quiet() {
        MainWindowOptions o;
        o.traceAtStart = false;
        return o;
    }
    // Devices known, ceiling measured, A/B chosen, n and repeats small enough for a CPU device.
    static bool ready(MainWindow& window, const char* a, const char* b, std::uint64_t n) {
        QSignalSpy ceiling(&window, &MainWindow::ceilingChanged);
        if (!test::waitForDevices(window) || window.devices().empty()) return false;
        if (!window.ceiling() && !ceiling.wait(120000)) return false;
        test::choose(window, "operationCombo", "sum");
        test::choose(window, "typeCombo", "int32");
        window.controlPanel()->setVariant(ControlPanel::Slot::A, QString::fromLatin1(a));
        window.controlPanel()->setVariant(ControlPanel::Slot::B, QString::fromLatin1(b));
        window.controlPanel()->setN(n);
        window.findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(3);
        return true;
    }

  private slots:
    void initTestCase() { test::isolateSettings(); }

    void smallLocalSizeSweepDrawsEveryPoint() {
        MainWindow window(quiet());
        window.resize(1400, 900);
        window.show();
        QVERIFY2(ready(window, "interleaved", "contiguous", 1 << 16),
                 qPrintable(window.banner()->text()));
        QVERIFY(window.ceiling()->copy_gbps > 0);
        QVERIFY(window.ceiling()->read_gbps > 0);

        const DeviceInfo& device = *window.controlPanel()->currentDevice();
        const std::size_t sizes = SweepPlanner::localSizes(device).size();
        QSignalSpy points(window.sweeps(), &SweepController::pointMeasured);
        QSignalSpy finished(&window, &MainWindow::sweepCompleted);
        window.sweepLocalSizes();
        QVERIFY(window.performanceView()->progressBar()->isVisible());
        QVERIFY(finished.wait(300000));
        QCOMPARE(finished.takeFirst().at(0).toBool(), false);
        ThroughputChart* chart = window.performanceView()->localSizeChart();
        QCOMPARE(points.size(), static_cast<qsizetype>(2 * sizes));
        QCOMPARE(chart->pointCount(), static_cast<int>(2 * sizes));
        QCOMPARE(chart->seriesCount(), 2);
        QVERIFY(!window.performanceView()->progressBar()->isVisible());
        for (const RunResult& p : chart->results().points) {
            QVERIFY(p.verified);
            QVERIFY(p.gbps > 0);
            QCOMPARE(p.n, std::uint64_t{1} << 16);
        }
        QCOMPARE(window.resultsModel()->rowCount(), static_cast<int>(2 * sizes));
        // The chart carries the device's ceiling, and hovering a point gives its share of it.
        QVERIFY(chart->results().ceiling.has_value());
        chart->plot()->replot();
        const RunResult& point = chart->results().points.front();
        const QString hover = chart->hoverTextAt(chart->pixelOf(point));
        QVERIFY2(hover.contains(QStringLiteral("of the copy ceiling")), qPrintable(hover));
        const int percent =
            static_cast<int>(std::lround(100 * point.gbps / window.ceiling()->copy_gbps));
        QVERIFY2(hover.contains(QStringLiteral("%1%").arg(percent)), qPrintable(hover));
        QVERIFY(chart->hoverTextAt(QPointF(-100, -100)).isEmpty());
    }

    void cancellingMidWayKeepsMeasuredPoints() {
        MainWindow window(quiet());
        window.show();
        QVERIFY(ready(window, "interleaved", "contiguous", 1 << 16));
        window.performanceView()->setSizeSweepRange(12, 26);
        QSignalSpy points(window.sweeps(), &SweepController::pointMeasured);
        QSignalSpy finished(&window, &MainWindow::sweepCompleted);
        window.sweepSizes();
        QVERIFY(window.isSweeping());
        QVERIFY(points.wait(120000));
        // Cancel through the button under the charts.
        auto* cancel = window.findChild<QPushButton*>(QStringLiteral("sweepCancel"));
        QVERIFY(cancel && cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.takeFirst().at(0).toBool(), true);
        QVERIFY(!window.isSweeping());
        const int measured = window.performanceView()->sizeChart()->pointCount();
        QVERIFY(measured >= 1);
        QVERIFY2(measured < 2 * 15, qPrintable(QString::number(measured)));
        QCOMPARE(measured, static_cast<int>(points.size()));
        QVERIFY(!window.performanceView()->progressBar()->isVisible());
        const QString label = window.findChild<QLabel*>(QStringLiteral("sweepLabel"))->text();
        QVERIFY2(label.contains(QStringLiteral("cancelled after")), qPrintable(label));
        QVERIFY(!window.jobs()->isBusy());

        // The window still runs things afterwards, and a single Run is plotted at once.
        QSignalSpy completed(&window, &MainWindow::runCompleted);
        window.runSelected();
        QVERIFY(completed.wait(120000));
        const auto& run = window.runSummary()->result(0);
        QVERIFY(run);
        bool plotted = false;
        for (const RunResult& p : window.performanceView()->sizeChart()->results().points)
            plotted = plotted || (p.request.variant == run->request.variant && p.n == run->n &&
                                  p.gbps == run->gbps);
        QVERIFY(plotted);
    }

    void ladderAndItsClassicTable() {
        MainWindow window(quiet());
        window.show();
        QVERIFY(ready(window, "interleaved", "contiguous", 1 << 18));
        QSignalSpy finished(&window, &MainWindow::sweepCompleted);
        window.runLadder();
        QVERIFY(finished.wait(600000));
        LadderChart* ladder = window.performanceView()->ladderChart();
        const auto rows = ladder->rows();
        QVERIFY2(rows.size() >= 3, qPrintable(QString::number(rows.size())));
        QCOMPARE(rows.front().variant, QStringLiteral("interleaved"));  // the first rung
        QCOMPARE(rows.front().cumulativeSpeedup, 1.0);
        for (std::size_t i = 1; i < rows.size(); ++i) {
            QVERIFY(rows[i].timeMs > 0);
            QVERIFY(std::abs(rows[i].stepSpeedup - rows[i - 1].timeMs / rows[i].timeMs) < 1e-9);
            QVERIFY(std::abs(rows[i].cumulativeSpeedup - rows[0].timeMs / rows[i].timeMs) < 1e-9);
            QVERIFY(rows[i].percentOfCeiling > 0);
        }
        QCOMPARE(ladder->table()->rowCount(), static_cast<int>(rows.size()));
        for (const RunResult& p : ladder->results().points)
            QVERIFY2(p.verified, p.request.variant.c_str());
    }

    void tuningSliderReMeasuresAfterTheDebounce() {
        MainWindow window(quiet());
        window.show();
        QVERIFY(ready(window, "contiguous", "contiguous", 1 << 18));
        PerformanceView* view = window.performanceView();
        QSignalSpy measured(&window, &MainWindow::tuningMeasured);
        // Several moves in quick succession: only where the slider rests is measured.
        view->setTuningLocalSize(32);
        view->setTuningLocalSize(64);
        view->setTuningLocalSize(128);
        QCOMPARE(view->localSizeChart()->marker().value_or(0),
                 128.0);  // the marker follows at once
        QVERIFY(measured.wait(120000));
        QTest::qWait(view->tuningDebounceMs() + 200);
        QCOMPARE(measured.size(), 1);
        const auto result = measured.takeFirst().at(0).value<RunResult>();
        QCOMPARE(result.launched.local_size, std::size_t{128});
        QVERIFY(result.verified);
        QVERIFY(view->tuningStatus().contains(QStringLiteral("local 128")));
        QCOMPARE(view->localSizeChart()->pointCount(), 1);
        QCOMPARE(view->localSizeChart()->marker().value_or(0), 128.0);
    }

    void autoTuneMarksTheBestConfiguration() {
        MainWindow window(quiet());
        window.show();
        QVERIFY(ready(window, "vector", "contiguous", 1 << 18));
        QSignalSpy finished(&window, &MainWindow::sweepCompleted);
        window.autoTune();
        QVERIFY(finished.wait(600000));
        ThroughputChart* chart = window.performanceView()->localSizeChart();
        QVERIFY(chart->pointCount() > 4);
        QVERIFY(chart->seriesCount() > 1);  // one line per items-per-work-item count
        const auto best = chart->best();
        QVERIFY(best.has_value());
        for (const RunResult& p : chart->results().points)
            if (p.verified) QVERIFY(p.gbps <= best->gbps);
        QCOMPARE(chart->marker().value_or(0), static_cast<double>(best->launched.local_size));
    }
};

QTEST_MAIN(SweepTest)
#include "sweep_test.moc"
