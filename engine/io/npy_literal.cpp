// The .npy header's Python literal (io/npy_literal.h), parsed like ast.literal_eval.
#include "io/npy_literal.h"

#include <cctype>
#include <cstdint>
#include <utility>

#include "reducelab/error.h"

namespace reducelab::detail {

void fail_npy(std::string_view source, const std::string& what) {
    throw Error(ErrorKind::Io, std::string(source) + ": not a usable .npy file: " + what);
}

std::string printable(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    return out;
}

namespace {

class LiteralParser {
  public:
    LiteralParser(std::string_view text, bool long_suffix, std::string_view source)
        : text_(text), long_suffix_(long_suffix), source_(source) {}

    Literal parse_whole() {
        Literal value = parse_value();
        skip_space();
        if (pos_ != text_.size()) syntax("unexpected '" + printable(text_.substr(pos_, 1)) + "'");
        return value;
    }

  private:
    [[noreturn]] void syntax(const std::string& what) const {
        fail_npy(source_, "the header is not a Python literal (" + what + " at header offset " +
                              std::to_string(pos_) + "): " + printable(text_.substr(0, 120)));
    }
    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }

    // Whitespace and comments, as Python's tokenizer skips them inside brackets.
    void skip_space() {
        while (!at_end()) {
            const char c = text_[pos_];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                ++pos_;
            } else if (c == '#') {
                while (!at_end() && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
            } else {
                break;
            }
        }
    }

    void expect(char c) {
        skip_space();
        if (peek() != c) syntax(std::string("expected '") + c + "'");
        ++pos_;
    }

    Literal parse_value() {
        if (++depth_ > 32) syntax("nesting too deep");
        skip_space();
        if (at_end()) syntax("unexpected end");
        Literal value;
        const char c = peek();
        if (string_prefix_length() != std::string_view::npos) {
            value = parse_strings();
        } else if (c == '{') {
            value.kind = Literal::Kind::Dict;
            parse_sequence('}', value, true);
        } else if (c == '[') {
            value.kind = Literal::Kind::List;
            parse_sequence(']', value, false);
        } else if (c == '(') {
            value = parse_parenthesised();
        } else if (c == '-' || c == '+' || std::isdigit(static_cast<unsigned char>(c))) {
            value = parse_number();
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t end = pos_;
            while (end < text_.size() &&
                   (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_'))
                ++end;
            const std::string_view name = text_.substr(pos_, end - pos_);
            if (name == "True" || name == "False") {
                value.kind = Literal::Kind::Bool;
                value.truth = name == "True";
            } else if (name == "None") {
                value.kind = Literal::Kind::None;
            } else {
                syntax("the name '" + std::string(name) + "' is not a literal");
            }
            pos_ = end;
        } else {
            syntax("unexpected '" + printable(std::string_view(&c, 1)) + "'");
        }
        --depth_;
        return value;
    }

    // Length of the string prefix (u, r, b, f, br, rb, fr, rf in any case) when a string
    // literal starts here; npos when none does.
    std::size_t string_prefix_length() const {
        std::size_t n = 0;
        while (n < 2 && pos_ + n < text_.size() &&
               std::string_view("uUrRbBfF").find(text_[pos_ + n]) != std::string_view::npos)
            ++n;
        if (pos_ + n >= text_.size() || (text_[pos_ + n] != '\'' && text_[pos_ + n] != '"'))
            return std::string_view::npos;
        std::string prefix(text_.substr(pos_, n));
        for (char& c : prefix) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        static constexpr std::string_view kValid[] = {"",   "u",  "r",  "b", "f",
                                                      "br", "rb", "fr", "rf"};
        for (const std::string_view valid : kValid)
            if (prefix == valid) return n;
        return std::string_view::npos;
    }

    // One or more adjacent string literals, concatenated as Python does ('<f' '4' is '<f4').
    Literal parse_strings() {
        Literal value;
        bool first = true;
        skip_space();
        for (std::size_t n; !at_end() && (n = string_prefix_length()) != std::string_view::npos;
             skip_space()) {
            std::string prefix(text_.substr(pos_, n));
            for (char& c : prefix)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            pos_ += n;
            if (prefix.find('f') != std::string::npos) syntax("an f-string is not a literal");
            const bool bytes = prefix.find('b') != std::string::npos;
            const Literal::Kind kind = bytes ? Literal::Kind::Bytes : Literal::Kind::String;
            if (!first && kind != value.kind) syntax("bytes and str concatenated");
            value.kind = kind;
            value.text += parse_string(prefix.find('r') != std::string::npos, bytes);
            first = false;
        }
        return value;
    }

    static void append_utf8(std::string& out, std::uint32_t code) {
        if (code < 0x80) {
            out.push_back(static_cast<char>(code));
        } else if (code < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (code >> 6)));
            out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
        } else if (code < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (code >> 12)));
            out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (code >> 18)));
            out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
        }
    }

    // `digits` hex digits after an escape (\xHH, \uXXXX, \UXXXXXXXX).
    std::uint32_t hex_escape(int digits) {
        std::uint32_t code = 0;
        for (int i = 0; i < digits; ++i) {
            if (at_end() || !std::isxdigit(static_cast<unsigned char>(peek())))
                syntax("a truncated \\x, \\u or \\U escape");
            const char h =
                static_cast<char>(std::tolower(static_cast<unsigned char>(text_[pos_++])));
            code = code * 16 + static_cast<std::uint32_t>(h <= '9' ? h - '0' : h - 'a' + 10);
        }
        if (code > 0x10FFFF) syntax("an escape beyond U+10FFFF");
        return code;
    }

    // The character(s) after a backslash in a non-raw literal, decoded into `out`.
    void decode_escape(char e, bool bytes, std::string& out) {
        // Python's one-letter escapes, and the characters they stand for.
        constexpr std::string_view letters = "abfnrtv", characters = "\a\b\f\n\r\t\v";
        if (const std::size_t at = letters.find(e); at != std::string_view::npos) {
            out.push_back(characters[at]);
            return;
        }
        switch (e) {
            case '\n':
                break;  // a line continuation
            case '\\':
            case '\'':
            case '"':
                out.push_back(e);
                break;
            case 'x': {
                const std::uint32_t code = hex_escape(2);
                if (bytes)
                    out.push_back(static_cast<char>(code));
                else
                    append_utf8(out, code);
                break;
            }
            case 'u':
            case 'U':
                if (bytes) {  // not an escape in bytes
                    out.push_back('\\');
                    out.push_back(e);
                } else {
                    append_utf8(out, hex_escape(e == 'u' ? 4 : 8));
                }
                break;
            case 'N':
                if (!bytes) syntax("\\N{...} escapes are not supported");
                out.push_back('\\');
                out.push_back(e);
                break;
            default:
                if (e >= '0' && e <= '7') {
                    std::uint32_t code = static_cast<std::uint32_t>(e - '0');
                    for (int i = 0; i < 2 && !at_end() && peek() >= '0' && peek() <= '7'; ++i)
                        code = code * 8 + static_cast<std::uint32_t>(text_[pos_++] - '0');
                    if (bytes)
                        out.push_back(static_cast<char>(code & 0xFF));
                    else
                        append_utf8(out, code);
                } else {  // an unknown escape keeps its backslash
                    out.push_back('\\');
                    out.push_back(e);
                }
        }
    }

    // One quoted literal (single, double or tripled quotes), its escapes decoded as Python
    // decodes them (raw strings keep them).
    std::string parse_string(bool raw, bool bytes) {
        const char quote = text_[pos_];
        const std::string closing_triple(3, quote);
        const bool triple = text_.substr(pos_, 3) == closing_triple;
        pos_ += triple ? 3 : 1;
        std::string out;
        while (true) {
            if (at_end()) syntax("unterminated string");
            if (triple ? text_.substr(pos_, 3) == closing_triple : peek() == quote) {
                pos_ += triple ? 3 : 1;
                return out;
            }
            const char c = text_[pos_++];
            if (!triple && (c == '\n' || c == '\r')) syntax("unterminated string");
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (at_end()) syntax("unterminated string");
            const char e = text_[pos_++];
            if (raw) {  // the backslash stays; it only keeps a quote from ending the string
                out.push_back('\\');
                out.push_back(e);
                continue;
            }
            decode_escape(e, bytes, out);
        }
    }

    // "{k: v, ...}" or "[a, b, ...]", a trailing comma allowed.
    void parse_sequence(char close, Literal& into, bool dict) {
        ++pos_;
        while (true) {
            skip_space();
            if (peek() == close) {
                ++pos_;
                return;
            }
            into.items.push_back(parse_value());
            if (dict) {
                expect(':');
                into.items.push_back(parse_value());
            }
            skip_space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() != close) syntax(std::string("expected ',' or '") + close + "'");
        }
    }

    // "()" and "(a,)" / "(a, b)" are tuples; "(a)" is just a.
    Literal parse_parenthesised() {
        ++pos_;
        Literal tuple;
        tuple.kind = Literal::Kind::Tuple;
        skip_space();
        if (peek() == ')') {
            ++pos_;
            return tuple;
        }
        Literal first = parse_value();
        skip_space();
        if (peek() == ')') {
            ++pos_;
            return first;
        }
        tuple.items.push_back(std::move(first));
        while (true) {
            expect(',');
            skip_space();
            if (peek() == ')') {
                ++pos_;
                return tuple;
            }
            tuple.items.push_back(parse_value());
            skip_space();
            if (peek() == ')') {
                ++pos_;
                return tuple;
            }
        }
    }

    // A decimal integer (Python's rules: no leading zeros, single '_' between digits; v1/v2
    // headers may carry Python 2's 'L' suffix, which numpy drops); other numbers are kept as
    // Kind::Number, which no header field accepts.
    Literal parse_number() {
        Literal value;
        value.kind = Literal::Kind::Integer;
        if (peek() == '-' || peek() == '+') {
            value.negative = text_[pos_++] == '-';
            skip_space();
            if (!std::isdigit(static_cast<unsigned char>(peek())))
                syntax("a sign without a number");
        }
        const std::size_t start = pos_;
        std::size_t end = pos_;
        while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) ||
                                      text_[end] == '_' || text_[end] == '.'))
            ++end;
        std::string_view token = text_.substr(start, end - start);
        pos_ = end;
        if (long_suffix_ && token.size() > 1 && token.back() == 'L') token.remove_suffix(1);
        std::string digits;
        bool decimal = true;
        for (std::size_t i = 0; i < token.size(); ++i) {
            const char c = token[i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                digits.push_back(c);
            } else if (c == '_' && i > 0 && i + 1 < token.size() &&
                       std::isdigit(static_cast<unsigned char>(token[i - 1])) &&
                       std::isdigit(static_cast<unsigned char>(token[i + 1]))) {
                continue;
            } else {
                decimal = false;
            }
        }
        if (!decimal) {
            value.kind = Literal::Kind::Number;
            value.text = std::string(token);
            return value;
        }
        if (digits.size() > 1 && digits[0] == '0' &&
            digits.find_first_not_of('0') != std::string::npos)
            syntax("leading zeros in the integer " + digits);
        value.text = digits;
        return value;
    }

    std::string_view text_;
    bool long_suffix_;
    std::string_view source_;
    std::size_t pos_ = 0;
    int depth_ = 0;
};

}  // namespace

Literal parse_literal(std::string_view text, bool long_suffix, std::string_view source) {
    return LiteralParser(text, long_suffix, source).parse_whole();
}

std::string describe(const Literal& value) {
    switch (value.kind) {
        case Literal::Kind::String:
            return "'" + printable(value.text) + "'";
        case Literal::Kind::Bytes:
            return "b'" + printable(value.text) + "'";
        case Literal::Kind::Integer:
            return (value.negative ? "-" : "") + value.text;
        case Literal::Kind::Bool:
            return value.truth ? "True" : "False";
        case Literal::Kind::None:
            return "None";
        case Literal::Kind::Tuple:
            return "a tuple";
        case Literal::Kind::List:
            return "a list";
        case Literal::Kind::Dict:
            return "a dict";
        case Literal::Kind::Number:
            return printable(value.text);
    }
    return "?";
}

}  // namespace reducelab::detail
