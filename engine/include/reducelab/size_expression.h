// Sizes as people type them, in the CLI (--n, --sizes, --local-size, ...) and in the GUI's fields:
// "102400", "2^20", "2^20+7", "1<<26", "64M", "16Mi", "1,048,576". One parser for both front ends,
// so "64M" means the same everywhere: K, M and G are binary (2^10, 2^20, 2^30), as are Ki, Mi, Gi.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace reducelab {

// The value, or nullopt with `error` set ("'abc' is not a size (examples: ...)"). Negative results
// and values beyond 2^64 - 1 are errors; 0 is a value (callers that need n >= 1 say so).
// ',' and '_' between two digits are ignored ("1,048,576", "1_000"); spaces only around the whole
// and around + and - ("2^20 - 1"), never inside a number ("1 000", "2^ 20" are refused).
std::optional<std::uint64_t> parse_size_expression(std::string_view text, std::string& error);

// The value of `text` (a size expression) for `option` when it lies in [min, max]; otherwise
// throws Error(InvalidArgument) naming the option, the value and the range, e.g.
// "--repeat: 4294967297 is out of range (1 to 100000)". Numbers are never clamped or narrowed.
std::uint64_t parse_option_number(const std::string& option, std::string_view text,
                                  std::uint64_t min, std::uint64_t max);

}  // namespace reducelab
