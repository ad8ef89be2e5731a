// Every secondary window (the lesson, the kernel viewer, "try your own kernel", determinism, the
// split, the exercises, the error dialog) closes with Esc and with Ctrl+W, through its closeEvent:
// a window that refuses to close stays open, and "try your own kernel" keeps its edits for the next
// time.
#include <QApplication>
#include <QCloseEvent>
#include <QtTest>

#include "common/close_shortcuts.h"
#include "common/code_view.h"
#include "common/error_dialog.h"
#include "gui_test_support.h"
#include "lessons/lesson_view.h"
#include "shell/main_window.h"
#include "tools/custom_kernel_window.h"
#include "tools/determinism_window.h"
#include "tools/exercise_window.h"
#include "tools/kernel_viewer.h"
#include "tools/split_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

struct Key {
    Qt::Key key;
    Qt::KeyboardModifiers modifiers;
    const char* name;
};
const Key kCloseKeys[] = {{Qt::Key_Escape, Qt::NoModifier, "Esc"},
                          {Qt::Key_W, Qt::ControlModifier, "Ctrl+W"}};

// Shows `window` active; the key goes to its focus widget, as a user's would. (QWindow::isActive
// is true for a window whose transient parent is active, so wait for the application's.)
bool showActive(QWidget* window) {
    window->show();
    window->raise();
    window->activateWindow();
    return QTest::qWaitFor([window] { return QApplication::activeWindow() == window; }, 10000);
}

void press(QWidget* window, const Key& key) {
    QWidget* target = window->focusWidget() ? window->focusWidget() : window;
    QTest::keyClick(target, key.key, key.modifiers);
}

// A window with unsaved work: its closeEvent refuses.
class RefusingWindow : public QWidget {
  public:
    RefusingWindow() { installCloseShortcuts(this); }
    int asked = 0;

  protected:
    void closeEvent(QCloseEvent* event) override {
        ++asked;
        event->ignore();
    }
};

}  // namespace

class WindowKeysTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::isolateSettings(); }

    void everySecondaryWindowClosesWithEscAndCtrlW() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QVERIFY(test::waitForDevices(window));
        const std::vector<std::pair<const char*, std::function<QWidget*()>>> windows{
            {"lesson",
             [&] {
                 window.openLesson();
                 return window.lessonView();
             }},
            {"kernel viewer",
             [&] {
                 window.openKernelViewer();
                 return window.kernelViewer();
             }},
            {"custom kernel",
             [&] {
                 window.openCustomKernel();
                 return window.customKernelWindow();
             }},
            {"determinism",
             [&] {
                 window.openDeterminism();
                 return window.determinismWindow();
             }},
            {"split",
             [&] {
                 window.openSplit();
                 return window.splitWindow();
             }},
            {"exercises",
             [&] {
                 window.openExercises();
                 return window.exerciseWindow();
             }},
        };
        for (const auto& [name, open] : windows)
            for (const Key& key : kCloseKeys) {
                QWidget* secondary = open();
                QVERIFY2(secondary && showActive(secondary), name);
                press(secondary, key);
                QVERIFY2(!secondary->isVisible(),
                         qPrintable(QStringLiteral("%1 with %2")
                                        .arg(QLatin1String(name), QLatin1String(key.name))));
                // The main window itself keeps Esc for "cancel everything".
                QVERIFY(window.isVisible());
            }

        ErrorDialog dialog;
        for (const Key& key : kCloseKeys) {
            QVERIFY(showActive(&dialog));
            press(&dialog, key);
            QVERIFY2(!dialog.isVisible(), key.name);
        }
    }

    void closingKeepsTheCustomKernelsEdits() {
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QVERIFY(test::waitForDevices(window));
        window.openCustomKernel();
        CustomKernelWindow* editor = window.customKernelWindow();
        QVERIFY(showActive(editor));
        const QString edited = editor->editor()->toPlainText() + QStringLiteral("\n// mine\n");
        editor->editor()->setPlainText(edited);
        editor->editor()->setFocus();
        press(editor, kCloseKeys[1]);
        QVERIFY(!editor->isVisible());
        window.openCustomKernel();
        QVERIFY(editor->isVisible());
        QCOMPARE(editor->editor()->toPlainText(), edited);
    }

    void aWindowThatRefusesToCloseStaysOpen() {
        RefusingWindow refusing;
        for (const Key& key : kCloseKeys) {
            QVERIFY(showActive(&refusing));
            const int before = refusing.asked;
            press(&refusing, key);
            QCOMPARE(refusing.asked, before + 1);
            QVERIFY2(refusing.isVisible(), key.name);
        }
    }
};

QTEST_MAIN(WindowKeysTest)
#include "window_keys_test.moc"
