#include "replay/raster.h"

#include <algorithm>

#include "replay/bitmap_font.h"

namespace reducelab::replay {

Canvas::Canvas(int width, int height)
    : width_(width),
      height_(height),
      pixels_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), kBackground) {}

void Canvas::fill(int x, int y, int w, int h, std::uint8_t colour) {
    const int x0 = std::max(0, x), y0 = std::max(0, y);
    const int x1 = std::min(width_, x + w), y1 = std::min(height_, y + h);
    for (int row = y0; row < y1; ++row)
        std::fill_n(pixels_.begin() + static_cast<std::ptrdiff_t>(row) * width_ + x0,
                    std::max(0, x1 - x0), colour);
}

void Canvas::outline(int x, int y, int w, int h, int thickness, std::uint8_t colour) {
    fill(x, y, w, thickness, colour);
    fill(x, y + h - thickness, w, thickness, colour);
    fill(x, y, thickness, h, colour);
    fill(x + w - thickness, y, thickness, h, colour);
}

void Canvas::line(int x0, int y0, int x1, int y1, std::uint8_t colour) {
    fill(std::min(x0, x1), std::min(y0, y1), std::abs(x1 - x0) + 1, std::abs(y1 - y0) + 1, colour);
}

void Canvas::text(int x, int y, std::string_view text, int scale, std::uint8_t colour) {
    for (const char c : text) {
        const auto& columns = glyph(c);
        for (int col = 0; col < kGlyphWidth; ++col)
            for (int row = 0; row < kGlyphHeight; ++row)
                if (columns[col] >> row & 1)
                    fill(x + col * scale, y + row * scale, scale, scale, colour);
        x += kGlyphAdvance * scale;
    }
}

int text_width(std::string_view text, int scale) {
    return text.empty() ? 0 : (static_cast<int>(text.size()) * kGlyphAdvance - 1) * scale;
}

}  // namespace reducelab::replay
