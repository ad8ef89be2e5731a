// The Split across devices window on the real engine, over PoCL's two CPU devices
// (POCL_DEVICES="pthread pthread", set by CTest): a small float32 sum split balanced and even has
// one row per device, shares that add up to n, every shard and the whole verified, the value
// within the bound of an independent reference (an int32 sum: equal to it); the level panel
// holds only measured, non-negative times; bad forms are refused with a reason; Cancel stops a
// long run; the language change keeps the result; the Lessons menu opens the window; no widget
// is left without a parent.
#include <qcustomplot.h>
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>
#include <cmath>
#include <numeric>

#include "gui_test_support.h"
#include "reducelab/inputs.h"
#include "reducelab/reference.h"
#include "shell/main_window.h"
#include "tools/split_levels.h"
#include "tools/split_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

// The reference of the whole input, computed here from the request alone.
Reference independentReference(const RunRequest& request) {
    const Inputs inputs = make_inputs(request);
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    return compute_reference(request.op, acc, *inputs.first, inputs.second.get());
}

}  // namespace

class SplitWindowTest : public QObject {
    Q_OBJECT
  private:
    SplitWindow* window_ = nullptr;

    bool runSplit(SplitPolicy policy, ElementType type, std::uint64_t n,
                  const QString& variant = QStringLiteral("best")) {
        window_->setProblem(Operation::Sum, type, n);
        window_->setPolicy(policy);
        window_->setVariant(variant);
        window_->setRepeats(3);
        QSignalSpy finished(window_, &SplitWindow::splitFinished);
        QSignalSpy failed(window_, &SplitWindow::splitFailed);
        if (!window_->start()) return false;
        QElapsedTimer waited;
        waited.start();
        while (finished.isEmpty() && failed.isEmpty() && waited.elapsed() < 300000)
            QTest::qWait(50);
        if (!failed.isEmpty()) qWarning() << failed.first().first().toString();
        return !finished.isEmpty();
    }

    // One row per device and a total; shares that add up to n; everything verified; the
    // levels measured and non-negative.
    void checkResult(std::uint64_t n) {
        QVERIFY(window_->result());
        const SplitResult& r = *window_->result();
        QCOMPARE(r.n, n);
        QCOMPARE(r.devices.size(), std::size_t{2});
        QCOMPARE(window_->sharesTable()->rowCount(), 3);
        std::uint64_t sum = 0;
        for (const DeviceShare& d : r.devices) {
            QCOMPARE(d.offset, sum);
            sum += d.count;
            QVERIFY(d.count > 0);
            QVERIFY(d.shard_verified);
            QVERIFY(d.run_ms > 0 && d.upload_ms >= 0 && d.kernel_ms > 0);
        }
        QCOMPARE(sum, n);
        QVERIFY2(r.verified, qPrintable(QString::fromStdString(r.check.rule)));
        for (int row = 0; row < 3; ++row)
            QCOMPARE(window_->sharesTable()->item(row, 8)->text(), QStringLiteral("yes"));
        QCOMPARE(window_->sharesTable()->item(2, 2)->text(), QString::number(n));

        const std::vector<SplitLevel>& levels = window_->levels();
        QCOMPARE(levels.size(), std::size_t{4});
        QCOMPARE(window_->levelsTable()->rowCount(), 4);
        for (const SplitLevel& level : levels) {
            if (level.ms) QVERIFY(*level.ms >= 0);
            for (const auto& t : level.perDeviceMs)
                if (t) QVERIFY(*t >= 0);
        }
        // The main kernel and the upload are measured on every device, the combine on the host.
        for (const auto& t : levels[0].perDeviceMs) QVERIFY(t && *t > 0);
        for (const auto& t : levels[2].perDeviceMs) QVERIFY(t.has_value());
        QVERIFY(levels[3].ms && *levels[3].ms == r.combine_ms);
        // The slowest device's kernel is at most its whole run.
        double slowestRun = 0;
        for (const DeviceShare& d : r.devices) slowestRun = std::max(slowestRun, d.run_ms);
        QVERIFY(*levels[0].ms <= slowestRun * 1.0001);
        // The chart draws exactly those: one bar series per device and one for the host.
        QCustomPlot* chart = window_->levelsChart();
        QCOMPARE(chart->plottableCount(), 3);
        for (int series = 0; series < 3; ++series) {
            auto* bars = qobject_cast<QCPBars*>(chart->plottable(series));
            QVERIFY(bars);
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
                const SplitLevel& level = levels[static_cast<std::size_t>(it->key)];
                const std::optional<double> drawn =
                    series < 2 ? level.perDeviceMs.at(static_cast<std::size_t>(series)) : level.ms;
                QVERIFY(drawn && *drawn == it->value && it->value > 0);
            }
        }
        QVERIFY(qobject_cast<QCPBars*>(chart->plottable(0))->data()->size() >= 2);
        // The panel shows those numbers: each "this run" cell is a number or says why not.
        for (int row = 0; row < 4; ++row) {
            const QString text = window_->levelsTable()->item(row, 3)->text();
            bool number = false;
            const double ms = text.toDouble(&number);
            QVERIFY2(number ? ms >= 0 : text == QStringLiteral("not timed apart"),
                     qPrintable(text));
        }
    }

  private slots:
    void initTestCase() {
        test::isolateSettings();
        window_ = new SplitWindow;
        window_->show();
        QSignalSpy ready(window_, &SplitWindow::devicesReady);
        QVERIFY(window_->devicesKnown() || ready.wait(60000));
        QVERIFY2(window_->devices().size() >= 2,
                 "run with POCL_DEVICES=\"pthread pthread\" (CTest sets it)");
        // Exactly the two PoCL devices, whatever else the machine has.
        for (const DeviceInfo& device : window_->devices())
            window_->setDeviceChecked(device.index, device.index < 2);
    }

    void cleanupTestCase() { delete window_; }

    void floatSumBalanced() {
        const std::uint64_t n = 1 << 16;
        // force: balanced shares with both devices kept (balanced may leave one out)
        QVERIFY(runSplit(SplitPolicy::Force, ElementType::Float32, n));
        checkResult(n);
        const SplitResult& r = *window_->result();
        for (const DeviceShare& d : r.devices) QVERIFY(d.calibrated_gbps > 0);
        const Reference reference = independentReference(r.request);
        QCOMPARE(r.reference.f, reference.value.f);
        QVERIFY(std::abs(r.value.f - reference.value.f) <= r.check.bound);
    }

    // A shard inside the device's cache that beats the main window's read ceiling measured on
    // that device is marked "from cache", by the charts' rule; without that ceiling it is not
    // (the models here were calibrated inside the cache: nothing tells cache from memory).
    void shardsFromCacheAreMarked() {
        const std::uint64_t n = 1 << 16;
        QVERIFY(runSplit(SplitPolicy::Force, ElementType::Float32, n));
        const SplitResult& r = *window_->result();
        const DeviceShare& first = r.devices.front();
        QVERIFY(first.count > 0);
        const auto rateCell = [&] { return window_->sharesTable()->item(0, 6)->text(); };
        window_->setCeiling(std::nullopt, first.device);
        QVERIFY(!rateCell().contains(QStringLiteral("⚠")));
        BandwidthCeiling slow;  // a ceiling far below any real reduction's rate
        slow.copy_gbps = slow.read_gbps = 1e-6;
        slow.bytes = std::uint64_t{1} << 30;
        if (first.device.global_mem_cache_bytes == 0) QSKIP("the device reports no cache size");
        window_->setCeiling(slow, first.device);
        QVERIFY(window_->fromCache(first));
        QVERIFY2(rateCell().contains(QStringLiteral("⚠")), qPrintable(rateCell()));
        QVERIFY(window_->sharesTable()->item(0, 6)->toolTip().contains(QStringLiteral("cache")));
        QVERIFY(window_->summaryText().contains(QStringLiteral("From cache")));
        // A ceiling of another device says nothing about this one.
        DeviceInfo other = first.device;
        other.name += " (another)";
        window_->setCeiling(slow, other);
        QVERIFY(!window_->fromCache(first));
        window_->setCeiling(std::nullopt, first.device);
    }

    void floatSumEven() {
        const std::uint64_t n = 1 << 16;
        QVERIFY(runSplit(SplitPolicy::Even, ElementType::Float32, n));
        checkResult(n);
        const SplitResult& r = *window_->result();
        QCOMPARE(r.devices[0].count, n / 2);
        QCOMPARE(r.devices[1].count, n / 2);
        const Reference reference = independentReference(r.request);
        QVERIFY(std::abs(r.value.f - reference.value.f) <= r.check.bound);
    }

    // A variant that finishes on the host shows the device level apart from the main kernel;
    // the tuned best finishes inside its one launch, which the panel says it cannot time apart.
    void deviceLevelMeasuredOrSaidToBeInseparable() {
        const std::uint64_t n = 1 << 16;
        QVERIFY(runSplit(SplitPolicy::Even, ElementType::Float32, n, QStringLiteral("contiguous")));
        checkResult(n);
        for (const auto& t : window_->levels()[1].perDeviceMs) QVERIFY(t && *t >= 0);
        QVERIFY(runSplit(SplitPolicy::Even, ElementType::Float32, n));
        checkResult(n);
        for (const DeviceShare& d : window_->result()->devices)
            if (d.launched.finish_groups.empty() && d.launched.launches == 1) {
                QVERIFY(!deviceFinishMs(d));
                // The panel says so, in words, rather than showing a number.
                auto* notes = window_->findChild<QLabel*>(QStringLiteral("splitLevelNotes"));
                QVERIFY(notes && notes->text().contains(QStringLiteral("not timed apart")));
                QCOMPARE(window_->levelsTable()->item(1, 1)->text(),
                         QStringLiteral("not timed apart"));
            }
    }

    // Integers are exact: the split's value is the reference's, whatever the shares.
    void integerSumEqualsTheReference() {
        const std::uint64_t n = (1 << 16) + 3;
        QVERIFY(runSplit(SplitPolicy::Even, ElementType::Int32, n));
        checkResult(n);
        const SplitResult& r = *window_->result();
        const Reference reference = independentReference(r.request);
        QCOMPARE(r.value.i, reference.value.i);
        QCOMPARE(r.value.kind, reference.value.kind);
    }

    void badFormsAreRefusedWithAReason() {
        for (const DeviceInfo& device : window_->devices())
            window_->setDeviceChecked(device.index, false);
        window_->setProblem(Operation::Sum, ElementType::Float32, 1 << 16);
        QVERIFY(!window_->start());
        QVERIFY2(window_->statusText().contains(QStringLiteral("check at least one device")),
                 qPrintable(window_->statusText()));
        for (const DeviceInfo& device : window_->devices())
            window_->setDeviceChecked(device.index, device.index < 2);
        window_->setProblem(Operation::Mean, ElementType::Int64, 1 << 16);
        QVERIFY(!window_->start());
        QVERIFY2(window_->statusText().contains(QStringLiteral("exact mean of int64")),
                 qPrintable(window_->statusText()));
        QVERIFY(!window_->isRunning());
    }

    void cancelStopsALongRun() {
        window_->setProblem(Operation::Sum, ElementType::Float32, 1 << 22);
        window_->setPolicy(SplitPolicy::Even);
        window_->setRepeats(5000);
        QSignalSpy cancelled(window_, &SplitWindow::splitCancelled);
        QSignalSpy finished(window_, &SplitWindow::splitFinished);
        QVERIFY(window_->start());
        QTest::qWait(1500);
        QVERIFY(window_->isRunning());  // 5000 repeats take far longer than that
        window_->cancel();
        QVERIFY(cancelled.wait(120000));
        QVERIFY(finished.isEmpty());
        QVERIFY(!window_->isRunning());
        QCOMPARE(window_->statusText(), QStringLiteral("Cancelled."));
    }

    // Only the words change: the last result and its tables stay.
    void languageChangeKeepsTheResult() {
        QVERIFY(window_->result());
        const int rows = window_->sharesTable()->rowCount();
        QEvent change(QEvent::LanguageChange);
        QApplication::sendEvent(window_, &change);
        QVERIFY(window_->result());
        QCOMPARE(window_->sharesTable()->rowCount(), rows);
        QCOMPARE(window_->levelsTable()->rowCount(), 4);
        QCOMPARE(window_->windowTitle(), QStringLiteral("Split across devices"));
    }

    // Every widget belongs to the window (LeakSanitizer in CI once caught an orphaned plot).
    void noWidgetWithoutAParent() {
        QVERIFY(window_->isAncestorOf(window_->sharesTable()));
        QVERIFY(window_->isAncestorOf(window_->levelsTable()));
        QVERIFY(window_->isAncestorOf(window_->levelsChart()));
        QVERIFY(window_->levelsChart()->isVisible());
        QVERIFY(window_->sharesTable()->isVisible() && window_->levelsTable()->isVisible());
        for (QWidget* widget : QApplication::allWidgets())
            QVERIFY2(widget == window_ || widget->parentWidget(),
                     qPrintable(QString::fromLatin1(widget->metaObject()->className()) +
                                QLatin1Char(' ') + widget->objectName()));
    }

    void lessonsMenuOpensTheWindow() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow main(options);
        QVERIFY(test::waitForDevices(main));
        auto* open = main.findChild<QAction*>(QStringLiteral("actionSplitDevices"));
        QVERIFY(open);
        open->trigger();
        QVERIFY(main.splitWindow() && main.splitWindow()->isVisible());
        QVERIFY(main.isAncestorOf(main.splitWindow()) ||
                main.splitWindow()->parentWidget() == &main);
    }
};

QTEST_MAIN(SplitWindowTest)
#include "split_window_test.moc"
