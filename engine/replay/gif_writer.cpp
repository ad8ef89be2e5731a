#include "replay/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>

#include "reducelab/error.h"

namespace reducelab::replay {
namespace {

constexpr std::array<GifColorType, 16> kPalette{{
    {255, 255, 255},  // kBackground
    {34, 34, 34},     // kText
    {150, 150, 150},  // kCellBorder
    {236, 236, 236},  // kIdleCell
    {201, 240, 196},  // kWrittenCell
    {31, 111, 209},   // kActiveMarker
    {240, 160, 32},   // kDivergentWarp
    {210, 34, 34},    // kConflict
    {110, 110, 110},  // kDimText
    {214, 230, 250},  // kReadCell
    {31, 111, 209},   // kArrow
    {0, 0, 0},
    {0, 0, 0},
    {0, 0, 0},
    {0, 0, 0},
    {0, 0, 0},
}};
static_assert(kPaletteSize <= kPalette.size());

int append_bytes(GifFileType* gif, const GifByteType* bytes, int count) {
    static_cast<std::string*>(gif->UserData)
        ->append(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(count));
    return count;
}

[[noreturn]] void fail(const char* step, int code) {
    const char* reason = GifErrorString(code);
    throw Error(ErrorKind::Io, std::string("GIF encoding failed at ") + step + ": " +
                                   (reason ? reason : "unknown giflib error"));
}

struct Rect {
    int x = 0, y = 0, w = 0, h = 0;
};

// The smallest rectangle holding every pixel that differs; 1x1 when none does (a GIF frame
// cannot be empty).
Rect changed_rect(const Canvas& before, const Canvas& after) {
    int x0 = after.width(), y0 = after.height(), x1 = -1, y1 = -1;
    for (int y = 0; y < after.height(); ++y)
        for (int x = 0; x < after.width(); ++x)
            if (before.at(x, y) != after.at(x, y)) {
                x0 = std::min(x0, x), x1 = std::max(x1, x);
                y0 = std::min(y0, y), y1 = std::max(y1, y);
            }
    if (x1 < 0) return {0, 0, 1, 1};
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

}  // namespace

std::string encode_gif(const std::vector<Canvas>& frames, unsigned delay_ms) {
    if (frames.empty()) throw Error(ErrorKind::InvalidArgument, "a GIF needs a frame");
    const int width = frames.front().width(), height = frames.front().height();
    for (const Canvas& frame : frames)
        if (frame.width() != width || frame.height() != height)
            throw Error(ErrorKind::InvalidArgument, "GIF frames differ in size");

    std::string bytes;
    int code = 0;
    GifFileType* raw = EGifOpen(&bytes, append_bytes, &code);
    if (!raw) fail("open", code);
    const auto close = [](GifFileType* gif) {
        int ignored = 0;
        EGifCloseFile(gif, &ignored);
    };
    std::unique_ptr<GifFileType, decltype(close)> gif(raw, close);
    EGifSetGifVersion(gif.get(), true);  // GIF89a: delays and looping

    std::array<GifColorType, kPalette.size()> colours = kPalette;
    ColorMapObject* palette = GifMakeMapObject(static_cast<int>(colours.size()), colours.data());
    if (!palette) throw Error(ErrorKind::Io, "GIF encoding failed: no memory for the palette");
    const int screen = EGifPutScreenDesc(gif.get(), width, height, 8, kBackground, palette);
    GifFreeMapObject(palette);
    if (screen == GIF_ERROR) fail("the screen descriptor", gif->Error);

    // NETSCAPE2.0: loop forever.
    const GifByteType loop[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif.get(), APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif.get(), 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(gif.get(), 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif.get()) == GIF_ERROR)
        fail("the loop extension", gif->Error);

    for (std::size_t f = 0; f < frames.size(); ++f) {
        GraphicsControlBlock control{};
        control.DisposalMode = DISPOSE_DO_NOT;  // later frames paint over this one
        control.DelayTime = static_cast<int>((delay_ms + 5) / 10);
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const std::size_t length = EGifGCBToExtension(&control, extension);
        if (EGifPutExtension(gif.get(), GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length),
                             extension) == GIF_ERROR)
            fail("a frame's delay", gif->Error);
        const Canvas& frame = frames[f];
        const Rect r = f == 0 ? Rect{0, 0, width, height} : changed_rect(frames[f - 1], frame);
        if (EGifPutImageDesc(gif.get(), r.x, r.y, r.w, r.h, false, nullptr) == GIF_ERROR)
            fail("a frame's descriptor", gif->Error);
        std::vector<GifPixelType> row(static_cast<std::size_t>(r.w));
        for (int y = r.y; y < r.y + r.h; ++y) {
            for (int x = 0; x < r.w; ++x) row[static_cast<std::size_t>(x)] = frame.at(r.x + x, y);
            if (EGifPutLine(gif.get(), row.data(), r.w) == GIF_ERROR)
                fail("a frame's pixels", gif->Error);
        }
    }
    GifFileType* done = gif.release();
    if (EGifCloseFile(done, &code) == GIF_ERROR) fail("close", code);
    return bytes;
}

}  // namespace reducelab::replay
