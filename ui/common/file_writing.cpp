// Bytes from Qt, written by the engine.
#include "common/file_writing.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <string_view>

#include "reducelab/error.h"
#include "reducelab/safe_write.h"

namespace reducelab::ui {

QString writeFileSafely(const QString& path, const QByteArray& bytes) {
    if (path.isEmpty()) return QObject::tr("no file name given");
    try {
        write_file_safely(
            QFile::encodeName(path).toStdString(),
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        return {};
    } catch (const std::exception& error) {
        return QString::fromStdString(error.what());
    }
}

QString saveImageSafely(const QImage& image, const QString& path, const char* format) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&buffer, format))
        return QObject::tr("could not encode the image for %1").arg(path);
    buffer.close();
    return writeFileSafely(path, bytes);
}

}  // namespace reducelab::ui
