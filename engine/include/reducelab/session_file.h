// The .reducelab session file: step traces saved to be replayed (HTML, GIF) or reopened later
// without an OpenCL device. Versioned JSON:
//   {"format": "reducelab-session", "version": 1, "tool": "reducelab-cli 0.1.0",
//    "created_utc": "2026-12-01T06:30:00Z", "traces": [<to_json(StepTrace)>, ...]}
// traces: one or more step traces of the same problem, shown side by side (trace_json.h).
// Version 2 (the GUI's workspace) adds, each optional:
//   "results": <to_json(ResultsFile)>, "result_sources": ["run", "sweep", ...] (one per point),
//   "settings": {"controls/variantA": "contiguous", ...} (names to strings, the GUI's choices),
//   "charts": [{"name": "local_size", "title": "...", "log_scale": false,
//               "results": <to_json(ResultsFile)>}, ...] (what each chart showed),
//   "cards": {"slots": [0, 1], "results": <to_json(ResultsFile)>} (the Run's result cards)
// and lets "traces" be empty. A version 2 reader that predates charts and cards ignores them.
// Version 3 (the teaching windows and the tabs) adds, each optional:
//   "tabs": {"performance": "ladder", "determinism": "frontier"} (each view's selected tab),
//   "lesson": {"step": 3, "steps": [0, 1, ...], "results": <to_json(ResultsFile)>} (the lesson's
//             current step and its measured chart; steps[i] is the step of results.points[i]),
//   "determinism": {"type": "float32", "input": "cancel", "device": "...", "shown": "kahan",
//                   "variants": [{"variant": ..., "report": <to_json(DeterminismReport)>,
//                                 "frontier": {"gbps": ..., "verified": ...}} or
//                                {"variant", "error"}],
//                   "settings": <to_json(DeterminismStudySettings)> (optional: sessions saved
//                               before it, and their frontiers' "verified", still open)},
//   "split": <to_json(SplitResult)> (the split window's last result).
// Version 4 (the exercises window) adds, optional:
//   "exercises": {"current": "divergence",
//                 "progress": {"divergence": {"status": "failing", "hints": 1,
//                                             "kernel": "..."}, ...}}
//   (the exercise shown; per exercise tried or opened: "not_tried", "failing" or "passed", the
//   hints revealed, and the student's kernel when it differs from the starter).
// Each file is written with the lowest version that holds what it has, so older readers still
// open what they can show; a reader refuses a version 3 field in an older version's file.
// Readers refuse a newer version and every missing, mistyped or inconsistent field.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/determinism_report.h"
#include "reducelab/determinism_study_types.h"
#include "reducelab/results_file.h"
#include "reducelab/split_plan.h"
#include "reducelab/trace_types.h"

namespace reducelab {

inline constexpr const char* kSessionFormat = "reducelab-session";
inline constexpr unsigned kSessionVersion = 4;  // unsigned: JSON readers see a non-negative integer

// A chart as it was shown: its name (the GUI's), its title and its points with their ceiling.
struct SessionChart {
    std::string name;
    std::string title;
    bool log_scale = false;
    ResultsFile results;
};

// The lesson window: its current step and what its chart and table show.
struct SessionLesson {
    unsigned step = 0;
    std::optional<ResultsFile> results = std::nullopt;  // the measured steps, with their device
    std::vector<unsigned> steps = {};                   // the step of each results point
};

// The determinism window's study as its charts show it.
struct SessionDeterminism {
    ElementType type = ElementType::Float32;
    std::string input;   // the fill's name, as the frontier's title shows it
    std::string device;  // the first device's name
    std::string shown;   // the variant the histogram shows
    // Each variant as the study gave it: its report (the histogram) and its timed run (the
    // frontier), or why it failed; written as to_json(DeterminismStudyVariant).
    std::vector<DeterminismStudyVariant> variants;
    // The settings it ran with (to_json(DeterminismStudySettings)), so that an export of the
    // restored study is the document the CLI writes; absent in sessions saved before.
    std::optional<DeterminismStudySettings> settings = std::nullopt;
};

// Where a student stands on one exercise of the exercises window.
enum class ExerciseProgress { NotTried, Failing, Passed };
std::string_view to_string(ExerciseProgress progress);  // "not_tried", "failing", "passed"
std::optional<ExerciseProgress> parse_exercise_progress(std::string_view text);

struct SessionExercise {
    ExerciseProgress status = ExerciseProgress::NotTried;
    unsigned hints = 0;                                // hints revealed
    std::optional<std::string> kernel = std::nullopt;  // the edited kernel, when edited
};

// The exercises window: the exercise shown and each exercise's progress, by id.
struct SessionExercises {
    std::string current;
    std::map<std::string, SessionExercise> progress = {};
};

struct SessionFile {
    std::string tool;         // the program that wrote it
    std::string created_utc;  // ISO 8601
    std::vector<StepTrace> traces;
    // Version 2: the measured results (their table order) and where each row came from.
    std::optional<ResultsFile> results = std::nullopt;
    std::vector<std::string> result_sources = {};
    std::map<std::string, std::string> settings = {};
    std::vector<SessionChart> charts = {};
    // The result cards: card_slots[i] is the slot (0 = A, 1 = B) of cards->points[i].
    std::optional<ResultsFile> cards = std::nullopt;
    std::vector<unsigned> card_slots = {};
    // Version 3: each view's selected tab, and the teaching windows' data.
    std::map<std::string, std::string> tabs = {};
    std::optional<SessionLesson> lesson = std::nullopt;
    std::optional<SessionDeterminism> determinism = std::nullopt;
    std::optional<SplitResult> split = std::nullopt;
    // Version 4: the exercises window.
    std::optional<SessionExercises> exercises = std::nullopt;
};

// The version to_json writes: 1 for a trace-only session, 2 when it holds results, settings,
// charts or cards, 3 when it holds tabs, the lesson, the determinism study or the split, 4 when
// it holds the exercises window.
unsigned session_version(const SessionFile& session);

nlohmann::json to_json(const SessionFile& session);
// Strict: throws Error(Io) "session file: <where>: <why>" for the first bad field (a cell outside
// its accumulator's type, more rounds than step mode records, ...), Error(InvalidArgument) for
// more cells than kMaxReplayCells (memory_limits.h), counted before any trace is built.
SessionFile session_from_json(const nlohmann::json& json);
// Throws Error(Io) naming the path when it cannot be read or parsed.
// read_session also refuses a key twice in one object (Error(Io)), and a file above
// kMaxSessionBytes or kMaxSessionJsonValues (Error(InvalidArgument)) before it builds the document.
SessionFile read_session(const std::filesystem::path& path);
// Through write_file_safely.
// Refuses (Error(InvalidArgument)) what read_session would refuse for its size.
void write_session(const std::filesystem::path& path, const SessionFile& session);

// The strict inverse of to_json(StepTrace), with the session file's messages.
StepTrace trace_from_json(const nlohmann::json& json, const std::string& where);

}  // namespace reducelab
