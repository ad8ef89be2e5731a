// The workspace as a .reducelab session (engine/include/reducelab/session_file.h, version 3):
// the results table with where each row came from, the step view's traces, and the settings
// (controls, step view, charts, window layout and language) as strings. The main window saves it
// on close into the app's data location and restores it on the next start; File > Save session
// writes it anywhere, File > Open reads it back.
#pragma once

#include <QString>
#include <QStringList>
#include <map>
#include <string>

class QSettings;

namespace reducelab::ui::WorkspaceSession {

// Where the workspace is saved on close: <AppDataLocation>/workspace.reducelab.
QString autosavePath();

// The groups of QSettings a session carries.
QStringList settingGroups();

// `settings`' keys under settingGroups() as strings (byte arrays as "base64:…").
std::map<std::string, std::string> settingsToMap(QSettings& settings);
// The inverse: keys outside settingGroups() are ignored, so a session cannot write elsewhere.
void mapToSettings(const std::map<std::string, std::string>& values, QSettings& settings);

}  // namespace reducelab::ui::WorkspaceSession
