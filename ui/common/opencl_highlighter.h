// Syntax highlighting for OpenCL C: keywords, address spaces and qualifiers, built-in types
// (vectors too), built-in functions, the catalog's knob macros, numbers, strings, comments and
// preprocessor lines.
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <optional>
#include <vector>

namespace reducelab::ui {

class OpenClHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
  public:
    enum class Role {
        Keyword,
        Qualifier,
        Type,
        Builtin,
        Macro,
        Number,
        String,
        Comment,
        Preprocessor
    };

    explicit OpenClHighlighter(QTextDocument* document);
    // The role the highlighter gives the word (tests; Role::Comment for no role).
    static std::optional<Role> roleOfWord(const QString& word);
    QTextCharFormat format(Role role) const;

  protected:
    void highlightBlock(const QString& text) override;

  private:
    struct Rule {
        QRegularExpression pattern;
        Role role;
    };
    std::vector<Rule> rules_;
    QTextCharFormat formats_[9];
};

}  // namespace reducelab::ui
