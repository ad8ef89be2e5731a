// Replays of step traces to take home: one self-contained HTML file with a player, or an
// animated GIF. Written from traces alone (no device), so the CLI, the GUI and saved sessions
// share them.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>

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
// traces or a trace without groups.
std::string replay_html(std::span<const StepTrace> traces);

// The animated GIF (giflib): for every traced work-group, a frame of the loaded state and one per
// round, the traces stacked. Throws Error(InvalidArgument) for bad options or an image above
// GIF's 65535-pixel sides, Error(Io) when giflib fails.
std::string replay_gif(std::span<const StepTrace> traces, const GifOptions& options);

// Writes the replay the path's extension names through write_file_safely. Throws
// Error(InvalidArgument) for an unknown extension, Error(Io) when writing fails.
void write_replay(const std::filesystem::path& path, std::span<const StepTrace> traces,
                  const GifOptions& gif_options);

}  // namespace reducelab
