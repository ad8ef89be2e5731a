// The self-contained HTML replay: the player template (embedded at build time) with the traces'
// JSON in a <script type="application/json"> block.
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/error.h"
#include "reducelab/memory_limits.h"
#include "reducelab/replay.h"
#include "reducelab/trace_json.h"
#include "replay/replay_internal.h"

namespace reducelab {

namespace {

constexpr std::string_view kDataPlaceholder = "{{REDUCELAB_REPLAY_DATA}}";

// JSON text that cannot end the <script> element it sits in: '<' only occurs inside JSON
// strings, where \u003c means the same character.
std::string script_safe(const std::string& json_text) {
    std::string out;
    out.reserve(json_text.size());
    for (const char c : json_text) {
        if (c == '<')
            out += "\\u003c";
        else
            out += c;
    }
    return out;
}

}  // namespace

std::string replay_html(std::span<const StepTrace> traces) {
    check_replay_traces(traces);
    check_replay_cells(traces, "the HTML replay");
    AllocationScope scope("building the HTML replay of " + std::to_string(replay_cells(traces)) +
                          " local-memory cells");
    nlohmann::json data{{"format", "reducelab-replay"}, {"version", 1}};
    data["traces"] = nlohmann::json::array();
    for (const StepTrace& trace : traces) data["traces"].push_back(to_json(trace));

    const std::string_view player = embedded_replay_player_texts().at(0);
    const std::size_t at = player.find(kDataPlaceholder);
    if (at == std::string_view::npos ||
        player.find(kDataPlaceholder, at + 1) != std::string_view::npos)
        throw Error(ErrorKind::InvalidArgument,
                    "the embedded replay player needs exactly one data placeholder");
    std::string html(player.substr(0, at));
    html += script_safe(data.dump());
    html += player.substr(at + kDataPlaceholder.size());
    return html;
}

}  // namespace reducelab
