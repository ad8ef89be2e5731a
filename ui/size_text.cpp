// Parsing and printing element counts.
#include "size_text.h"

#include <QRegularExpression>
#include <limits>

namespace reducelab::ui {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

std::optional<std::uint64_t> multiply(std::uint64_t a, std::uint64_t b) {
    if (b != 0 && a > kMax / b) return std::nullopt;
    return a * b;
}

std::optional<std::uint64_t> term(const QString& raw, QString* error) {
    QString text = raw.trimmed();
    text.remove(QLatin1Char(',')).remove(QLatin1Char('_')).remove(QLatin1Char(' '));
    static const QRegularExpression power(QStringLiteral("^(\\d+)\\^(\\d+)$"));
    static const QRegularExpression scaled(QStringLiteral("^(\\d+)(k|K|M|G|Ki|Mi|Gi)?$"));
    if (const auto m = power.match(text); m.hasMatch()) {
        const std::uint64_t base = m.captured(1).toULongLong();
        const unsigned exponent = m.captured(2).toUInt();
        std::uint64_t value = 1;
        for (unsigned i = 0; i < exponent; ++i) {
            const auto next = multiply(value, base);
            if (!next) {
                if (error) *error = QStringLiteral("%1 is too large").arg(raw.trimmed());
                return std::nullopt;
            }
            value = *next;
        }
        return value;
    }
    if (const auto m = scaled.match(text); m.hasMatch()) {
        bool ok = false;
        const std::uint64_t digits = m.captured(1).toULongLong(&ok);
        const QString unit = m.captured(2);
        std::uint64_t scale = 1;
        if (unit == QLatin1String("k") || unit == QLatin1String("K")) scale = 1000;
        if (unit == QLatin1String("M")) scale = 1000 * 1000;
        if (unit == QLatin1String("G")) scale = 1000ull * 1000 * 1000;
        if (unit == QLatin1String("Ki")) scale = 1024;
        if (unit == QLatin1String("Mi")) scale = 1024 * 1024;
        if (unit == QLatin1String("Gi")) scale = 1024ull * 1024 * 1024;
        const auto value = ok ? multiply(digits, scale) : std::nullopt;
        if (!value && error) *error = QStringLiteral("%1 is too large").arg(raw.trimmed());
        return value;
    }
    if (error)
        *error = QStringLiteral("'%1' is not a count (examples: 1000, 2^20, 2^20+7, 16Mi)")
                     .arg(raw.trimmed());
    return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> SizeText::parse(const QString& text, QString* error) {
    QString trimmed = text.trimmed();
    // "1048576 (2^20)": the annotation the presets carry is not part of the number.
    if (const qsizetype paren = trimmed.indexOf(QLatin1Char('(')); paren > 0)
        trimmed = trimmed.left(paren).trimmed();
    if (trimmed.isEmpty()) {
        if (error) *error = QStringLiteral("n is empty");
        return std::nullopt;
    }
    // Sums and differences of terms: "2^20+7", "2^20-1".
    static const QRegularExpression split(QStringLiteral("(?=[+-])"));
    const QStringList parts = trimmed.split(split, Qt::SkipEmptyParts);
    std::int64_t sign = 1;
    long double total = 0;
    std::uint64_t exact = 0;
    bool first = true;
    for (QString part : parts) {
        sign = 1;
        if (part.startsWith(QLatin1Char('+')))
            part.remove(0, 1);
        else if (part.startsWith(QLatin1Char('-'))) {
            sign = -1;
            part.remove(0, 1);
        }
        if (first && sign < 0) {
            if (error) *error = QStringLiteral("n cannot be negative");
            return std::nullopt;
        }
        const auto value = term(part, error);
        if (!value) return std::nullopt;
        total += sign * static_cast<long double>(*value);
        if (total < 0) {
            if (error) *error = QStringLiteral("n cannot be negative");
            return std::nullopt;
        }
        if (total > static_cast<long double>(kMax)) {
            if (error) *error = QStringLiteral("%1 is too large").arg(trimmed);
            return std::nullopt;
        }
        exact = sign > 0 ? exact + *value : exact - *value;
        first = false;
    }
    if (exact == 0) {
        if (error) *error = QStringLiteral("n must be at least 1 (got 0)");
        return std::nullopt;
    }
    return exact;
}

QString SizeText::describe(std::uint64_t n) {
    QString text = QString::number(n);
    // Name the nearest power of two when n is one, or a few elements off one.
    for (unsigned bits = 4; bits < 64; ++bits) {
        const std::uint64_t p = std::uint64_t{1} << bits;
        const std::int64_t diff = static_cast<std::int64_t>(n - p);
        if (n == p) return text + QStringLiteral(" (2^%1)").arg(bits);
        if (diff != 0 && diff > -16 && diff < 16)
            return text + QStringLiteral(" (2^%1%2%3)")
                              .arg(bits)
                              .arg(diff > 0 ? QStringLiteral("+") : QStringLiteral("-"))
                              .arg(diff > 0 ? diff : -diff);
    }
    return text;
}

QString SizeText::compact(std::uint64_t n) {
    static const char* const units[] = {"", " Ki", " Mi", " Gi", " Ti"};
    int unit = 0;
    std::uint64_t value = n;
    while (value >= 1024 && value % 1024 == 0 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    return QString::number(value) + QLatin1String(units[unit]);
}

}  // namespace reducelab::ui
