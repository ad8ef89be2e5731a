// A line diff of two texts (longest common subsequence), for the lesson's "what changed since the
// previous step" view of two kernel files.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

namespace reducelab::ui {

struct DiffLine {
    enum class Kind { Same, Added, Removed };
    Kind kind = Kind::Same;
    QString text;
    int oldLine = 0;  // 1-based line in `before` (0 for added lines)
    int newLine = 0;  // 1-based line in `after` (0 for removed lines)
};

// The lines of `after` in order, with the lines of `before` that are not in it interleaved where
// they were removed. Lines compare exactly, trailing whitespace ignored.
std::vector<DiffLine> diffLines(const QStringList& before, const QStringList& after);
std::vector<DiffLine> diffTexts(const QString& before, const QString& after);

// Counts of added and removed lines.
struct DiffStats {
    int added = 0;
    int removed = 0;
};
DiffStats diffStats(const std::vector<DiffLine>& diff);

// The 1-based position in `diff` (as shown, removed lines included) of the first added or removed
// line that is code: not blank, not a comment. 0 when only comments and blank lines changed.
int firstChangedCodeLine(const std::vector<DiffLine>& diff);

}  // namespace reducelab::ui
