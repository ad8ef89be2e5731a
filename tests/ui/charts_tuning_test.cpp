// Issue 14, honest charts and one local-size range: y-ranges fitted to the data (and a log
// option), points above the memory ceiling marked "from cache", the ceiling drawn with its spread,
// the same valid local sizes in every control, Auto-tune over all of them and its Apply; and the
// lesson's diff opening at its first code change with the measured columns in view at 1280 wide.
#include <qcustomplot.h>
#include <QComboBox>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

#include "charts/ladder_chart.h"
#include "charts/performance_view.h"
#include "charts/throughput_chart.h"
#include "common/code_view.h"
#include "common/line_diff.h"
#include "gui_test_support.h"
#include "lessons/lesson_view.h"
#include "reducelab/engine.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/launch_plan.h"
#include "reducelab/sweep.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "shell/sweep_controller.h"
#include "shell/sweep_planner.h"
#include "step/step_view.h"
#include "test_device.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

RunResult point(const char* variant, std::size_t local, double gbps, std::uint64_t n = 1 << 16) {
    RunResult r;
    r.request.variant = variant;
    r.launched.variant = variant;
    r.launched.local_size = local;
    r.n = n;
    r.gbps = gbps;
    r.total_ms = 1;
    r.verified = true;
    return r;
}

// A PoCL-like ceiling: the median 52 GB/s, moving 37–81 GB/s over 9 runs.
BandwidthCeiling spreadCeiling() {
    BandwidthCeiling c;
    c.runs = 9;
    c.repeat = 1;
    c.read_samples_gbps = {37, 40, 45, 50, 52, 60, 70, 75, 81};
    c.copy_samples_gbps = c.read_samples_gbps;
    c.read_gbps = c.read_spread().median;
    c.copy_gbps = c.copy_spread().median;
    return c;
}

}  // namespace

class ChartsTuningTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { ui::test::isolateSettings(); }

    void yRangeFitsTheDataNotAFarCeiling() {
        ThroughputChart chart(ThroughputChart::XAxis::LocalSize);
        chart.setCeiling(spreadCeiling());
        for (std::size_t local : {4, 8, 16, 32, 64})
            chart.addPoint(point("interleaved", local, 0.3 + local / 25.0));
        const QCPRange y = chart.plot()->yAxis->range();
        QVERIFY2(y.upper >= 0.3 + 64 / 25.0 && y.upper < 10, qPrintable(QString::number(y.upper)));
        QCOMPARE(y.lower, 0.0);
        // The ceiling is off the scale and its label says so.
        QVERIFY(chart.copyCeilingLabel().contains(QStringLiteral("▲")));

        chart.setLogScale(true);
        const QCPRange logY = chart.plot()->yAxis->range();
        QVERIFY(chart.plot()->yAxis->scaleType() == QCPAxis::stLogarithmic);
        QVERIFY(logY.lower > 0 && logY.lower < 0.3 + 4 / 25.0 && logY.upper > 0.3 + 64 / 25.0);

        // A ceiling near the data is drawn inside the range.
        ThroughputChart near(ThroughputChart::XAxis::LocalSize);
        near.setCeiling(spreadCeiling());
        near.addPoint(point("contiguous", 64, 40));
        QVERIFY(near.plot()->yAxis->range().upper > 52);
    }

    void pointsAboveTheCeilingAreFromCache() {
        ThroughputChart chart(ThroughputChart::XAxis::LocalSize);
        chart.setCeiling(spreadCeiling());
        chart.addPoint(point("vector", 64, 50));
        QCOMPARE(chart.fromCachePointCount(), 0);
        const RunResult fast = point("vector", 128, 170);  // 326 % of 52 GB/s
        chart.addPoint(fast);
        QCOMPARE(chart.fromCachePointCount(), 1);
        chart.plot()->replot();
        QVERIFY(chart.hoverTextAt(chart.pixelOf(fast)).contains(QStringLiteral("from cache")));
        QVERIFY(chart.plot()->legend->hasItemWithPlottable(chart.plot()->graph(1)) ||
                chart.plot()->legend->itemCount() > 1);

        LadderChart ladder;
        ladder.setCeiling(spreadCeiling());
        ladder.addPoint(point("interleaved", 256, 20));
        QVERIFY(ladder.cacheNote().isEmpty());
        ladder.addPoint(point("best", 256, 170));
        QVERIFY(ladder.rows().back().fromCache);
        QVERIFY2(ladder.cacheNote().contains(QStringLiteral("best")),
                 qPrintable(ladder.cacheNote()));
    }

    void theCeilingHasItsSpread() {
        ThroughputChart chart(ThroughputChart::XAxis::LocalSize);
        chart.setCeiling(spreadCeiling());
        chart.addPoint(point("contiguous", 64, 40));
        QVERIFY2(
            chart.copyCeilingLabel().contains(QStringLiteral("52.00 GB/s (39.40–76.20, 9 runs)")),
            qPrintable(chart.copyCeilingLabel()));

        // The engine measures it several times and keeps every sample.
        Engine engine(reducelab::test::device_spec());
        const BandwidthCeiling c = measure_ceiling(engine, 4 << 20, 3, 3);
        QCOMPARE(c.runs, 3);
        QCOMPARE(c.read_samples_gbps.size(), std::size_t{9});
        QCOMPARE(c.copy_samples_gbps.size(), std::size_t{9});
        const Spread s = c.read_spread();
        QVERIFY(s.p10 <= s.median && s.median <= s.p90 && s.p10 > 0);
        QCOMPARE(c.read_gbps, s.median);
        // The read ceiling is the read kernel's, or on a CPU device best's own reads where
        // those are faster; a GPU always keeps the read kernel.
        QVERIFY2(c.read_source == "read kernel" ||
                     (c.read_source == "best" && !engine.device().is_gpu()),
                 c.read_source.c_str());
    }

    // The ceiling labels, the best star and the tuning marker never overprint one another:
    // ceilings close together or far above the points, narrow and wide charts, in presentation
    // type too (issue 35 item 6).
    void labelsNeverOverlap() {
        const auto close = [] {  // copy and read within a few per cent, as on the H200
            BandwidthCeiling c = spreadCeiling();
            c.copy_samples_gbps = {4177, 4200, 4221, 4228, 4240};
            c.read_samples_gbps = {4357, 4360, 4366, 4370, 4376};
            c.copy_gbps = c.copy_spread().median;
            c.read_gbps = c.read_spread().median;
            c.runs = 5;
            return c;
        };
        struct Case {
            const char* name;
            BandwidthCeiling ceiling;
            double top;  // the fastest point's GB/s
        };
        const Case cases[] = {{"ceilings far above the points", close(), 900},
                              {"ceilings just above the points", close(), 4000},
                              {"a PoCL-like spread near the points", spreadCeiling(), 48}};
        int checked = 0;
        for (const Case& c : cases)
            for (const QSize size : {QSize(420, 260), QSize(640, 300), QSize(1000, 420)})
                for (const double scale : {1.0, 1.45}) {
                    ThroughputChart chart(ThroughputChart::XAxis::LocalSize);
                    QFont font = chart.font();
                    font.setPointSizeF(font.pointSizeF() * scale);
                    chart.setFont(font);
                    chart.resize(size);
                    chart.show();
                    QVERIFY(QTest::qWaitForWindowExposed(&chart));
                    chart.setCeiling(c.ceiling);
                    for (std::size_t local : {16, 32, 64, 128, 256, 512, 1024})
                        chart.addPoint(point("vector", local, c.top * local / 1024.0));
                    chart.markBest();
                    chart.setMarker(256.0, QStringLiteral("local 256"));
                    chart.plot()->replot();
                    const auto rects = chart.labelRects();
                    QVERIFY2(rects.size() >= 3, c.name);
                    for (std::size_t i = 0; i < rects.size(); ++i)
                        for (std::size_t j = i + 1; j < rects.size(); ++j) {
                            const QRectF overlap =
                                rects[i]
                                    .second.adjusted(1, 1, -1, -1)
                                    .intersected(rects[j].second.adjusted(1, 1, -1, -1));
                            QVERIFY2(overlap.isEmpty(),
                                     qPrintable(QStringLiteral("%1 at %2×%3, type ×%4: '%5' "
                                                               "overlaps '%6'")
                                                    .arg(QString::fromUtf8(c.name))
                                                    .arg(size.width())
                                                    .arg(size.height())
                                                    .arg(scale)
                                                    .arg(rects[i].first, rects[j].first)));
                            ++checked;
                        }
                }
        QVERIFY(checked > 0);
    }

    void everyLocalSizeControlSharesTheRangeAndApplySetsTheBest() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.resize(1400, 900);
        window.show();
        QSignalSpy ceiling(&window, &MainWindow::ceilingChanged);
        QVERIFY(ui::test::waitForDevices(window) && !window.devices().empty());
        if (!window.ceiling()) QVERIFY(ceiling.wait(120000));
        const DeviceInfo& device = *window.controlPanel()->currentDevice();
        const std::vector<std::size_t> valid = valid_local_sizes(device);
        QVERIFY(valid.front() == 1 && valid.back() == device.max_work_group_size);

        auto* panelBox = window.findChild<QComboBox*>(QStringLiteral("localSizeCombo"));
        QVERIFY(panelBox);
        std::vector<std::size_t> panel;
        for (int i = 1; i < panelBox->count(); ++i)  // item 0 is "auto"
            panel.push_back(panelBox->itemData(i).toULongLong());
        QCOMPARE(panel, valid);
        QCOMPARE(window.stepView()->localSizes(), valid);
        auto* slider = window.findChild<QSlider*>(QStringLiteral("tuningSlider"));
        QCOMPARE(std::size_t(slider->maximum() + 1), valid.size());
        RunRequest base;
        base.variant = "contiguous";
        std::vector<std::size_t> tuned, swept;
        for (const RunRequest& r : SweepPlanner::autoTune(base, device))
            tuned.push_back(r.local_size);
        for (const RunRequest& r :
             SweepPlanner::localSizeSweep(base, {QStringLiteral("contiguous")}, device))
            swept.push_back(r.local_size);
        QCOMPARE(tuned, valid);
        QCOMPARE(swept, valid);
        LessonView lesson;
        lesson.setProblem(device, base);
        QCOMPARE(lesson.stepView()->localSizes(), valid);

        // Auto-tune for real on a small input, then Apply.
        ui::test::choose(window, "operationCombo", "sum");
        ui::test::choose(window, "typeCombo", "int32");
        window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("contiguous"));
        window.controlPanel()->setN(1 << 14);
        window.findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(2);
        auto* apply = window.performanceView()->applyBestButton();
        QVERIFY(!apply->isEnabled());
        QSignalSpy finished(&window, &MainWindow::sweepCompleted);
        window.autoTune();
        QVERIFY(finished.wait(300000));
        const auto best = window.performanceView()->localSizeChart()->best();
        QVERIFY(best.has_value());
        QVERIFY(apply->isEnabled());
        window.controlPanel()->setLocalSize(
            valid.back() == best->launched.local_size ? 1 : valid.back());
        apply->click();
        QCOMPARE(window.controlPanel()->localSize(), best->launched.local_size);
        QCOMPARE(window.performanceView()->tuningLocalSize(), best->launched.local_size);
    }

    // Apply best sets a grid-stride variant's items per work-item; variant B (contiguous) reads
    // one element per work-item and must not take that setting into the next sweep.
    void aSweepAfterApplyBestRunsEveryVariant() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QVERIFY(ui::test::waitForDevices(window) && !window.devices().empty());
        const DeviceInfo& device = *window.controlPanel()->currentDevice();
        ui::test::choose(window, "operationCombo", "sum");
        ui::test::choose(window, "typeCombo", "int32");
        window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("grid-stride"));
        window.controlPanel()->setVariant(ControlPanel::Slot::B, QStringLiteral("contiguous"));
        window.controlPanel()->setN(1 << 14);
        window.findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(2);

        // Auto-tune's best: grid-stride at local 64 with 32 items per work-item.
        RunResult tuned = point("grid-stride", 64, 10.0, 1 << 14);
        tuned.request.items_per_work_item = 32;
        ThroughputChart* chart = window.performanceView()->localSizeChart();
        chart->clear(device, QStringLiteral("tuning"));
        chart->addPoint(tuned);
        QVERIFY(chart->markBest().has_value());
        window.performanceView()->setBestAvailable(true);
        window.performanceView()->applyBestButton()->click();
        QCOMPARE(window.controlPanel()->itemsPerWorkItem(), std::uint64_t{32});

        QSignalSpy finished(&window, &MainWindow::sweepCompleted);
        window.sweepLocalSizes();
        QVERIFY(finished.wait(300000));
        for (const QString& failure : window.sweeps()->failures())
            QVERIFY2(!failure.contains(QStringLiteral("per work-item")), qPrintable(failure));
        // Both variants were measured, and grid-stride kept the tuned setting.
        bool contiguousMeasured = false;
        for (const RunResult& r : chart->results().points) {
            if (r.request.variant == "contiguous") {
                contiguousMeasured = true;
                QCOMPARE(r.request.items_per_work_item, std::uint64_t{0});
            } else if (r.request.variant == "grid-stride") {
                QCOMPARE(r.request.items_per_work_item, std::uint64_t{32});
            }
        }
        QVERIFY(contiguousMeasured);
    }

    void lessonDiffOpensAtTheFirstCodeChangeAndTheTableFits() {
        LessonView lesson;
        Engine engine(reducelab::test::device_spec());
        RunRequest base;
        base.n = 1 << 16;
        lesson.setProblem(engine.device(), base);
        lesson.resize(1280, 720);
        lesson.show();
        QVERIFY(QTest::qWaitForWindowExposed(&lesson));
        for (int step = 1; step < int(lesson.steps().size()); ++step) {
            lesson.setStep(step);
            // The diff is against the step shown before: one skipped on this device is not.
            int shown = step - 1;
            while (shown > 0 && !lesson.skipReason(shown).isEmpty()) --shown;
            const QString before = QString::fromStdString(std::string(kernel_source(
                find_variant(lesson.steps()[std::size_t(shown)].variant.toStdString()).file)));
            const QString after = QString::fromStdString(std::string(kernel_source(
                find_variant(lesson.steps()[std::size_t(step)].variant.toStdString()).file)));
            const int first = firstChangedCodeLine(diffTexts(before, after));
            if (first == 0) continue;
            const int top = lesson.codeView()->firstVisibleLine();
            // Near the end of a short diff the view cannot scroll further.
            const QScrollBar* bar = lesson.codeView()->verticalScrollBar();
            QVERIFY2(top <= first && (first - top <= 2 || bar->value() == bar->maximum()),
                     qPrintable(QStringLiteral("step %1: top %2, change %3")
                                    .arg(step + 1)
                                    .arg(top)
                                    .arg(first)));
        }
        QTableWidget* table = lesson.table();
        QApplication::processEvents();
        QVERIFY(!table->horizontalScrollBar()->isVisible());
        const int right = table->horizontalHeader()->sectionViewportPosition(7) +
                          table->horizontalHeader()->sectionSize(7);
        QVERIFY2(right <= table->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2").arg(right).arg(table->viewport()->width())));
    }
};

QTEST_MAIN(ChartsTuningTest)
#include "charts_tuning_test.moc"
