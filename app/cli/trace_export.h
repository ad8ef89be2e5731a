// trace --export and replay --export: step traces as replays to take home (HTML player, animated
// GIF) or as a .reducelab session; trace's --compare traces a second variant to show side by side.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "reducelab/replay.h"

namespace CLI {
class App;
}

namespace reducelab::cli {

struct Context;

struct TraceExportOptions {
    std::vector<std::string> paths;  // --export, repeatable
    std::string compare_variant;     // --compare
    std::string gif_cell_size = "28";
    std::string gif_delay_ms = "1000";
};

// `with_compare`: also --compare (trace only; a session already holds its traces).
void add_trace_export_options(CLI::App& command, TraceExportOptions& options, bool with_compare);

// Before tracing: throws Error(InvalidArgument) (exit 2) for an unknown extension (.html, .gif,
// .reducelab are known) or a bad GIF option, Error(Io) (exit 6) for a path that could not be
// written. `input` (a session being replayed) may not be an output.
GifOptions checked_trace_exports(const TraceExportOptions& options, const std::string& input = {});

// Writes every --export file (safely) and names each on stderr.
void write_trace_exports(Context& ctx, const TraceExportOptions& options,
                         std::span<const StepTrace> traces, const GifOptions& gif_options);

}  // namespace reducelab::cli
