// Takes the README's screenshots of the real window (run it under Xvfb: scripts/screenshots.sh):
// the main window after a trace, a run and a sweep; the step view mid-animation; the tuning chart
// after Auto-tune; the window in presentation mode. Everything shown is measured on the device.
// The window is 1280x720, a classroom projector's size, unless the second argument says
// otherwise ("1920x1080").
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QScreen>
#include <QSpinBox>
#include <QTimer>
#include <cstdio>

#include "charts/performance_view.h"
#include "charts/throughput_chart.h"
#include "screenshot_tools.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "step/step_canvas.h"
#include "step/step_view.h"

using namespace reducelab::ui;

namespace {

void choose(QObject& root, const char* name, const QString& text) {
    if (auto* box = root.findChild<QComboBox*>(QString::fromLatin1(name))) {
        const int i = box->findText(text);
        if (i >= 0) box->setCurrentIndex(i);
    }
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const auto target = startScreenshots(argc, argv);
    if (!target) return 2;
    const QString& out = target->folder;
    const QSize size = target->size;

    MainWindowOptions options;
    options.traceAtStart = false;
    MainWindow window(options);
    window.resize(size);
    window.show();
    if (!window.devicesKnown() && !waitFor(&window, &MainWindow::devicesReady, 60000)) return 1;
    if (window.devices().empty()) {
        std::fprintf(stderr, "no OpenCL device\n");
        return 1;
    }
    if (!window.ceiling()) waitFor(&window, &MainWindow::ceilingChanged, 120000);

    // The classroom default: sum of a ramp, interleaved vs contiguous, 16 work-items, warps of 4.
    ControlPanel* controls = window.controlPanel();
    choose(window, "operationCombo", QStringLiteral("sum"));
    choose(window, "typeCombo", QStringLiteral("int32"));
    controls->setVariant(ControlPanel::Slot::A, QStringLiteral("interleaved"));
    controls->setVariant(ControlPanel::Slot::B, QStringLiteral("contiguous"));
    controls->setN(std::uint64_t{1} << 22);
    window.findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(5);
    choose(window, "stepLocalSize", QStringLiteral("16"));
    choose(window, "stepWarpWidth", QStringLiteral("4"));
    window.traceSelected();
    waitFor(&window, &MainWindow::traceCompleted, 120000);
    window.runSelected();
    waitFor(&window, &MainWindow::runCompleted, 120000);
    window.sweepLocalSizes();
    waitFor(&window, &MainWindow::sweepCompleted, 600000);
    window.performanceView()->setTuningLocalSize(128);
    waitFor(&window, &MainWindow::tuningMeasured, 120000);
    window.stepView()->setRound(2, false);
    if (qEnvironmentVariableIsSet("REDUCELAB_SCREENSHOT_SIZES"))
        for (QWidget* w : window.findChildren<QWidget*>())
            if (w->minimumSizeHint().width() > 500 && !w->objectName().isEmpty())
                std::printf("%s %s min %d\n", w->metaObject()->className(),
                            qPrintable(w->objectName()), w->minimumSizeHint().width());
    bool ok = saveShot(&window, QDir(out).filePath(QStringLiteral("screenshot-main.png")));

    // The step view mid-animation, on Harris's strided-index kernel (bank conflicts) against
    // contiguous addressing: 32 work-items, warps of 8, panels stacked; grab half way into round 2.
    StepView* step = window.stepView();
    controls->setVariant(ControlPanel::Slot::A, QStringLiteral("interleaved-strided"));
    choose(window, "stepLocalSize", QStringLiteral("32"));
    choose(window, "stepWarpWidth", QStringLiteral("8"));
    choose(window, "stepLayout", QStringLiteral("stacked"));
    window.traceSelected();
    waitFor(&window, &MainWindow::traceCompleted, 120000);
    window.showArea(MainWindow::Area::StepView);
    choose(window, "stepSpeed", QStringLiteral("0.25×"));
    step->setRound(1, false);
    step->stepForward();
    QElapsedTimer t;
    t.start();
    while (step->canvas(0)->progress() < 0.62 && t.elapsed() < 10000)
        QApplication::processEvents(QEventLoop::AllEvents, 5);
    step->pause();
    ok = saveShot(step, QDir(out).filePath(QStringLiteral("screenshot-step.png"))) && ok;
    window.showArea(MainWindow::Area::All);
    choose(window, "stepLayout", QStringLiteral("auto"));

    // The tuning chart after Auto-tune of the vector kernel, best configuration starred.
    controls->setVariant(ControlPanel::Slot::A, QStringLiteral("vector"));
    window.autoTune();
    waitFor(&window, &MainWindow::sweepCompleted, 600000);
    window.performanceView()->showChart(PerformanceView::Chart::LocalSize);
    window.showArea(MainWindow::Area::Charts);
    ok = saveShot(window.performanceView(),
                  QDir(out).filePath(QStringLiteral("screenshot-tuning.png"))) &&
         ok;
    window.showArea(MainWindow::Area::All);

    // Presentation mode: the classic pair as the back row sees it.
    controls->setVariant(ControlPanel::Slot::A, QStringLiteral("interleaved"));
    choose(window, "stepLocalSize", QStringLiteral("16"));
    choose(window, "stepWarpWidth", QStringLiteral("4"));
    window.traceSelected();
    waitFor(&window, &MainWindow::traceCompleted, 120000);
    window.setPresentationMode(true);
    window.showArea(MainWindow::Area::StepView);
    settle(500);
    step->last();
    ok = saveShot(&window, QDir(out).filePath(QStringLiteral("screenshot-presentation.png"))) && ok;
    window.setPresentationMode(false);
    return ok ? 0 : 1;
}
