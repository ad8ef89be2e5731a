// Frames of equal size to an animated GIF, through giflib, streamed: one global palette, every
// frame after the first stored as the rectangle that changed, the bytes handed to a sink as they
// are made. Only the previous frame is kept, so memory does not grow with the frame count.
#pragma once

#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "reducelab/safe_write.h"
#include "replay/raster.h"

struct GifFileType;

namespace reducelab::replay {

class GifEncoder {
  public:
    // Writes the header through `sink` (which may throw: the error comes out of the encoder's
    // call). Throws Error(Io) with giflib's reason when encoding fails.
    GifEncoder(int width, int height, unsigned delay_ms, ChunkWriter sink);
    ~GifEncoder();
    GifEncoder(const GifEncoder&) = delete;
    GifEncoder& operator=(const GifEncoder&) = delete;

    // Throws Error(InvalidArgument) for a frame of another size.
    void add_frame(const Canvas& frame);
    // Ends the file; throws Error(InvalidArgument) when no frame was added.
    void finish();

  private:
    static int write_bytes(GifFileType* gif, const unsigned char* bytes, int count);
    void flush_buffer();
    [[noreturn]] void fail(const char* step, int code);

    int width_, height_;
    unsigned delay_ms_;
    ChunkWriter sink_;
    std::string buffer_;             // giflib writes blocks of 255 bytes: pass them on in MiBs
    std::exception_ptr sink_error_;  // the sink's exception, kept across giflib's C frames
    bool discard_ = false;           // closing an unfinished file: its bytes go nowhere
    std::optional<Canvas> previous_;
    GifFileType* gif_ = nullptr;
};

}  // namespace reducelab::replay
