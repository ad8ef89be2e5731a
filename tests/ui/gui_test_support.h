// Helpers shared by the GUI suites: isolated settings, waiting for devices, picking combo items.
#pragma once

#include <QComboBox>
#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QtTest>

#include "shell/control_panel.h"
#include "shell/main_window.h"

namespace reducelab::ui::test {

// Each suite starts from empty settings of its own, whatever ran before.
inline void isolateSettings() {
    QCoreApplication::setOrganizationName(QStringLiteral("ReduceLabTests"));
    QCoreApplication::setApplicationName(QCoreApplication::applicationName());
    QSettings().clear();
}

inline bool waitForDevices(MainWindow& window, int timeoutMs = 60000) {
    if (window.devicesKnown()) return true;
    QSignalSpy ready(&window, &MainWindow::devicesReady);
    return ready.wait(timeoutMs) || window.devicesKnown();
}

// The devices listed and the trace the window starts with shown.
inline bool waitForStartTrace(MainWindow& window) {
    if (!waitForDevices(window) || window.devices().empty()) return false;
    QSignalSpy traced(&window, &MainWindow::traceCompleted);
    return traced.wait(120000);
}

// Selects the item whose text is `text` in the combo box named `name`; fails the test otherwise.
inline void choose(QObject& root, const char* name, const char* text) {
    auto* box = root.findChild<QComboBox*>(QString::fromLatin1(name));
    QVERIFY2(box, name);
    const int i = box->findText(QString::fromUtf8(text));
    QVERIFY2(i >= 0, text);
    box->setCurrentIndex(i);
}

// Traces A = interleaved and B = contiguous (sum of int32, ramp input, warps of 4) at
// `localSize` in `window`'s step view; false when no device or no trace came.
inline bool traceInterleavedAndContiguous(MainWindow& window, const char* localSize) {
    if (!waitForDevices(window) || window.devices().empty()) return false;
    choose(window, "operationCombo", "sum");
    choose(window, "typeCombo", "int32");
    window.controlPanel()->setVariant(ControlPanel::Slot::A, QStringLiteral("interleaved"));
    window.controlPanel()->setVariant(ControlPanel::Slot::B, QStringLiteral("contiguous"));
    choose(window, "stepLocalSize", localSize);
    choose(window, "stepFill", "ramp 1, 2, 3…");
    choose(window, "stepWarpWidth", "4");
    QSignalSpy done(&window, &MainWindow::traceCompleted);
    window.traceSelected();
    return done.wait(120000);
}

}  // namespace reducelab::ui::test
