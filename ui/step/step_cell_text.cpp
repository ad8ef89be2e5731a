// Cell texts and their legible sizes.
#include "step/step_cell_text.h"

#include <QFontInfo>
#include <algorithm>
#include <cmath>

namespace reducelab::ui::cells {

QString valueText(const Value& value, bool compact) {
    if (value.kind == Value::Kind::Float) return QString::number(value.f, 'g', compact ? 3 : 6);
    const QString exact = QString::fromStdString(value.to_string());
    if (!compact || exact.size() <= 4) return exact;
    static constexpr const char* kSuffix[] = {"k", "M", "G", "T", "P", "E"};
    qreal scaled = value.as_double();
    int power = -1;
    while (std::abs(scaled) >= 999.5 && power < 5) {
        scaled /= 1000.0;
        ++power;
    }
    if (power < 0) return QString::number(scaled, 'f', 0);
    // 5.2k, 33k, 525k: two or three significant digits, never an exponent.
    const int decimals = std::abs(scaled) < 9.95 ? 1 : 0;
    return QString::number(scaled, 'f', decimals) + QLatin1String(kSuffix[power]);
}

qreal themePixelSize(const Theme& theme, const QFont& base) {
    return QFontInfo(theme.font(base)).pixelSize();
}

qreal legiblePixelSize(const Theme& theme, const QFont& base) {
    return std::max<qreal>(9.0, 0.8 * themePixelSize(theme, base));
}

qreal preferredPixelSize(const Theme& theme, const QFont& base) {
    return 1.2 * themePixelSize(theme, base);
}

}  // namespace reducelab::ui::cells
