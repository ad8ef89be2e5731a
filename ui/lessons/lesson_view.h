// The lesson window: the optimization ladder step by step on the selected device. Each step shows
// its explanation, its kernel with the lines changed since the previous step marked (a real line
// diff of the embedded kernels/*.cl files), the step view of the previous and this variant, and
// the time and GB/s measured live through its own EngineJobs (off the GUI thread), with the
// speed-up over the previous and the first step. Exports a PDF handout.
#pragma once

#include <QWidget>
#include <optional>
#include <vector>

#include "common/engine_jobs.h"
#include "common/engine_metatypes.h"
#include "common/job_error.h"
#include "common/line_diff.h"
#include "common/translated_texts.h"
#include "lessons/lesson.h"
#include "lessons/lesson_measurements.h"

class QHBoxLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QSplitter;
class QTableWidget;
class QTextBrowser;
class QVBoxLayout;

namespace reducelab::ui {

class CodeView;
class PanelTraces;
class LadderChart;
class StepView;

class LessonView : public QWidget {
    Q_OBJECT
  public:
    explicit LessonView(QWidget* parent = nullptr);
    ~LessonView() override;

    // The device and problem (op, type, n, repeats, fill) the lesson measures. Clears the
    // measurements when they change.
    void setProblem(const DeviceInfo& device, const RunRequest& base);
    // Shows measurements made earlier (a restored session's): `results` on its device, point i
    // the measurement of step steps[i], its problem that of the points; then opens `step`.
    // Nothing is measured again.
    void showMeasurements(const ResultsFile& results, const std::vector<unsigned>& steps, int step);
    // The measured steps, in the chart's order (what showMeasurements takes back).
    const std::vector<unsigned>& chartSteps() const { return measurements_.chartSteps(); }

    const std::vector<LessonStep>& steps() const { return steps_; }
    int currentStep() const { return current_; }
    // Why step i cannot run here (translated), empty when it can.
    QString skipReason(int step) const;
    const std::optional<RunResult>& result(int step) const { return measurements_.result(step); }
    QString failure(int step) const { return measurements_.failure(step); }
    std::vector<LessonRow> rows() const;
    bool isMeasuring() const { return measureJob_.isPending(); }

    // What the widgets show (tests read them).
    QString titleText() const;
    QString explanationHtml() const;
    CodeView* codeView() const { return code_; }
    StepView* stepView() const { return stepView_; }
    QTableWidget* table() const { return table_; }
    LadderChart* chart() const { return chart_; }

    // The handout: every step's text and kernel diff, the chart and the measured table.
    // Returns an error message, empty on success.
    QString exportPdf(const QString& path);

  public slots:
    void setStep(int step);
    void next();
    void previous();
    void measureAll();
    void cancel();

  signals:
    void stepChanged(int step);
    void measured();  // the measurement of every available step finished
    void stepMeasured(const reducelab::RunResult& result);  // each step, as it is measured
    void traced();  // both step panels have a trace or a message
    void errorOccurred(const reducelab::ui::JobError& error);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    // The layout, built piece by piece: the step list on the left; on the right the heading (title,
    // problem, buttons), the explanation beside the kernel's diff, the step view, and the chart
    // beside the table.
    void buildLayout();
    void buildHeading(QVBoxLayout* right);
    QHBoxLayout* buildButtons();
    QSplitter* buildTextAndCode();
    QSplitter* buildChartAndTable();
    void connectWidgets();
    void retranslateUi();
    void showProblem();
    // The current step's title, explanation and diff legend, in the current language.
    void showStepTexts();
    void showPanelTitles();
    void fillStepList();
    void updateTable();
    void traceCurrent();
    void onPointMeasured(const SweepPoint& point);
    void measureEnded(const QString& status);
    std::optional<RunRequest> requestFor(int step) const;
    int previousSteppable(int step) const;
    // The nearest earlier step not skipped on this device (what the code diff compares with).
    int previousShown(int step) const;

    EngineJobs* jobs_ = nullptr;
    PanelTraces* traces_ = nullptr;
    std::vector<LessonStep> steps_;
    LessonMeasurements measurements_;  // the problem, each step's result, the chart's order
    int current_ = 0;
    bool claimShown_ = false;  // status_ holds the trace claim of the step shown

    QListWidget* list_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* problem_ = nullptr;
    QTextBrowser* explanation_ = nullptr;
    CodeView* code_ = nullptr;
    QLabel* diffLegend_ = nullptr;
    StepView* stepView_ = nullptr;
    QTableWidget* table_ = nullptr;
    LadderChart* chart_ = nullptr;
    QPushButton* prev_ = nullptr;
    QPushButton* next_ = nullptr;
    QPushButton* measure_ = nullptr;
    QPushButton* export_ = nullptr;
    QLabel* status_ = nullptr;
    DiffStats shownDiff_;  // the shown step's changes against the step before
    TranslatedTexts texts_;

    Job<ResultsFile, SweepPoint> measureJob_;
    std::vector<int> measuredSteps_;  // sweep index -> step
};

}  // namespace reducelab::ui
