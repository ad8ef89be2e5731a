// The QSettings keys that more than one file reads or writes, each spelled once. Keys that one
// class both writes and reads (the controls' and the step view's groups, the main window's
// geometry) stay beside that class.
#pragma once

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

namespace reducelab::ui::SettingsKeys {

// The language chosen in the menu (a code of Translations::languages()); empty: the system's.
inline constexpr char kLanguage[] = "ui/language";
// The folder results and sessions were last opened from or saved to.
inline constexpr char kResultsFolder[] = "paths/results";

// Where a results or session dialog starts: the last folder, else Documents.
inline QString resultsFolder() {
    return QSettings()
        .value(kResultsFolder, QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
        .toString();
}

inline void rememberResultsFolder(const QString& file) {
    QSettings().setValue(kResultsFolder, QFileInfo(file).absolutePath());
}

}  // namespace reducelab::ui::SettingsKeys
