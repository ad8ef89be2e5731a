// The Determinism & accuracy window on the real engine (PoCL by default): a small study fills the
// histogram (counts add up to the runs) and the frontier (one point per variant, exact results on
// the floor); an order-dependent float sum shows several results across local sizes where an
// integer sum shows one; exports write files; Cancel stops a study; the lesson chapter's steps
// open the view with their settings; the Lessons menu opens the window.
#include <qcustomplot.h>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <bit>
#include <numeric>

#include "gui_test_support.h"
#include "lessons/determinism_lesson.h"
#include "lessons/determinism_lesson_panel.h"
#include "reducelab/catalog.h"
#include "reducelab/determinism.h"
#include "reducelab/determinism_json.h"
#include "reducelab/determinism_study.h"
#include "reducelab/error.h"
#include "shell/main_window.h"
#include "tools/determinism_frontier.h"
#include "tools/determinism_histogram.h"
#include "tools/determinism_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

DeterminismStudySettings smallStudy(std::vector<std::string> variants,
                                    ElementType type = ElementType::Float32) {
    DeterminismStudySettings s;
    s.fill = Fill::Cancel;
    s.type = type;
    s.n = 1 << 12;
    s.runs = 3;
    s.local_sizes = {64, 128};
    s.work_groups = {3, 16};
    s.variants = std::move(variants);
    s.timed_repeats = 2;
    return s;
}

std::uint64_t shapesOf(const std::string& variant, const DeterminismStudySettings& s) {
    const bool gridStride = find_variant(variant).coverage == Coverage::GridStride;
    return s.local_sizes.size() * (gridStride ? s.work_groups.size() : 1);
}

const DeterminismStudyVariant* studyOf(const DeterminismHistogram& histogram,
                                       const std::string& variant) {
    for (const DeterminismStudyVariant& v : histogram.variants())
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
DeterminismStudyVariant studyWithBits(const std::vector<std::uint32_t>& patterns) {
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
    DeterminismStudyVariant study;
    study.variant = "contiguous";
    study.report = report;
    return study;
}

}  // namespace

class DeterminismTest : public QObject {
    Q_OBJECT
  private:
    DeterminismWindow* window_ = nullptr;
    QTemporaryDir dir_;

    QComboBox* box(const char* name) const {
        return window_->findChild<QComboBox*>(QLatin1String(name));
    }
    std::size_t deviceCount() const {
        return static_cast<std::size_t>(box("determinismDevice1")->count());
    }

    // Applies `settings` and runs the study to its end.
    bool runStudy(const DeterminismStudySettings& settings, bool twoDevices = false) {
        window_->applySettings(settings, twoDevices);
        QSignalSpy finished(window_, &DeterminismWindow::studyFinished);
        if (!window_->start()) return false;
        return finished.wait(300000);
    }

    // Both charts' JSON is the engine's study document (determinism_document), as the CLI writes
    // it: schema 2, values as numbers (null and *_text when not finite), readable by the engine's
    // readers; it once was hand-written with values as text and no schema.
    void checkStudyDocument(const QString& path) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const nlohmann::json doc = nlohmann::json::parse(file.readAll().toStdString());
        QCOMPARE(doc.at("schema").get<std::string>(), std::string(kDeterminismSchema));
        QCOMPARE(doc.at("study").get<std::string>(), std::string("determinism"));
        QVERIFY(doc.at("tool").get<std::string>().starts_with("reducelab "));
        QVERIFY(doc.at("created_utc").is_string());
        nlohmann::json expected = to_json(window_->study());
        nlohmann::json written = doc;
        written.erase("tool");
        written.erase("created_utc");
        QCOMPARE(QString::fromStdString(written.dump()), QString::fromStdString(expected.dump()));
        QCOMPARE(QString::fromStdString(to_json(study_settings_from_json(doc)).dump()),
                 QString::fromStdString(to_json(*window_->studySettings()).dump()));
        std::size_t exactKnown = 0;
        for (const nlohmann::json& v : doc.at("variants")) {
            if (!v.contains("report")) continue;
            const nlohmann::json& report = v.at("report");
            QVERIFY(report.at("reference").is_number() || report.at("reference").is_null());
            if (report.at("exact_sum_known").get<bool>()) {
                ++exactKnown;
                const nlohmann::json& rounded = report.at("correctly_rounded");
                QVERIFY2(rounded.is_number() ||
                             (rounded.is_null() && report.at("correctly_rounded_text").is_string()),
                         report.dump().c_str());
            }
            for (const nlohmann::json& r : report.at("results"))
                QVERIFY(r.at("value").is_number() || r.at("value_text").is_string());
            const DeterminismReport read = determinism_report_from_json(report);
            QCOMPARE(QString::fromStdString(to_json(read).dump()),
                     QString::fromStdString(report.dump()));
        }
        QVERIFY(exactKnown > 0);
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
        DeterminismStudySettings s = smallStudy({"contiguous", "kahan"});
        s.finish = Finish::Kernel;
        window_->applySettings(s, true);
        QString error;
        const auto back = window_->settings(&error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->fill, Fill::Cancel);
        QCOMPARE(back->n, s.n);
        QCOMPARE(back->runs, 3);
        QCOMPARE(back->local_sizes, s.local_sizes);
        QCOMPARE(back->work_groups, s.work_groups);
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

    // The engine's study refuses one device chosen twice (it would count its own bits twice):
    // the form says so as soon as device 2 is device 1, Start is disabled and start() refuses,
    // naming the device; device 2 at none (or another device) clears it.
    void sameDeviceTwiceCannotStart() {
        window_->applySettings(smallStudy({"contiguous"}), false);
        QComboBox* device1 = box("determinismDevice1");
        QComboBox* device2 = box("determinismDevice2");
        auto* run = window_->findChild<QPushButton*>(QStringLiteral("determinismRun"));
        QVERIFY(device1 && device2 && run);
        QVERIFY(run->isEnabled());
        const QString name = device1->currentText();
        device2->setCurrentIndex(device2->findData(device1->currentData()));
        QVERIFY(device2->currentIndex() > 0);
        QVERIFY(!run->isEnabled());
        QVERIFY(!window_->canStart());
        QVERIFY2(
            window_->statusText().contains(QStringLiteral("device 2 is device 1 (%1)").arg(name)),
            qPrintable(window_->statusText()));
        QString error;
        QVERIFY(!window_->settings(&error));
        QVERIFY2(error.contains(QStringLiteral("count its bits twice")), qPrintable(error));
        QVERIFY(!window_->start());
        QVERIFY(!window_->isRunning());
        QVERIFY(
            window_->statusText().startsWith(QStringLiteral("Cannot run: device 2 is device 1")));
        // The engine refuses the same settings with its own message, naming the device.
        DeterminismStudySettings twice = smallStudy({"contiguous"});
        device2->setCurrentIndex(0);
        QVERIFY(run->isEnabled());
        QVERIFY(window_->statusText().isEmpty());
        const auto one = window_->settings(&error);
        QVERIFY2(one, qPrintable(error));
        QCOMPARE(one->devices.size(), std::size_t{1});
        twice.devices = {one->devices.front(), one->devices.front()};
        try {
            check_study_settings(twice);
            QFAIL("the engine accepted one device twice");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("(" + one->devices.front().name +
                                                ") is chosen twice") != std::string::npos,
                     e.what());
        }
        if (deviceCount() >= 2) {  // two devices (CTest sets POCL_DEVICES): allowed
            device2->setCurrentIndex(device1->currentIndex() == 0 ? 2 : 1);
            QVERIFY(run->isEnabled());
            const auto two = window_->settings(&error);
            QVERIFY2(two, qPrintable(error));
            QCOMPARE(two->devices.size(), std::size_t{2});
            device2->setCurrentIndex(0);
        }
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
        const DeterminismStudySettings s =
            smallStudy({"contiguous", "grid-stride", "kahan", "atomic"});
        QVERIFY(runStudy(s));
        const DeterminismHistogram& histogram = *window_->histogram();
        QCOMPARE(histogram.variants().size(), std::size_t{4});
        for (const DeterminismStudyVariant& v : histogram.variants()) {
            QVERIFY2(v.report, (v.variant + ": " + v.error).c_str());
            const auto bars = histogram.bars(QString::fromStdString(v.variant));
            QVERIFY(!bars.empty());
            const std::uint64_t counted =
                std::accumulate(bars.begin(), bars.end(), std::uint64_t{0},
                                [](std::uint64_t sum, const DeterminismHistogram::Bar& b) {
                                    return sum + b.count;
                                });
            QCOMPARE(counted, std::uint64_t(s.runs) * shapesOf(v.variant, s));
            QCOMPARE(counted, v.report->runs);
            window_->histogram()->showVariant(QString::fromStdString(v.variant));
            QCOMPARE(histogram.drawnBars().size(), bars.size());
            for (const auto& bar : bars) QVERIFY(bar.bits.startsWith(QStringLiteral("0x")));
        }
        // The order-dependent tree changes its bits with the local size on a cancelling input.
        const DeterminismStudyVariant* contiguous = studyOf(histogram, "contiguous");
        QVERIFY(contiguous->report->results.size() > 1);
        QCOMPARE(contiguous->report->determinism, DeterminismClass::RunToRun);
    }

    void integerSumHasOneResult() {
        QVERIFY(runStudy(smallStudy({"contiguous", "atomic"}, ElementType::Int32), true));
        for (const DeterminismStudyVariant& v : window_->histogram()->variants()) {
            QVERIFY2(v.report, v.error.c_str());
            QCOMPARE(v.report->results.size(), std::size_t{1});
            QCOMPARE(v.report->determinism, DeterminismClass::DeviceInvariant);
            QCOMPARE(v.report->devices.size(), std::size_t{2});
            const auto bars = window_->histogram()->bars(QString::fromStdString(v.variant));
            QCOMPARE(bars.size(), std::size_t{2});  // one per device
            for (const auto& bar : bars) QVERIFY(bar.correctlyRounded);
            QCOMPARE(window_->histogram()->table()->item(static_cast<int>(v.index), 4)->text(),
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
        DeterminismStudySettings s = smallStudy({});
        s.runs = 1;
        s.local_sizes = {64};
        s.work_groups = {16};
        const std::vector<std::string> expected = study_variants([&] {
            DeterminismStudySettings probe = s;
            probe.devices = window_->settings()->devices;
            probe.devices.resize(1);
            return probe;
        }());
        QVERIFY(expected.size() >= 10);
        QVERIFY(runStudy(s));
        const DeterminismFrontier& frontier = *window_->frontier();
        QCOMPARE(frontier.floor(), exact_floor(ElementType::Float32));
        std::size_t succeeded = 0;
        for (const DeterminismStudyVariant& v : window_->histogram()->variants())
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
            checkStudyDocument(base + QStringLiteral(".json"));
        }
        QVERIFY(
            !window_->exportChart(Chart::Frontier, dir_.filePath(QStringLiteral("x.txt")), 800, 500)
                 .isEmpty());
        QVERIFY(
            !window_->exportData(Chart::Frontier, QStringLiteral("/nonexistent/d.csv")).isEmpty());
    }

    void cancelStopsAStudy() {
        DeterminismStudySettings s = smallStudy({});
        s.n = 1 << 20;
        s.runs = 50;
        s.local_sizes = {32, 64, 128, 256};
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
            QCOMPARE(shown->local_sizes, step.settings.local_sizes);
            QCOMPARE(shown->work_groups, step.settings.work_groups);
            // Two devices where there are two (CTest sets POCL_DEVICES), never one twice.
            QCOMPARE(shown->devices.size(),
                     step.twoDevices ? std::min<std::size_t>(2, deviceCount()) : std::size_t{1});
            QVERIFY(!repeated_device(shown->devices));
            QVERIFY(!shown->variants.empty());
            for (const std::string& v : shown->variants)
                QVERIFY(std::ranges::find(step.settings.variants, v) !=
                        step.settings.variants.end());
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
        const DeterminismStudyVariant* contiguous = studyOf(*window_->histogram(), "contiguous");
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
