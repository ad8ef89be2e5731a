// A strict .npy reader and writer (format versions 1.0, 2.0 and 3.0).
#include "reducelab/npy.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "reducelab/error.h"
#include "reducelab/safe_write.h"

namespace reducelab {
namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
// numpy.load refuses longer headers when pickles are not allowed (numpy.lib.format).
constexpr std::size_t kMaxHeaderChars = 10000;

[[noreturn]] void fail(std::string_view source, const std::string& what) {
    throw Error(ErrorKind::Io, std::string(source) + ": not a usable .npy file: " + what);
}

// ---- the header: a Python literal, parsed like ast.literal_eval --------------------------------

// Header text for a one-line message: control and non-ASCII bytes become '?'.
std::string printable(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    return out;
}

// The subset of Python literals a header can hold; anything else is a malformed header.
struct Literal {
    enum class Kind { String, Bytes, Integer, Bool, None, Tuple, List, Dict, Number };
    Kind kind = Kind::None;
    std::string text;            // String: the value; Integer: the digits; Number: the token
    bool negative = false;       // Integer
    bool truth = false;          // Bool
    std::vector<Literal> items;  // Tuple, List; Dict: key, value, key, value ...
};

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
        fail(source_, "the header is not a Python literal (" + what + " at header offset " +
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

// The element type and byte order of a descr: '<f4', '>i8', '=u4', '|f8' or 'f4'.
struct Dtype {
    ElementType type;
    bool big_endian;
};

std::optional<Dtype> dtype_from_descr(const Literal& descr) {
    if (descr.kind != Literal::Kind::String) return std::nullopt;
    std::string_view text = descr.text;
    bool big_endian = false;
    if (!text.empty() && (text[0] == '<' || text[0] == '>' || text[0] == '=' || text[0] == '|')) {
        big_endian = text[0] == '>';
        text.remove_prefix(1);
    }
    static constexpr std::pair<std::string_view, ElementType> kKinds[] = {
        {"i4", ElementType::Int32},  {"u4", ElementType::UInt32},  {"i8", ElementType::Int64},
        {"u8", ElementType::UInt64}, {"f4", ElementType::Float32}, {"f8", ElementType::Float64}};
    for (const auto& [kind, type] : kKinds)
        if (text == kind) return Dtype{type, big_endian};
    return std::nullopt;
}

// What the header says: the element type, the shape, the element count and where the data starts.
struct NpyLayout {
    Dtype dtype{ElementType::Int32, false};
    std::vector<std::uint64_t> shape;
    std::size_t count = 0;
    std::size_t data_start = 0;
    std::string shape_text;
};

std::vector<std::uint64_t> shape_from(const Literal& shape, std::string_view source) {
    if (shape.kind != Literal::Kind::Tuple)
        fail(source, "'shape' must be a tuple of integers, not " + describe(shape));
    std::vector<std::uint64_t> dims;
    for (const Literal& dim : shape.items) {
        if (dim.kind != Literal::Kind::Integer)
            fail(source,
                 "'shape' must be a tuple of decimal integers; " + describe(dim) + " is not one");
        if (dim.negative && dim.text.find_first_not_of('0') != std::string::npos)
            fail(source, "negative dimension -" + dim.text + " in 'shape'");
        std::uint64_t value = 0;
        for (const char c : dim.text) {
            const auto digit = static_cast<std::uint64_t>(c - '0');
            if (value > (std::numeric_limits<std::int64_t>::max() - digit) / 10)
                fail(source, "dimension " + dim.text + " in 'shape' does not fit 63 bits");
            value = value * 10 + digit;
        }
        dims.push_back(value);
    }
    return dims;
}

std::string shape_text(const std::vector<std::uint64_t>& shape) {
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

// Bytes before the header dict: magic, version and the header length (10 or 12).
std::size_t preamble_size(std::string_view bytes, std::string_view source) {
    if (bytes.size() < 8 || bytes.substr(0, kMagic.size()) != kMagic)
        fail(source, "missing the \\x93NUMPY magic");
    const auto major = static_cast<unsigned char>(bytes[6]);
    const auto minor = static_cast<unsigned char>(bytes[7]);
    if (major < 1 || major > 3 || minor != 0)
        fail(source, "unsupported format version " + std::to_string(major) + "." +
                         std::to_string(minor) + " (numpy writes and reads 1.0, 2.0 and 3.0)");
    return major == 1 ? 10 : 12;
}

// Characters of the header as numpy decodes it: latin-1 (one per byte) before 3.0, UTF-8 after.
std::size_t header_chars(std::string_view header, bool utf8, std::string_view source) {
    if (!utf8) return header.size();
    std::size_t chars = 0;
    for (std::size_t i = 0; i < header.size();) {
        const auto c = static_cast<unsigned char>(header[i]);
        const std::size_t len = c < 0x80         ? 1
                                : (c >> 5) == 6  ? 2
                                : (c >> 4) == 14 ? 3
                                : (c >> 3) == 30 ? 4
                                                 : 0;
        if (len == 0 || i + len > header.size()) fail(source, "the header is not valid UTF-8");
        for (std::size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(header[i + k]) >> 6) != 2)
                fail(source, "the header is not valid UTF-8");
        i += len;
        ++chars;
    }
    return chars;
}

// Elements of the layout's shape (0 when a dimension is 0), refused when its bytes overflow.
std::size_t element_count(const NpyLayout& layout, std::size_t width, std::string_view source) {
    if (std::find(layout.shape.begin(), layout.shape.end(), std::uint64_t{0}) != layout.shape.end())
        return 0;
    std::size_t count = 1;
    for (const std::uint64_t dim : layout.shape) {
        if (count > std::numeric_limits<std::size_t>::max() / width / dim)
            fail(source, "shape " + layout.shape_text + " is too large to address");
        count *= dim;
    }
    return count;
}

// Parses the preamble and header from `bytes` (which must hold at least the whole header; the
// data may be missing). `total_size` is the size of the whole file.
NpyLayout parse_layout(std::string_view bytes, std::size_t total_size, std::string_view source) {
    const std::size_t header_start = preamble_size(bytes, source);
    if (bytes.size() < header_start) fail(source, "truncated header length");
    std::size_t header_len = 0;
    for (std::size_t b = header_start; b-- > 8;)
        header_len = (header_len << 8) | static_cast<unsigned char>(bytes[b]);
    if (header_len > total_size - header_start || header_len > bytes.size() - header_start)
        fail(source, "truncated header (" + std::to_string(header_len) + " bytes announced)");
    const std::string_view header = bytes.substr(header_start, header_len);
    const bool version3 = header_start == 12 && static_cast<unsigned char>(bytes[6]) == 3;
    if (header_chars(header, version3, source) > kMaxHeaderChars)
        fail(source, "the header is longer than " + std::to_string(kMaxHeaderChars) +
                         " characters (numpy refuses it too)");
    if (header.find('\0') != std::string_view::npos) fail(source, "a NUL byte in the header");

    const Literal dict = LiteralParser(header, !version3, source).parse_whole();
    if (dict.kind != Literal::Kind::Dict) fail(source, "the header is not a dict");
    const Literal* descr = nullptr;
    const Literal* fortran = nullptr;
    const Literal* shape = nullptr;
    for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {  // a later key wins, as in Python
        const Literal& key = dict.items[i];
        const Literal* value = &dict.items[i + 1];
        if (key.kind == Literal::Kind::String && key.text == "descr")
            descr = value;
        else if (key.kind == Literal::Kind::String && key.text == "fortran_order")
            fortran = value;
        else if (key.kind == Literal::Kind::String && key.text == "shape")
            shape = value;
        else
            fail(source, "unexpected header key " + describe(key) +
                             " (the header holds exactly 'descr', 'fortran_order' and 'shape')");
    }
    if (!descr || !fortran || !shape)
        fail(source, std::string("header lacks '") +
                         (!descr     ? "descr"
                          : !fortran ? "fortran_order"
                                     : "shape") +
                         "'");
    if (fortran->kind != Literal::Kind::Bool)
        fail(source, "malformed 'fortran_order' value " + describe(*fortran) + " (True or False)");
    NpyLayout layout;
    layout.shape = shape_from(*shape, source);
    layout.shape_text = shape_text(layout.shape);
    if (descr->kind != Literal::Kind::String)
        fail(source, "'descr' is " + describe(*descr) +
                         ", not a type string: structured dtypes are not supported");
    const auto dtype = dtype_from_descr(*descr);
    if (!dtype)
        fail(source, "dtype " + describe(*descr) +
                         " is not supported (use int32, uint32, int64, uint64, float32 or "
                         "float64: '<i4', '<u4', '<i8', '<u8', '<f4', '<f8' or big-endian '>')");
    layout.dtype = *dtype;
    // In one dimension (or none) Fortran order is C order; in more it is a transposed layout.
    if (fortran->truth && layout.shape.size() > 1)
        fail(source,
             "Fortran-ordered arrays of 2 or more dimensions are not supported (save "
             "numpy.ascontiguousarray(a) instead)");
    const std::size_t width = size_of(dtype->type);
    const std::size_t count = element_count(layout, width, source);
    layout.count = count;
    layout.data_start = header_start + header_len;
    const std::size_t available = total_size - layout.data_start;
    if (count * width != available)
        fail(source, "shape " + layout.shape_text + " of " + std::string(to_string(dtype->type)) +
                         " needs " + std::to_string(count) + " x " + std::to_string(width) +
                         " bytes but the file holds " + std::to_string(available) + " data bytes" +
                         (count * width < available ? " (trailing bytes after the array)" : ""));
    return layout;
}

void to_host_order(HostArray& array, const Dtype& dtype) {
    if (!dtype.big_endian) return;
    const std::size_t width = size_of(dtype.type);
    std::byte* data = array.data();
    for (std::size_t i = 0; i < array.size_bytes(); i += width)
        std::reverse(data + i, data + i + width);
}

}  // namespace

NpyContents parse_npy_contents(std::string_view bytes, std::string_view source) {
    const NpyLayout layout = parse_layout(bytes, bytes.size(), source);
    NpyContents contents{HostArray(layout.dtype.type, layout.count), layout.shape};
    if (layout.count > 0)
        std::memcpy(contents.array.data(), bytes.data() + layout.data_start,
                    contents.array.size_bytes());
    to_host_order(contents.array, layout.dtype);
    return contents;
}

HostArray parse_npy(std::string_view bytes, std::string_view source) {
    return std::move(parse_npy_contents(bytes, source).array);
}

// Reads the header first and checks the file's size against it before reading the data, so a
// huge or endless file (/dev/zero, /proc/kcore) is refused without reading it.
NpyContents read_npy_contents(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    if (!fs::is_regular_file(status))
        throw Error(ErrorKind::Io, path.string() + ": not a regular file (a .npy file is needed)");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) throw Error(ErrorKind::Io, path.string() + ": cannot read the file size");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    const auto read_exactly = [&](char* into, std::size_t bytes) {
        if (!file.read(into, static_cast<std::streamsize>(bytes)))
            throw Error(ErrorKind::Io,
                        path.string() + ": read error (the file changed or is unreadable)");
    };
    // The preamble, then the header it announces (at most 4 GiB by the format, but never more
    // than the file holds).
    std::string head(static_cast<std::size_t>(std::min<std::uintmax_t>(size, 12)), '\0');
    read_exactly(head.data(), head.size());
    const std::size_t header_start = preamble_size(head, path.string());
    if (head.size() < header_start) fail(path.string(), "truncated header length");
    head.resize(header_start);
    std::size_t header_len = 0;
    for (std::size_t b = header_start; b-- > 8;)
        header_len = (header_len << 8) | static_cast<unsigned char>(head[b]);
    if (header_len > size - header_start)
        fail(path.string(),
             "truncated header (" + std::to_string(header_len) + " bytes announced)");
    file.seekg(static_cast<std::streamoff>(header_start));
    head.resize(header_start + header_len);
    read_exactly(head.data() + header_start, header_len);
    const NpyLayout layout = parse_layout(head, static_cast<std::size_t>(size), path.string());
    NpyContents contents{HostArray(layout.dtype.type, layout.count), layout.shape};
    read_exactly(reinterpret_cast<char*>(contents.array.data()), contents.array.size_bytes());
    to_host_order(contents.array, layout.dtype);
    return contents;
}

HostArray read_npy(const std::filesystem::path& path) {
    return std::move(read_npy_contents(path).array);
}

std::string to_npy(const HostArray& array) {
    static constexpr const char* kDescr[] = {"<i4", "<u4", "<i8", "<u8", "<f4", "<f8"};
    std::string header = "{'descr': '" + std::string(kDescr[static_cast<int>(array.type())]) +
                         "', 'fortran_order': False, 'shape': (" + std::to_string(array.size()) +
                         ",), }";
    // Pad with spaces so that the data starts on a 64-byte boundary, ending in '\n'.
    const std::size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header.push_back('\n');
    std::string out(kMagic);
    out.push_back('\x01');
    out.push_back('\x00');
    out.push_back(static_cast<char>(header.size() & 0xff));
    out.push_back(static_cast<char>(header.size() >> 8));
    out += header;
    out.append(reinterpret_cast<const char*>(array.data()), array.size_bytes());
    return out;
}

void write_npy(const std::filesystem::path& path, const HostArray& array) {
    write_file_safely(path, to_npy(array));
}

}  // namespace reducelab
