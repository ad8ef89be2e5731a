// A 5x7 bitmap font for ASCII 32 to 126, for the GIF rasterizer (no font library on a bare
// GPU server). Glyphs are 5 columns, bit 0 the top row.
#pragma once

#include <array>
#include <cstdint>

namespace reducelab::replay {

inline constexpr int kGlyphWidth = 5;
inline constexpr int kGlyphHeight = 7;
inline constexpr int kGlyphAdvance = 6;  // one blank column between glyphs

// The columns of `c`; characters outside ASCII 32..126 draw as '?'.
const std::array<std::uint8_t, 5>& glyph(char c);

}  // namespace reducelab::replay
