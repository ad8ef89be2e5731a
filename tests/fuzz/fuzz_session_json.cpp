// libFuzzer target: .reducelab session files (engine/include/reducelab/session_file.h), the input
// of `reducelab-cli replay` and of the GUI's File > Open. Arbitrary bytes are parsed as JSON the
// way read_session does; a document either reads or throws reducelab::Error(Io) (or
// InvalidArgument above a cap: cells, rounds, work-groups, memory_limits.h), and whatever
// reads is written back and reads again with the same traces, and renders as an HTML replay.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "reducelab/error.h"
#include "reducelab/replay.h"
#include "reducelab/session_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const nlohmann::json json = nlohmann::json::parse(data, data + size, nullptr, false);
    if (json.is_discarded()) return 0;  // not JSON: read_session reports the parser's error
    reducelab::SessionFile session;
    try {
        session = reducelab::session_from_json(json);
    } catch (const reducelab::Error& e) {
        if (e.kind() != reducelab::ErrorKind::Io &&
            e.kind() != reducelab::ErrorKind::InvalidArgument)
            __builtin_trap();
        return 0;
    }
    const reducelab::SessionFile again = reducelab::session_from_json(reducelab::to_json(session));
    if (again.traces.size() != session.traces.size()) __builtin_trap();
    for (std::size_t i = 0; i < session.traces.size(); ++i)
        if (again.traces[i].groups.size() != session.traces[i].groups.size()) __builtin_trap();
    try {
        (void)reducelab::replay_html(session.traces);
    } catch (const reducelab::Error& e) {
        // A session with no traces, or a trace with no groups, is refused by the player.
        if (e.kind() != reducelab::ErrorKind::InvalidArgument) __builtin_trap();
    }
    return 0;
}
