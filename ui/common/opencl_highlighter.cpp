// Word lists and patterns of OpenCL C highlighting.
#include "common/opencl_highlighter.h"

#include <QStringList>
#include <optional>

namespace reducelab::ui {
namespace {

const QStringList& keywords() {
    static const QStringList words{
        QStringLiteral("if"),      QStringLiteral("else"),     QStringLiteral("for"),
        QStringLiteral("while"),   QStringLiteral("do"),       QStringLiteral("return"),
        QStringLiteral("break"),   QStringLiteral("continue"), QStringLiteral("switch"),
        QStringLiteral("case"),    QStringLiteral("default"),  QStringLiteral("struct"),
        QStringLiteral("typedef"), QStringLiteral("sizeof"),   QStringLiteral("union"),
        QStringLiteral("enum"),    QStringLiteral("goto")};
    return words;
}

const QStringList& qualifiers() {
    static const QStringList words{
        QStringLiteral("__kernel"),      QStringLiteral("kernel"),   QStringLiteral("__global"),
        QStringLiteral("global"),        QStringLiteral("__local"),  QStringLiteral("local"),
        QStringLiteral("__constant"),    QStringLiteral("constant"), QStringLiteral("__private"),
        QStringLiteral("private"),       QStringLiteral("const"),    QStringLiteral("volatile"),
        QStringLiteral("restrict"),      QStringLiteral("inline"),   QStringLiteral("static"),
        QStringLiteral("__attribute__"), QStringLiteral("unsigned"), QStringLiteral("signed")};
    return words;
}

const QStringList& builtins() {
    static const QStringList words{
        QStringLiteral("get_global_id"), QStringLiteral("get_local_id"),
        QStringLiteral("get_group_id"), QStringLiteral("get_global_size"),
        QStringLiteral("get_local_size"), QStringLiteral("get_num_groups"),
        QStringLiteral("barrier"), QStringLiteral("mem_fence"),
        QStringLiteral("work_group_barrier"), QStringLiteral("atomic_add"),
        QStringLiteral("atomic_inc"), QStringLiteral("atomic_xchg"),
        QStringLiteral("atomic_cmpxchg"), QStringLiteral("atomic_min"),
        QStringLiteral("atomic_max"), QStringLiteral("atom_add"), QStringLiteral("min"),
        QStringLiteral("max"), QStringLiteral("select"), QStringLiteral("isnan"),
        QStringLiteral("sub_group_reduce_add"), QStringLiteral("sub_group_reduce_min"),
        QStringLiteral("sub_group_reduce_max"), QStringLiteral("work_group_reduce_add"),
        QStringLiteral("work_group_reduce_min"), QStringLiteral("work_group_reduce_max"),
        QStringLiteral("get_sub_group_id"), QStringLiteral("get_sub_group_local_id"),
        QStringLiteral("get_sub_group_size"), QStringLiteral("get_max_sub_group_size"),
        QStringLiteral("vload4"), QStringLiteral("vstore4"), QStringLiteral("CLK_LOCAL_MEM_FENCE"),
        QStringLiteral("CLK_GLOBAL_MEM_FENCE"),
        // The catalog's own helpers from common.cl.
        QStringLiteral("load_item"), QStringLiteral("combine"),
        QStringLiteral("store_group_result"), QStringLiteral("load_item4"),
        QStringLiteral("combine4"), QStringLiteral("combine_lanes")};
    return words;
}

const QStringList& macros() {
    static const QStringList words{QStringLiteral("T"),
                                   QStringLiteral("ACC"),
                                   QStringLiteral("T4"),
                                   QStringLiteral("ACC4"),
                                   QStringLiteral("IDENTITY"),
                                   QStringLiteral("WGS"),
                                   QStringLiteral("TRACE"),
                                   QStringLiteral("TRACE_PARAMS"),
                                   QStringLiteral("TRACE_SNAPSHOT"),
                                   QStringLiteral("TRACE_ACCESS"),
                                   QStringLiteral("ACC_IS_PAIR"),
                                   QStringLiteral("VW"),
                                   QStringLiteral("UNROLL")};
    return words;
}

QString wordPattern(const QStringList& words) {
    QStringList escaped;
    for (const QString& w : words) escaped << QRegularExpression::escape(w);
    return QStringLiteral("\\b(?:%1)\\b").arg(escaped.join(QLatin1Char('|')));
}

QTextCharFormat makeFormat(const QColor& colour, bool bold = false, bool italic = false) {
    QTextCharFormat f;
    f.setForeground(colour);
    if (bold) f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}

}  // namespace

OpenClHighlighter::OpenClHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
    formats_[int(Role::Keyword)] = makeFormat(QColor(0x00, 0x3f, 0x9e), true);
    formats_[int(Role::Qualifier)] = makeFormat(QColor(0x7a, 0x1f, 0xa2), true);
    formats_[int(Role::Type)] = makeFormat(QColor(0x00, 0x6e, 0x6e));
    formats_[int(Role::Builtin)] = makeFormat(QColor(0x9c, 0x4a, 0x00));
    formats_[int(Role::Macro)] = makeFormat(QColor(0xa0, 0x10, 0x40));
    formats_[int(Role::Number)] = makeFormat(QColor(0x8a, 0x5a, 0x00));
    formats_[int(Role::String)] = makeFormat(QColor(0x1a, 0x7f, 0x1a));
    formats_[int(Role::Comment)] = makeFormat(QColor(0x6a, 0x73, 0x7d), false, true);
    formats_[int(Role::Preprocessor)] = makeFormat(QColor(0x5c, 0x5c, 0x00));
    rules_.push_back({QRegularExpression(wordPattern(keywords())), Role::Keyword});
    rules_.push_back({QRegularExpression(wordPattern(qualifiers())), Role::Qualifier});
    // Scalar and vector types: int, uint4, float16, size_t, ...
    rules_.push_back(
        {QRegularExpression(QStringLiteral(
             "\\b(?:void|bool|char|uchar|short|ushort|int|uint|long|ulong|float|double|half|"
             "size_t|ptrdiff_t|intptr_t|uintptr_t)(?:2|3|4|8|16)?\\b")),
         Role::Type});
    rules_.push_back({QRegularExpression(wordPattern(builtins())), Role::Builtin});
    rules_.push_back({QRegularExpression(wordPattern(macros())), Role::Macro});
    rules_.push_back(
        {QRegularExpression(QStringLiteral(
             "\\b(?:0[xX][0-9a-fA-F]+|[0-9]+\\.?[0-9]*(?:[eE][-+]?[0-9]+)?)[uUlLfF]*\\b")),
         Role::Number});
    rules_.push_back(
        {QRegularExpression(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\"")), Role::String});
}

std::optional<OpenClHighlighter::Role> OpenClHighlighter::roleOfWord(const QString& word) {
    if (keywords().contains(word)) return Role::Keyword;
    if (qualifiers().contains(word)) return Role::Qualifier;
    if (builtins().contains(word)) return Role::Builtin;
    if (macros().contains(word)) return Role::Macro;
    static const QRegularExpression type(
        QStringLiteral("^(?:void|bool|char|uchar|short|ushort|int|uint|long|ulong|float|double|"
                       "half|size_t)(?:2|3|4|8|16)?$"));
    if (type.match(word).hasMatch()) return Role::Type;
    return std::nullopt;
}

QTextCharFormat OpenClHighlighter::format(Role role) const {
    return formats_[int(role)];
}

void OpenClHighlighter::highlightBlock(const QString& text) {
    // Preprocessor lines are one colour (their comments still show as comments).
    const QString trimmed = text.trimmed();
    if (trimmed.startsWith(QLatin1Char('#')))
        setFormat(0, int(text.size()), formats_[int(Role::Preprocessor)]);
    else
        for (const Rule& rule : rules_) {
            auto it = rule.pattern.globalMatch(text);
            while (it.hasNext()) {
                const auto m = it.next();
                setFormat(int(m.capturedStart()), int(m.capturedLength()),
                          formats_[int(rule.role)]);
            }
        }
    // Comments last: // to the end of the line, /* ... */ across lines (block state 1 = inside).
    const QTextCharFormat& comment = formats_[int(Role::Comment)];
    int start = previousBlockState() == 1 ? 0 : -1;
    int searchFrom = 0;
    setCurrentBlockState(0);
    while (true) {
        if (start < 0) {
            const int block = int(text.indexOf(QStringLiteral("/*"), searchFrom));
            const int line = int(text.indexOf(QStringLiteral("//"), searchFrom));
            if (line >= 0 && (block < 0 || line < block)) {
                setFormat(line, int(text.size()) - line, comment);
                return;
            }
            if (block < 0) return;
            start = block;
            searchFrom = block + 2;
        }
        const int end = int(text.indexOf(QStringLiteral("*/"), std::max(searchFrom, start)));
        if (end < 0) {
            setFormat(start, int(text.size()) - start, comment);
            setCurrentBlockState(1);
            return;
        }
        setFormat(start, end + 2 - start, comment);
        searchFrom = end + 2;
        start = -1;
    }
}

}  // namespace reducelab::ui
