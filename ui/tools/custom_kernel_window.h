// "Try your own kernel": the student edits a copy of a tree variant's file; ReduceLab builds it
// (the build log's line numbers are links that jump to the line), verifies it against the CPU on
// several sizes work-group by work-group, times it and, when it keeps the trace hooks, steps it
// beside the catalog's original. Runs through its own EngineJobs, off the GUI thread.
#pragma once

#include <optional>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "common/job_error.h"
#include "reducelab/sandbox.h"
#include "tools/tool_window.h"

class QComboBox;
class QPushButton;
class QTextBrowser;

namespace reducelab::ui {

class CodeView;
class PanelTraces;
class StepView;

class CustomKernelWindow : public ToolWindow {
    Q_OBJECT
  public:
    explicit CustomKernelWindow(QWidget* parent = nullptr);
    ~CustomKernelWindow() override;

    void setProblem(const DeviceInfo& device, Operation op, ElementType type,
                    AccumulatorMode accumulator);
    // Starts from a fresh copy of the variant's file.
    void startFrom(const QString& variant);
    // The editor's text differs from the catalog's copy it started from.
    bool hasEdits() const;

    QString baseVariant() const;
    QString fileName() const;
    CodeView* editor() const { return editor_; }
    StepView* stepView() const { return stepView_; }
    QTextBrowser* buildLog() const { return log_; }
    QTextBrowser* report() const { return report_; }
    // Source lines the build log links to, in order.
    QList<int> buildLogLines() const { return logLines_; }
    const std::optional<CustomKernelResult>& result() const { return result_; }
    QPushButton* cancelButton() const { return cancel_; }
    // The limit on one check, in seconds (0: none); the kernel runs in a child process.
    void setTimeoutSeconds(double seconds) { timeoutSeconds_ = seconds; }
    double timeoutSeconds() const { return timeoutSeconds_; }
    bool isBusy() const;
    // Follows a build-log link ("line:15"): the editor's cursor goes to that line.
    void openLogLink(const QUrl& link);

  public slots:
    void check();
    // Ends a running check (its child process is killed).
    void cancelCheck();
    void step();

  signals:
    void checked();  // the check finished, failed or was cancelled
    void traced();

  protected:
    void retranslate() override;

  private:
    // Asks Discard / Cancel when the editor has edits; true when they may go.
    bool mayDiscardEdits();
    void showIntro();
    void showPanelTitles();
    void checkEnded();
    void checkFailed(const JobError& error);
    void showBuildLog(const JobError& error);
    void showResult(const CustomKernelResult& result);

    PanelTraces* traces_ = nullptr;
    std::optional<DeviceInfo> device_;
    Operation op_ = Operation::Sum;
    ElementType type_ = ElementType::Int32;
    AccumulatorMode accumulator_ = AccumulatorMode::Default;

    QComboBox* base_ = nullptr;
    QPushButton* reset_ = nullptr;
    QPushButton* check_ = nullptr;
    QPushButton* step_ = nullptr;
    QPushButton* cancel_ = nullptr;
    double timeoutSeconds_ = sandbox::kDefaultTimeoutSeconds;
    CodeView* editor_ = nullptr;
    QTextBrowser* report_ = nullptr;
    QTextBrowser* log_ = nullptr;
    StepView* stepView_ = nullptr;
    QList<int> logLines_;
    QString copyOf_;  // the variant whose catalog copy the editor started from
    std::optional<CustomKernelResult> result_;
    Job<CustomKernelResult> checkJob_;
    bool introShown_ = false;  // the report shows the starting instructions
    bool stepped_ = false;     // the step view shows (or traces) this window's panels
};

}  // namespace reducelab::ui
