// One table of size expressions for both front ends: the CLI's --n (tests/cli) and the GUI's n
// field (tests/ui) must read every text alike, because both call the engine's parser.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace reducelab::test {

struct SizeCase {
    const char* text;
    std::optional<std::uint64_t> value;  // nullopt: refused
    const char* reason;                  // for refusals: a fragment of the message
};

// Accepted values stay small enough (<= 2^22) for the CLI to sum that many ones quickly.
inline std::vector<SizeCase> size_expression_cases() {
    return {
        {"102400", 102400, ""},
        {"2^20", 1u << 20, ""},
        {"2^20+7", (1u << 20) + 7, ""},
        {"2^20 - 1", (1u << 20) - 1, ""},
        {"1<<12", 4096, ""},
        {"4k - 1", 4095, ""},
        {"4M", 4u << 20, ""},  // binary in both front ends (the GUI once read 4M as 4,000,000)
        {"3Mi", 3u << 20, ""},
        {"16Ki", 16384, ""},
        {"1,048,576", 1048576, ""},
        {"1_000", 1000, ""},
        {" 2^20 + 7 ", (1u << 20) + 7, ""},  // spaces around the whole and around + and -
        {"1 000", std::nullopt, "a space inside a number"},  // read as 1000 before the fix
        {"10 0", std::nullopt, "a space inside a number"},
        {"2^ 20", std::nullopt, "a space inside a number"},
        {"64 M", std::nullopt, "a space inside a number"},
        {"1,,000", std::nullopt, "not a size"},
        {"1^4000000000", 1, ""},  // no four billion multiplications
        {"0", std::nullopt, "at least 1"},
        {"", std::nullopt, ""},  // refused by both; the CLI reads an empty --n as "not given"
        {"-5", std::nullopt, "negative"},
        {"4-10", std::nullopt, "negative"},
        {"lots", std::nullopt, "not a size"},
        {"1.5", std::nullopt, "not a size"},
        {"2^64", std::nullopt, "not a size"},
        {"99999999999999999999999", std::nullopt, "not a size"},
        {"2^63+2^63", std::nullopt, "too large"},
        {"1<<64", std::nullopt, "not a size"},
    };
}

}  // namespace reducelab::test
