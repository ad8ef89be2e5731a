// Parsing and printing element counts.
#include "common/size_text.h"

#include <string>

#include "reducelab/size_expression.h"

namespace reducelab::ui {

std::optional<std::uint64_t> SizeText::parse(const QString& text, QString* error) {
    QString trimmed = text.trimmed();
    // "1048576 (2^20)": the annotation the presets carry is not part of the number.
    if (const qsizetype paren = trimmed.indexOf(QLatin1Char('(')); paren > 0)
        trimmed = trimmed.left(paren).trimmed();
    // The engine's parser, the one the CLI uses: "64M" is 2^26 in both.
    std::string why;
    const auto value = parse_size_expression(trimmed.toStdString(), why);
    if (!value) {
        if (error) *error = QString::fromStdString(why);
        return std::nullopt;
    }
    if (*value == 0) {
        if (error) *error = QStringLiteral("n must be at least 1 (got 0)");
        return std::nullopt;
    }
    return value;
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
