// Lessons → Exercises: the course's pack (reducelab/exercise.h) with the student's progress, the
// problem statement in the GUI's language, hints revealed one by one, the editor holding the
// starter kernel, Check running the grader (reducelab/grader.h) off the GUI thread with progress
// and Cancel, each check's result beside the code, and the student's traced work-group beside the
// reference variant's in the step view. Each exercise keeps its own edits, hints and result while
// the student moves between them; a session saves them (ui/teaching_session.h).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "common/job_error.h"
#include "reducelab/exercise.h"
#include "reducelab/grader.h"
#include "reducelab/session_file.h"
#include "tools/tool_window.h"

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTextBrowser;

namespace reducelab::ui {

class CodeView;
class PanelTraces;
class StepView;

class ExerciseWindow : public ToolWindow {
    Q_OBJECT
  public:
    // `pack`: the exercises to show; default: default_exercise_pack() (the embedded course, or
    // $REDUCELAB_EXERCISES).
    explicit ExerciseWindow(QWidget* parent = nullptr,
                            std::optional<ExercisePack> pack = std::nullopt);
    ~ExerciseWindow() override;

    // The device the grader runs the student's kernel on.
    void setDevice(const DeviceInfo& device);
    const ExercisePack& pack() const { return pack_; }

    // Shows the exercise `id` (its own edits, hints and last result); false when there is none.
    bool showExercise(const QString& id);
    QString currentExercise() const;
    ExerciseProgress progress(const QString& id) const;
    int hintsShown(const QString& id) const;
    // The editor's text differs from the current exercise's starter.
    bool hasEdits() const;
    // The last grade of the current exercise in this run of the program.
    const std::optional<GradeReport>& report() const;
    bool isBusy() const;

    // What a session keeps, and putting it back (unknown ids are left out).
    SessionExercises saveState() const;
    void restoreState(const SessionExercises& state);

    // The grader's settings: the limit on one sandbox child (0: none), Oclgrind for race-free
    // (empty: on PATH; "none": skipped) and the fast check's timed runs.
    void setTimeoutSeconds(double seconds) { options_.timeout_seconds = seconds; }
    void setOclgrind(const QString& oclgrind) { options_.oclgrind = oclgrind.toStdString(); }
    void setRepeat(int repeat) { options_.repeat = repeat; }

    QListWidget* list() const { return list_; }
    QTextBrowser* statement() const { return statement_; }
    CodeView* editor() const { return editor_; }
    QTextBrowser* results() const { return results_; }
    StepView* stepView() const { return stepView_; }
    QPushButton* checkButton() const { return check_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* hintButton() const { return hint_; }
    QPushButton* resetButton() const { return reset_; }
    QProgressBar* progressBar() const { return progressBar_; }
    QLabel* status() const { return statusLabel(); }

  public slots:
    void check();
    // Ends a running check: its sandbox child is killed.
    void cancelCheck();
    void showNextHint();
    // Puts the starter back, asking first when the editor has edits.
    void startAgain();

  signals:
    void checked();  // the check finished, failed or was cancelled
    void traced();   // both step panels have a trace, or say why not
    void progressChanged(const QString& id);

  protected:
    void retranslate() override;
    void closeEvent(QCloseEvent* event) override;

  private:
    // One exercise as the student left it.
    struct State {
        ExerciseProgress status = ExerciseProgress::NotTried;
        int hints = 0;
        std::optional<QString> kernel;  // the editor's text, once shown
        std::optional<GradeReport> report;
    };

    const Exercise* current() const;
    State& state(const std::string& id);
    const State* findState(const std::string& id) const;
    void keepEditorText();
    void fillList();
    void showListItem(int row);
    void showStatement();
    void showResults();
    void showPanelTitles();
    void gradeEnded();
    void gradeFinished(const std::string& id, const GradeReport& report);
    void showGradeProgress(const GradeProgress& progress);
    void traceBoth(const Exercise& exercise, const GradeReport& report);
    // The step view's Trace: both panels again at the view's own settings.
    void traceAtViewSettings();
    // Both panels say why a one-launch exercise is not stepped.
    void skipOneLaunch();
    bool mayDiscardEdits();

    // Before pack_: the pack's loading sets it.
    QString packError_;  // why $REDUCELAB_EXERCISES was not read (the embedded pack is shown)
    ExercisePack pack_;
    std::map<std::string, State> states_;
    std::string currentId_;
    std::string checkingId_;
    std::optional<DeviceInfo> device_;
    GraderOptions options_;
    PanelTraces* traces_ = nullptr;
    Job<GradeReport, GradeProgress> gradeJob_;
    bool stepped_ = false;

    QListWidget* list_ = nullptr;
    QTextBrowser* statement_ = nullptr;
    QPushButton* hint_ = nullptr;
    QPushButton* reset_ = nullptr;
    QPushButton* check_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progressBar_ = nullptr;
    CodeView* editor_ = nullptr;
    QTextBrowser* results_ = nullptr;
    StepView* stepView_ = nullptr;
};

}  // namespace reducelab::ui
