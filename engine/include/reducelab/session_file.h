// The .reducelab session file: step traces saved to be replayed (HTML, GIF) or reopened later
// without an OpenCL device. Versioned JSON:
//   {"format": "reducelab-session", "version": 1, "tool": "reducelab-cli 0.1.0",
//    "created_utc": "2026-12-01T06:30:00Z", "traces": [<to_json(StepTrace)>, ...]}
// traces: one or more step traces of the same problem, shown side by side (trace_json.h).
// Readers refuse a newer version and every missing, mistyped or inconsistent field.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reducelab/trace_types.h"

namespace reducelab {

inline constexpr const char* kSessionFormat = "reducelab-session";
inline constexpr unsigned kSessionVersion = 1;  // unsigned: JSON readers see a non-negative integer

struct SessionFile {
    std::string tool;         // the program that wrote it
    std::string created_utc;  // ISO 8601
    std::vector<StepTrace> traces;
};

nlohmann::json to_json(const SessionFile& session);
// Strict: throws Error(Io) "session file: <where>: <why>" for the first bad field.
SessionFile session_from_json(const nlohmann::json& json);
// Throws Error(Io) naming the path when it cannot be read or parsed.
SessionFile read_session(const std::filesystem::path& path);
// Through write_file_safely.
void write_session(const std::filesystem::path& path, const SessionFile& session);

// The strict inverse of to_json(StepTrace), with the session file's messages.
StepTrace trace_from_json(const nlohmann::json& json, const std::string& where);

}  // namespace reducelab
