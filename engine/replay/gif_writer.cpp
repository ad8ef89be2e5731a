#include "replay/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

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

constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

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

int GifEncoder::write_bytes(GifFileType* gif, const GifByteType* bytes, int count) {
    auto* self = static_cast<GifEncoder*>(gif->UserData);
    if (self->discard_) return count;
    if (self->sink_error_) return 0;  // giflib reports the short write as a failure
    try {
        self->buffer_.append(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(count));
        if (self->buffer_.size() >= kBufferBytes) self->flush_buffer();
    } catch (...) {
        // No exception may cross giflib's C frames: keep it and rethrow after giflib returns.
        self->sink_error_ = std::current_exception();
        return 0;
    }
    return count;
}

void GifEncoder::flush_buffer() {
    if (buffer_.empty()) return;
    sink_(buffer_);
    buffer_.clear();
}

void GifEncoder::fail(const char* step, int code) {
    if (sink_error_) std::rethrow_exception(sink_error_);
    const char* reason = GifErrorString(code);
    throw Error(ErrorKind::Io, std::string("GIF encoding failed at ") + step + ": " +
                                   (reason ? reason : "unknown giflib error"));
}

GifEncoder::GifEncoder(int width, int height, unsigned delay_ms, ChunkWriter sink)
    : width_(width), height_(height), delay_ms_(delay_ms), sink_(std::move(sink)) {
    buffer_.reserve(kBufferBytes + 256);
    int code = 0;
    gif_ = EGifOpen(this, write_bytes, &code);
    if (!gif_) fail("open", code);
    EGifSetGifVersion(gif_, true);  // GIF89a: delays and looping

    std::array<GifColorType, kPalette.size()> colours = kPalette;
    ColorMapObject* palette = GifMakeMapObject(static_cast<int>(colours.size()), colours.data());
    if (!palette) throw Error(ErrorKind::Io, "GIF encoding failed: no memory for the palette");
    const int screen = EGifPutScreenDesc(gif_, width, height, 8, kBackground, palette);
    GifFreeMapObject(palette);
    if (screen == GIF_ERROR) fail("the screen descriptor", gif_->Error);

    // NETSCAPE2.0: loop forever.
    const GifByteType loop[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif_, 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(gif_, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif_) == GIF_ERROR)
        fail("the loop extension", gif_->Error);
}

GifEncoder::~GifEncoder() {
    if (!gif_) return;
    discard_ = true;
    int ignored = 0;
    EGifCloseFile(gif_, &ignored);  // an unfinished file: its bytes go nowhere
}

void GifEncoder::add_frame(const Canvas& frame) {
    if (frame.width() != width_ || frame.height() != height_)
        throw Error(ErrorKind::InvalidArgument, "GIF frames differ in size");
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_DO_NOT;  // later frames paint over this one
    control.DelayTime = static_cast<int>((delay_ms_ + 5) / 10);
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType extension[4];
    const std::size_t length = EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) ==
        GIF_ERROR)
        fail("a frame's delay", gif_->Error);
    const Rect r = previous_ ? changed_rect(*previous_, frame) : Rect{0, 0, width_, height_};
    if (EGifPutImageDesc(gif_, r.x, r.y, r.w, r.h, false, nullptr) == GIF_ERROR)
        fail("a frame's descriptor", gif_->Error);
    std::vector<GifPixelType> row(static_cast<std::size_t>(r.w));
    for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = 0; x < r.w; ++x) row[static_cast<std::size_t>(x)] = frame.at(r.x + x, y);
        if (EGifPutLine(gif_, row.data(), r.w) == GIF_ERROR) fail("a frame's pixels", gif_->Error);
    }
    if (previous_)
        *previous_ = frame;
    else
        previous_.emplace(frame);
}

void GifEncoder::finish() {
    if (!previous_) throw Error(ErrorKind::InvalidArgument, "a GIF needs a frame");
    int code = 0;
    GifFileType* done = gif_;
    gif_ = nullptr;
    if (EGifCloseFile(done, &code) == GIF_ERROR) fail("close", code);
    if (sink_error_) std::rethrow_exception(sink_error_);
    flush_buffer();
}

}  // namespace reducelab::replay
