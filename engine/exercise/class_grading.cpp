// A class's submissions through the grader, one submission at a time, each in its own sandbox
// children: nothing one student's kernel does stops the next one from being graded.
#include "reducelab/class_grading.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "reducelab/csv.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"

namespace reducelab {

namespace fs = std::filesystem;

std::vector<Submission> find_submissions(const fs::path& folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        throw Error(ErrorKind::Io, folder.string() + ": not a folder");
    std::vector<Submission> found;
    for (const auto& student : fs::directory_iterator(folder, ec)) {
        if (!student.is_directory()) continue;
        for (const auto& file : fs::directory_iterator(student.path(), ec))
            if (file.path().extension() == ".cl")
                found.push_back(
                    {student.path().filename().string(), file.path().stem().string(), file.path()});
    }
    if (ec) throw Error(ErrorKind::Io, folder.string() + ": " + ec.message());
    std::ranges::sort(found, [](const Submission& a, const Submission& b) {
        return a.student != b.student ? a.student < b.student : a.exercise < b.exercise;
    });
    return found;
}

namespace {

// The submission's text, or why it cannot be read (not a regular file, too large).
std::string read_submission(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec))
        throw Error(ErrorKind::Io, file.string() + " is no regular file");
    if (fs::file_size(file, ec) > kMaxKernelOverrideBytes)
        throw Error(ErrorKind::Io, file.string() + " is above 1 MiB");
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) throw Error(ErrorKind::Io, file.string() + ": cannot be read");
    return text.str();
}

}  // namespace

std::vector<GradeRow> grade_class(
    const ExercisePack& pack, const std::vector<Submission>& submissions,
    const GraderOptions& options,
    const std::function<void(const Submission&, std::size_t index)>& on_submission,
    std::stop_token stop) {
    std::vector<GradeRow> rows;
    for (std::size_t k = 0; k < submissions.size(); ++k) {
        const Submission& s = submissions[k];
        if (stop.stop_requested()) throw Error(ErrorKind::Cancelled, "grading was cancelled");
        if (on_submission) on_submission(s, k);
        const auto refused = [&](const std::string& why) {
            rows.push_back({s.student, s.exercise, "submission", "fail", "", why});
        };
        const auto exercise = std::ranges::find(pack.exercises, s.exercise, &Exercise::id);
        if (exercise == pack.exercises.end()) {
            refused("no exercise '" + s.exercise + "' in the pack");
            continue;
        }
        try {
            const GradeReport report =
                grade_submission(*exercise, read_submission(s.file), options, stop);
            for (const CheckResult& c : report.checks)
                rows.push_back({s.student, s.exercise, std::string(to_string(c.check)),
                                std::string(to_string(c.status)), c.figure, c.sentence});
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::Cancelled) throw;
            refused(e.what());
        }
    }
    return rows;
}

std::string grades_csv(const std::vector<GradeRow>& rows) {
    std::vector<std::vector<CsvCell>> cells;
    for (const GradeRow& r : rows)
        cells.push_back({r.student, r.exercise, r.check, r.status, r.figure, r.message});
    return csv_table({"student", "exercise", "check", "status", "figure", "message"}, cells);
}

}  // namespace reducelab
