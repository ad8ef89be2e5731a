// Sizes as people type them: "102400", "2^20", "2^20+7", "1<<26", "64M" (binary suffixes K, M, G).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace reducelab::cli {

// The value, or nullopt with `error` set ("'abc' is not a size"). Negative results are errors.
std::optional<std::uint64_t> parse_size_expression(std::string_view text, std::string& error);

// The value of `text` (a size expression) for `option` when it lies in [min, max]; otherwise
// throws Error(InvalidArgument) naming the option, the value and the range, e.g.
// "--repeat: 4294967297 is out of range (1 to 100000)". Numbers are never clamped or narrowed.
std::uint64_t parse_option_number(const std::string& option, std::string_view text,
                                  std::uint64_t min, std::uint64_t max);

}  // namespace reducelab::cli
