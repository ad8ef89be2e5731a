// trace --export: the step trace as a replay to take home (HTML player or animated GIF), with
// --compare tracing a second variant to show side by side.
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

void add_trace_export_options(CLI::App& command, TraceExportOptions& options);

// Before tracing: throws Error(InvalidArgument) (exit 2) for an unknown extension or a bad GIF
// option, Error(Io) (exit 6) for a path that could not be written.
GifOptions checked_trace_exports(const TraceExportOptions& options);

// Writes every --export file (safely) and names each on stderr.
void write_trace_exports(Context& ctx, const TraceExportOptions& options,
                         std::span<const StepTrace> traces, const GifOptions& gif_options);

}  // namespace reducelab::cli
