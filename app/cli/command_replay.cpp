// reducelab-cli replay FILE.reducelab --export FILE.html|FILE.gif: replays from a saved session,
// without any OpenCL device.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "cli.h"
#include "commands.h"
#include "output_paths.h"
#include "reducelab/error.h"
#include "reducelab/session_file.h"
#include "trace_export.h"

namespace reducelab::cli {

Command add_replay_command(CLI::App& app) {
    auto* sub = app.add_subcommand(
        "replay", "write replays (HTML, GIF) from a .reducelab session; needs no OpenCL device");
    auto session_path = std::make_shared<std::string>();
    auto exports = std::make_shared<TraceExportOptions>();
    path_option(sub->add_option("session", *session_path, "the .reducelab session file"))
        ->required();
    add_trace_export_options(*sub, *exports, false);
    return [session_path, exports](Context& ctx) {
        if (exports->paths.empty())
            throw Error(ErrorKind::InvalidArgument,
                        "replay: give --export FILE.html or --export FILE.gif");
        const GifOptions gif_options = checked_trace_exports(*exports, *session_path);
        const SessionFile session = read_session(*session_path);
        write_trace_exports(ctx, *exports, session.traces, gif_options);
        return static_cast<int>(kOk);
    };
}

}  // namespace reducelab::cli
