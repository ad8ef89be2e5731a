// A projector of 1280×720 (issue 14), offscreen on the real PoCL engine: the main window with a
// run and a trace at local sizes 16, 256 and 1024 asks for no more than 1280×720 in English and
// zh_CN, and at that size shows the step view with both panels, the lens and both docks uncut;
// a chart exported at a width and height has exactly those pixels, whatever the DPI; the
// ladder's names and values never overlap at 1280 and 1920 wide in every language.
#include <qcustomplot.h>
#include <QDockWidget>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include "charts/export_dialog.h"
#include "charts/ladder_chart.h"
#include "charts/performance_view.h"
#include "common/translations.h"
#include "gui_test_support.h"
#include "reducelab/bench_suites.h"
#include "shell/main_window.h"
#include "shell/results_panel.h"
#include "shell/run_summary.h"
#include "step/step_canvas.h"
#include "step/step_lens.h"
#include "step/step_view.h"
#include "visible_texts.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

MainWindowOptions quiet() {
    MainWindowOptions o;
    o.traceAtStart = false;
    return o;
}

QString sizeText(QSize s) {
    return QStringLiteral("%1×%2").arg(s.width()).arg(s.height());
}

// `widget`'s rectangle in `window`'s coordinates.
QRect inWindow(const QWidget* widget, const QWidget* window) {
    return QRect(widget->mapTo(window, QPoint(0, 0)), widget->size());
}

// Where two of `rects` overlap (a pixel of rounding allowed), empty when none does.
QString overlap(const std::vector<QRectF>& rects) {
    for (std::size_t i = 0; i < rects.size(); ++i)
        for (std::size_t j = i + 1; j < rects.size(); ++j)
            if (rects[i]
                    .adjusted(0.5, 0.5, -0.5, -0.5)
                    .intersects(rects[j].adjusted(0.5, 0.5, -0.5, -0.5)))
                return QStringLiteral("label %1 (x %2–%3) overlaps label %4 (x %5–%6)")
                    .arg(i)
                    .arg(rects[i].left())
                    .arg(rects[i].right())
                    .arg(j)
                    .arg(rects[j].left())
                    .arg(rects[j].right());
    return {};
}

}  // namespace

class Fit720Test : public QObject {
    Q_OBJECT
  private:
    QTemporaryDir dir_;

    // Every rung `reducelab-cli bench ladder` runs on this device, with made-up timings (the
    // layout is under test here, not the device).
    static void fillLadder(LadderChart* ladder, const DeviceInfo& device) {
        const std::vector<RunRequest> requests = suite_requests("ladder", SuiteOptions{}, device);
        QVERIFY(requests.size() >= 4);
        double gbps = 0.8;
        for (const RunRequest& r : requests) {
            RunResult p;
            p.request = r;
            p.launched.variant = r.variant;
            p.n = r.n;
            p.input_bytes = r.n * 4;
            p.gbps = gbps;
            p.total_ms = static_cast<double>(p.input_bytes) / (gbps * 1e6);
            p.verified = true;
            ladder->addPoint(p);
            gbps *= 1.7;
        }
    }

  private slots:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(dir_.isValid());
    }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    void windowFits1280x720_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }
    void windowFits1280x720() {
        QFETCH(QString, language);
        MainWindow window(quiet());
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::waitForDevices(window));
        QVERIFY(!window.devices().empty());
        // A run first: its result cards and table rows are part of what must fit.
        window.controlPanel()->setN(4096);
        QSignalSpy ran(&window, &MainWindow::runCompleted);
        window.runSelected();
        QVERIFY(ran.wait(120000));
        auto* controls = window.findChild<QDockWidget*>(QStringLiteral("controlsDock"));
        auto* explanation = window.findChild<QDockWidget*>(QStringLiteral("explanationDock"));
        QVERIFY(controls && explanation);
        StepView* view = window.stepView();
        for (const char* size : {"16", "256", "1024"}) {
            // Traced with the English item names the helper picks, then shown in `language`:
            // the window retranslates in place, keeping the trace.
            QVERIFY(Translations::install(QStringLiteral("en")));
            QTest::qWait(30);  // the widgets retranslate when the posted LanguageChange arrives
            QVERIFY2(test::traceInterleavedAndContiguous(window, size), size);
            QVERIFY(Translations::install(language));
            QTest::qWait(30);
            QVERIFY(view->canvas(0)->trace());
            QCoreApplication::processEvents();
            const QSize minimum = window.minimumSizeHint();
            qInfo(
                "%s, local size %s: window minimum %s (controls %d, step view %d, charts %d, "
                "results %d, explanation %d; heights: step view %d, charts %d, results %d, "
                "controls %d, explanation %d)",
                qPrintable(language), size, qPrintable(sizeText(minimum)),
                controls->minimumSizeHint().width(), view->minimumSizeHint().width(),
                window.performanceView()->minimumSizeHint().width(),
                window.findChild<ResultsPanel*>()->minimumSizeHint().width(),
                explanation->minimumSizeHint().width(), view->minimumSizeHint().height(),
                window.performanceView()->minimumSizeHint().height(),
                window.findChild<ResultsPanel*>()->minimumSizeHint().height(),
                controls->minimumSizeHint().height(), explanation->minimumSizeHint().height());
            QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 720,
                     qPrintable(language + QStringLiteral(" at ") + QLatin1String(size) +
                                QStringLiteral(": ") + sizeText(minimum)));

            // At 1280×720 everything is there and inside the window.
            window.resize(1280, 720);
            QTest::qWait(30);
            QCOMPARE(window.size(), QSize(1280, 720));
            const QRect inside = window.rect();
            QWidget* shown[] = {view,
                                view->canvas(0),
                                view->canvas(1),
                                controls,
                                window.controlPanel()->runActions(),
                                window.runSummary(),
                                explanation,
                                window.performanceView(),
                                window.findChild<ResultsPanel*>()};
            for (QWidget* w : shown) {
                QVERIFY2(w->isVisible(), qPrintable(w->objectName()));
                QVERIFY2(
                    inside.contains(inWindow(w, &window)) && w->width() > 0 && w->height() > 0,
                    qPrintable(QStringLiteral("%1 at %2: %3 at (%4, %5)")
                                   .arg(w->objectName(), QLatin1String(size), sizeText(w->size()))
                                   .arg(inWindow(w, &window).x())
                                   .arg(inWindow(w, &window).y())));
            }
            // A lecture's step view: both panels side by side and at least 300 px tall.
            QVERIFY2(view->height() >= 300, qPrintable(sizeText(view->size())));
            QCOMPARE(view->canvas(0)->y(), view->canvas(1)->y());
            // The step view is never squeezed below what it asks for: nothing of it is cut.
            QVERIFY(view->width() >= view->minimumSizeHint().width());
            QVERIFY(view->height() >= view->minimumSizeHint().height());
            if (std::string_view(size) == "1024")
                for (int panel = 0; panel < 2; ++panel) {
                    const StepLens* lens = view->lens(panel);
                    QVERIFY(lens->isVisible());
                    QVERIFY(inside.contains(inWindow(lens, &window)));
                    QVERIFY(lens->width() >= lens->minimumSizeHint().width());
                }
        }
        Translations::install(QStringLiteral("en"));
    }

    // Presentation mode's large type still fits a 720p projector, step view included.
    void presentationModeFits1280x720() {
        MainWindow window(quiet());
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::waitForDevices(window));
        QVERIFY2(test::traceInterleavedAndContiguous(window, "256"), "256");
        window.setPresentationMode(true);
        QTest::qWait(30);
        window.showNormal();  // offscreen, full screen is the platform's own screen size
        // What set(true) does on the screen it is on: the largest type that fits. On a
        // 1920×1080 screen that is the full 1.45; on 1280×720, whatever fits.
        QCOMPARE(window.presentationMode()->fitTypeTo(1080), 1.45);
        QVERIFY(window.presentationMode()->fitTypeTo(720) >= 1.0);
        window.resize(1280, 720);
        QTest::qWait(30);
        QCoreApplication::processEvents();
        const QSize minimum = window.minimumSizeHint();
        qInfo(
            "presentation, type x%.2f: window minimum %s (heights: step view %d, charts %d, "
            "results %d)",
            window.presentationMode()->typeScale(), qPrintable(sizeText(minimum)),
            window.stepView()->minimumSizeHint().height(),
            window.performanceView()->minimumSizeHint().height(),
            window.findChild<ResultsPanel*>()->minimumSizeHint().height());
        QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 720, qPrintable(sizeText(minimum)));
        QVERIFY(window.isPresentationMode());
        StepView* view = window.stepView();
        QVERIFY(view->isVisible());
        QVERIFY(window.rect().contains(inWindow(view, &window)));
        QVERIFY(view->height() >= view->minimumSizeHint().height());
        window.setPresentationMode(false);
    }

    // "Width 1200 px" writes 1200 pixels: the DPI sets how large the text is, not the size.
    void exportedPngHasTheAskedSize() {
        MainWindow window(quiet());
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const ExportDialog dialog(QStringLiteral("chart"));
        const ExportDialog::Choice asked = dialog.choice();
        QCOMPARE(asked.width, 1200);  // the dialog's default, at its default DPI
        const QList<QSize> sizes = {QSize(asked.width, asked.height), QSize(1201, 751),
                                    QSize(333, 200), QSize(1920, 1080)};
        for (int dpi : {asked.dpi, 96, 192, 300})
            for (QSize size : sizes) {
                const QString file =
                    dir_.filePath(QStringLiteral("chart-%1-%2.png").arg(dpi).arg(sizeText(size)));
                QCOMPARE(window.exportChart(PerformanceView::Chart::LocalSize, file, size.width(),
                                            size.height(), dpi),
                         QString());
                const QImage png(file);
                QVERIFY2(!png.isNull(), qPrintable(file));
                QCOMPARE(png.size(), size);
                QVERIFY(std::abs(png.dotsPerMeterX() - dpi / 0.0254) < 2);
            }
    }

    // The ladder's variant names and values, measured, never overlap; its title is not cut.
    void ladderLabelsNeverOverlap_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("zh_TW") << QStringLiteral("zh_TW");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
        QTest::newRow("en") << QStringLiteral("en");
    }
    void ladderLabelsNeverOverlap() {
        QFETCH(QString, language);
        QVERIFY(Translations::install(language));
        for (int width : {1280, 1920}) {
            MainWindow window(quiet());
            window.resize(width, width * 9 / 16);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(test::waitForDevices(window));
            const DeviceInfo* device = window.controlPanel()->currentDevice();
            QVERIFY(device);
            auto* ladder = static_cast<LadderChart*>(
                window.performanceView()->chart(PerformanceView::Chart::Ladder));
            fillLadder(ladder, *device);
            ladder->setTitle(QCoreApplication::translate("reducelab::ui::SweepController",
                                                         "Optimization ladder — %1")
                                 .arg(QStringLiteral("sum int32, n = 16 Mi")));
            window.performanceView()->showChart(PerformanceView::Chart::Ladder);
            for (const MainWindow::Area area : {MainWindow::Area::All, MainWindow::Area::Charts}) {
                window.showArea(area);
                QTest::qWait(50);
                ladder->plot()->replot();
                QCoreApplication::processEvents();
                ladder->plot()->replot();
                const QString where = QStringLiteral("%1 at %2 wide, area %3: ")
                                          .arg(language)
                                          .arg(width)
                                          .arg(static_cast<int>(area));
                const std::vector<QRectF> names = ladder->tickLabelRects();
                QVERIFY2(names.size() >= 2, qPrintable(where + QString::number(names.size())));
                const QString namesOverlap = overlap(names);
                QVERIFY2(namesOverlap.isEmpty(), qPrintable(where + namesOverlap));
                // Names stay under the plot, not beyond its sides.
                for (const QRectF& r : names)
                    QVERIFY2(r.left() >= 0 && r.right() <= ladder->plot()->width(),
                             qPrintable(where + QString::number(r.left())));
                const QString valuesOverlap = overlap(ladder->valueLabelRects());
                QVERIFY2(valuesOverlap.isEmpty(), qPrintable(where + valuesOverlap));
                const QString clipped = test::titleClipping(*ladder);
                QVERIFY2(clipped.isEmpty(), qPrintable(where + clipped));
                qInfo("%s%zu names, %zu values shown", qPrintable(where), names.size(),
                      ladder->valueLabelRects().size());
            }
        }
        Translations::install(QStringLiteral("en"));
    }
};

QTEST_MAIN(Fit720Test)
#include "fit_720_test.moc"
