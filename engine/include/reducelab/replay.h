// Replays of step traces to take home: one self-contained HTML file with a player, or an
// animated GIF. Written from traces alone (no device), so the CLI, the GUI and saved sessions
// share them.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "reducelab/safe_write.h"
#include "reducelab/trace_types.h"

namespace reducelab {

enum class ReplayFormat { Html, Gif };

// The format a path's extension names (.html, .htm, .gif; any case), nullopt for others.
std::optional<ReplayFormat> replay_format_for(const std::filesystem::path& path);

struct GifOptions {
    unsigned cell_size = 28;   // pixels of a local-memory cell's height (8 to 96)
    unsigned delay_ms = 1000;  // how long each round is shown (20 to 60000 ms)
};

// The HTML document: the traces as JSON (to_json(StepTrace), one serializer) inside the player
// template from resources/replay/player.html; no network reference. `traces` are shown side by
// side (the same problem traced with different variants). Throws Error(InvalidArgument) for no
// traces, a trace without groups, or more cells than kMaxReplayCells (memory_limits.h).
std::string replay_html(std::span<const StepTrace> traces);

// The animated GIF (giflib): for every traced work-group, a frame of the loaded state and one per
// round, the traces stacked. Throws Error(InvalidArgument) for bad options, an image above GIF's
// 65535-pixel sides, or above the caps on pixels (kMaxGifPixels, kMaxGifFramePixels in
// memory_limits.h), all before the first frame is drawn; Error(Io) when giflib fails. The
// streaming form hands the bytes to `sink` frame by frame and holds two frames at a time.
void replay_gif(std::span<const StepTrace> traces, const GifOptions& options,
                const ChunkWriter& sink);
std::string replay_gif(std::span<const StepTrace> traces, const GifOptions& options);

// The checks replay_html and replay_gif make before they start (the caps on cells and pixels),
// alone: the CLI checks every export before it writes the first.
void check_replay_fits(ReplayFormat format, std::span<const StepTrace> traces,
                       const GifOptions& gif_options);

// Writes the replay the path's extension names through write_file_safely (a GIF streamed to the
// file). Throws Error(InvalidArgument) for an unknown extension or a replay above its cap,
// Error(Io) when writing fails.
void write_replay(const std::filesystem::path& path, std::span<const StepTrace> traces,
                  const GifOptions& gif_options);

}  // namespace reducelab
