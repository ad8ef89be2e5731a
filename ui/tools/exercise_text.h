// The exercises window's words: an exercise's texts in the GUI's language, the progress marks of
// the list, and each check's result as HTML. The grader's sentences and figures come from the
// engine in English; the names of the checks and their verdicts are translated here.
#pragma once

#include <QString>

#include "reducelab/exercise.h"
#include "reducelab/grader.h"
#include "reducelab/session_file.h"

namespace reducelab::ui::ExerciseText {

// The exercise language that follows the installed translation: "en", "zh_CN" or "zh_TW".
QString language();
// The exercise's title, statement and hint in the GUI's language.
QString title(const Exercise& exercise);
QString statement(const Exercise& exercise);
QString hint(const Exercise& exercise, std::size_t index);

// "✔", "✖" or "○", and the words: "passed", "failing", "not tried".
QString progressMark(ExerciseProgress progress);
QString progressName(ExerciseProgress progress);
// "Correct", "Behaves", "Race-free", "Fast".
QString checkName(CheckName check);
QString statusName(CheckStatus status);

// The statement with the hints revealed so far, as HTML.
QString statementHtml(const Exercise& exercise, int hintsShown);
// Each check's verdict, figure and sentence as an HTML table.
QString reportHtml(const GradeReport& report);
// What the results pane says before the first check of an exercise.
QString introHtml(const Exercise& exercise);

}  // namespace reducelab::ui::ExerciseText
