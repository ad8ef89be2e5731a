// What the screenshot tools share: the window size they take their pictures at (1280x720, a
// classroom projector, unless an argument says "WIDTHxHEIGHT"), their start (settings of their own,
// the output folder), waiting for the event loop to settle, and saving a widget as a PNG.
#pragma once

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPixmap>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <QWidget>
#include <cstdio>
#include <optional>

namespace reducelab::ui {

// An invalid size for a malformed argument.
inline QSize windowSize(const char* argument) {
    if (!argument) return {1280, 720};
    const auto match = QRegularExpression(QStringLiteral("^(\\d{3,4})x(\\d{3,4})$"))
                           .match(QString::fromLocal8Bit(argument));
    if (!match.hasMatch()) return {};
    return {match.captured(1).toInt(), match.captured(2).toInt()};
}

struct ScreenshotTarget {
    QString folder;
    QSize size;
};

// Settings apart from the user's, and the tool's arguments [OUT_DIR [WIDTHxHEIGHT]] (the usage
// printed and nullopt when they are malformed). Call after the QApplication exists.
inline std::optional<ScreenshotTarget> startScreenshots(int argc, char** argv) {
    QApplication::setOrganizationName(QStringLiteral("ReduceLabScreenshots"));
    QApplication::setApplicationName(QStringLiteral("ReduceLab"));
    QSettings().clear();
    ScreenshotTarget target{argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("docs"),
                            windowSize(argc > 2 ? argv[2] : nullptr)};
    if (!target.size.isValid()) {
        std::fprintf(stderr, "usage: %s [OUT_DIR [WIDTHxHEIGHT]]\n", argv[0]);
        return std::nullopt;
    }
    QDir().mkpath(target.folder);
    return target;
}

inline void settle(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) QApplication::processEvents(QEventLoop::AllEvents, 20);
}

template <typename Sender, typename Signal>
bool waitFor(Sender* sender, Signal signal, int ms) {
    QSignalSpy spy(sender, signal);
    return spy.wait(ms);
}

// Saves the widget as it is drawn once the event loop has settled; says what it wrote.
inline bool saveShot(QWidget* widget, const QString& path, int settleMs = 300) {
    settle(settleMs);
    const QPixmap shot = widget->grab();
    const bool ok = shot.save(path, "PNG");
    std::printf("%s %s (%dx%d)\n", ok ? "wrote" : "FAILED", qPrintable(path), shot.width(),
                shot.height());
    return ok;
}

}  // namespace reducelab::ui
