// The main window on the default OpenCL device (PoCL in CI): it lists devices and runs real,
// verified reductions on its worker thread.
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QImage>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>
#include <algorithm>

#include "common/engine_jobs.h"
#include "common/error_dialog.h"
#include "common/message_banner.h"
#include "gui_test_support.h"
#include "reducelab/catalog.h"
#include "shell/control_panel.h"
#include "shell/explanation_panel.h"
#include "shell/main_window.h"
#include "shell/run_summary.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

// The darkest grey inside a widget's rendering, away from its frame: its text's ink.
int darkestInk(QWidget& widget) {
    const QImage image = widget.grab().toImage();
    const QRect inner = image.rect().adjusted(image.width() / 6, image.height() / 4,
                                              -image.width() / 6, -image.height() / 4);
    int darkest = 255;
    for (int y = inner.top(); y <= inner.bottom(); ++y)
        for (int x = inner.left(); x <= inner.right(); ++x)
            darkest = std::min(darkest, qGray(image.pixel(x, y)));
    return darkest;
}

// `button` (disabled) has a greyed text colour in its palette, and a push button drawn with the
// application's palette shows clearly lighter text disabled than enabled.
bool looksDisabled(const QPushButton* button) {
    const QPalette& palette = button->palette();
    if (palette.color(QPalette::Disabled, QPalette::ButtonText) ==
        palette.color(QPalette::Active, QPalette::ButtonText))
        return false;
    QPushButton probe(QStringLiteral("Apply best"));
    probe.resize(240, 48);
    const int enabledInk = darkestInk(probe);
    probe.setEnabled(false);
    const int disabledInk = darkestInk(probe);
    if (disabledInk > enabledInk + 30) return true;
    qWarning("text ink: enabled %d, disabled %d", enabledInk, disabledInk);
    return false;
}

}  // namespace

class MainWindowTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::isolateSettings(); }

    void listsDevicesAndRunsSeedExample() {
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY2(!window.devices().empty(), qPrintable(window.banner()->text()));
        ControlPanel* controls = window.controlPanel();
        QVERIFY(controls->currentDevice() != nullptr);

        // Seed 000: the uint32 ramp 1..102400 sums to 5242931200 with the 64-bit accumulator.
        test::choose(window, "operationCombo", "sum");
        test::choose(window, "typeCombo", "uint32");
        test::choose(window, "fillCombo", "ramp");
        controls->setVariant(ControlPanel::Slot::A, QStringLiteral("contiguous"));
        controls->setVariant(ControlPanel::Slot::B, QStringLiteral("vector"));
        controls->setN(102400);
        controls->findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(3);

        QSignalSpy completed(&window, &MainWindow::runCompleted);
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(completed.wait(120000));

        for (int slot = 0; slot < 2; ++slot) {
            const auto& result = window.runSummary()->result(slot);
            QVERIFY2(result.has_value(), qPrintable(window.runSummary()->text(slot)));
            QCOMPARE(QString::fromStdString(result->value.to_string()),
                     QStringLiteral("5242931200"));
            QVERIFY(result->verified);
            QVERIFY(result->total_ms > 0.0);
            QVERIFY(result->gbps > 0.0);
            QCOMPARE(result->n, 102400u);
            QVERIFY(window.runSummary()->text(slot).contains(QStringLiteral("verified")));
            QVERIFY(window.runSummary()->text(slot).contains(QStringLiteral("GB/s")));
        }
        QCOMPARE(QString::fromStdString(window.runSummary()->result(0)->request.variant),
                 QStringLiteral("contiguous"));
        QCOMPARE(QString::fromStdString(window.runSummary()->result(1)->request.variant),
                 QStringLiteral("vector"));
    }

    void invalidSettingIsReportedNotRun() {
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(!window.devices().empty());
        auto* n = window.findChild<QComboBox*>(QStringLiteral("nCombo"));
        n->setCurrentText(QStringLiteral("0"));
        window.runSelected();
        QVERIFY(window.banner()->text().contains(QStringLiteral("at least 1")));
        QVERIFY(!window.runSummary()->result(0).has_value());
        QVERIFY(!window.runSummary()->text(0).contains(QStringLiteral("queued")));
    }

    void inputTooLargeForTheDeviceIsRefused() {
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(!window.devices().empty());
        window.findChild<QComboBox*>(QStringLiteral("nCombo"))
            ->setCurrentText(QStringLiteral("2^40"));
        window.runSelected();
        QVERIFY2(window.banner()->level() == MessageBanner::Level::Error,
                 qPrintable(window.banner()->text()));
        QVERIFY2(window.banner()->text().contains(QStringLiteral("Out of memory")),
                 qPrintable(window.banner()->text()));
        QVERIFY(window.banner()->text().contains(QStringLiteral("largest buffer")));
        QVERIFY(!window.runSummary()->text(0).contains(QStringLiteral("queued")));
    }

    void buildFailureShowsTheLogInADialog() {
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        // What the engine reports when clBuildProgram fails, shown the way every job's failure is.
        JobError error;
        error.kind = ErrorKind::Build;
        error.message = QStringLiteral("the contiguous kernel failed to build on the device");
        error.call = QStringLiteral("clBuildProgram");
        error.clErrorName = QStringLiteral("CL_BUILD_PROGRAM_FAILURE");
        error.buildLog =
            QStringLiteral("<kernel>:12:5: error: use of undeclared identifier 'scratchh'");
        window.showError(error);
        QVERIFY(window.banner()->text().contains(QStringLiteral("Kernel build failed")));
        QVERIFY(window.banner()->text().contains(QStringLiteral("CL_BUILD_PROGRAM_FAILURE")));
        auto* dialog = window.findChild<ErrorDialog*>(QStringLiteral("errorDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(!dialog->isModal());  // the window keeps working behind it
        QVERIFY(
            dialog->buildLogText().contains(QStringLiteral("undeclared identifier 'scratchh'")));
    }

    void engineRefusalShowsMessageAndKeepsWorking() {
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(!window.devices().empty());
        ControlPanel* controls = window.controlPanel();
        // Bitwise operations on floats make no sense: the engine refuses with a clear reason.
        test::choose(window, "operationCombo", "and");
        test::choose(window, "typeCombo", "float32");
        controls->setVariant(ControlPanel::Slot::A, QStringLiteral("contiguous"));
        controls->setVariant(ControlPanel::Slot::B, QStringLiteral("contiguous"));
        controls->setN(1000);
        QSignalSpy completed(&window, &MainWindow::runCompleted);
        window.runSelected();
        QVERIFY(completed.wait(60000));
        QVERIFY(!window.runSummary()->result(0).has_value());
        QVERIFY2(window.banner()->level() == MessageBanner::Level::Error,
                 qPrintable(window.banner()->text()));
        QVERIFY(!window.banner()->text().isEmpty());

        // The window still works afterwards.
        test::choose(window, "operationCombo", "max");
        test::choose(window, "typeCombo", "int32");
        window.runSelected();
        QVERIFY(completed.wait(60000));
        QVERIFY2(window.runSummary()->result(0).has_value(), qPrintable(window.banner()->text()));
        QVERIFY(window.runSummary()->result(0)->verified);
    }

    void deviceTooltipAndExplanationShowFacts() {
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(!window.devices().empty());
        const QString tip = window.findChild<QComboBox*>(QStringLiteral("deviceCombo"))->toolTip();
        const DeviceInfo& device = *window.controlPanel()->currentDevice();
        QVERIFY(tip.contains(QStringLiteral("Max work-group size")));
        QVERIFY(tip.contains(QString::number(device.max_work_group_size)));
        QVERIFY(tip.contains(QString::number(device.compute_units)));
        // The explanation panel carries the catalog's own text for A and B.
        window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("interleaved"));
        window.controlPanel()->setVariant(ControlPanel::Slot::B, QStringLiteral("contiguous"));
        const QString text = window.explanationPanel()->toPlainText();
        for (const char* name : {"interleaved", "contiguous"}) {
            const std::string_view explanation = find_variant(name).explanation;
            QVERIFY2(text.contains(QString::fromUtf8(explanation.data(),
                                                     static_cast<qsizetype>(explanation.size()))
                                       .left(60)),
                     name);
        }
    }

    void settingsPersistBetweenLaunches() {
        QSettings().clear();
        {
            MainWindowOptions options;
            options.traceAtStart = false;
            MainWindow window(options);
            window.show();
            QVERIFY(test::waitForDevices(window));
            window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("vector"));
            window.controlPanel()->setVariant(ControlPanel::Slot::B, QStringLiteral("interleaved"));
            window.findChild<QComboBox*>(QStringLiteral("nCombo"))
                ->setCurrentText(QStringLiteral("2^20+7"));
            window.controlPanel()->setLocalSize(128);
            test::choose(window, "typeCombo", "float32");
            test::choose(window, "stepLocalSize", "64");
            window.close();
        }
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow again(options);
        again.show();
        QVERIFY(test::waitForDevices(again));
        QCOMPARE(again.controlPanel()->variant(ControlPanel::Slot::A), QStringLiteral("vector"));
        QCOMPARE(again.controlPanel()->variant(ControlPanel::Slot::B),
                 QStringLiteral("interleaved"));
        QCOMPARE(again.controlPanel()->n().value_or(0), (std::uint64_t{1} << 20) + 7);
        QCOMPARE(again.controlPanel()->localSize(), std::size_t{128});
        QCOMPARE(again.controlPanel()->elementType(), ElementType::Float32);
        QCOMPARE(again.findChild<QComboBox*>(QStringLiteral("stepLocalSize"))->currentText(),
                 QStringLiteral("64"));
    }

    void presentationModeTogglesWithF11() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // Apply best waits for an Auto-tune: disabled, and it must look it.
        QPushButton* disabled = window.performanceView()->applyBestButton();
        QVERIFY(!disabled->isEnabled());
        QVERIFY(looksDisabled(disabled));
        const qreal normal = QApplication::font().pointSizeF();
        QTest::keyClick(&window, Qt::Key_F11);
        QVERIFY(window.isPresentationMode());
        QVERIFY(QApplication::font().pointSizeF() > normal * 1.3);
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        QVERIFY(looksDisabled(disabled));
        QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("controlsDock"))->isVisible());
        QTest::keyClick(&window, Qt::Key_F11);
        QVERIFY(!window.isPresentationMode());
        QCOMPARE(QApplication::font().pointSizeF(), normal);
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("controlsDock"))->isVisible());
        QVERIFY(looksDisabled(disabled));
    }

    void closingDuringARunCancelsCleanly() {
        auto* window = new MainWindow;
        window->show();
        QVERIFY(test::waitForDevices(*window));
        QVERIFY(!window->devices().empty());
        window->controlPanel()->setN(std::uint64_t{1} << 24);
        window->findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(200);
        window->runSelected();
        QVERIFY(window->jobs()->isBusy());
        QTest::qWait(300);
        QElapsedTimer timer;
        timer.start();
        window->close();
        delete window;
        // 200 repeats of 2^24 elements take many seconds; cancelling stops at the next repeat.
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
    }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
