// Every file the GUI writes (charts, data, handouts, step images) is rendered in memory and then
// written by the engine's safe writer (engine/safe_write.h): a full disk or a failing device is
// reported with its reason, never half-written over the previous file. The engine's writer, not
// QSaveFile, because QSaveFile would try to rename its temporary file over a device such as
// /dev/full (as root it can), and because one tested implementation serves the CLI and the GUI.
#pragma once

#include <QByteArray>
#include <QString>

class QImage;

namespace reducelab::ui {

// Returns the message to show (naming the path and the reason), empty on success.
QString writeFileSafely(const QString& path, const QByteArray& bytes);
QString saveImageSafely(const QImage& image, const QString& path, const char* format = "PNG");

}  // namespace reducelab::ui
