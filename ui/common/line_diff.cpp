// Longest-common-subsequence line diff. Kernel files are ~100 lines, so the O(n·m) table is tiny.
#include "common/line_diff.h"

namespace reducelab::ui {
namespace {

QString trimmedRight(const QString& line) {
    qsizetype end = line.size();
    while (end > 0 && line.at(end - 1).isSpace()) --end;
    return line.left(end);
}

QStringList splitLines(const QString& text) {
    QStringList lines = text.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast();
    return lines;
}

}  // namespace

std::vector<DiffLine> diffLines(const QStringList& before, const QStringList& after) {
    const auto n = static_cast<std::size_t>(before.size());
    const auto m = static_cast<std::size_t>(after.size());
    QStringList a, b;
    for (const QString& line : before) a << trimmedRight(line);
    for (const QString& line : after) b << trimmedRight(line);
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
    for (std::size_t i = n; i-- > 0;)
        for (std::size_t j = m; j-- > 0;)
            lcs[i][j] = a[static_cast<qsizetype>(i)] == b[static_cast<qsizetype>(j)]
                            ? lcs[i + 1][j + 1] + 1
                            : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    std::vector<DiffLine> out;
    std::size_t i = 0, j = 0;
    while (i < n || j < m) {
        const auto qi = static_cast<qsizetype>(i);
        const auto qj = static_cast<qsizetype>(j);
        if (i < n && j < m && a[qi] == b[qj]) {
            out.push_back({DiffLine::Kind::Same, after[qj], int(i + 1), int(j + 1)});
            ++i;
            ++j;
        } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
            // Removed lines come before the added lines that replace them.
            out.push_back({DiffLine::Kind::Removed, before[qi], int(i + 1), 0});
            ++i;
        } else {
            out.push_back({DiffLine::Kind::Added, after[qj], 0, int(j + 1)});
            ++j;
        }
    }
    return out;
}

std::vector<DiffLine> diffTexts(const QString& before, const QString& after) {
    return diffLines(splitLines(before), splitLines(after));
}

DiffStats diffStats(const std::vector<DiffLine>& diff) {
    DiffStats stats;
    for (const DiffLine& line : diff) {
        if (line.kind == DiffLine::Kind::Added) ++stats.added;
        if (line.kind == DiffLine::Kind::Removed) ++stats.removed;
    }
    return stats;
}

int firstChangedCodeLine(const std::vector<DiffLine>& diff) {
    for (std::size_t i = 0; i < diff.size(); ++i) {
        if (diff[i].kind == DiffLine::Kind::Same) continue;
        const QString t = diff[i].text.trimmed();
        const bool comment = t.startsWith(QLatin1String("//")) ||
                             t.startsWith(QLatin1String("/*")) || t.startsWith(QLatin1Char('*'));
        if (!t.isEmpty() && !comment) return static_cast<int>(i) + 1;
    }
    return 0;
}

}  // namespace reducelab::ui
