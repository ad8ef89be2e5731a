// reducelab-cli trace: step mode. The real local memory of a work-group after every barrier
// round, as a round-by-round table (or the whole trace as JSON).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>
#include <ostream>
#include <string>

#include "cli.h"
#include "commands.h"
#include "option_choices.h"
#include "output_paths.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/npy.h"
#include "reducelab/size_expression.h"
#include "reducelab/step_trace.h"
#include "reducelab/trace_json.h"
#include "reducelab/units.h"
#include "trace_export.h"

namespace reducelab::cli {
namespace {

struct TraceOptions {
    std::string variant = "interleaved";
    std::string local_size = "16";
    std::string n;
    std::string group;
    bool all_groups = false;
    std::string op = "sum";
    std::string type;
    std::string accumulator = "default";
    std::string fill = "random";
    std::string seed = "1";
    std::string input;
    std::string warp_width = "32";
    std::string banks = "32";
    std::string bank_width = "4";
    bool json = false;
    TraceExportOptions exports;
};

std::uint64_t number(const std::string& option, const std::string& text) {
    std::string error;
    const auto value = parse_size_expression(text, error);
    if (!value) throw Error(ErrorKind::InvalidArgument, option + ": " + error);
    return *value;
}

unsigned small_number(const std::string& option, const std::string& text, unsigned limit) {
    const std::uint64_t value = number(option, text);
    if (value > limit)
        throw Error(ErrorKind::InvalidArgument,
                    option + " " + text + " is above " + std::to_string(limit));
    return static_cast<unsigned>(value);
}

[[noreturn]] void unknown(const std::string& what, const std::string& text,
                          const std::string& known) {
    throw Error(ErrorKind::InvalidArgument,
                "unknown " + what + " '" + text + "' (known: " + known + ")");
}

TraceRequest to_trace_request(const TraceOptions& o) {
    TraceRequest r;
    const auto op = parse_operation(o.op);
    if (!op)
        unknown("operation", o.op,
                "sum, product, min, max, and, or, xor, land, lor, dot, mean, argmin, argmax");
    r.op = *op;
    if (!o.input.empty() && !o.n.empty())
        throw Error(ErrorKind::InvalidArgument, "give either --n or --input, not both");
    if (o.type.empty()) {
        r.type = o.input.empty() ? ElementType::Int32 : read_npy(o.input).type();
    } else {
        const auto type = parse_element_type(o.type);
        if (!type) unknown("type", o.type, "int32, uint32, int64, uint64, float32, float64");
        r.type = *type;
    }
    const auto acc = parse_accumulator_mode(o.accumulator);
    if (!acc) unknown("accumulator", o.accumulator, "default, wide, same");
    r.accumulator = *acc;
    r.variant = o.variant;
    r.local_size = number("--local-size", o.local_size);
    if (r.local_size == 0)
        throw Error(ErrorKind::InvalidArgument, "local size must be at least 1 (got 0)");
    if (!o.n.empty()) {
        r.n = number("--n", o.n);
        if (r.n == 0) throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    }
    if (o.all_groups && !o.group.empty())
        throw Error(ErrorKind::InvalidArgument, "give either --group or --all-groups, not both");
    if (!o.group.empty()) r.group = number("--group", o.group);
    r.all_groups = o.all_groups;
    const auto fill = parse_fill(o.fill);
    if (!fill) unknown("fill", o.fill, comma_list(fill_choices()));
    r.fill = *fill;
    r.seed = number("--seed", o.seed);
    r.input_path = o.input;
    r.warp_width = small_number("--warp-width", o.warp_width, 1u << 20);
    r.bank_count = small_number("--banks", o.banks, 1u << 20);
    r.bank_width = small_number("--bank-width", o.bank_width, 1u << 20);
    return r;
}

// ---- the round-by-round table -----------------------------------------------------------------

constexpr std::string_view kActive = "\u25cf";  // ●

std::string pad_left(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string cells_label(std::size_t first) {
    return pad_left("[" + std::to_string(first) + "]", 8) + " ";
}

struct Layout {
    std::size_t cell_width = 4;
    std::size_t per_line = 16;
};

Layout layout_for(const GroupTrace& group, std::size_t local_size) {
    std::size_t widest = std::to_string(local_size - 1).size();
    for (const Value& v : group.initial) widest = std::max(widest, v.to_string().size());
    for (const TraceRound& round : group.rounds)
        for (const Value& v : round.values) widest = std::max(widest, v.to_string().size());
    Layout layout;
    layout.cell_width = widest + 1;
    layout.per_line = 1;
    while (layout.per_line * 2 <= local_size && 9 + layout.per_line * 2 * layout.cell_width <= 110)
        layout.per_line *= 2;
    return layout;
}

void print_values(std::ostream& out, const std::vector<Value>& values, std::size_t first,
                  std::size_t last, const Layout& layout) {
    out << cells_label(first);
    for (std::size_t i = first; i < last; ++i)
        out << pad_left(values[i].to_string(), layout.cell_width);
    out << "\n";
}

std::string list_items(const std::vector<bool>& active, std::size_t limit) {
    std::string text;
    std::size_t shown = 0, total = 0;
    for (std::size_t i = 0; i < active.size(); ++i) {
        if (!active[i]) continue;
        ++total;
        if (shown < limit) {
            text += (shown ? " " : "") + std::to_string(i);
            ++shown;
        }
    }
    if (total > shown) text += " ...";
    return text;
}

void print_round(std::ostream& out, const TraceRound& round, const Layout& layout, unsigned warps) {
    out << "round " << round.round << ", stride " << round.stride << ": " << round.active_work_items
        << " active work-item(s) (" << list_items(round.active, 12)
        << "); warps: " << round.active_warps << " of " << warps << " active, "
        << round.divergent_warps << " divergent; bank conflicts " << round.bank_conflicts;
    if (round.bank_conflicts) out << " (max " << round.max_conflict_degree << "-way)";
    out << "\n";
    std::string accesses = "  combines:";
    const std::size_t shown = std::min<std::size_t>(round.accesses.size(), 6);
    for (std::size_t i = 0; i < shown; ++i) {
        const Access& a = round.accesses[i];
        accesses += " " + std::to_string(a.work_item) + ": [" + std::to_string(a.read_a) + "]+[" +
                    std::to_string(a.read_b) + "]->[" + std::to_string(a.write) + "]";
    }
    if (round.accesses.size() > shown) accesses += " ...";
    out << accesses << "\n";
    const std::size_t conflicts = std::min<std::size_t>(round.conflicts.size(), 4);
    for (std::size_t i = 0; i < conflicts; ++i) {
        const BankConflict& c = round.conflicts[i];
        out << "  conflict: warp " << c.warp << " " << c.phase << ", bank " << c.bank << ", "
            << c.degree << "-way: work-items";
        for (std::size_t k = 0; k < c.work_items.size(); ++k)
            out << " " << c.work_items[k] << "->[" << c.indices[k] << "]";
        out << "\n";
    }
    if (round.conflicts.size() > conflicts)
        out << "  ... " << round.conflicts.size() - conflicts << " more conflicting bank(s)\n";

    // Cells in lines; a line with no active work-item and no write is folded with its idle
    // neighbours (its values did not change).
    const std::size_t size = round.values.size();
    std::vector<bool> written(size, false);
    for (const Access& a : round.accesses)
        if (a.write < size) written[a.write] = true;
    std::size_t idle_from = size;  // start of the current run of folded lines
    const auto flush_idle = [&](std::size_t end) {
        if (idle_from < end)
            out << cells_label(idle_from) << "... to [" << end - 1 << "]: idle, unchanged\n";
        idle_from = size;
    };
    for (std::size_t first = 0; first < size; first += layout.per_line) {
        const std::size_t last = std::min(size, first + layout.per_line);
        bool busy = false;
        for (std::size_t i = first; i < last; ++i) busy = busy || round.active[i] || written[i];
        if (!busy) {
            if (idle_from == size) idle_from = first;
            continue;
        }
        flush_idle(first);
        std::size_t last_active = first;
        for (std::size_t i = first; i < last; ++i)
            if (round.active[i]) last_active = i + 1;
        if (last_active > first) {
            out << std::string(9, ' ');
            for (std::size_t i = first; i < last_active; ++i)
                out << std::string(layout.cell_width - 1, ' ') << (round.active[i] ? kActive : " ");
            out << "\n";
        }
        print_values(out, round.values, first, last, layout);
    }
    flush_idle(size);
}

void print_text(std::ostream& out, const StepTrace& t) {
    const TraceRequest& q = t.request;
    out << "step trace of " << t.variant << " at local size " << t.local_size << " on "
        << t.device.name << "\n";
    out << "  " << to_string(t.op) << " of " << t.n << " " << to_string(t.type)
        << (q.input_path.empty()
                ? " (" + std::string(to_string(q.fill)) + ", seed " + std::to_string(q.seed) + ")"
                : " from " + q.input_path)
        << ", " << t.work_groups << " work-group(s); accumulator " << t.accumulator << ", "
        << t.element_bytes << "-byte cells\n";
    out << "  analysis: warps of " << t.warp_width << " lanes, " << t.bank_count << " banks x "
        << t.bank_width << " bytes (" << t.lanes_per_transaction
        << " lanes per access transaction)\n";
    out << "  " << kActive << " marks an active work-item (column = work-item id); the numbers "
        << "are local memory after the round, read from the device\n";
    const unsigned warps = static_cast<unsigned>((t.local_size + t.warp_width - 1) / t.warp_width);
    for (const GroupTrace& g : t.groups) {
        const Layout layout = layout_for(g, t.local_size);
        out << "\nwork-group " << g.group << "\n";
        out << "loaded:\n";
        for (std::size_t first = 0; first < g.initial.size(); first += layout.per_line)
            print_values(out, g.initial, first, std::min(g.initial.size(), first + layout.per_line),
                         layout);
        for (const TraceRound& round : g.rounds) print_round(out, round, layout, warps);
        out << "partial " << g.partial.to_string() << "; uninstrumented run "
            << g.uninstrumented_partial.to_string() << " ("
            << (g.matches_uninstrumented ? "match" : "MISMATCH") << ")\n";
        out << "totals: " << g.total_divergent_warps << " divergent warp-round(s), "
            << g.total_bank_conflicts << " bank conflict(s)\n";
    }
    out << "traced in " << units::ms(t.elapsed_ms) << "\n";
}

}  // namespace

Command add_trace_command(CLI::App& app) {
    auto* sub = app.add_subcommand(
        "trace",
        "step mode: a work-group's local memory after every barrier round, from the device");
    auto o = std::make_shared<TraceOptions>();
    offer(sub->add_option("--variant", o->variant,
                          "a tree variant (see 'variants'; default interleaved)"),
          variant_choices());
    sub->add_option("--local-size", o->local_size, "work-items per work-group (default 16)");
    sub->add_option("--n", o->n, "number of elements (default: one work-group's worth)");
    sub->add_option("--group", o->group, "the work-group to trace (default 0)");
    sub->add_flag("--all-groups", o->all_groups, "trace every work-group (small n only)");
    offer(sub->add_option("--op", o->op, bar_list(operation_choices()) + " (default sum)"),
          operation_choices());
    offer(sub->add_option("--type", o->type, bar_list(element_type_choices()) + " (default int32)"),
          element_type_choices());
    offer(sub->add_option("--acc", o->accumulator, "default, wide or same (see 'run --help')"),
          accumulator_choices());
    offer(sub->add_option("--fill", o->fill,
                          "generated input: " + bar_list(fill_choices()) + " (default random)"),
          fill_choices());
    sub->add_option("--seed", o->seed, "seed of the random input (default 1)");
    path_option(
        sub->add_option("--input", o->input, "read the input from a NumPy .npy file instead"));
    sub->add_option("--warp-width", o->warp_width,
                    "lanes per warp for the analysis: 16, 32 (default) or 64; 4 or 8 zoom in");
    sub->add_option("--banks", o->banks, "local-memory banks (default 32)");
    sub->add_option("--bank-width", o->bank_width, "bytes per bank: 4 (default) or 8");
    sub->add_flag("--json", o->json, "print the whole trace as one JSON object");
    add_trace_export_options(*sub, o->exports, true);
    return [o](Context& ctx) {
        const TraceRequest request = to_trace_request(*o);
        const GifOptions gif_options = checked_trace_exports(o->exports);
        Engine engine(ctx.device_spec);
        std::vector<StepTrace> traces{run_trace(engine, request)};
        if (!o->exports.compare_variant.empty()) {
            TraceRequest compared = request;
            compared.variant = o->exports.compare_variant;
            traces.push_back(run_trace(engine, compared));
        }
        if (o->json && traces.size() == 1) {
            ctx.out << to_json(traces.front()).dump(2) << "\n";
        } else if (o->json) {  // --compare: both traces, as an array
            nlohmann::json both = nlohmann::json::array();
            for (const StepTrace& trace : traces) both.push_back(to_json(trace));
            ctx.out << both.dump(2) << "\n";
        } else {
            for (const StepTrace& trace : traces) print_text(ctx.out, trace);
        }
        write_trace_exports(ctx, o->exports, traces, gif_options);
        for (const StepTrace& trace : traces)
            for (const GroupTrace& g : trace.groups)
                if (!g.matches_uninstrumented) {
                    ctx.err << "reducelab-cli: the traced partial of work-group " << g.group << " ("
                            << g.partial.to_string() << ") differs from the uninstrumented run's ("
                            << g.uninstrumented_partial.to_string() << ")\n";
                    return static_cast<int>(kNotVerified);
                }
        return static_cast<int>(kOk);
    };
}

}  // namespace reducelab::cli
