// The exercises window in a session file (version 4): the exercise shown and each exercise's
// progress, hints revealed and edited kernel, read strictly.
#include <array>
#include <utility>

#include "io/json_fields.h"
#include "io/session_windows.h"
#include "reducelab/error.h"

namespace reducelab {

namespace {

constexpr std::array<std::pair<ExerciseProgress, std::string_view>, 3> kProgressNames{{
    {ExerciseProgress::NotTried, "not_tried"},
    {ExerciseProgress::Failing, "failing"},
    {ExerciseProgress::Passed, "passed"},
}};

}  // namespace

std::string_view to_string(ExerciseProgress progress) {
    for (const auto& [value, name] : kProgressNames)
        if (value == progress) return name;
    return "not_tried";
}

std::optional<ExerciseProgress> parse_exercise_progress(std::string_view text) {
    for (const auto& [value, name] : kProgressNames)
        if (name == text) return value;
    return std::nullopt;
}

namespace detail {

using nlohmann::json;

namespace {

const JsonFields fields{"session file"};

// An exercise's id as the pack names its folders: lower case letters, digits and '-'.
bool is_exercise_id(const std::string& id) {
    if (id.empty() || id.size() > 64) return false;
    for (const char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

SessionExercise read_exercise(const json& j, const std::string& where) {
    if (!j.is_object()) fields.bad(where, "expected an object");
    SessionExercise exercise;
    const auto status = parse_exercise_progress(fields.get_string(j, "status", where));
    if (!status) fields.bad(where + ".status", "expected not_tried, failing or passed");
    exercise.status = *status;
    exercise.hints = fields.get_unsigned<unsigned>(j, "hints", where);
    if (exercise.hints > 100) fields.bad(where + ".hints", "more hints than an exercise has");
    if (j.contains("kernel")) exercise.kernel = fields.get_string(j, "kernel", where);
    return exercise;
}

}  // namespace

void write_exercises(const SessionFile& session, json& out) {
    if (!session.exercises) return;
    json progress = json::object();
    for (const auto& [id, exercise] : session.exercises->progress) {
        json entry{{"status", to_string(exercise.status)}, {"hints", exercise.hints}};
        if (exercise.kernel) entry["kernel"] = *exercise.kernel;
        progress[id] = std::move(entry);
    }
    out["exercises"] = {{"current", session.exercises->current}, {"progress", progress}};
}

void read_exercises(const json& j, std::uint64_t version, SessionFile& session) {
    if (!j.contains("exercises")) return;
    if (version < 4)
        fields.bad("exercises",
                   "a version 4 section in a version " + std::to_string(version) + " file");
    const json& e = j["exercises"];
    const std::string where = "exercises";
    if (!e.is_object()) fields.bad(where, "expected an object");
    SessionExercises exercises;
    exercises.current = fields.get_string(e, "current", where);
    if (!exercises.current.empty() && !is_exercise_id(exercises.current))
        fields.bad("exercises.current", "not an exercise id");
    const json& progress = fields.field(e, "progress", where);
    if (!progress.is_object()) fields.bad("exercises.progress", "expected an object");
    for (const auto& [id, entry] : progress.items()) {
        if (!is_exercise_id(id)) fields.bad("exercises.progress." + id, "not an exercise id");
        exercises.progress[id] = read_exercise(entry, "exercises.progress." + id);
    }
    session.exercises = std::move(exercises);
}

}  // namespace detail
}  // namespace reducelab
