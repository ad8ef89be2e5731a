// trace --export FILE.html|FILE.gif: replays written from the finished trace.
#include "trace_export.h"

#include <CLI/CLI.hpp>
#include <ostream>

#include "commands.h"
#include "output_paths.h"
#include "reducelab/error.h"
#include "reducelab/size_expression.h"

namespace reducelab::cli {

void add_trace_export_options(CLI::App& command, TraceExportOptions& options) {
    command.add_option("--export", options.paths,
                       "write a replay: FILE.html (self-contained player) or FILE.gif "
                       "(animated); repeatable");
    command.add_option("--compare", options.compare_variant,
                       "trace this variant too and show both side by side in the replay");
    command.add_option("--gif-cell-size", options.gif_cell_size,
                       "GIF: pixel height of a local-memory cell, 8 to 96 (default 28)");
    command.add_option("--gif-delay", options.gif_delay_ms,
                       "GIF: milliseconds each round is shown, 20 to 60000 (default 1000)");
}

GifOptions checked_trace_exports(const TraceExportOptions& options) {
    GifOptions gif;
    gif.cell_size =
        static_cast<unsigned>(parse_option_number("--gif-cell-size", options.gif_cell_size, 8, 96));
    gif.delay_ms =
        static_cast<unsigned>(parse_option_number("--gif-delay", options.gif_delay_ms, 20, 60000));
    std::vector<OutputPath> outputs;
    for (const std::string& path : options.paths) {
        if (!replay_format_for(path))
            throw Error(ErrorKind::InvalidArgument,
                        "--export " + path + ": give a file ending in .html or .gif");
        outputs.push_back({"--export", path});
    }
    check_output_paths(outputs);
    return gif;
}

void write_trace_exports(Context& ctx, const TraceExportOptions& options,
                         std::span<const StepTrace> traces, const GifOptions& gif_options) {
    for (const std::string& path : options.paths) {
        write_replay(path, traces, gif_options);
        ctx.err << "reducelab-cli: replay written to " << path << "\n";
    }
}

}  // namespace reducelab::cli
