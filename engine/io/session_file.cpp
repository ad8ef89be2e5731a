// Session files: traces saved as versioned JSON, read back strictly (every field checked, the
// trace's arrays consistent with its local size) so that a replay never draws from bad data.
#include "reducelab/session_file.h"

#include <algorithm>
#include <vector>

#include "io/json_fields.h"
#include "io/json_readers.h"
#include "io/session_windows.h"
#include "reducelab/determinism_json.h"
#include "reducelab/error.h"
#include "reducelab/memory_limits.h"
#include "reducelab/multi_device_json.h"
#include "reducelab/result_json.h"
#include "reducelab/safe_write.h"
#include "reducelab/trace_json.h"

namespace reducelab {

using nlohmann::json;

namespace {

const detail::JsonFields fields{"session file"};

// The largest local size a session may hold: far above any device's, small enough to draw.
constexpr std::size_t kMaxSessionLocalSize = 1u << 16;

std::string at(const std::string& where, std::size_t i) {
    return where + "[" + std::to_string(i) + "]";
}

const json& array_field(const json& o, const char* key, const std::string& where) {
    const json& v = fields.field(o, key, where);
    if (!v.is_array()) fields.bad(where + "." + key, "expected an array");
    return v;
}

template <typename T, typename Parse>
T parsed(const json& o, const char* key, const std::string& where, Parse parse) {
    const auto value = parse(fields.get_string(o, key, where));
    if (!value) fields.bad(where + "." + key, "unknown value");
    return *value;
}

std::uint32_t index_field(const json& o, const char* key, const std::string& where,
                          std::size_t local_size) {
    const auto index = fields.get_unsigned<std::uint32_t>(o, key, where);
    if (index >= local_size) fields.bad(where + "." + key, "outside the local size");
    return index;
}

std::vector<std::uint32_t> indices(const json& o, const char* key, const std::string& where,
                                   std::size_t local_size) {
    std::vector<std::uint32_t> out;
    const json& list = array_field(o, key, where);
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_number_unsigned() || list[i].get<std::uint64_t>() >= local_size)
            fields.bad(at(where + "." + key, i), "expected an index below the local size");
        out.push_back(list[i].get<std::uint32_t>());
    }
    return out;
}

// A trace's cells: version 3 in the results file's value shape (cell_array_from_json), versions
// 1 and 2 one to_json(Value) per cell.
std::vector<Value> values(const json& o, const char* key, const std::string& where,
                          std::size_t local_size, const AccumulatorSpec& cell, int version) {
    if (version >= 3) return detail::cell_array_from_json(fields, o, key, cell, local_size, where);
    const json& list = array_field(o, key, where);
    if (list.size() != local_size) fields.bad(where + "." + key, "expected one value per cell");
    std::vector<Value> out;
    out.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i)
        out.push_back(detail::cell_from_json(fields, list[i], cell, at(where + "." + key, i)));
    return out;
}

Value partial(const json& g, const char* key, const std::string& where, const AccumulatorSpec& cell,
              int version) {
    if (version >= 3) return detail::cell_field_from_json(fields, g, key, cell, where);
    return detail::cell_from_json(fields, fields.field(g, key, where), cell, where + "." + key);
}

// Bytes per bank: bank_width_bytes since version 3, bank_width before.
const char* bank_width_key(int version) {
    return version >= 3 ? "bank_width_bytes" : "bank_width";
}

TraceRequest request_from_json(const json& r, const std::string& where, int version) {
    TraceRequest q;
    q.op = parsed<Operation>(r, "op", where, parse_operation);
    q.type = parsed<ElementType>(r, "type", where, parse_element_type);
    q.accumulator = parsed<AccumulatorMode>(r, "accumulator", where, parse_accumulator_mode);
    q.variant = fields.get_string(r, "variant", where);
    q.local_size = fields.get_unsigned<std::size_t>(r, "local_size", where);
    q.n = fields.get_unsigned<std::uint64_t>(r, "n", where);
    q.group = fields.get_unsigned<std::uint64_t>(r, "group", where);
    q.all_groups = fields.get_bool(r, "all_groups", where);
    q.fill = parsed<Fill>(r, "fill", where, parse_fill);
    q.seed = fields.get_unsigned<std::uint64_t>(r, "seed", where);
    q.warp_width = fields.get_unsigned<unsigned>(r, "warp_width", where);
    q.bank_count = fields.get_unsigned<unsigned>(r, "bank_count", where);
    q.bank_width = fields.get_unsigned<unsigned>(r, bank_width_key(version), where);
    if (r.contains("input")) q.input_path = fields.get_string(r, "input", where);
    return q;
}

// The caps on what step mode records (docs/hardening-limits.md): above them is a refusal like an
// export's (Error(InvalidArgument), exit 2), checked on the array's size before it is read.
void check_rounds_cap(std::size_t rounds, std::size_t local_size, const std::string& where) {
    if (rounds > max_traced_rounds(local_size))
        throw Error(
            ErrorKind::InvalidArgument,
            "session file: " + where + ".rounds: " + std::to_string(rounds) +
                " rounds, above the cap of " + std::to_string(max_traced_rounds(local_size)) +
                " (what step mode records at local size " + std::to_string(local_size) + ")");
}

void check_groups_cap(std::size_t groups, const std::string& where) {
    if (groups > kMaxTracedGroups)
        throw Error(ErrorKind::InvalidArgument,
                    "session file: " + where + ".groups: " + std::to_string(groups) +
                        " work-groups, above the cap of " + std::to_string(kMaxTracedGroups) +
                        " (what step mode traces)");
}

TraceRound round_from_json(const json& r, const std::string& where, std::size_t local_size,
                           const AccumulatorSpec& cell, int version) {
    TraceRound round;
    round.round = fields.get_unsigned<unsigned>(r, "round", where);
    round.stride = fields.get_unsigned<std::uint32_t>(r, "stride", where);
    round.active_work_items = fields.get_unsigned<unsigned>(r, "active_work_items", where);
    round.active_warps = fields.get_unsigned<unsigned>(r, "active_warps", where);
    round.divergent_warps = fields.get_unsigned<unsigned>(r, "divergent_warps", where);
    round.bank_conflicts = fields.get_unsigned<unsigned>(r, "bank_conflicts", where);
    round.max_conflict_degree = fields.get_unsigned<unsigned>(r, "max_conflict_degree", where);
    const json& active = array_field(r, "active", where);
    if (active.size() != local_size)
        fields.bad(where + ".active", "expected one flag per work-item");
    for (std::size_t i = 0; i < active.size(); ++i) {
        if (active[i] != 0 && active[i] != 1)
            fields.bad(at(where + ".active", i), "expected 0 or 1");
        round.active.push_back(active[i] == 1);
    }
    const json& accesses = array_field(r, "accesses", where);
    if (accesses.size() > local_size)
        fields.bad(where + ".accesses", "more accesses than work-items");
    for (std::size_t i = 0; i < accesses.size(); ++i) {
        const std::string w = at(where + ".accesses", i);
        round.accesses.push_back({index_field(accesses[i], "work_item", w, local_size),
                                  index_field(accesses[i], "read_a", w, local_size),
                                  index_field(accesses[i], "read_b", w, local_size),
                                  index_field(accesses[i], "write", w, local_size)});
    }
    const json& conflicts = array_field(r, "conflicts", where);
    if (conflicts.size() > 3 * local_size)  // each of three phases, at most one per work-item
        fields.bad(where + ".conflicts", "more bank conflicts than three per work-item");
    for (std::size_t i = 0; i < conflicts.size(); ++i) {
        const std::string w = at(where + ".conflicts", i);
        BankConflict c;
        c.warp = fields.get_unsigned<std::uint32_t>(conflicts[i], "warp", w);
        c.transaction = fields.get_unsigned<std::uint32_t>(conflicts[i], "transaction", w);
        c.phase = fields.get_string(conflicts[i], "phase", w);
        c.bank = fields.get_unsigned<std::uint32_t>(conflicts[i], "bank", w);
        c.degree = fields.get_unsigned<std::uint32_t>(conflicts[i], "degree", w);
        c.work_items = indices(conflicts[i], "work_items", w, local_size);
        c.indices = indices(conflicts[i], "indices", w, local_size);
        if (c.work_items.size() != c.indices.size())
            fields.bad(w, "work_items and indices differ in length");
        round.conflicts.push_back(std::move(c));
    }
    round.values = values(r, "values", where, local_size, cell, version);
    return round;
}

GroupTrace group_from_json(const json& g, const std::string& where, std::size_t local_size,
                           const AccumulatorSpec& cell, int version) {
    GroupTrace group;
    group.group = fields.get_unsigned<std::uint64_t>(g, "group", where);
    group.initial = values(g, "initial", where, local_size, cell, version);
    const json& rounds = array_field(g, "rounds", where);
    // Step mode records at most this many rounds: more was not written by it.
    check_rounds_cap(rounds.size(), local_size, where);
    for (std::size_t i = 0; i < rounds.size(); ++i)
        group.rounds.push_back(
            round_from_json(rounds[i], at(where + ".rounds", i), local_size, cell, version));
    group.partial = partial(g, "partial", where, cell, version);
    group.uninstrumented_partial = partial(g, "uninstrumented_partial", where, cell, version);
    group.matches_uninstrumented = fields.get_bool(g, "matches_uninstrumented", where);
    group.total_divergent_warps = fields.get_unsigned<unsigned>(g, "total_divergent_warps", where);
    group.total_bank_conflicts = fields.get_unsigned<unsigned>(g, "total_bank_conflicts", where);
    return group;
}

// A results file inside the session, with the session's message prefix.
ResultsFile embedded_results(const json& j, const std::string& where) {
    try {
        return results_from_json(fields.field(j, "results", where));
    } catch (const Error& e) {
        fields.bad(where + ".results", e.what());
    }
    return {};
}

// The charts as shown and the result cards (version 2, optional).
void read_charts_and_cards(const json& j, SessionFile& session) {
    const std::string top_level = "top level";
    if (j.contains("charts")) {
        const json& charts = array_field(j, "charts", top_level);
        for (std::size_t i = 0; i < charts.size(); ++i) {
            const std::string where = at("charts", i);
            if (!charts[i].is_object()) fields.bad(where, "expected an object");
            SessionChart chart;
            chart.name = fields.get_string(charts[i], "name", where);
            chart.title = fields.get_string(charts[i], "title", where);
            const json& log = fields.field(charts[i], "log_scale", where);
            if (!log.is_boolean()) fields.bad(where + ".log_scale", "expected true or false");
            chart.log_scale = log.get<bool>();
            chart.results = embedded_results(charts[i], where);
            for (const SessionChart& other : session.charts)
                if (other.name == chart.name) fields.bad(where + ".name", "a chart twice");
            session.charts.push_back(std::move(chart));
        }
    }
    if (j.contains("cards")) {
        const json& cards = fields.field(j, "cards", top_level);
        if (!cards.is_object()) fields.bad("cards", "expected an object");
        session.cards = embedded_results(cards, "cards");
        const std::string where = "cards";
        const json& slots = array_field(cards, "slots", where);
        if (slots.size() != session.cards->points.size())
            fields.bad("cards.slots", "expected one slot per card");
        for (std::size_t i = 0; i < slots.size(); ++i) {
            if (!slots[i].is_number_unsigned() || slots[i].get<std::uint64_t>() > 1)
                fields.bad(at("cards.slots", i), "expected 0 (A) or 1 (B)");
            const auto slot = slots[i].get<unsigned>();
            for (const unsigned other : session.card_slots)
                if (other == slot) fields.bad(at("cards.slots", i), "a slot twice");
            session.card_slots.push_back(slot);
        }
    }
}

// The version 2 fields: results with one source each, settings as strings.
void read_workspace(const json& j, SessionFile& session) {
    const std::string top_level = "top level";
    if (j.contains("results")) {
        try {
            session.results = results_from_json(j["results"]);
        } catch (const Error& e) {
            fields.bad("results", e.what());
        }
        const json& sources = array_field(j, "result_sources", top_level);
        if (sources.size() != session.results->points.size())
            fields.bad("result_sources", "expected one source per result");
        for (std::size_t i = 0; i < sources.size(); ++i) {
            if (!sources[i].is_string()) fields.bad(at("result_sources", i), "expected a string");
            session.result_sources.push_back(sources[i].get<std::string>());
        }
    } else if (j.contains("result_sources")) {
        fields.bad("result_sources", "sources without results");
    }
    if (j.contains("settings")) {
        const json& settings = j["settings"];
        if (!settings.is_object()) fields.bad("settings", "expected an object");
        for (const auto& [name, value] : settings.items()) {
            if (!value.is_string()) fields.bad("settings." + name, "expected a string");
            session.settings[name] = value.get<std::string>();
        }
    }
    read_charts_and_cards(j, session);
}

// The cells the session's traces hold, from the document's array sizes, before any is read:
// above kMaxReplayCells is refused (Error(InvalidArgument)) without building the traces.
void check_session_cells(const json& traces) {
    std::uint64_t cells = 0;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        const json& t = traces[i];
        if (!t.is_object() || !t.contains("local_size") || !t["local_size"].is_number_unsigned() ||
            !t.contains("groups") || !t["groups"].is_array())
            continue;  // the strict reading names what is wrong
        const std::uint64_t local_size =
            std::min<std::uint64_t>(t["local_size"].get<std::uint64_t>(), kMaxSessionLocalSize);
        const json& groups = t["groups"];
        check_groups_cap(groups.size(), at("traces", i));
        for (std::size_t k = 0; k < groups.size(); ++k) {
            const json& g = groups[k];
            if (!g.is_object() || !g.contains("rounds") || !g["rounds"].is_array()) continue;
            check_rounds_cap(g["rounds"].size(), local_size, at(at("traces", i) + ".groups", k));
            cells += (g["rounds"].size() + 1) * local_size;
        }
    }
    if (cells > kMaxReplayCells)
        throw Error(ErrorKind::InvalidArgument,
                    "the session holds " + std::to_string(cells) +
                        " local-memory cells (work-groups x rounds x local size), above the cap "
                        "of " +
                        std::to_string(kMaxReplayCells));
}

// Every value of the document, containers included (what the reader counts).
std::uint64_t json_values(const json& document) {
    std::uint64_t count = 0;
    std::vector<const json*> pending{&document};
    while (!pending.empty()) {
        const json* value = pending.back();
        pending.pop_back();
        ++count;
        if (value->is_structured())
            for (const json& element : *value) pending.push_back(&element);
    }
    return count;
}

}  // namespace

StepTrace trace_from_json(const json& t, const std::string& where) {
    // Versions 1 (no schema field: traces and sessions written before) and 2 still read.
    int version = 1;
    if (t.contains("schema")) {
        const std::string schema = fields.get_string(t, "schema", where);
        if (schema == kTraceSchema)
            version = 3;
        else if (schema == kTraceSchemaV2)
            version = 2;
        else
            fields.bad(where + ".schema",
                       "'" + schema + "' is neither " + kTraceSchema + " nor " + kTraceSchemaV2);
    }
    StepTrace trace;
    trace.request =
        request_from_json(fields.field(t, "request", where), where + ".request", version);
    trace.device =
        detail::device_from_json(fields, fields.field(t, "device", where), where + ".device");
    trace.variant = fields.get_string(t, "variant", where);
    trace.kernel = fields.get_string(t, "kernel", where);
    trace.build_options = fields.get_string(t, "build_options", where);
    trace.op = parsed<Operation>(t, "op", where, parse_operation);
    trace.type = parsed<ElementType>(t, "type", where, parse_element_type);
    trace.accumulator = fields.get_string(t, "accumulator", where);
    trace.n = fields.get_unsigned<std::uint64_t>(t, "n", where);
    trace.local_size = fields.get_positive(t, "local_size", where);
    if (trace.local_size > kMaxSessionLocalSize)
        fields.bad(where + ".local_size", "above " + std::to_string(kMaxSessionLocalSize));
    trace.global_size = fields.get_unsigned<std::size_t>(t, "global_size", where);
    trace.work_groups = fields.get_unsigned<std::size_t>(t, "work_groups", where);
    trace.max_local_size = fields.get_unsigned<std::size_t>(t, "max_local_size", where);
    const std::string a = where + ".analysis";
    const json& analysis = fields.field(t, "analysis", where);
    trace.warp_width = static_cast<unsigned>(fields.get_positive(analysis, "warp_width", a));
    trace.bank_count = static_cast<unsigned>(fields.get_positive(analysis, "bank_count", a));
    trace.bank_width =
        static_cast<unsigned>(fields.get_positive(analysis, bank_width_key(version), a));
    trace.element_bytes = fields.get_positive(analysis, "element_bytes", a);
    trace.lanes_per_transaction =
        fields.get_unsigned<unsigned>(analysis, "lanes_per_transaction", a);
    if (trace.warp_width > 1024 || trace.bank_count > 1024 || trace.bank_width > 64 ||
        trace.element_bytes > 64)
        fields.bad(a, "a warp, bank or cell size beyond any device");
    // The cells hold the accumulator the operation and type make: integers in range for an
    // integer one, printed like the device's values were (float32 as the shortest float32).
    AccumulatorSpec cell;
    try {
        cell = accumulator_for(trace.op, trace.type, trace.request.accumulator);
    } catch (const Error& e) {
        fields.bad(where + ".type", e.what());
    }
    const json& groups = array_field(t, "groups", where);
    if (groups.empty()) fields.bad(where + ".groups", "no work-group");
    check_groups_cap(groups.size(), where);
    trace.groups.reserve(groups.size());
    for (std::size_t i = 0; i < groups.size(); ++i)
        trace.groups.push_back(
            group_from_json(groups[i], at(where + ".groups", i), trace.local_size, cell, version));
    trace.elapsed_ms = version >= 2 ? fields.get_number(t, "elapsed_us", where) / 1000.0
                                    : fields.get_number(t, "elapsed_ms", where);
    return trace;
}

unsigned session_version(const SessionFile& session) {
    if (session.exercises) return 4u;
    if (detail::has_teaching_windows(session)) return 3u;
    return session.results || !session.settings.empty() || !session.charts.empty() || session.cards
               ? 2u
               : 1u;
}

json to_json(const SessionFile& session) {
    json traces = json::array();
    for (const StepTrace& trace : session.traces) traces.push_back(to_json(trace));
    json out{{"format", kSessionFormat},
             {"version", session_version(session)},
             {"tool", session.tool},
             {"created_utc", session.created_utc},
             {"traces", traces}};
    if (session.results) {
        out["results"] = to_json(*session.results);
        out["result_sources"] = session.result_sources;
    }
    if (!session.settings.empty()) out["settings"] = session.settings;
    if (!session.charts.empty()) {
        json charts = json::array();
        for (const SessionChart& chart : session.charts)
            charts.push_back({{"name", chart.name},
                              {"title", chart.title},
                              {"log_scale", chart.log_scale},
                              {"results", to_json(chart.results)}});
        out["charts"] = charts;
    }
    if (session.cards)
        out["cards"] = {{"slots", session.card_slots}, {"results", to_json(*session.cards)}};
    detail::write_teaching_windows(session, out);
    detail::write_exercises(session, out);
    return out;
}

SessionFile session_from_json(const json& j) {
    if (!j.is_object()) fields.bad("top level", "expected an object");
    if (fields.get_string(j, "format", "top level") != kSessionFormat)
        fields.bad("format", std::string("expected '") + kSessionFormat + "'");
    const auto version = fields.get_positive(j, "version", "top level");
    if (version > static_cast<std::uint64_t>(kSessionVersion))
        fields.bad("version", "version " + std::to_string(version) +
                                  " is newer than this ReduceLab reads (" +
                                  std::to_string(kSessionVersion) + ")");
    SessionFile session;
    session.tool = fields.get_string(j, "tool", "top level");
    session.created_utc = fields.get_string(j, "created_utc", "top level");
    const std::string top_level = "top level";  // a named string: no temporary for GCC 13's
                                                // -Wdangling-reference to suspect
    const json& traces = array_field(j, "traces", top_level);
    // Version 1 is a replay: it needs a trace. Versions 2 and later may hold only results or
    // settings.
    if (traces.empty() && version < 2) fields.bad("traces", "no trace");
    if (version >= 2) read_workspace(j, session);
    detail::read_teaching_windows(j, version, session);
    detail::read_exercises(j, version, session);
    check_session_cells(traces);
    for (std::size_t i = 0; i < traces.size(); ++i)
        session.traces.push_back(trace_from_json(traces[i], at("traces", i)));
    for (const StepTrace& trace : session.traces)
        if (trace.groups.size() != session.traces.front().groups.size() ||
            trace.local_size != session.traces.front().local_size)
            fields.bad("traces", "traces side by side must share the local size and work-groups");
    return session;
}

SessionFile read_session(const std::filesystem::path& path) {
    const json j = detail::read_json_file(
        path, "a session", {kMaxSessionBytes, kMaxSessionJsonValues, "a session file"});
    AllocationScope scope("reading the traces of " + path.string());
    try {
        return session_from_json(j);
    } catch (const Error& e) {
        throw Error(e.kind(), path.string() + ": " + e.what());
    }
}

void write_session(const std::filesystem::path& path, const SessionFile& session) {
    check_replay_cells(session.traces, "the session");
    AllocationScope scope("writing the session " + path.string());
    const json document = to_json(session);
    // What the reader refuses, the writer does not write.
    if (const std::uint64_t count = json_values(document); count > kMaxSessionJsonValues)
        throw Error(ErrorKind::InvalidArgument,
                    "the session would hold " + std::to_string(count) +
                        " JSON values, above the cap of " + std::to_string(kMaxSessionJsonValues) +
                        ": trace fewer work-groups (--group instead of --all-groups)");
    const std::string text = document.dump(1) + "\n";
    if (text.size() > kMaxSessionBytes)
        throw Error(ErrorKind::InvalidArgument,
                    "the session would be " + format_bytes(text.size()) + ", above the cap of " +
                        format_bytes(kMaxSessionBytes) +
                        ": trace fewer work-groups (--group instead of --all-groups)");
    write_file_safely(path, text);
}

}  // namespace reducelab
