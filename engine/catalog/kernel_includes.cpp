// The include rule for user kernels: a scan for the directives that read files, then the folder
// check (real paths) and the rewrite of each include to the real path checked.
#include "catalog/kernel_includes.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "reducelab/error.h"

namespace reducelab::detail {
namespace {

namespace fs = std::filesystem;

// The one file the catalog provides to every program: the engine puts it first.
constexpr std::string_view kCommonFile = "common.cl";

// One character after line splicing, with its offset in the original text.
struct Spliced {
    char c;
    std::size_t at;
};

// Translation phase 2: a backslash before a newline (clang also allows blanks between them)
// joins the lines.
std::vector<Spliced> splice(std::string_view text) {
    std::vector<Spliced> out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\') {
            std::size_t j = i + 1;
            while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r' ||
                                       text[j] == '\v' || text[j] == '\f'))
                ++j;
            if (j < text.size() && text[j] == '\n') {
                i = j;
                continue;
            }
        }
        out.push_back({text[i], i});
    }
    return out;
}

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
bool starts_identifier(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool continues_identifier(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

enum class IncludeForm { Quoted, Angled, Computed };

struct Include {
    std::string directive;  // "include", "include_next", "import", "embed"
    IncludeForm form = IncludeForm::Computed;
    std::string header;             // between the quotes (or the brackets, or the macro text)
    std::size_t begin = 0;          // the '#' in the original text
    std::size_t operand_begin = 0;  // the opening quote
    std::size_t operand_end = 0;    // one past the closing quote
    std::size_t line_end = 0;       // the end of the directive's logical line
    std::string where;              // "FILE:LINE"

    std::string spelled() const {
        switch (form) {
            case IncludeForm::Quoted:
                return "#" + directive + " \"" + header + "\"";
            case IncludeForm::Angled:
                return "#" + directive + " <" + header + ">";
            case IncludeForm::Computed:
                break;
        }
        return "#" + directive + (header.empty() ? "" : " " + header);
    }
};

// Finds every directive that reads a file, the way the preprocessor's lexer does: splices,
// comments (one space each), string and character literals, '#' or "%:" first on a line. What
// could read or probe a file without being an #include of a name (__has_include, #pragma GCC
// dependency) and trigraphs that could hide a directive are refused here. `presumed`: lines and
// the file name follow the text's #line directives (a program built from several parts).
class DirectiveScan {
  public:
    DirectiveScan(std::string_view text, std::string name, bool presumed)
        : text_(text), s_(splice(text)), name_(std::move(name)), presumed_(presumed) {
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') newlines_.push_back(i);
    }

    std::vector<Include> run() {
        for (const char* trigraph : {"?\?=", "?\?/"})
            if (const std::size_t at = text_.find(trigraph); at != std::string_view::npos)
                refuse(at, std::string("the trigraph ") + trigraph +
                               " is not allowed in a kernel: it could hide an #include");
        bool line_start = true;
        std::size_t i = 0;
        while (i < s_.size()) {
            const char c = s_[i].c;
            if (c == '\n') {
                line_start = true;
                ++i;
            } else if (is_blank(c)) {
                ++i;
            } else if (comment_at(i)) {
                // A '#' after a comment that spans lines is taken as first on its line: the
                // scan may see more directives than the compiler, never fewer.
                if (skip_comment(i)) line_start = true;
            } else if (line_start && (c == '#' || (c == '%' && peek(i + 1) == ':'))) {
                line_start = false;
                i = directive(i, c == '#' ? i + 1 : i + 2);
            } else {
                line_start = false;
                i = token(i);
            }
        }
        return std::move(found_);
    }

  private:
    char peek(std::size_t i) const { return i < s_.size() ? s_[i].c : '\0'; }
    bool comment_at(std::size_t i) const {
        return s_[i].c == '/' && (peek(i + 1) == '/' || peek(i + 1) == '*');
    }
    // Moves i past the comment at i; true when it held a newline.
    bool skip_comment(std::size_t& i) const {
        if (peek(i + 1) == '/') {
            while (i < s_.size() && s_[i].c != '\n') ++i;
            return false;
        }
        bool newline = false;
        i += 2;
        while (i < s_.size() && !(s_[i].c == '*' && peek(i + 1) == '/'))
            newline |= s_[i++].c == '\n';
        i = std::min(i + 2, s_.size());
        return newline;
    }
    std::size_t skip_blanks(std::size_t i) const {
        for (;;) {
            if (i < s_.size() && is_blank(s_[i].c)) {
                ++i;
            } else if (i < s_.size() && comment_at(i)) {
                skip_comment(i);
            } else {
                return i;
            }
        }
    }
    std::string identifier(std::size_t& i) const {
        std::string name;
        if (i < s_.size() && starts_identifier(s_[i].c))
            while (i < s_.size() && continues_identifier(s_[i].c)) name += s_[i++].c;
        return name;
    }
    // A literal ends at its closing quote or, unterminated, at the newline (as clang's lexer).
    std::size_t skip_literal(std::size_t i) const {
        const char quote = s_[i++].c;
        while (i < s_.size() && s_[i].c != '\n') {
            const char c = s_[i++].c;
            if (c == '\\' && i < s_.size() && s_[i].c != '\n') {
                ++i;
            } else if (c == quote) {
                break;
            }
        }
        return i;
    }
    // One token outside a directive's head: literals skipped, identifiers checked.
    std::size_t token(std::size_t i) {
        const char c = s_[i].c;
        if (c == '"' || c == '\'') return skip_literal(i);
        if (!starts_identifier(c)) return i + 1;
        const std::size_t begin = i;
        const std::string name = identifier(i);
        if (name == "__has_include" || name == "__has_include_next" || name == "__has_embed")
            refuse(s_[begin].at, name +
                                     " is not allowed in a kernel: it looks for files "
                                     "outside what the kernel was given");
        return i;
    }
    // The end of the logical line from i: comments and literals skipped.
    std::size_t line_end(std::size_t i) const {
        while (i < s_.size() && s_[i].c != '\n') {
            if (comment_at(i)) {
                skip_comment(i);
            } else if (s_[i].c == '"' || s_[i].c == '\'') {
                i = skip_literal(i);
            } else {
                ++i;
            }
        }
        return i;
    }
    std::size_t offset(std::size_t i) const { return i < s_.size() ? s_[i].at : text_.size(); }

    // The directive whose '#' is at `hash` and whose name starts after `i`.
    std::size_t directive(std::size_t hash, std::size_t i) {
        i = skip_blanks(i);
        const std::string name = identifier(i);
        if (name == "line") return line_directive(i);
        if (name == "pragma") {
            std::size_t j = skip_blanks(i);
            const std::string vendor = identifier(j);
            j = skip_blanks(j);
            if ((vendor == "GCC" || vendor == "clang") && identifier(j) == "dependency")
                refuse(s_[hash].at, "#pragma " + vendor +
                                        " dependency is not allowed in a kernel: it looks "
                                        "for files outside what the kernel was given");
            return i;
        }
        if (name != "include" && name != "include_next" && name != "import" && name != "embed")
            return i;
        Include include;
        include.directive = name;
        include.begin = s_[hash].at;
        include.where = where(s_[hash].at);
        i = skip_blanks(i);
        const std::size_t end = line_end(i);
        const char open = peek(i);
        const char close = open == '"' ? '"' : open == '<' ? '>' : '\0';
        std::size_t j = i + 1;
        if (close != '\0')
            while (j < end && s_[j].c != close) include.header += s_[j++].c;
        if (close != '\0' && j < end) {
            include.form = open == '"' ? IncludeForm::Quoted : IncludeForm::Angled;
            include.operand_begin = s_[i].at;
            include.operand_end = s_[j].at + 1;
        } else {
            include.form = IncludeForm::Computed;
            include.header.clear();
            for (std::size_t k = i; k < end && include.header.size() < 60; ++k)
                include.header += s_[k].c;
            while (!include.header.empty() && is_blank(include.header.back()))
                include.header.pop_back();
        }
        include.line_end = offset(end);
        found_.push_back(std::move(include));
        return end;
    }

    // #line N ["name"]: the next physical line is line N (of "name").
    std::size_t line_directive(std::size_t i) {
        i = skip_blanks(i);
        std::string digits;
        while (i < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i].c)))
            digits += s_[i++].c;
        i = skip_blanks(i);
        std::string file;
        if (peek(i) == '"') {
            std::size_t j = i + 1;
            while (j < s_.size() && s_[j].c != '"' && s_[j].c != '\n') file += s_[j++].c;
        }
        const std::size_t end = line_end(i);
        if (presumed_ && !digits.empty() && digits.size() < 10) {
            line_base_physical_ = physical_line(offset(end)) + 1;
            line_base_presumed_ = std::stoul(digits);
            if (!file.empty()) name_ = file;
        }
        return end;
    }

    std::size_t physical_line(std::size_t at) const {
        return static_cast<std::size_t>(std::lower_bound(newlines_.begin(), newlines_.end(), at) -
                                        newlines_.begin()) +
               1;
    }
    std::string where(std::size_t at) const {
        const std::size_t physical = physical_line(at);
        const std::size_t line =
            presumed_ && line_base_physical_ > 0 && physical >= line_base_physical_
                ? line_base_presumed_ + (physical - line_base_physical_)
                : physical;
        return name_ + ":" + std::to_string(line);
    }
    [[noreturn]] void refuse(std::size_t at, const std::string& why) const {
        throw Error(ErrorKind::InvalidArgument, where(at) + ": " + why);
    }

    std::string_view text_;
    std::vector<Spliced> s_;
    std::vector<std::size_t> newlines_;
    std::string name_;
    bool presumed_;
    std::size_t line_base_physical_ = 0;
    std::size_t line_base_presumed_ = 0;
    std::vector<Include> found_;
};

// `text` with the directive blanked (its newlines kept, so that line numbers stay).
void blank(std::string& text, const Include& include) {
    for (std::size_t k = include.begin; k < include.line_end && k < text.size(); ++k)
        if (text[k] != '\n') text[k] = ' ';
}

bool is_inside(const fs::path& path, const fs::path& folder) {
    const auto [in_folder, in_path] =
        std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
    return in_folder == folder.end() && in_path != path.end();
}

// The folder check of one file and of the files it includes, each once.
class FolderCheck {
  public:
    explicit FolderCheck(const fs::path& folder) : shown_(folder) {
        std::error_code ec;
        real_ = fs::canonical(folder, ec);
        if (ec)
            throw Error(ErrorKind::Io, folder.string() + ": cannot resolve the kernel's folder (" +
                                           ec.message() + ")");
    }

    // Checks `text` (the file `name`, whose includes are relative to `dir`); returns it with
    // each include rewritten to the real path checked, or blanked for common.cl.
    std::string check(std::string_view text, const std::string& name, const fs::path& dir,
                      bool drop_common) {
        const std::vector<Include> includes = DirectiveScan(text, name, false).run();
        // Checked in the text's order, so that the first offending line is the one named.
        std::vector<std::optional<fs::path>> real_paths;  // nothing: blanked
        for (const Include& include : includes) {
            if (include.form != IncludeForm::Quoted)
                refuse(include, ": a kernel may include only files of its folder " +
                                    shown_.string() + ", by a name in quotes" +
                                    (include.form == IncludeForm::Computed
                                         ? " (a macro's name cannot be checked)"
                                         : ""));
            if (drop_common && include.header == kCommonFile) {
                real_paths.emplace_back();
                continue;
            }
            real_paths.push_back(resolve(include, dir));
            check_nested(*real_paths.back());
        }
        // Rewritten from the end, so that earlier offsets stay valid.
        std::string out(text);
        for (std::size_t k = includes.size(); k-- > 0;) {
            const Include& include = includes[k];
            if (!real_paths[k])
                blank(out, include);
            else
                out.replace(include.operand_begin, include.operand_end - include.operand_begin,
                            "\"" + real_paths[k]->string() + "\"");
        }
        return out;
    }

    const fs::path& real_folder() const { return real_; }

  private:
    [[noreturn]] void refuse(const Include& include, const std::string& why) const {
        throw Error(ErrorKind::InvalidArgument, include.where + ": " + include.spelled() + why);
    }

    fs::path resolve(const Include& include, const fs::path& dir) const {
        const fs::path named(include.header);
        std::error_code ec;
        const fs::path real = fs::weakly_canonical(named.is_absolute() ? named : dir / named, ec);
        if (ec || !is_inside(real, real_))
            refuse(include, " is outside the kernel's folder " + shown_.string());
        if (!fs::exists(real, ec))
            refuse(include, " names no file in the kernel's folder " + shown_.string());
        // The rewritten name goes between quotes, where these cannot be.
        if (real.string().find_first_of("\"\\\n") != std::string::npos)
            refuse(include, ": its path holds a quote, a backslash or a newline");
        return real;
    }

    // A file the compiler will read itself: its includes are found beside it first, where the
    // check looks for them too, so they are checked and not rewritten.
    void check_nested(const fs::path& real) {
        if (!checked_.insert(real).second) return;
        std::optional<std::string> text = read_kernel_file(real);
        if (!text) throw Error(ErrorKind::Io, real.string() + ": cannot read the included file");
        check(*text, real.string(), real.parent_path(), false);
    }

    fs::path shown_;  // as the user named it
    fs::path real_;
    std::set<fs::path> checked_;
};

}  // namespace

std::string confine_includes(std::string_view text, const fs::path& file, const fs::path& folder) {
    FolderCheck check(folder);
    return check.check(text, file.string(), check.real_folder(), true);
}

std::string refuse_includes(std::string_view text, std::string_view name) {
    const std::vector<Include> includes = DirectiveScan(text, std::string(name), true).run();
    for (const Include& include : includes)
        if (include.form != IncludeForm::Quoted || include.header != kCommonFile)
            throw Error(ErrorKind::InvalidArgument,
                        include.where + ": " + include.spelled() +
                            ": a kernel written here can include no files (common.cl is already "
                            "part of every program)");
    std::string out(text);
    for (const Include& include : includes) blank(out, include);  // same length: offsets stay
    return out;
}

}  // namespace reducelab::detail
