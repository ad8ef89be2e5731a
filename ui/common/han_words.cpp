// Han word segmentation through ICU's word break iterator (dictionary based for Chinese).
#include "common/han_words.h"

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include <memory>

namespace reducelab::ui::HanWords {
namespace {

constexpr QChar kWordJoiner(0x2060);

bool isHan(char32_t c) {
    UErrorCode status = U_ZERO_ERROR;
    return uscript_getScript(static_cast<UChar32>(c), &status) == USCRIPT_HAN && U_SUCCESS(status);
}

// Calls `inside(previous, next)` for each two neighbouring Han characters of one word, at UTF-16
// indices `previous` < `next` (with only joiners between them, if anything).
template <typename Inside>
void forEachInsidePosition(const QString& text, Inside inside) {
    bool anyHan = false;
    for (QChar c : text)
        if (c.isSurrogate() || isHan(c.unicode())) {
            anyHan = true;
            break;
        }
    if (!anyHan) return;
    UErrorCode status = U_ZERO_ERROR;
    // One iterator per thread: creating one loads the dictionary's state (milliseconds).
    thread_local std::unique_ptr<icu::BreakIterator> words(
        icu::BreakIterator::createWordInstance(icu::Locale::getChinese(), status));
    if (!words || U_FAILURE(status)) return;
    const icu::UnicodeString unicode(false, reinterpret_cast<const UChar*>(text.utf16()),
                                     static_cast<int32_t>(text.size()));
    words->setText(unicode);
    int32_t start = words->first();
    for (int32_t end = words->next(); end != icu::BreakIterator::DONE;
         start = end, end = words->next()) {
        int32_t previousHan = -1;  // the index of the last Han character of this word
        for (int32_t i = start; i < end;) {
            const UChar32 c = unicode.char32At(i);
            const int32_t next = unicode.moveIndex32(i, 1);
            if (isHan(static_cast<char32_t>(c))) {
                if (previousHan >= 0) inside(static_cast<int>(previousHan), static_cast<int>(i));
                previousHan = i;
            } else if (c != 0x2060) {
                previousHan = -1;
            }
            i = next;
        }
    }
}

}  // namespace

QString joinWords(const QString& text) {
    QList<int> positions;
    forEachInsidePosition(text, [&positions](int previous, int next) {
        if (next == previous + 1) positions << next;  // not joined yet
    });
    if (positions.isEmpty()) return text;
    QString joined;
    joined.reserve(text.size() + positions.size());
    int from = 0;
    for (int at : positions) {
        joined += QStringView(text).mid(from, at - from);
        joined += kWordJoiner;
        from = at;
    }
    joined += QStringView(text).mid(from);
    return joined;
}

QList<int> positionsInsideWords(const QString& text) {
    QList<int> positions;
    forEachInsidePosition(text, [&positions](int previous, int next) {
        for (int at = previous + 1; at <= next; ++at) positions << at;
    });
    return positions;
}

}  // namespace reducelab::ui::HanWords
