// The step view on the device: traces interleaved and contiguous, steps through every round with
// the keyboard, checks the counters against the trace, plays, zooms, folds and exports.
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "common/message_banner.h"
#include "gui_test_support.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "step/step_canvas.h"
#include "step/step_view.h"

using namespace reducelab;
using namespace reducelab::ui;

class StepViewTest : public QObject {
    Q_OBJECT
  private:
    // A window with A = interleaved, B = contiguous, sum of int32, traced at `localSize`.
    static bool traced(MainWindow& window, const char* localSize) {
        return test::traceInterleavedAndContiguous(window, localSize);
    }

    static MainWindowOptions quiet() {
        MainWindowOptions o;
        o.traceAtStart = false;
        return o;
    }

  private slots:
    void initTestCase() { test::isolateSettings(); }

    void stepsThroughEveryRoundWithCountersMatchingTheTrace() {
        MainWindow window(quiet());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY2(traced(window, "16"), qPrintable(window.banner()->text()));
        StepView* view = window.stepView();
        for (int panel = 0; panel < 2; ++panel) {
            const StepTrace* trace = view->canvas(panel)->trace();
            QVERIFY2(trace, qPrintable(view->canvas(panel)->message()));
            QCOMPARE(trace->local_size, std::size_t{16});
            QCOMPARE(trace->groups.size(), std::size_t{1});
            QCOMPARE(trace->groups[0].rounds.size(), std::size_t{4});  // log2(16) barrier rounds
        }
        QCOMPARE(view->canvas(0)->trace()->variant, std::string("interleaved"));
        QCOMPARE(view->canvas(1)->trace()->variant, std::string("contiguous"));
        QCOMPARE(view->roundCount(), 4);
        QCOMPARE(view->round(), 0);

        // Right arrow steps one round; the counters show that round and the totals so far.
        unsigned totals[2][3] = {};
        for (int r = 1; r <= 4; ++r) {
            QTest::keyClick(&window, Qt::Key_Right);
            QCOMPARE(view->round(), r);
            for (int panel = 0; panel < 2; ++panel) {
                const TraceRound& expected =
                    view->canvas(panel)->trace()->groups[0].rounds[static_cast<std::size_t>(r - 1)];
                // The trace's own figures agree with its raw data ...
                const auto active = static_cast<unsigned>(
                    std::count(expected.active.begin(), expected.active.end(), true));
                QCOMPARE(expected.active_work_items, active);
                QCOMPARE(static_cast<unsigned>(expected.accesses.size()), active);
                // ... and the panel shows exactly them.
                const StepView::Counters c = view->counters(panel);
                QCOMPARE(c.round, r);
                QCOMPARE(c.stride, expected.stride);
                QCOMPARE(c.activeWorkItems, expected.active_work_items);
                QCOMPARE(c.divergentWarps, expected.divergent_warps);
                QCOMPARE(c.bankConflicts, expected.bank_conflicts);
                totals[panel][0] += expected.active_work_items;
                totals[panel][1] += expected.divergent_warps;
                totals[panel][2] += expected.bank_conflicts;
                QCOMPARE(c.totalActiveWorkItems, totals[panel][0]);
                QCOMPARE(c.totalDivergentWarps, totals[panel][1]);
                QCOMPARE(c.totalBankConflicts, totals[panel][2]);
                const QString text = view->countersText(panel);
                QVERIFY2(text.contains(QStringLiteral("round %1 of 4").arg(r)), qPrintable(text));
                QVERIFY2(
                    text.contains(QStringLiteral("divergent %1").arg(expected.divergent_warps)),
                    qPrintable(text));
                QVERIFY2(
                    text.contains(QStringLiteral("%1 divergent warp-rounds").arg(totals[panel][1])),
                    qPrintable(text));
                QCOMPARE(view->canvas(panel)->round(), r);
            }
            // Interleaved: every (2s)-th work-item; contiguous: the first s work-items.
            QCOMPARE(view->counters(0).activeWorkItems, 16u >> r);
            QCOMPARE(view->counters(1).activeWorkItems, 16u >> r);
        }
        // The lesson in numbers (warps of 4): interleaved keeps every warp divergent, contiguous
        // retires whole warps and diverges only when fewer than 4 work-items are left.
        QCOMPARE(view->counters(0).totalDivergentWarps, 4u + 4u + 2u + 1u);
        QCOMPARE(view->counters(1).totalDivergentWarps, 0u + 0u + 1u + 1u);
        // The last row is the device's partial: 1 + 2 + ... + 16.
        for (int panel = 0; panel < 2; ++panel) {
            const GroupTrace& g = view->canvas(panel)->trace()->groups[0];
            QCOMPARE(QString::fromStdString(g.partial.to_string()), QStringLiteral("136"));
            QVERIFY(g.matches_uninstrumented);
            QVERIFY(view->countersText(panel).contains(QStringLiteral("partial 136")));
        }
        // Past the end nothing moves; Left goes back, Home to the load, End to the last round.
        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(view->round(), 4);
        QTest::keyClick(&window, Qt::Key_Left);
        QCOMPARE(view->round(), 3);
        QCOMPARE(view->counters(0).divergentWarps,
                 view->canvas(0)->trace()->groups[0].rounds[2].divergent_warps);
        QTest::keyClick(&window, Qt::Key_Home);
        QCOMPARE(view->round(), 0);
        QCOMPARE(view->counters(0).totalDivergentWarps, 0u);
        QTest::keyClick(&window, Qt::Key_End);
        QCOMPARE(view->round(), 4);

        // Tooltips name the cell, its value and its bank.
        const QRectF cell = view->canvas(1)->cellRect(1, 0);
        QVERIFY(!cell.isEmpty());
        const QString tip = view->canvas(1)->describeAt(cell.center());
        const QString value = QString::fromStdString(
            view->canvas(1)->trace()->groups[0].rounds[0].values[0].to_string());
        QVERIFY2(tip.contains(QStringLiteral("local[0] = ") + value), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("bank")), qPrintable(tip));
    }

    void playsSmoothlyToTheEnd() {
        MainWindow window(quiet());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(traced(window, "16"));
        StepView* view = window.stepView();
        test::choose(window, "stepSpeed", "4×");
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(view->isPlaying());
        // Mid-transition the canvas is between two rounds.
        QTRY_VERIFY_WITH_TIMEOUT(view->isAnimating() && view->canvas(0)->progress() > 0.0 &&
                                     view->canvas(0)->progress() < 1.0,
                                 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!view->isPlaying(), 20000);
        QCOMPARE(view->round(), 4);
        QCOMPARE(view->canvas(0)->progress(), 1.0);
        // Space pauses a running animation.
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(view->isPlaying());
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(!view->isPlaying());
    }

    void localSize1024StaysReadable() {
        MainWindow window(quiet());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(traced(window, "1024"));
        StepView* view = window.stepView();
        QCOMPARE(view->roundCount(), 10);
        StepCanvas* interleaved = view->canvas(0);
        StepCanvas* contiguous = view->canvas(1);
        QVERIFY(interleaved->width() < 1024 * 8);  // cells would be a few pixels wide unfolded
        view->last();
        // Last round: one work-item combines local[0] with local[512] (interleaved, stride 512)
        // or with local[1] (contiguous, stride 1); everything else folds away.
        QVERIFY(contiguous->isFolding());
        QVERIFY(interleaved->isFolding());
        QVERIFY2(contiguous->visibleColumns() < 8,
                 qPrintable(QString::number(contiguous->visibleColumns())));
        QVERIFY(interleaved->visibleColumns() < 8);
        QVERIFY(!interleaved->cellRect(10, 512).isEmpty());
        QVERIFY(interleaved->cellRect(10, 300).isEmpty());  // folded
        QVERIFY(!contiguous->cellRect(10, 1).isEmpty());
        QVERIFY(contiguous->cellRect(10, 512).isEmpty());
        // Folded cells still answer on hover.
        QVERIFY(contiguous
                    ->describeAt(
                        QPointF(contiguous->width() - 20, contiguous->cellRect(10, 0).center().y()))
                    .contains(QStringLiteral("nobody touches")));
    }

    void zoomAndFoldToggle() {
        MainWindow window(quiet());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(traced(window, "1024"));
        StepView* view = window.stepView();
        view->last();
        auto* fold = window.findChild<QCheckBox*>(QStringLiteral("stepFold"));
        QVERIFY(fold);
        fold->setChecked(false);
        QCOMPARE(view->canvas(1)->visibleColumns(), 1024);
        QVERIFY(!view->canvas(1)->isFolding());
        fold->setChecked(true);
        QVERIFY(view->canvas(1)->isFolding());
        // Zooming one panel zooms the other (one timeline, same cells in the same place).
        view->zoomIn();
        view->zoomIn();
        QVERIFY(view->canvas(0)->zoom() > 2.0);
        QCOMPARE(view->canvas(1)->zoom(), view->canvas(0)->zoom());
        view->zoomFit();
        QCOMPARE(view->canvas(0)->zoom(), 1.0);
    }

    void exportsTheRoundAndTheAnimation() {
        MainWindow window(quiet());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(traced(window, "16"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        window.stepView()->setRound(2, false);
        const QString png = dir.filePath(QStringLiteral("round.png"));
        QCOMPARE(window.exportStepRound(png), QString());
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= window.stepView()->width());  // rendered at 2x
        QCOMPARE(window.stepView()->round(), 2);

        const QString frames = dir.filePath(QStringLiteral("frames"));
        QCOMPARE(window.exportStepAnimation(frames, 3), QString());
        const QStringList files =
            QDir(frames).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 1 + 4 * 3);  // the load, then three frames per round
        QImage first(QDir(frames).filePath(files.front()));
        QImage last(QDir(frames).filePath(files.back()));
        QVERIFY(!first.isNull());
        QVERIFY(!last.isNull());
        QVERIFY(first != last);                   // the animation moves
        QCOMPARE(window.stepView()->round(), 2);  // and the view is left where it was

        // Nothing to export without a trace: a message, not a crash.
        window.stepView()->setTraceError(0, QStringLiteral("x"));
        window.stepView()->setTraceError(1, QStringLiteral("x"));
        QVERIFY(!window.exportStepRound(dir.filePath(QStringLiteral("none.png"))).isEmpty());
        QVERIFY(window.banner()->level() == MessageBanner::Level::Error);
    }

    // Replays (issue 17) from the GUI: HTML with the traces embedded, an animated GIF, and a
    // .reducelab session that reopens into the step view with the same values.
    void exportsReplaysAndReopensTheSession() {
        MainWindow window(quiet());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(traced(window, "16"));
        const std::vector<StepTrace> traced = window.stepView()->traces();
        QCOMPARE(traced.size(), std::size_t{2});
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString html = dir.filePath(QStringLiteral("replay.html"));
        QCOMPARE(window.exportStepReplay(html), QString());
        QFile page(html);
        QVERIFY(page.open(QIODevice::ReadOnly));
        const QByteArray text = page.readAll();
        QVERIFY(text.contains("reducelab-replay"));
        QVERIFY(!text.contains("http://") && !text.contains("https://"));
        const QString gif = dir.filePath(QStringLiteral("replay.gif"));
        QCOMPARE(window.exportStepReplay(gif), QString());
        QFile animation(gif);
        QVERIFY(animation.open(QIODevice::ReadOnly));
        QVERIFY(animation.read(6) == "GIF89a");
        QVERIFY(!window.exportStepReplay(dir.filePath(QStringLiteral("replay.txt"))).isEmpty());

        const QString session = dir.filePath(QStringLiteral("lesson.reducelab"));
        QCOMPARE(window.exportStepReplay(session), QString());
        MainWindow reopened(quiet());
        reopened.openFile(session);
        const std::vector<StepTrace> shown = reopened.stepView()->traces();
        QCOMPARE(shown.size(), traced.size());
        for (std::size_t i = 0; i < shown.size(); ++i) {
            QCOMPARE(shown[i].variant, traced[i].variant);
            QCOMPARE(shown[i].groups.size(), traced[i].groups.size());
            QCOMPARE(shown[i].groups.front().rounds.size(), traced[i].groups.front().rounds.size());
            const auto& a = shown[i].groups.front().rounds.back().values;
            const auto& b = traced[i].groups.front().rounds.back().values;
            QCOMPARE(a.size(), b.size());
            for (std::size_t k = 0; k < a.size(); ++k) QCOMPARE(a[k].to_string(), b[k].to_string());
        }
        QCOMPARE(reopened.stepView()->roundCount(), window.stepView()->roundCount());
        // A damaged session is refused with a message naming the file, not a crash.
        QFile broken(dir.filePath(QStringLiteral("broken.reducelab")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"format\": \"reducelab-session\", \"version\": 1}");
        broken.close();
        reopened.openFile(broken.fileName());
        QVERIFY(reopened.banner()->level() == MessageBanner::Level::Error);
    }

    void variantWithoutTreeSaysSo() {
        MainWindow window(quiet());
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(!window.devices().empty());
        // The atomic variant folds in registers and atomics: there is no barrier tree to show.
        window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("atomic"));
        window.controlPanel()->setVariant(ControlPanel::Slot::B, QStringLiteral("contiguous"));
        QSignalSpy done(&window, &MainWindow::traceCompleted);
        window.traceSelected();
        QVERIFY(done.wait(120000));
        QVERIFY(window.stepView()->canvas(0)->trace() == nullptr);
        QVERIFY2(
            window.stepView()->canvas(0)->message().contains(QStringLiteral("cannot be stepped")),
            qPrintable(window.stepView()->canvas(0)->message()));
        QVERIFY(window.stepView()->canvas(1)->trace() != nullptr);
    }
};

QTEST_MAIN(StepViewTest)
#include "step_view_test.moc"
