// Sizes as people type them: "102400", "2^20", "2^20+7", "1<<26", "64M" (binary suffixes K, M, G).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace reducelab::cli {

// The value, or nullopt with `error` set ("'abc' is not a size"). Negative results are errors.
std::optional<std::uint64_t> parse_size_expression(std::string_view text, std::string& error);

}  // namespace reducelab::cli
