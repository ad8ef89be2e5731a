// Grading a class: every student's submissions against a pack (exercise.h, grader.h), one row per
// student, exercise and check, as CSV. A submission that does not build, crashes, hangs or is
// wrong is a failed row; the others are graded all the same. Qt-free.
#pragma once

#include <filesystem>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "reducelab/exercise.h"
#include "reducelab/grader.h"

namespace reducelab {

// One submission: SUBMISSIONS/<student>/<exercise id>.cl.
struct Submission {
    std::string student;
    std::string exercise;  // the file's stem
    std::filesystem::path file;
};

// The submissions of a folder, by student then exercise. Throws Error(Io) when the folder cannot
// be read; a student folder with no .cl file gives no submission.
std::vector<Submission> find_submissions(const std::filesystem::path& folder);

struct GradeRow {
    std::string student;
    std::string exercise;
    std::string check;   // a check's name, or "submission" when the file could not be graded
    std::string status;  // pass, fail, skipped
    std::string figure;
    std::string message;
};

// Grades each submission in turn; `on_submission` (optional) is called before each one.
// Error(Cancelled) when `stop` is requested.
std::vector<GradeRow> grade_class(
    const ExercisePack& pack, const std::vector<Submission>& submissions,
    const GraderOptions& options,
    const std::function<void(const Submission&, std::size_t index)>& on_submission = {},
    std::stop_token stop = {});

// student,exercise,check,status,figure,message (RFC 4180, csv.h).
std::string grades_csv(const std::vector<GradeRow>& rows);

}  // namespace reducelab
