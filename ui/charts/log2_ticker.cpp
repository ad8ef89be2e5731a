// Power-of-two ticks and their labels.
#include "charts/log2_ticker.h"

#include <cmath>

namespace reducelab::ui {
namespace {

QString superscript(int value) {
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString out;
    for (QChar c : QString::number(value))
        out += c == QLatin1Char('-') ? QStringLiteral("⁻") : QString(digits[c.digitValue()]);
    return out;
}

}  // namespace

QString Log2Ticker::getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                                 int precision) {
    const double exponent = std::log2(tick);
    if (std::abs(exponent - std::round(exponent)) > 1e-9)
        return QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
    if (labels_ == Labels::Powers && exponent >= 10)
        return QStringLiteral("2") + superscript(static_cast<int>(std::lround(exponent)));
    return QString::number(static_cast<qulonglong>(std::llround(tick)));
}

int Log2Ticker::getSubTickCount(double) {
    return 0;
}

QVector<double> Log2Ticker::createTickVector(double, const QCPRange& range) {
    QVector<double> ticks;
    if (range.lower <= 0 || range.upper <= range.lower) return ticks;
    const int low = static_cast<int>(std::ceil(std::log2(range.lower) - 1e-9));
    const int high = static_cast<int>(std::floor(std::log2(range.upper) + 1e-9));
    // Every power of two while they fit, else every second or fourth one.
    int step = 1;
    while ((high - low) / step > 12) step *= 2;
    for (int e = low; e <= high; ++e)
        if ((e - low) % step == 0) ticks << std::ldexp(1.0, e);
    return ticks;
}

}  // namespace reducelab::ui
