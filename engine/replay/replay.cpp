// Replay formats by extension, the checks every replay shares, and the safe write.
#include <string>

#include "core/ascii.h"
#include "reducelab/error.h"
#include "reducelab/memory_limits.h"
#include "reducelab/replay.h"
#include "reducelab/safe_write.h"
#include "replay/replay_internal.h"

namespace reducelab {

void check_replay_traces(std::span<const StepTrace> traces) {
    if (traces.empty()) throw Error(ErrorKind::InvalidArgument, "a replay needs a step trace");
    for (const StepTrace& trace : traces) {
        if (trace.groups.empty())
            throw Error(ErrorKind::InvalidArgument,
                        "the step trace of " + trace.variant + " holds no work-group");
        if (trace.groups.size() != traces.front().groups.size())
            throw Error(ErrorKind::InvalidArgument,
                        "traces shown side by side must trace the same work-groups");
    }
}

std::optional<ReplayFormat> replay_format_for(const std::filesystem::path& path) {
    const std::string extension = ascii_lower(path.extension().string());
    if (extension == ".html" || extension == ".htm") return ReplayFormat::Html;
    if (extension == ".gif") return ReplayFormat::Gif;
    return std::nullopt;
}

void write_replay(const std::filesystem::path& path, std::span<const StepTrace> traces,
                  const GifOptions& gif_options) {
    const auto format = replay_format_for(path);
    if (!format)
        throw Error(ErrorKind::InvalidArgument, "cannot tell the replay format of " +
                                                    path.string() +
                                                    ": give a file ending in .html or .gif");
    if (*format == ReplayFormat::Html) {
        write_file_safely(path, replay_html(traces));
        return;
    }
    check_replay_fits(*format, traces, gif_options);  // before the file is touched
    write_file_safely(path,
                      [&](const ChunkWriter& write) { replay_gif(traces, gif_options, write); });
}

void check_replay_fits(ReplayFormat format, std::span<const StepTrace> traces,
                       const GifOptions& gif_options) {
    if (format == ReplayFormat::Gif) {
        check_gif_fits(traces, gif_options);
        return;
    }
    check_replay_traces(traces);
    check_replay_cells(traces, "the HTML replay");
}

}  // namespace reducelab
