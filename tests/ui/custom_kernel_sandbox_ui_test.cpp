// "Try your own kernel" with student code that never finishes or crashes (issue 12): the kernel
// runs in a child process, so the window stays responsive, Cancel ends the child and reports the
// cancellation, a timeout and a crash are reported in words. Before the sandbox the endless
// kernel hung the engine thread for good (and the test until CTest's TIMEOUT).
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>

#include "common/code_view.h"
#include "gui_test_support.h"
#include "shell/main_window.h"
#include "step/step_canvas.h"
#include "step/step_view.h"
#include "tools/custom_kernel_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

// The contiguous kernel's body replaced by `body`.
QString contiguousWith(const QString& body) {
    return QStringLiteral(
               "__kernel void reduce_contiguous(__global const T* in, __global const T* in2, "
               "const ulong n,\n    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {\n") +
           body + QStringLiteral("\n}\n");
}

const QString kEndless =
    contiguousWith(QStringLiteral("    for (;;) ((volatile __global ACC*)out)[get_group_id(0)] = "
                                  "load_item(in, in2, 0);"));
// Endless, but with the trace hooks, so that "Step it" traces it (in a child as well).
const QString kEndlessTraceable =
    contiguousWith(QStringLiteral("    for (;;) ((volatile __global ACC*)out)[get_group_id(0)] = "
                                  "load_item(in, in2, 0);\n"
                                  "    TRACE_SNAPSHOT(scratch, 0)\n"
                                  "    TRACE_ACCESS(1, 0, 1, 0)"));
const QString kOutOfBounds =
    contiguousWith(QStringLiteral("    for (ulong k = 0; k < 64; ++k)\n"
                                  "        out[get_global_id(0) + (k << 36) + ((ulong)1 << 40)] = "
                                  "load_item(in, in2, 0);"));

// This process's child running a student's kernel (reducelab-cli --custom-kernel-child), found
// through /proc; 0 when there is none.
qint64 kernelChild() {
    const QString self = QString::number(QCoreApplication::applicationPid());
    for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (pid.toLongLong() <= 0 || !stat.open(QIODevice::ReadOnly)) continue;
        const QString text = QString::fromLatin1(stat.readAll());
        // After the command name in parentheses: the state, then the parent's pid.
        const QStringList fields = text.mid(text.lastIndexOf(u')') + 2).split(u' ');
        if (fields.size() < 2 || fields[1] != self) continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (cmdline.open(QIODevice::ReadOnly) &&
            cmdline.readAll().contains("--custom-kernel-child"))
            return pid.toLongLong();
    }
    return 0;
}

QString statusText(QWidget& root) {
    auto* label = root.findChild<QLabel*>(QStringLiteral("customStatus"));
    return label ? label->text() : QString();
}

}  // namespace

class CustomKernelSandboxUiTest : public QObject {
    Q_OBJECT
  private:
    MainWindow* window_ = nullptr;
    CustomKernelWindow* editor_ = nullptr;

    void start(const QString& text) {
        editor_->startFrom(QStringLiteral("contiguous"));
        editor_->editor()->setPlainText(text);
        editor_->check();
        QVERIFY(editor_->isBusy());
        QVERIFY(editor_->cancelButton()->isEnabled());
    }

  private slots:
    void initTestCase() {
        QVERIFY2(qEnvironmentVariableIsSet("REDUCELAB_KERNEL_WORKER"), "set by CTest");
        test::isolateSettings();
        MainWindowOptions options;
        options.traceAtStart = false;
        window_ = new MainWindow(options);
        QVERIFY(test::waitForDevices(*window_));
        window_->openCustomKernel();
        editor_ = window_->customKernelWindow();
        QVERIFY(editor_);
    }
    void cleanupTestCase() { delete window_; }

    void cancelEndsAnEndlessKernel() {
        editor_->setTimeoutSeconds(0);  // no limit: only Cancel can end it
        QSignalSpy checked(editor_, &CustomKernelWindow::checked);
        start(kEndless);
        // The child starts once the engine's queue reaches the check (after the window's own
        // start-up work on a loaded machine): wait for it, with a bound only against a hang.
        qint64 child = 0;
        QTRY_VERIFY2_WITH_TIMEOUT((child = kernelChild()) > 0, "no child runs the kernel", 60000);
        // The GUI thread keeps serving events while the kernel spins in the child.
        int ticks = 0;
        QTimer tick;
        connect(&tick, &QTimer::timeout, [&] { ++ticks; });
        tick.start(20);
        QTest::qWait(3000);
        QVERIFY2(ticks > 50, QByteArray::number(ticks));
        QVERIFY(checked.isEmpty());
        QVERIFY(editor_->isBusy());
        QVERIFY2(QFile::exists(QStringLiteral("/proc/%1").arg(child)), "the child ended by itself");
        QTest::mouseClick(editor_->cancelButton(), Qt::LeftButton);
        // A generous bound only against a hang: the check is that the child is gone (killed and
        // reaped) when the window reports the cancel, however loaded the machine.
        QVERIFY(checked.wait(60000));
        QVERIFY2(!QFile::exists(QStringLiteral("/proc/%1").arg(child)),
                 qPrintable(QStringLiteral("the child %1 outlived the cancel").arg(child)));
        QVERIFY(!editor_->isBusy());
        QVERIFY(!editor_->cancelButton()->isEnabled());
        QCOMPARE(statusText(*editor_), QStringLiteral("Cancelled"));
        QVERIFY(editor_->report()->toPlainText().contains("Cancelled"));
        QVERIFY(!editor_->result());
    }

    void endlessKernelStopsAtTheTimeout() {
        editor_->setTimeoutSeconds(3);
        QSignalSpy checked(editor_, &CustomKernelWindow::checked);
        start(kEndless);
        QVERIFY(checked.wait(90000));  // only against a hang: the limit is the 3 s
        QVERIFY(!editor_->isBusy());
        const QString status = statusText(*editor_);
        QVERIFY2(status.contains("did not finish within 3 s"), qPrintable(status));
        QVERIFY(editor_->report()->toPlainText().contains("did not finish within 3 s"));
    }

    void steppingAnEndlessKernelStopsAtTheTimeout() {
        editor_->setTimeoutSeconds(3);
        editor_->startFrom(QStringLiteral("contiguous"));
        editor_->editor()->setPlainText(kEndlessTraceable);
        QSignalSpy traced(editor_, &CustomKernelWindow::traced);
        QElapsedTimer clock;
        clock.start();
        editor_->step();
        QVERIFY(traced.wait(30000));
        QVERIFY2(clock.elapsed() < 20000, QByteArray::number(clock.elapsed()));
        // The catalog's original is stepped; the student's copy reports the timeout.
        QVERIFY(editor_->stepView()->canvas(0)->roundCount() > 0);
        const QString message = editor_->stepView()->canvas(1)->message();
        QVERIFY2(message.contains("did not finish within 3 s"), qPrintable(message));
    }

    void crashingKernelIsReportedByItsSignal() {
        editor_->setTimeoutSeconds(60);
        QSignalSpy checked(editor_, &CustomKernelWindow::checked);
        start(kOutOfBounds);
        QVERIFY(checked.wait(60000));
        const QString status = statusText(*editor_);
        QVERIFY2(status.contains("crashed its process with signal 11 (Segmentation fault)"),
                 qPrintable(status));
        // The window still works: a right kernel verifies after the crash.
        editor_->startFrom(QStringLiteral("contiguous"));
        editor_->check();
        QVERIFY(checked.wait(120000));
        QVERIFY(editor_->result());
        QVERIFY(editor_->result()->verified);
    }
};

QTEST_MAIN(CustomKernelSandboxUiTest)
#include "custom_kernel_sandbox_ui_test.moc"
