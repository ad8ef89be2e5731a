// A step view readable at every local size (issue 14), on the device: the window with its docks
// and the step view fits 1280×720 after tracing 16, 256 and 1024 work-items (the charts and
// table below ask for 937 px of their own, logged, not the step view's to fix); cell numbers grow
// with zoom and presentation mode; round labels never overlap; column indices step regularly; the
// lens shows readable values at 1024, follows the active work-items and moves with the user; a
// changed local size says that the trace shown is stale.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLayout>
#include <QPushButton>
#include <QSplitter>
#include <QToolButton>
#include <QtTest>
#include <algorithm>

#include "gui_test_support.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "step/step_canvas.h"
#include "step/step_cell_text.h"
#include "step/step_lens.h"
#include "step/step_view.h"

using namespace reducelab;
using namespace reducelab::ui;

class StepViewReadableTest : public QObject {
    Q_OBJECT
  private:
    static bool traced(MainWindow& window, const char* localSize) {
        if (!test::traceInterleavedAndContiguous(window, localSize)) return false;
        QCoreApplication::processEvents();
        return window.stepView()->canvas(0)->trace() && window.stepView()->canvas(1)->trace();
    }

    // A main window without a trace at start, shown at `size`.
    static bool shown(MainWindow& window, QSize size) {
        window.resize(size);
        window.show();
        return QTest::qWaitForWindowExposed(&window);
    }

    static MainWindowOptions quiet() {
        MainWindowOptions o;
        o.traceAtStart = false;
        return o;
    }

    static void verifyLabelsApart(const StepCanvas* canvas, const char* where) {
        std::vector<QRectF> rects = canvas->rowLabelRects();
        QVERIFY2(!rects.empty(), where);
        std::sort(rects.begin(), rects.end(),
                  [](const QRectF& a, const QRectF& b) { return a.top() < b.top(); });
        for (std::size_t i = 1; i < rects.size(); ++i)
            QVERIFY2(rects[i].top() >= rects[i - 1].bottom(),
                     qPrintable(QStringLiteral("%1: label %2 at %3 overlaps the one ending at %4")
                                    .arg(QLatin1String(where))
                                    .arg(i)
                                    .arg(rects[i].top())
                                    .arg(rects[i - 1].bottom())));
    }

  private slots:
    void initTestCase() { test::isolateSettings(); }

    // The window with a trace is allowed down to 1280×720, panels side by side, at every size.
    void windowFits1280x720AfterTracing() {
        MainWindow window(quiet());
        QVERIFY(shown(window, QSize(1280, 720)));
        StepView* view = window.stepView();
        for (const char* size : {"16", "256", "1024"}) {
            QVERIFY2(traced(window, size), size);
            // The step view with the docks of the window (the charts and table hidden).
            window.showArea(MainWindow::Area::StepView);
            QTest::qWait(20);
            const QSize stepOnly = window.minimumSizeHint();
            QVERIFY2(stepOnly.width() <= 1280 && stepOnly.height() <= 720,
                     qPrintable(QStringLiteral("local size %1: %2×%3")
                                    .arg(QLatin1String(size))
                                    .arg(stepOnly.width())
                                    .arg(stepOnly.height())));
            window.showArea(MainWindow::Area::All);
            QTest::qWait(20);
            const QSize all = window.minimumSizeHint();
            qInfo("local size %s: window minimum %d×%d (step view only %d×%d; step view %d×%d)",
                  size, all.width(), all.height(), stepOnly.width(), stepOnly.height(),
                  view->minimumSizeHint().width(), view->minimumSizeHint().height());
            // The step view itself never asks for more than what is left of 1280 beside the
            // docks.
            QVERIFY2(view->minimumSizeHint().width() <= 640,
                     qPrintable(QString::number(view->minimumSizeHint().width())));
            // "panels: auto" at 1280×720 keeps both panels' rows readable: never 2-px stacks.
            window.resize(1280, 720);
            QCoreApplication::processEvents();
            const auto* splitter = view->canvas(0)->parentWidget()->parentWidget();
            const bool stacked =
                static_cast<const QSplitter*>(splitter)->orientation() == Qt::Vertical;
            for (int panel = 0; panel < 2; ++panel)
                QVERIFY2(view->canvas(panel)->height() >= (stacked ? 200 : 80),
                         qPrintable(QString::number(view->canvas(panel)->height())));
        }
    }

    void cellNumbersGrowWithZoomAndPresentation() {
        MainWindow window(quiet());
        QVERIFY(shown(window, QSize(1400, 900)));
        QVERIFY(traced(window, "64"));
        StepView* view = window.stepView();
        StepCanvas* canvas = view->canvas(1);
        const qreal atFit = canvas->valuePixelSize();
        qreal zoomed = atFit;
        QString sizes;
        for (int step = 0; step < 8; ++step) {
            view->zoomIn();
            const qreal px = canvas->valuePixelSize();
            sizes += QStringLiteral(" %1").arg(px);
            QVERIFY2(px >= zoomed, qPrintable(sizes));  // never smaller when zooming in
            zoomed = px;
        }
        qInfo("cell numbers at local size 64, zooming in: %s px", qPrintable(sizes));
        QVERIFY2(zoomed > atFit, qPrintable(QStringLiteral("%1 -> %2").arg(atFit).arg(zoomed)));
        QVERIFY(zoomed >= cells::legiblePixelSize(Theme::standard(), canvas->font()));
        view->zoomFit();

        // Presentation mode at local size 16 on a 1920×1080 projector: the numbers grow with
        // the labels. (Offscreen screens are too small for the real full screen, so the step
        // view gets what presentation mode gives it: the larger application font and the
        // projector theme.)
        QVERIFY(traced(window, "16"));
        StepView projector;
        projector.resize(1920, 1000);
        projector.show();
        QVERIFY(QTest::qWaitForWindowExposed(&projector));
        for (int panel = 0; panel < 2; ++panel)
            projector.setTrace(panel,
                               std::make_shared<const StepTrace>(*view->canvas(panel)->trace()));
        projector.last();
        QCoreApplication::processEvents();
        const qreal normal = projector.canvas(0)->valuePixelSize();
        QVERIFY2(normal >= cells::legiblePixelSize(Theme::standard(), projector.font()),
                 qPrintable(QString::number(normal)));
        const QFont before = QApplication::font();
        QFont big = before;
        big.setPointSizeF(before.pointSizeF() * 1.45);  // as PresentationMode::enter does
        QApplication::setFont(big);
        projector.setTheme(Theme::projector());
        QCoreApplication::processEvents();
        const qreal projected = projector.canvas(0)->valuePixelSize();
        qInfo("cell numbers at local size 16, 1920 wide: %.1f px, in presentation mode %.1f px",
              normal, projected);
        QApplication::setFont(before);
        QVERIFY2(projected > normal * 1.2,
                 qPrintable(QStringLiteral("%1 -> %2").arg(normal).arg(projected)));
        // In the 1400-wide window the 16 cells are narrow: numbers that do not fit are not
        // printed squeezed; the lens shows them.
        if (view->canvas(0)->valuePixelSize() == 0) QVERIFY(view->lens(0)->isVisible());
    }

    void rowLabelsNeverOverlapAndIndicesStepRegularly() {
        MainWindow window(quiet());
        QVERIFY(shown(window, QSize(1280, 720)));
        auto* fold = window.findChild<QCheckBox*>(QStringLiteral("stepFold"));
        QVERIFY(fold);
        for (const char* size : {"256", "1024"}) {
            QVERIFY(traced(window, size));
            StepView* view = window.stepView();
            for (int round = 0; round <= view->roundCount(); ++round) {
                view->setRound(round, false);
                for (int panel = 0; panel < 2; ++panel)
                    verifyLabelsApart(view->canvas(panel), size);
            }
            // Indices above the rows: multiples of one power of two, none skipped.
            fold->setChecked(false);
            for (int zoom = 0; zoom < 3; ++zoom) {
                const StepCanvas* canvas = view->canvas(0);
                const int stride = canvas->columnLabelStride();
                QVERIFY((stride & (stride - 1)) == 0);
                const std::vector<std::uint32_t> labels = canvas->columnLabels();
                QVERIFY2(labels.size() >= 2, size);
                for (std::size_t i = 1; i < labels.size(); ++i)
                    QCOMPARE(labels[i] - labels[i - 1], static_cast<std::uint32_t>(stride));
                view->zoomIn();
            }
            view->zoomFit();
            fold->setChecked(true);
        }
    }

    void lensShowsReadableValuesAt1024AndMoves() {
        MainWindow window(quiet());
        QVERIFY(shown(window, QSize(1280, 720)));
        QVERIFY(traced(window, "16"));
        StepView* view = window.stepView();
        // 16 cells need the lens only when the panel is too narrow for their numbers.
        QCOMPARE(view->lens(0)->isVisible(), !view->canvas(0)->valuesFitWidth());
        QVERIFY(traced(window, "1024"));
        for (int panel = 0; panel < 2; ++panel) QVERIFY(view->lens(panel)->isVisible());
        const qreal legible = cells::legiblePixelSize(Theme::standard(), view->font());
        for (int round = 0; round <= view->roundCount(); ++round) {
            view->setRound(round, false);
            for (int panel = 0; panel < 2; ++panel) {
                const StepLens* lens = view->lens(panel);
                const GroupTrace& g = view->canvas(panel)->trace()->groups[0];
                QVERIFY(lens->isFollowing());
                // At 1280×720 with both docks shown each panel is at its narrowest: the lens
                // holds at least a few legible cells there (more on a wider window).
                QVERIFY2(lens->cellCount() >= 4, qPrintable(QString::number(lens->cellCount())));
                QVERIFY2(lens->valuePixelSize() >= legible,
                         qPrintable(QString::number(lens->valuePixelSize())));
                QFont f = view->font();
                f.setPixelSize(static_cast<int>(lens->valuePixelSize()));
                QVERIFY(QFontInfo(f).pointSizeF() >= 6.5);
                const auto& values =
                    round == 0 ? g.initial : g.rounds[static_cast<std::size_t>(round - 1)].values;
                for (std::uint32_t i = lens->firstCell(); i < lens->firstCell() + lens->cellCount();
                     ++i) {
                    const QString shown = lens->shownText(round > 0, i);
                    QCOMPARE(shown,
                             cells::valueText(values[i], shown.size() <= 4 &&
                                                             shown != QString::fromStdString(
                                                                          values[i].to_string())));
                }
                // Following: the window holds a work-item that is active this round.
                if (round >= 1) {
                    const TraceRound& r = g.rounds[static_cast<std::size_t>(round - 1)];
                    bool activeInside = false;
                    for (std::uint32_t i = lens->firstCell();
                         i < lens->firstCell() + lens->cellCount(); ++i)
                        activeInside = activeInside || r.active[i];
                    QVERIFY(activeInside);
                }
            }
        }
        // The user moves the lens (keys): both panels show the same cells, following stops.
        view->setRound(1, false);
        StepLens* lens = view->lens(0);
        lens->setFocus();
        const std::uint32_t before = lens->firstCell();
        QTest::keyClick(lens, Qt::Key_Right, Qt::ShiftModifier);
        QVERIFY(lens->firstCell() > before);
        QVERIFY(!lens->isFollowing());
        QCOMPARE(view->lens(1)->firstCell(), lens->firstCell());
        QVERIFY(!view->lens(1)->isFollowing());
        // A click in the overview centres the lens there.
        StepCanvas* overview = view->canvas(1);
        const QRectF cell = overview->cellRect(0, 700);
        QVERIFY(!cell.isEmpty());
        QTest::mouseClick(overview, Qt::LeftButton, {}, cell.center().toPoint());
        QVERIFY2(lens->firstCell() <= 700 && 700 < lens->firstCell() + lens->cellCount(),
                 qPrintable(QString::number(lens->firstCell())));
        // Follow again.
        auto* follow = lens->findChild<QToolButton*>(QStringLiteral("stepLensFollow"));
        QVERIFY(follow);
        follow->click();
        QVERIFY(lens->isFollowing());
        QVERIFY(view->lens(1)->isFollowing());
    }

    void changedLocalSizeSaysTheTraceIsStale() {
        MainWindow window(quiet());
        QVERIFY(shown(window, QSize(1280, 720)));
        QVERIFY(traced(window, "16"));
        StepView* view = window.stepView();
        auto* stale = view->findChild<QWidget*>(QStringLiteral("stepStale"));
        QVERIFY(stale);
        QVERIFY(!stale->isVisible());
        test::choose(window, "stepLocalSize", "256");
        QVERIFY(stale->isVisible());
        QVERIFY2(view->staleReason().contains(QStringLiteral("local size 16")),
                 qPrintable(view->staleReason()));
        // The old trace is still the 16-cell one, not stretched into 256 columns.
        QCOMPARE(view->canvas(0)->trace()->local_size, std::size_t{16});
        QCOMPARE(view->canvas(0)->visibleColumns(), 16);
        test::choose(window, "stepWarpWidth", "32");
        test::choose(window, "stepLocalSize", "16");
        QVERIFY(view->staleReason().contains(QStringLiteral("warps of")));
        test::choose(window, "stepWarpWidth", "4");
        QVERIFY(!stale->isVisible());
        // Trace again from the notice: the notice goes.
        test::choose(window, "stepLocalSize", "256");
        QSignalSpy done(&window, &MainWindow::traceCompleted);
        view->findChild<QPushButton*>(QStringLiteral("stepTraceAgain"))->click();
        QVERIFY(done.wait(120000));
        QCOMPARE(view->canvas(0)->trace()->local_size, std::size_t{256});
        QVERIFY(!stale->isVisible());
    }
};

QTEST_MAIN(StepViewReadableTest)
#include "step_view_readable_test.moc"
