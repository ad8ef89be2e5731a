// "Try your own kernel" in the app: a broken copy shows its build log with clickable line numbers
// that move the editor's cursor; a wrong copy shows its first mismatching work-group with the
// device's and the CPU's values; a right one verifies, is timed and is stepped.
#include <QComboBox>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>

#include "common/code_view.h"
#include "common/units_text.h"
#include "gui_test_support.h"
#include "reducelab/catalog.h"
#include "reducelab/kernel_sources.h"
#include "shell/main_window.h"
#include "step/step_canvas.h"
#include "step/step_view.h"
#include "tools/custom_kernel_window.h"
#include "tools/kernel_viewer.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

QString replaced(QString text, const QString& from, const QString& to) {
    const qsizetype at = text.indexOf(from);
    if (at < 0) qFatal("missing: %s", qPrintable(from));
    return text.replace(at, from.size(), to);
}

// Presses `button` on the "discard your edits?" question as soon as it is shown; records that it
// was asked.
void answerDiscardQuestion(QMessageBox::StandardButton button, bool* asked) {
    *asked = false;
    QTimer::singleShot(0, [button, asked] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box || box->objectName() != QLatin1String("discardEditsBox")) return;
        *asked = true;
        box->button(button)->click();
    });
}

QString catalogCopy(const char* variant) {
    return QString::fromStdString(std::string(kernel_source(find_variant(variant).file)));
}

}  // namespace

class CustomKernelUiTest : public QObject {
    Q_OBJECT
  private:
    MainWindow* window_ = nullptr;
    CustomKernelWindow* editor_ = nullptr;

    bool checkNow() {
        QSignalSpy checked(editor_, &CustomKernelWindow::checked);
        editor_->check();
        return checked.wait(300000);
    }

  private slots:
    void initTestCase() {
        test::isolateSettings();
        MainWindowOptions options;
        options.traceAtStart = false;
        window_ = new MainWindow(options);
        QVERIFY(test::waitForDevices(*window_));
        window_->openCustomKernel();
        editor_ = window_->customKernelWindow();
        QVERIFY(editor_);
        QVERIFY(editor_->isVisible());
    }
    void cleanupTestCase() { delete window_; }

    void brokenKernelShowsItsBuildLogWithClickableLines() {
        editor_->startFrom(QStringLiteral("contiguous"));
        QCOMPARE(editor_->fileName(), QStringLiteral("my_contiguous.cl"));
        const QString text = editor_->editor()->toPlainText();
        QVERIFY(text.contains("reduce_contiguous"));
        // Line 15 loses its semicolon.
        editor_->editor()->setPlainText(replaced(text, "load_item(in, in2, i) : IDENTITY;",
                                                 "load_item(in, in2, i) : IDENTITY"));
        QVERIFY(checkNow());
        QVERIFY(!editor_->result());
        const QString log = editor_->buildLog()->toPlainText();
        QVERIFY2(log.contains("my_contiguous.cl:"), qPrintable(log));
        QVERIFY(log.contains("error"));
        QVERIFY(!editor_->buildLogLines().isEmpty());
        const int line = editor_->buildLogLines().front();
        QVERIFY2(line == 15 || line == 16, QByteArray::number(line));
        QVERIFY(editor_->buildLog()->toHtml().contains(QStringLiteral("line:%1").arg(line)));
        // The error line is marked, and clicking the location moves the cursor there.
        QVERIFY(editor_->editor()->lineMarks().contains(line));
        editor_->editor()->goToLine(1);
        QCOMPARE(editor_->editor()->currentLine(), 1);
        emit editor_->buildLog()->anchorClicked(QUrl(QStringLiteral("line:%1").arg(line)));
        QCOMPARE(editor_->editor()->currentLine(), line);
        QVERIFY(editor_->report()->toPlainText().contains("Build failed"));
    }

    void wrongKernelShowsTheFirstMismatchingWorkGroup() {
        editor_->startFrom(QStringLiteral("contiguous"));
        editor_->editor()->setPlainText(replaced(
            editor_->editor()->toPlainText(), "if (tid == 0) store_group_result(out, scratch[0]);",
            "if (tid == 0) store_group_result(out, get_group_id(0) == 3 ? "
            "combine(scratch[0], (ACC)1) : scratch[0]);"));
        QSignalSpy traced(editor_, &CustomKernelWindow::traced);
        QVERIFY(checkNow());
        QVERIFY(editor_->result());
        const CustomKernelResult& r = *editor_->result();
        QVERIFY(!r.verified);
        const CustomSizeCheck* wrong = nullptr;
        for (const CustomSizeCheck& c : r.checks)
            if (c.first_mismatch && !wrong) wrong = &c;
        QVERIFY(wrong);
        QCOMPARE(wrong->first_mismatch->group, 3u);
        QCOMPARE(wrong->mismatched_groups, 1u);
        QCOMPARE(wrong->first_mismatch->device.i, wrong->first_mismatch->reference.i + 1);
        const QString report = editor_->report()->toPlainText();
        QVERIFY2(report.contains("First mismatching work-group"), qPrintable(report));
        QVERIFY(report.contains(QStringLiteral("work-group 3,")));
        QVERIFY(report.contains(QString::fromStdString(wrong->first_mismatch->device.to_string())));
        QVERIFY(
            report.contains(QString::fromStdString(wrong->first_mismatch->reference.to_string())));
        QVERIFY(report.contains("Wrong results"));
        // It keeps the trace hooks, so it is stepped beside the original (group 0 is right).
        if (traced.isEmpty()) QVERIFY(traced.wait(120000));
        QVERIFY(editor_->stepView()->canvas(0)->roundCount() > 0);
        QVERIFY(editor_->stepView()->canvas(1)->roundCount() > 0);
    }

    void rightKernelVerifiesIsTimedAndStepped() {
        editor_->startFrom(QStringLiteral("first-add"));
        QSignalSpy traced(editor_, &CustomKernelWindow::traced);
        QVERIFY(checkNow());
        QVERIFY(editor_->result());
        QVERIFY(editor_->result()->verified);
        QVERIFY(editor_->result()->checks.size() >= 3);
        QVERIFY(editor_->result()->gbps > 0);
        QVERIFY(editor_->report()->toPlainText().contains(
            units_text::gbpsNumber(editor_->result()->gbps)));
        if (traced.isEmpty()) QVERIFY(traced.wait(120000));
        QCOMPARE(editor_->stepView()->canvas(1)->roundCount(),
                 editor_->stepView()->canvas(0)->roundCount());
        QVERIFY(editor_->stepView()->canvas(1)->roundCount() > 0);
    }

    void startingAgainAsksBeforeLosingEdits() {
        editor_->startFrom(QStringLiteral("contiguous"));
        auto* reset = editor_->findChild<QPushButton*>(QStringLiteral("customReset"));
        auto* base = editor_->findChild<QComboBox*>(QStringLiteral("customBase"));
        QVERIFY(reset && base);
        bool asked = true;
        // No edits: nothing to ask.
        answerDiscardQuestion(QMessageBox::Cancel, &asked);
        reset->click();
        QVERIFY(!asked);
        QVERIFY(!editor_->hasEdits());

        const QString edited = catalogCopy("contiguous") + QStringLiteral("\n// my idea\n");
        editor_->editor()->setPlainText(edited);
        QVERIFY(editor_->hasEdits());
        answerDiscardQuestion(QMessageBox::Cancel, &asked);
        reset->click();
        QVERIFY(asked);
        QCOMPARE(editor_->editor()->toPlainText(), edited);

        // Another base variant throws the edits away too: the same question.
        answerDiscardQuestion(QMessageBox::Cancel, &asked);
        base->setCurrentText(QStringLiteral("first-add"));
        QVERIFY(asked);
        QCOMPARE(editor_->baseVariant(), QStringLiteral("contiguous"));
        QCOMPARE(editor_->editor()->toPlainText(), edited);

        answerDiscardQuestion(QMessageBox::Discard, &asked);
        reset->click();
        QVERIFY(asked);
        QCOMPARE(editor_->editor()->toPlainText(), catalogCopy("contiguous"));
        QVERIFY(!editor_->hasEdits());

        editor_->editor()->setPlainText(edited);
        answerDiscardQuestion(QMessageBox::Discard, &asked);
        base->setCurrentText(QStringLiteral("first-add"));
        QVERIFY(asked);
        QCOMPARE(editor_->baseVariant(), QStringLiteral("first-add"));
        QCOMPARE(editor_->editor()->toPlainText(), catalogCopy("first-add"));
    }

    void kernelViewerShowsSourcesAndBuildOptions() {
        window_->openKernelViewer();
        KernelViewer* viewer = window_->kernelViewer();
        QVERIFY(viewer);
        viewer->showEntry(QStringLiteral("vector"));
        QCOMPARE(viewer->currentEntry(), QStringLiteral("vector"));
        QVERIFY(viewer->codeView()->toPlainText().contains("reduce_vector"));
        QVERIFY(viewer->buildOptionsText().contains("-DOP_"));
        viewer->showEntry(QStringLiteral("work-group-builtin"));
        QVERIFY(viewer->buildOptionsText().contains("-cl-std=CL2.0"));
        // best's NVIDIA-only option is named, as on NVIDIA only; vector has none.
        viewer->showEntry(QStringLiteral("best"));
        QVERIFY(viewer->buildOptionsText().contains("-DRL_INLINE_PTX=1</code> on NVIDIA"));
        QVERIFY(!viewer->buildOptionsText().section("</code>", 0, 0).contains("RL_INLINE_PTX"));
        viewer->showEntry(QStringLiteral("vector"));
        QVERIFY(!viewer->buildOptionsText().contains("RL_INLINE_PTX"));
        viewer->showEntry(QStringLiteral("common.cl"));
        QVERIFY(viewer->codeView()->toPlainText().contains("TRACE_SNAPSHOT"));
        // After a run, the options it really launched with are shown.
        viewer->setLaunchedOptions(QStringLiteral("vector"), QStringLiteral("-DOP_SUM -DXYZ"));
        viewer->showEntry(QStringLiteral("vector"));
        QVERIFY(viewer->buildOptionsText().contains("-DXYZ"));
    }
};

QTEST_MAIN(CustomKernelUiTest)
#include "custom_kernel_ui_test.moc"
