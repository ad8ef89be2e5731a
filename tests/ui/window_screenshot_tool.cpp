// Takes the README's screenshots of the Determinism & accuracy window (the lesson's frontier
// step, run on the device) and of the Split across devices window (a split over two devices:
// scripts/screenshots.sh runs it with POCL_DEVICES="pthread pthread"). Run it under Xvfb.
#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <cstdio>

#include "lessons/determinism_lesson.h"
#include "screenshot_tools.h"
#include "tools/determinism_window.h"
#include "tools/split_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

bool determinismShot(const QString& out, QSize size) {
    DeterminismWindow window;
    window.resize(size);
    window.show();
    QSignalSpy ready(&window, &DeterminismWindow::devicesReady);
    if (!ready.wait(60000)) return false;
    const auto steps = determinismLessonSteps();
    // The last frontier step: the reproducible variant on the exact floor beside the others.
    int frontier = -1;
    for (int i = 0; i < static_cast<int>(steps.size()); ++i)
        if (steps[static_cast<std::size_t>(i)].chart == QLatin1String("frontier")) frontier = i;
    if (frontier < 0) return false;
    QSignalSpy finished(&window, &DeterminismWindow::studyFinished);
    window.setLessonVisible(true);
    window.openLessonStep(frontier);
    if (!finished.wait(600000)) return false;
    return saveShot(&window, QDir(out).filePath(QStringLiteral("screenshot-determinism.png")));
}

bool splitShot(const QString& out, QSize size) {
    SplitWindow window;
    window.resize(size);
    window.show();
    QSignalSpy ready(&window, &SplitWindow::devicesReady);
    if (!window.devicesKnown() && !ready.wait(60000)) return false;
    if (window.devices().size() < 2) {
        std::fprintf(stderr,
                     "the split screenshot wants two devices (POCL_DEVICES=\"pthread "
                     "pthread\")\n");
        return false;
    }
    for (std::size_t i = 0; i < window.devices().size(); ++i) window.setDeviceChecked(i, true);
    window.setProblem(Operation::Sum, ElementType::Float32, std::uint64_t{1} << 24);
    // Even: PoCL's two devices share the same cores, so a balanced split's calibration (each
    // device alone) does not describe them running together.
    window.setPolicy(SplitPolicy::Even);
    window.setRepeats(5);
    QSignalSpy finished(&window, &SplitWindow::splitFinished);
    if (!window.start() || !finished.wait(600000)) return false;
    return saveShot(&window, QDir(out).filePath(QStringLiteral("screenshot-split.png")));
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const auto target = startScreenshots(argc, argv);
    if (!target) return 2;
    const QString& out = target->folder;
    const QSize size = target->size;
    const bool determinism = determinismShot(out, size);
    const bool split = splitShot(out, size);
    return determinism && split ? 0 : 1;
}
