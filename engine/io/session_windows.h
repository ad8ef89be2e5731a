// The version 3 sections of a session file (reducelab/session_file.h): the selected tabs, the
// lesson, the determinism study and the split, written and read strictly here so that
// session_file.cpp keeps the traces and the main window's workspace.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/session_file.h"

namespace reducelab::detail {

// Whether the session holds any version 3 section.
bool has_teaching_windows(const SessionFile& session);
// Adds the sections the session holds to `out`.
void write_teaching_windows(const SessionFile& session, nlohmann::json& out);
// Reads the sections `j` holds; refuses them (Error(Io)) in a file older than version 3.
void read_teaching_windows(const nlohmann::json& j, std::uint64_t version, SessionFile& session);

// Version 4: the exercises window (session_exercises.cpp).
void write_exercises(const SessionFile& session, nlohmann::json& out);
// Refuses (Error(Io)) the section in a file older than version 4.
void read_exercises(const nlohmann::json& j, std::uint64_t version, SessionFile& session);

}  // namespace reducelab::detail
