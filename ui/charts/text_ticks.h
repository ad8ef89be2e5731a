// Text tick labels on a QCustomPlot axis, drawn as written. QCustomPlot typesets an "e" after a
// digit as a power of ten when the axis's number format has its "b" flag (the default "gbd"),
// and it does so on text labels too: the bit pattern 0x4e055000 came out as "0x4·10⁰⁵⁵⁰⁰⁰".
#pragma once

#include <qcustomplot.h>

namespace reducelab::ui {

inline void setTextTicks(QCPAxis* axis, const QSharedPointer<QCPAxisTickerText>& ticker) {
    axis->setTicker(ticker);
    // Without "b" the painter leaves every label's text alone (labels are never numbers here).
    axis->setNumberFormat(QStringLiteral("g"));
}

}  // namespace reducelab::ui
