// Converting the teaching windows' state to and from a session's version 3 and 4 sections.
#include "shell/teaching_session.h"

#include "charts/ladder_chart.h"
#include "common/engine_text.h"
#include "lessons/lesson_view.h"
#include "shell/teaching_windows.h"
#include "tools/determinism_frontier.h"
#include "tools/determinism_histogram.h"
#include "tools/determinism_window.h"
#include "tools/exercise_window.h"
#include "tools/split_window.h"

namespace reducelab::ui::TeachingSession {
namespace {

const char* const kDeterminismTab = "determinism";

}  // namespace

void save(const TeachingWindows& windows, SessionFile& session) {
    if (const LessonView* lesson = windows.lesson()) {
        SessionLesson saved;
        saved.step = static_cast<unsigned>(lesson->currentStep());
        if (!lesson->chart()->results().points.empty()) {
            saved.results = lesson->chart()->results();
            saved.steps = lesson->chartSteps();
        }
        session.lesson = saved;
    }
    if (const DeterminismWindow* window = windows.determinism()) {
        session.tabs[kDeterminismTab] =
            window->currentChart() == DeterminismWindow::Chart::Frontier ? "frontier" : "histogram";
        const auto& variants = window->histogram()->variants();
        if (!variants.empty()) {
            SessionDeterminism study;
            study.type = window->frontier()->type();
            study.input = window->frontier()->inputName().toStdString();
            study.device = window->frontier()->deviceName().toStdString();
            study.shown = window->histogram()->shownVariant().toStdString();
            study.variants = variants;
            study.settings = window->studySettings();
            session.determinism = std::move(study);
        }
    }
    if (const SplitWindow* split = windows.split())
        if (split->result()) session.split = *split->result();
    // Only once the student has done something: an opened window alone stays version 3.
    if (const ExerciseWindow* exercises = windows.exercises())
        if (SessionExercises saved = exercises->saveState(); !saved.progress.empty())
            session.exercises = std::move(saved);
}

void restore(TeachingWindows& windows, const SessionFile& session) {
    if (const auto& lesson = session.lesson) {
        LessonView* view = windows.makeLesson();
        if (lesson->results)
            view->showMeasurements(*lesson->results, lesson->steps, static_cast<int>(lesson->step));
        else
            view->setStep(static_cast<int>(lesson->step));
    }
    const auto tab = session.tabs.find(kDeterminismTab);
    if (session.determinism || tab != session.tabs.end()) {
        DeterminismWindow* window = windows.makeDeterminism();
        if (const auto& study = session.determinism) {
            window->showStudy(study->variants, study->type, qs(study->input), qs(study->device),
                              qs(study->shown), study->settings);
        }
        if (tab != session.tabs.end())
            window->showChart(tab->second == "frontier" ? DeterminismWindow::Chart::Frontier
                                                        : DeterminismWindow::Chart::Histogram);
    }
    if (session.split) windows.makeSplit()->showResult(*session.split);
    if (session.exercises) windows.makeExercises()->restoreState(*session.exercises);
}

}  // namespace reducelab::ui::TeachingSession
