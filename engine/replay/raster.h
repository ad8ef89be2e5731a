// A paletted canvas for the GIF replays: rectangles, lines and 5x7 text, nothing more.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace reducelab::replay {

// Indices into the GIF's global palette (gif_writer.cpp holds the colours).
enum Colour : std::uint8_t {
    kBackground = 0,
    kText,
    kCellBorder,
    kIdleCell,
    kWrittenCell,
    kActiveMarker,
    kDivergentWarp,
    kConflict,
    kDimText,
    kReadCell,
    kArrow,
    kPaletteSize
};

class Canvas {
  public:
    Canvas(int width, int height);

    int width() const { return width_; }
    int height() const { return height_; }
    const std::vector<std::uint8_t>& pixels() const { return pixels_; }
    std::uint8_t at(int x, int y) const {
        return pixels_[static_cast<std::size_t>(y) * width_ + x];
    }

    // Clipped to the canvas.
    void fill(int x, int y, int w, int h, std::uint8_t colour);
    void outline(int x, int y, int w, int h, int thickness, std::uint8_t colour);
    // Horizontal or vertical lines only.
    void line(int x0, int y0, int x1, int y1, std::uint8_t colour);
    // Text with its top-left at (x, y), each font pixel `scale` x `scale`.
    void text(int x, int y, std::string_view text, int scale, std::uint8_t colour);

  private:
    int width_;
    int height_;
    std::vector<std::uint8_t> pixels_;
};

// Pixel width of `text` at `scale`.
int text_width(std::string_view text, int scale);

}  // namespace reducelab::replay
