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

bool parse_number(std::string_view& s, std::uint64_t& value) {
    if (s.empty() || !std::isdigit(static_cast<unsigned char>(s.front()))) return false;
    value = 0;
    while (!s.empty() && std::isdigit(static_cast<unsigned char>(s.front()))) {
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
    std::string compact;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)) && c != ',' && c != '_') compact += c;
    std::string_view s = compact;
    const auto bad = [&](const std::string& why) {
        error = "'" + std::string(text) + "' " + why;
        return std::nullopt;
    };
    if (s.empty()) return bad("is empty");
    if (s.front() == '-') return bad("is negative");
    std::uint64_t total = 0;
    bool subtract = false;
    while (true) {
        std::uint64_t term = 0;
        if (!parse_term(s, term))
            return bad("is not a size (examples: 1000, 2^20, 2^20+7, 64M, 16Mi)");
        if (subtract) {
            if (term > total) return bad("is negative");
            total -= term;
        } else {
            if (term > kMax - total) return bad("is too large");
            total += term;
        }
        if (s.empty()) break;
        if (s.front() != '+' && s.front() != '-')
            return bad("is not a size (examples: 1000, 2^20, 2^20+7, 64M, 16Mi)");
        subtract = s.front() == '-';
        s.remove_prefix(1);
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
