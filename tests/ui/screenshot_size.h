// The window size the screenshot tools take their pictures at: 1280x720 (a classroom projector)
// unless an argument says "WIDTHxHEIGHT"; an invalid size for a malformed one.
#pragma once

#include <QRegularExpression>
#include <QSize>
#include <QString>

namespace reducelab::ui {

inline QSize windowSize(const char* argument) {
    if (!argument) return {1280, 720};
    const auto match = QRegularExpression(QStringLiteral("^(\\d{3,4})x(\\d{3,4})$"))
                           .match(QString::fromLocal8Bit(argument));
    if (!match.hasMatch()) return {};
    return {match.captured(1).toInt(), match.captured(2).toInt()};
}

}  // namespace reducelab::ui
