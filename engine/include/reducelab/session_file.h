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
// and lets "traces" be empty. A version 2 reader that predates charts and cards ignores them. Files
// without those fields are written as version 1, so older readers still open trace-only sessions.
// Readers refuse a newer version and every missing, mistyped or inconsistent field.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reducelab/results_file.h"
#include "reducelab/trace_types.h"

namespace reducelab {

inline constexpr const char* kSessionFormat = "reducelab-session";
inline constexpr unsigned kSessionVersion = 2;  // unsigned: JSON readers see a non-negative integer

// A chart as it was shown: its name (the GUI's), its title and its points with their ceiling.
struct SessionChart {
    std::string name;
    std::string title;
    bool log_scale = false;
    ResultsFile results;
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
};

// The version to_json writes: 1 for a trace-only session, 2 when it holds results, settings,
// charts or cards.
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
