// Chinese text that wraps between words, not inside one. Qt breaks lines between any two Han
// characters (UAX #14), so a label could end a line with 统 and start the next with 计. ICU's
// dictionary segmentation finds the words; a WORD JOINER (U+2060, invisible) between the
// characters of each word keeps it on one line.
#pragma once

#include <QList>
#include <QString>

namespace reducelab::ui::HanWords {

// `text` with U+2060 between the characters of every Han word of two or more characters; text
// without Han characters is returned as it is. Markup and placeholders are left alone (only Han
// characters get a neighbour).
QString joinWords(const QString& text);

// The positions (UTF-16 indices) where a line that starts there would split a Han word of `text`
// (after its first character, up to and including its last): what the joiners protect.
QList<int> positionsInsideWords(const QString& text);

}  // namespace reducelab::ui::HanWords
