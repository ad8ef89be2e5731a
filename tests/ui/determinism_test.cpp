// The Determinism & accuracy window on the real engine (PoCL by default): a small study fills the
// histogram (counts add up to the runs) and the frontier (one point per variant, exact results on
// the floor); an order-dependent float sum shows several results across local sizes where an
// integer sum shows one; exports write files; Cancel stops a study; the lesson chapter's steps
// open the view with their settings; the Lessons menu opens the window.
#include <qcustomplot.h>
#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <bit>
#include <numeric>

#include "determinism_frontier.h"
#include "determinism_histogram.h"
#include "determinism_lesson.h"
#include "determinism_lesson_panel.h"
#include "determinism_window.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "reducelab/catalog.h"
#include "reducelab/determinism.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

DeterminismSettings smallStudy(QStringList variants, ElementType type = ElementType::Float32) {
    DeterminismSettings s;
    s.fill = Fill::Cancel;
    s.type = type;
    s.n = 1 << 12;
    s.runs = 3;
    s.localSizes = {64, 128};
    s.workGroups = {3, 16};
    s.variants = std::move(variants);
    s.timedRepeats = 2;
    return s;
}

std::uint64_t shapesOf(const QString& variant, const DeterminismSettings& s) {
    const bool gridStride = find_variant(variant.toStdString()).coverage == Coverage::GridStride;
    return s.localSizes.size() * (gridStride ? s.workGroups.size() : 1);
}

const VariantStudy* studyOf(const DeterminismHistogram& histogram, const QString& variant) {
    for (const VariantStudy& v : histogram.variants())
        if (v.variant == variant) return &v;
    return nullptr;
}

// How QCustomPlot's axis painter splits a tick label into what it draws: base, typeset power of
// ten, suffix. The painter and its split are protected; member pointers reach them.
struct AxisPainterAccess : QCPAxis {
    static QCPAxisPainterPrivate* painter(QCPAxis* axis) {
        return axis->*(&AxisPainterAccess::mAxisPainter);
    }
};
struct TickLabelSplit : QCPAxisPainterPrivate {
    static QStringList parts(QCPAxis* axis, const QString& text) {
        const QCPAxisPainterPrivate* painter = AxisPainterAccess::painter(axis);
        const TickLabelData data =
            (painter->*(&TickLabelSplit::getTickLabelData))(axis->tickLabelFont(), text);
        return {data.basePart, data.expPart, data.suffixPart};
    }
};

// A float sum whose two results have bit patterns with an "e" after a digit.
VariantStudy studyWithBits(const std::vector<std::uint32_t>& patterns) {
    DeterminismReport report;
    report.runs = 2 * patterns.size();
    report.reference = Value::of_float(std::bit_cast<float>(patterns.front()), true);
    DeviceOutcome device;
    device.device = "test device";
    for (const std::uint32_t bits : patterns) {
        DistinctResult r;
        r.value = Value::of_float(std::bit_cast<float>(bits), true);
        r.bits = result_bits(r.value);
        r.count = 2;
        device.results.push_back(r);
    }
    report.devices.push_back(device);
    report.results = device.results;
    VariantStudy study;
    study.variant = QStringLiteral("contiguous");
    study.report = report;
    return study;
}

}  // namespace

class DeterminismTest : public QObject {
    Q_OBJECT
  private:
    DeterminismWindow* window_ = nullptr;
    QTemporaryDir dir_;

    // Applies `settings` and runs the study to its end.
    bool runStudy(const DeterminismSettings& settings, bool twoDevices = false) {
        window_->applySettings(settings, twoDevices);
        QSignalSpy finished(window_, &DeterminismWindow::studyFinished);
        if (!window_->start()) return false;
        return finished.wait(300000);
    }

  private slots:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(dir_.isValid());
        window_ = new DeterminismWindow;
        window_->show();
        QSignalSpy ready(window_, &DeterminismWindow::devicesReady);
        QVERIFY(window_->devicesKnown() || ready.wait(60000));
    }

    void cleanupTestCase() { delete window_; }

    void formRoundTripsSettings() {
        DeterminismSettings s = smallStudy({QStringLiteral("contiguous"), QStringLiteral("kahan")});
        s.finish = Finish::Kernel;
        window_->applySettings(s, true);
        QString error;
        const auto back = window_->settings(&error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->fill, Fill::Cancel);
        QCOMPARE(back->n, s.n);
        QCOMPARE(back->runs, 3);
        QCOMPARE(back->localSizes, s.localSizes);
        QCOMPARE(back->workGroups, s.workGroups);
        QCOMPARE(back->finish, std::optional<Finish>(Finish::Kernel));
        QCOMPARE(back->variants, s.variants);
        QCOMPARE(back->devices.size(), std::size_t{2});
        auto* localSizes = window_->findChild<QLineEdit*>(QStringLiteral("determinismLocalSizes"));
        QVERIFY(localSizes);
        localSizes->setText(QStringLiteral("64, zero"));
        QVERIFY(!window_->settings(&error));
        QVERIFY(error.contains(QStringLiteral("local sizes")));
        QVERIFY(!window_->start());
        QVERIFY(window_->statusText().contains(QStringLiteral("local sizes")));
    }

    // Hex bit patterns are text: 0x4e055000 is drawn as written, not as "0x4·10⁰⁵⁵⁰⁰⁰".
    void histogramTickLabelsAreTheHexBits() {
        DeterminismHistogram histogram;
        histogram.resize(900, 500);
        histogram.addVariant(studyWithBits({0x4e055000u, 0x4e055001u, 0x3e99999au}));
        histogram.plot()->replot();
        QCPAxis* axis = histogram.plot()->xAxis;
        const auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        const std::vector<DeterminismHistogram::Bar> bars = histogram.drawnBars();
        QCOMPARE(static_cast<std::size_t>(ticker->ticks().size()), bars.size());
        QCOMPARE(bars.front().bits, QStringLiteral("0x4e055000"));
        int bar = 0;
        for (const QString& label : ticker->ticks()) {
            const QString& bits = bars[static_cast<std::size_t>(bar++)].bits;
            QVERIFY2(label.split(QLatin1Char('\n')).contains(bits), qPrintable(label));
            // What the axis draws: the whole label as its text, no power of ten.
            QCOMPARE(TickLabelSplit::parts(axis, label),
                     (QStringList{label, QString(), QString()}));
        }
    }

    void histogramCountsAddUpToTheRuns() {
        const DeterminismSettings s =
            smallStudy({QStringLiteral("contiguous"), QStringLiteral("grid-stride"),
                        QStringLiteral("kahan"), QStringLiteral("atomic")});
        QVERIFY(runStudy(s));
        const DeterminismHistogram& histogram = *window_->histogram();
        QCOMPARE(histogram.variants().size(), std::size_t{4});
        for (const VariantStudy& v : histogram.variants()) {
            QVERIFY2(v.report, qPrintable(v.variant + QStringLiteral(": ") + v.error));
            const auto bars = histogram.bars(v.variant);
            QVERIFY(!bars.empty());
            const std::uint64_t counted =
                std::accumulate(bars.begin(), bars.end(), std::uint64_t{0},
                                [](std::uint64_t sum, const DeterminismHistogram::Bar& b) {
                                    return sum + b.count;
                                });
            QCOMPARE(counted, std::uint64_t(s.runs) * shapesOf(v.variant, s));
            QCOMPARE(counted, v.report->runs);
            window_->histogram()->showVariant(v.variant);
            QCOMPARE(histogram.drawnBars().size(), bars.size());
            for (const auto& bar : bars) QVERIFY(bar.bits.startsWith(QStringLiteral("0x")));
        }
        // The order-dependent tree changes its bits with the local size on a cancelling input.
        const VariantStudy* contiguous = studyOf(histogram, QStringLiteral("contiguous"));
        QVERIFY(contiguous->report->results.size() > 1);
        QCOMPARE(contiguous->report->determinism, DeterminismClass::RunToRun);
    }

    void integerSumHasOneResult() {
        QVERIFY(runStudy(smallStudy({QStringLiteral("contiguous"), QStringLiteral("atomic")},
                                    ElementType::Int32),
                         true));
        for (const VariantStudy& v : window_->histogram()->variants()) {
            QVERIFY2(v.report, qPrintable(v.error));
            QCOMPARE(v.report->results.size(), std::size_t{1});
            QCOMPARE(v.report->determinism, DeterminismClass::DeviceInvariant);
            QCOMPARE(v.report->devices.size(), std::size_t{2});
            const auto bars = window_->histogram()->bars(v.variant);
            QCOMPARE(bars.size(), std::size_t{2});  // one per device
            for (const auto& bar : bars) QVERIFY(bar.correctlyRounded);
            QCOMPARE(window_->histogram()->table()->item(v.index, 4)->text(),
                     QStringLiteral("yes"));
        }
        // Integer sums are exact: every point sits on the floor, marked exact.
        const auto& points = window_->frontier()->points();
        QCOMPARE(points.size(), std::size_t{2});
        for (const auto& p : points) {
            QVERIFY(p.exact);
            QCOMPARE(p.plottedError, window_->frontier()->floor());
        }
    }

    void frontierHasOnePointPerFloatVariant() {
        DeterminismSettings s = smallStudy({});
        s.runs = 1;
        s.localSizes = {64};
        s.workGroups = {16};
        const QStringList expected = studyVariants([&] {
            DeterminismSettings probe = s;
            probe.devices = window_->settings()->devices;
            probe.devices.resize(1);
            return probe;
        }());
        QVERIFY(expected.size() >= 10);
        QVERIFY(runStudy(s));
        const DeterminismFrontier& frontier = *window_->frontier();
        QCOMPARE(frontier.floor(), exactFloor(ElementType::Float32));
        std::size_t succeeded = 0;
        for (const VariantStudy& v : window_->histogram()->variants())
            if (v.timed) ++succeeded;
        QVERIFY(succeeded >= 10);
        QCOMPARE(frontier.points().size(), succeeded);
        QCOMPARE(std::size_t(window_->histogram()->variants().size()),
                 std::size_t(expected.size()));
        window_->showChart(DeterminismWindow::Chart::Frontier);
        // The chart is inside the window (it once was built but never laid out: an empty tab).
        QVERIFY(frontier.plot()->isVisible());
        QVERIFY(window_->isAncestorOf(frontier.plot()));
        QVERIFY(frontier.plot()->width() >= 320 && frontier.plot()->height() >= 220);
        frontier.plot()->replot();
        for (const auto& p : frontier.points()) {
            const QPointF at(frontier.plot()->xAxis->coordToPixel(p.gbps),
                             frontier.plot()->yAxis->coordToPixel(p.plottedError));
            QVERIFY(frontier.hoverTextAt(at).contains(QStringLiteral(" GB/s")));
            QVERIFY(p.relativeError >= 0);
            QVERIFY(p.gbps > 0);
            if (p.exact)
                QCOMPARE(p.plottedError, frontier.floor());
            else
                QVERIFY(p.plottedError > frontier.floor() && p.relativeError > 0);
        }
    }

    void exportsWriteFiles() {
        using Chart = DeterminismWindow::Chart;
        for (const Chart chart : {Chart::Histogram, Chart::Frontier}) {
            const QString base = dir_.filePath(chart == Chart::Histogram ? QStringLiteral("h")
                                                                         : QStringLiteral("f"));
            for (const char* suffix : {".png", ".svg", ".pdf"}) {
                const QString path = base + QLatin1String(suffix);
                QCOMPARE(window_->exportChart(chart, path, 800, 500), QString());
                QVERIFY(QFileInfo(path).size() > 500);
            }
            QCOMPARE(window_->exportData(chart, base + QStringLiteral(".csv")), QString());
            QCOMPARE(window_->exportData(chart, base + QStringLiteral(".json")), QString());
            QFile csv(base + QStringLiteral(".csv"));
            QVERIFY(csv.open(QIODevice::ReadOnly));
            const QStringList lines =
                QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            QVERIFY(lines.size() > 10);  // a header and a row per variant (or per bar)
            QVERIFY(QFileInfo(base + QStringLiteral(".json")).size() > 100);
        }
        QVERIFY(
            !window_->exportChart(Chart::Frontier, dir_.filePath(QStringLiteral("x.txt")), 800, 500)
                 .isEmpty());
        QVERIFY(
            !window_->exportData(Chart::Frontier, QStringLiteral("/nonexistent/d.csv")).isEmpty());
    }

    void cancelStopsAStudy() {
        DeterminismSettings s = smallStudy({});
        s.n = 1 << 20;
        s.runs = 50;
        s.localSizes = {32, 64, 128, 256};
        window_->applySettings(s, false);
        QSignalSpy cancelled(window_, &DeterminismWindow::studyCancelled);
        QSignalSpy done(window_, &DeterminismWindow::variantDone);
        QVERIFY(window_->start());
        QVERIFY(window_->isRunning());
        QTest::qWait(300);
        window_->cancel();
        QVERIFY(cancelled.wait(120000));
        QVERIFY(!window_->isRunning());
        QVERIFY(window_->histogram()->variants().size() < 5);
        QVERIFY(window_->statusText().contains(QStringLiteral("Cancelled")));
    }

    void lessonStepsOpenTheViewWithTheirSettings() {
        const auto steps = determinismLessonSteps();
        QVERIFY(steps.size() >= 7);
        for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
            const DeterminismLessonStep& step = steps[static_cast<std::size_t>(i)];
            QVERIFY(!step.title.isEmpty() && !step.explain.isEmpty() && !step.lookFor.isEmpty());
            QSignalSpy cancelled(window_, &DeterminismWindow::studyCancelled);
            window_->openLessonStep(i);
            QCOMPARE(window_->lesson()->currentStep(), i);
            const auto shown = window_->settings();
            QVERIFY(shown);
            QCOMPARE(shown->fill, step.settings.fill);
            QCOMPARE(shown->type, step.settings.type);
            QCOMPARE(shown->n, step.settings.n);
            QCOMPARE(shown->runs, step.settings.runs);
            QCOMPARE(shown->localSizes, step.settings.localSizes);
            QCOMPARE(shown->workGroups, step.settings.workGroups);
            QCOMPARE(shown->devices.size(), step.twoDevices ? std::size_t{2} : std::size_t{1});
            QVERIFY(!shown->variants.isEmpty());
            for (const QString& v : shown->variants) QVERIFY(step.settings.variants.contains(v));
            QCOMPARE(window_->currentChart(), step.chart == QLatin1String("frontier")
                                                  ? DeterminismWindow::Chart::Frontier
                                                  : DeterminismWindow::Chart::Histogram);
            QVERIFY(window_->isRunning());
            if (i == 1) continue;  // the local-size step runs to its end below
            window_->cancel();
            QVERIFY(cancelled.wait(120000) || !window_->isRunning());
        }
        // "The local size changes the tree": several results for contiguous, run-to-run.
        window_->openLessonStep(1);
        QSignalSpy finished(window_, &DeterminismWindow::studyFinished);
        QVERIFY(finished.wait(300000));
        const VariantStudy* contiguous =
            studyOf(*window_->histogram(), QStringLiteral("contiguous"));
        QVERIFY(contiguous && contiguous->report);
        QVERIFY(contiguous->report->results.size() > 1);
        QCOMPARE(contiguous->report->determinism, DeterminismClass::RunToRun);
    }

    void lessonsMenuOpensTheWindow() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow main(options);
        QVERIFY(test::waitForDevices(main));
        auto* open = main.findChild<QAction*>(QStringLiteral("actionDeterminism"));
        auto* lesson = main.findChild<QAction*>(QStringLiteral("actionDeterminismLesson"));
        QVERIFY(open && lesson);
        open->trigger();
        QVERIFY(main.determinismWindow() && main.determinismWindow()->isVisible());
        lesson->trigger();
        QCOMPARE(main.determinismWindow()->lesson()->currentStep(), 0);
        QVERIFY(main.determinismWindow()->lesson()->isVisible());
    }
};

QTEST_MAIN(DeterminismTest)
#include "determinism_test.moc"
