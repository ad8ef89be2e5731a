// The teaching windows in a .reducelab session (version 3, reducelab/session_file.h): the
// lesson's step and measurements, the determinism study as its charts show it, the split
// window's last result and the determinism window's chart tab; version 4: the exercises window's
// progress, hints and edits. Saving reads the windows that
// exist; restoring makes them (hidden) and fills them, so that they show the data when opened,
// without measuring again.
#pragma once

#include "reducelab/session_file.h"

namespace reducelab::ui {

class TeachingWindows;

namespace TeachingSession {

void save(const TeachingWindows& windows, SessionFile& session);
void restore(TeachingWindows& windows, const SessionFile& session);

}  // namespace TeachingSession
}  // namespace reducelab::ui
