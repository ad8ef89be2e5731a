// Parser for size expressions: terms joined by + or -, each a number with an optional K/M/G
// (or Ki/Mi/Gi) suffix, a power "a^b", or a shift "a<<b".
#include "reducelab/size_expression.h"

#include <cctype>
#include <limits>
#include <string>

#include "reducelab/error.h"

namespace reducelab {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

bool is_digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

void skip_spaces(std::string_view& s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
}

// Digits, with ',' or '_' allowed between two of them ("1,048,576", "1_000"); no spaces.
bool parse_number(std::string_view& s, std::uint64_t& value) {
    if (s.empty() || !is_digit(s.front())) return false;
    value = 0;
    while (!s.empty()) {
        if ((s.front() == ',' || s.front() == '_') && s.size() > 1 && is_digit(s[1])) {
            s.remove_prefix(1);
            continue;
        }
        if (!is_digit(s.front())) break;
        const std::uint64_t digit = static_cast<std::uint64_t>(s.front() - '0');
        if (value > (kMax - digit) / 10) return false;
        value = value * 10 + digit;
        s.remove_prefix(1);
    }
    return true;
}

bool multiply(std::uint64_t& value, std::uint64_t factor) {
    if (factor != 0 && value > kMax / factor) return false;
    value *= factor;
    return true;
}

bool parse_term(std::string_view& s, std::uint64_t& value) {
    if (!parse_number(s, value)) return false;
    if (s.starts_with("^")) {
        s.remove_prefix(1);
        std::uint64_t exponent = 0;
        if (!parse_number(s, exponent)) return false;
        const std::uint64_t base = value;
        value = 1;
        if (base <= 1) {
            // 0^e and 1^e without e multiplications (1^99999999999999 must not take hours).
            value = exponent == 0 ? 1 : base;
        } else {
            // Overflows within 64 steps for any base >= 2.
            for (std::uint64_t i = 0; i < exponent; ++i)
                if (!multiply(value, base)) return false;
        }
    } else if (s.starts_with("<<")) {
        s.remove_prefix(2);
        std::uint64_t shift = 0;
        if (!parse_number(s, shift) || shift > 63) return false;
        if (value > (kMax >> shift)) return false;
        value <<= shift;
    } else if (!s.empty() && std::string_view("kKmMgG").find(s.front()) != std::string_view::npos) {
        const char suffix = static_cast<char>(std::toupper(static_cast<unsigned char>(s.front())));
        s.remove_prefix(1);
        if (s.starts_with("i")) s.remove_prefix(1);  // "16Mi": the IEC spelling of the same unit
        if (!multiply(value, suffix == 'K'   ? 1024
                             : suffix == 'M' ? 1024 * 1024
                                             : 1024 * 1024 * 1024))
            return false;
    }
    return true;
}

}  // namespace

std::optional<std::uint64_t> parse_size_expression(std::string_view text, std::string& error) {
    std::string_view s = text;
    const auto bad = [&](const std::string& why) {
        error = "'" + std::string(text) + "' " + why;
        return std::nullopt;
    };
    const auto not_a_size = [&] {
        // A space inside a term ("1 000", "2^ 20") is refused rather than dropped: it is more
        // likely a typo or two numbers than one.
        std::string_view inner = text;
        while (!inner.empty() && is_space(inner.front())) inner.remove_prefix(1);
        while (!inner.empty() && is_space(inner.back())) inner.remove_suffix(1);
        for (std::size_t i = 0; i < inner.size(); ++i) {
            if (!is_space(inner[i])) continue;
            std::size_t before = i, after = i;
            while (before > 0 && is_space(inner[before - 1])) --before;
            while (after < inner.size() && is_space(inner[after])) ++after;
            const auto sign = [](char c) { return c == '+' || c == '-'; };
            if (!sign(inner[before - 1]) && !sign(inner[after]))
                return bad(
                    "is not a size: a space inside a number (write 1000 or 1,000; spaces "
                    "are allowed only around + and -)");
            i = after;
        }
        return bad("is not a size (examples: 1000, 2^20, 2^20+7, 64M, 16Mi)");
    };
    skip_spaces(s);
    if (s.empty()) return bad("is empty");
    if (s.front() == '-') return bad("is negative");
    std::uint64_t total = 0;
    bool subtract = false;
    while (true) {
        std::uint64_t term = 0;
        if (!parse_term(s, term)) return not_a_size();
        if (subtract) {
            if (term > total) return bad("is negative");
            total -= term;
        } else {
            if (term > kMax - total) return bad("is too large");
            total += term;
        }
        skip_spaces(s);
        if (s.empty()) break;
        if (s.front() != '+' && s.front() != '-') return not_a_size();
        subtract = s.front() == '-';
        s.remove_prefix(1);
        skip_spaces(s);
    }
    return total;
}

std::uint64_t parse_option_number(const std::string& option, std::string_view text,
                                  std::uint64_t min, std::uint64_t max) {
    std::string error;
    const auto value = parse_size_expression(text, error);
    if (!value) throw Error(ErrorKind::InvalidArgument, option + ": " + error);
    if (*value < min || *value > max)
        throw Error(ErrorKind::InvalidArgument, option + ": " + std::to_string(*value) +
                                                    " is out of range (" + std::to_string(min) +
                                                    " to " + std::to_string(max) + ")");
    return *value;
}

}  // namespace reducelab
