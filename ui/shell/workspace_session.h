// The workspace as a .reducelab session (engine/include/reducelab/session_file.h, version 3):
// the results table with where each row came from, the step view's traces, and the settings
// (controls, step view, charts, window layout and language) as strings. The main window saves it
// on close into the app's data location and restores it on the next start; File > Save session
// writes it anywhere, File > Open reads it back.
#pragma once

#include <QString>
#include <QStringList>
#include <functional>
#include <map>
#include <string>

#include "reducelab/session_file.h"

class QSettings;

namespace reducelab::ui {

class ControlPanel;
class PerformanceView;
class ResultsModel;
class RunSummary;
class StepView;
class TeachingWindows;

namespace WorkspaceSession {

// What the main window lends its workspace: the views a session fills, and the window's own
// settings and step panel titles.
struct Window {
    StepView* stepView = nullptr;
    ResultsModel* results = nullptr;
    ControlPanel* controls = nullptr;
    PerformanceView* performance = nullptr;
    RunSummary* summary = nullptr;
    TeachingWindows* teaching = nullptr;
    std::function<void()> saveSettings;     // the window's settings into QSettings
    std::function<void()> restoreSettings;  // and back from them
    // The step panel's title for a variant (MainWindow::panelTitle).
    std::function<QString(int panel, const QString& variant)> panelTitle;
    // Restored traces are shown as they were: the window traces nothing at start.
    std::function<void()> keepRestoredTraces;
};

// The workspace as a session: results (when `withResults`) with their sources, the step view's
// traces, the charts, the result cards, the selected tab, the teaching windows and the settings.
SessionFile capture(const Window& window, bool withResults = true);
// Shows what a session holds.
void restore(const Window& window, const SessionFile& session);
// Writes capture(window, withResults) safely to `path` (making its folder); returns an error
// message, empty on success. Saved results count as saved.
QString write(const Window& window, const QString& path, bool withResults = true);

// Where the workspace is saved on close: <AppDataLocation>/workspace.reducelab.
QString autosavePath();

// The groups of QSettings a session carries.
QStringList settingGroups();

// `settings`' keys under settingGroups() as strings (byte arrays as "base64:…").
std::map<std::string, std::string> settingsToMap(QSettings& settings);
// The inverse: keys outside settingGroups() are ignored, so a session cannot write elsewhere.
void mapToSettings(const std::map<std::string, std::string>& values, QSettings& settings);

}  // namespace WorkspaceSession
}  // namespace reducelab::ui
