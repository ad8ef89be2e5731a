// trace --export FILE.html|FILE.gif: replays written from the finished trace.
#include "trace_export.h"

#include <CLI/CLI.hpp>
#include <ostream>

#include "commands.h"
#include "output_paths.h"
#include "printable.h"
#include "reducelab/error.h"
#include "reducelab/memory_limits.h"
#include "reducelab/results_file.h"
#include "reducelab/safe_write.h"
#include "reducelab/session_file.h"
#include "reducelab/size_expression.h"
#include "reducelab/version.h"

namespace reducelab::cli {

namespace {

bool is_session_path(const std::filesystem::path& path) {
    return path.extension() == ".reducelab";
}

}  // namespace

void add_trace_export_options(CLI::App& command, TraceExportOptions& options, bool with_compare) {
    path_option(
        command.add_option("--export", options.paths,
                           "write a replay: FILE.html (self-contained player), FILE.gif (animated) "
                           "or FILE.reducelab (a session to replay later); repeatable"));
    if (with_compare)
        command.add_option("--compare", options.compare_variant,
                           "trace this variant too and show both side by side in the replay");
    command.add_option("--gif-cell-size", options.gif_cell_size,
                       "GIF: pixel height of a local-memory cell, 8 to 96 (default 28)");
    command.add_option("--gif-delay", options.gif_delay_ms,
                       "GIF: milliseconds each round is shown, 20 to 60000 (default 1000)");
}

GifOptions checked_trace_exports(const TraceExportOptions& options, const std::string& input) {
    GifOptions gif;
    gif.cell_size =
        static_cast<unsigned>(parse_option_number("--gif-cell-size", options.gif_cell_size, 8, 96));
    gif.delay_ms =
        static_cast<unsigned>(parse_option_number("--gif-delay", options.gif_delay_ms, 20, 60000));
    std::vector<OutputPath> outputs;
    for (const std::string& path : options.paths) {
        if (!replay_format_for(path) && !is_session_path(path))
            throw Error(ErrorKind::InvalidArgument,
                        "--export " + path + ": give a file ending in .html, .gif or .reducelab");
        if (!input.empty() && same_file_path(path, input))
            throw Error(ErrorKind::InvalidArgument,
                        "--export " + path + " is the session being replayed");
        outputs.push_back({"--export", path});
    }
    check_output_paths(outputs);
    return gif;
}

void write_trace_exports(Context& ctx, const TraceExportOptions& options,
                         std::span<const StepTrace> traces, const GifOptions& gif_options) {
    // Every export's size first: a refused one leaves no other half-done export behind.
    for (const std::string& path : options.paths) {
        if (is_session_path(path))
            check_replay_cells(traces, "the session " + path);
        else
            check_replay_fits(*replay_format_for(path), traces, gif_options);
    }
    for (const std::string& path : options.paths) {
        if (is_session_path(path))
            write_session(path, SessionFile{std::string("reducelab-cli ") + kVersion,
                                            utc_now_iso8601(),
                                            {traces.begin(), traces.end()}});
        else
            write_replay(path, traces, gif_options);
        print_note(ctx.err, "replay written to " + path);
    }
}

}  // namespace reducelab::cli
