// reducelab-cli tune: auto-tunes the `best` variant on the chosen device and writes a tuning
// file (vendor, device, and per type and operation the winning configuration with its GB/s).
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <limits>
#include <memory>
#include <ostream>
#include <sstream>

#include "cli.h"
#include "commands.h"
#include "list_options.h"
#include "option_choices.h"
#include "output_paths.h"
#include "printable.h"
#include "progress_meter.h"
#include "reducelab/autotune.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/results_file.h"
#include "reducelab/size_expression.h"
#include "reducelab/tuning.h"
#include "reducelab/units.h"
#include "reducelab/version.h"
#include "stop_on_signals.h"

namespace reducelab::cli {
namespace {

struct TuneOptions {
    // Comma lists (CLI11 splits them).
    std::vector<std::string> types{"float32"}, ops{"sum"}, n{"2^26"};
    std::vector<std::string> local_sizes, groups, widths, unrolls, layouts;
    std::string repeat = "10";
    std::string timing = "kernel";
    std::string batch = "20";
    std::string out = "tuning.json";
    std::string points;
    std::string scope = "device";
    bool progress = false;
};

// A comma list of numbers in [1, max] (max: what V and the option hold); never narrowed.
template <typename V>
std::vector<V> numbers(const std::string& option, const std::vector<std::string>& items,
                       std::uint64_t max) {
    std::vector<V> values;
    for (const auto value : sizes_of(option, items, max)) values.push_back(static_cast<V>(value));
    return values;
}

}  // namespace

Command add_tune_command(CLI::App& app) {
    auto* sub = app.add_subcommand("tune", "auto-tune the best variant and write a tuning file");
    auto t = std::make_shared<TuneOptions>();
    offer(
        sub->add_option("--types", t->types,
                        "comma list of " + bar_list(element_type_choices()) + " (default float32)")
            ->delimiter(','),
        element_type_choices());
    offer(sub->add_option("--ops", t->ops,
                          "comma list of " + bar_list(operation_choices()) + " (default sum)")
              ->delimiter(','),
          operation_choices());
    sub->add_option("--sizes", t->n,
                    "comma list of sizes to tune at (default 2^26); smaller ones get "
                    "entries bounded by size")
        ->delimiter(',');
    sub->add_option("--local-sizes", t->local_sizes,
                    "comma list (default: every power of two from 1 to the device's maximum)")
        ->delimiter(',');
    sub->add_option("--groups-per-cu", t->groups,
                    "comma list of work-groups per compute unit (default 1,2,4,8,16,32)")
        ->delimiter(',');
    sub->add_option("--vector-widths", t->widths,
                    "comma list of elements per load (default up to 32 bytes)")
        ->delimiter(',');
    sub->add_option("--unrolls", t->unrolls, "comma list of loads in flight (default 1,2,4)")
        ->delimiter(',');
    offer(sub->add_option("--layouts", t->layouts,
                          "comma list of " + bar_list(layout_choices()) + " (default both)")
              ->delimiter(','),
          layout_choices());
    sub->add_option("--repeat", t->repeat, "timed runs per candidate (default 10)");
    Choices compared_by = timing_method_choices();
    std::erase(compared_by.names, std::string(to_string(TimingMethod::Latency)));
    compared_by.accepts = {};
    offer(sub->add_option("--timing", t->timing,
                          "what candidates are compared by: kernel (profiling events) or "
                          "sustained (--batch calls back to back, wall time / batch) (default "
                          "kernel)"),
          compared_by);
    sub->add_option("--batch", t->batch,
                    "sustained: calls back to back per timed run (default 20)");
    path_option(sub->add_option(
        "--out", t->out, "tuning file to write, - for standard output (default tuning.json)"));
    path_option(
        sub->add_option("--points", t->points,
                        "also write every candidate as a results JSON (- for standard output)"));
    sub->add_flag("--progress", t->progress, "print each candidate on stderr");
    offer(sub->add_option("--scope", t->scope,
                          "which devices the file holds for: device (default), platform (e.g. "
                          "every PoCL CPU) or vendor"),
          tuning_scope_choices());
    return [t](Context& ctx) {
        AutotuneOptions o;
        o.types = element_types_of("--types", t->types);
        o.ops = operations_of("--ops", t->ops);
        o.sizes =
            numbers<std::uint64_t>("--sizes", t->n, std::numeric_limits<std::uint64_t>::max());
        if (o.sizes.empty())
            throw Error(ErrorKind::InvalidArgument, "--sizes needs at least one size");
        o.local_sizes = numbers<std::size_t>("--local-sizes", t->local_sizes,
                                             std::numeric_limits<std::uint32_t>::max());
        if (!t->groups.empty())
            o.groups_per_compute_unit = numbers<std::size_t>("--groups-per-cu", t->groups, 65536);
        o.vector_widths = numbers<unsigned>("--vector-widths", t->widths, 16);
        if (!t->unrolls.empty()) o.unrolls = numbers<unsigned>("--unrolls", t->unrolls, 16);
        o.repeat = static_cast<int>(parse_option_number("--repeat", t->repeat, 1, 100000));
        const auto timing = parse_timing_method(t->timing);
        if (!timing || *timing == TimingMethod::Latency)
            throw Error(ErrorKind::InvalidArgument,
                        "--timing: '" + t->timing + "' is not kernel or sustained");
        o.timing = *timing;
        o.batch = static_cast<int>(parse_option_number("--batch", t->batch, 1, 100000));
        if (!t->layouts.empty()) o.layouts = layouts_of("--layouts", t->layouts);
        o.scope = parse_tuning_scope(t->scope).value_or(TuningScope::Device);
        const std::vector<OutputPath> outputs{{"--out", t->out}, {"--points", t->points}};
        check_output_paths(outputs);
        // With a file on standard output ("-"), the winners and the notes go to stderr.
        std::ostream& summary = any_standard_output(outputs) ? ctx.err : ctx.out;
        Engine engine(ctx.device_spec);
        // Up front: how many candidates, and after the first one how long all of them take at
        // its pace (a terminal user always sees it; scripts with --progress).
        const std::size_t count = autotune_candidate_count(engine.device(), o);
        const bool terminal = is_terminal(ctx.err);
        const bool tell = t->progress || terminal;
        if (tell)
            ctx.err << "tune: " << count << " candidates on " << printable(engine.device().name)
                    << "; the first one sets the estimate (Ctrl-C stops and keeps what was "
                       "measured)\n";
        ProgressMeter meter(ctx.err, "candidates", count, terminal);
        const auto progress = [&](std::size_t done, std::size_t, const RunResult* r) {
            if (done == 1 && tell && count > 1) {
                meter.finish();
                const double left = meter.seconds_left(done, ProgressMeter::Clock::now());
                ctx.err << "tune: " << about(left) << " for the other " << count - 1
                        << " at the first candidate's pace\n";
            }
            if (!t->progress) return;
            std::ostringstream detail;
            if (r) {
                detail << to_string(r->request.type) << " " << to_string(r->request.op)
                       << " L=" << r->launched.local_size << " G=" << r->launched.global_size
                       << " VW=" << r->request.vector_width << " UNROLL=" << r->request.unroll
                       << " " << units::gbps(r->gbps);
            } else {
                detail << "rejected";
            }
            meter.step(done, detail.str());
        };
        // Ctrl-C or SIGTERM abandons the candidate being measured and keeps the rest.
        std::stop_source stop;
        const StopOnSignals signals(stop);
        o.stop_keeps_measured = true;
        AutotuneReport report;
        try {
            report = autotune(engine, o, stop.get_token(), progress);
        } catch (const NoCandidateVerified& e) {
            print_error(ctx.err, e.what());  // wrong results: exit 1, as for run
            return static_cast<int>(kNotVerified);
        }
        meter.finish();
        const int interrupted = report.complete ? 0 : signals.received();
        if (!report.complete && report.points.empty()) {
            ctx.err << "reducelab-cli: interrupted by " << signal_name(interrupted)
                    << " before any candidate was measured; nothing written\n";
            return static_cast<int>(kCancelled);
        }
        // An interrupted search writes only the (type, operation)s it finished, marked
        // incomplete; with none finished the previous tuning file is left as it was.
        std::string written;
        if (report.complete || !report.file.entries.empty()) {
            nlohmann::json tuning = to_json(report.file);
            if (!report.complete) tuning["complete"] = false;
            write_output(ctx.out, t->out, tuning.dump(2) + "\n");
            written = output_name(t->out);
        }
        if (!t->points.empty()) {
            ResultsFile points;
            points.suite = "autotune";
            points.tool = std::string("reducelab-cli ") + kVersion;
            points.device = engine.device();
            points.created_utc = utc_now_iso8601();
            points.points = report.points;
            points.complete = report.complete;
            write_output(ctx.out, t->points, to_json(points).dump(1) + "\n");
            written += (written.empty() ? "" : " and ") + output_name(t->points);
        }
        for (const TuningEntry& e : report.file.entries) {
            summary << fmt::format(
                "{:<8} {:<6} n<={:<10} local {}, {} groups/CU, vector width {}, unroll {}, {}: {} "
                "({})\n",
                e.type, e.op, e.max_n ? std::to_string(e.max_n) : "any", e.config.local_size,
                e.config.groups_per_compute_unit, e.config.vector_width, e.config.unroll,
                to_string(e.config.layout), units::gbps(e.config.source_gbps),
                to_string(e.config.source_timing));
        }
        if (!report.complete) {
            print_note(
                ctx.err,
                "interrupted by " + std::string(signal_name(interrupted)) + ": " +
                    std::to_string(report.file.entries.size()) + " finished entries and the " +
                    std::to_string(report.points.size()) +
                    " candidates verified so far are written" +
                    (written.empty() ? "" : " to " + written) + ", marked incomplete" +
                    (report.file.entries.empty() ? "; " + t->out + " was left as it was" : ""));
            return static_cast<int>(kCancelled);
        }
        summary << report.points.size() << " candidates verified, " << report.rejected
                << " rejected; tuning written to " << output_name(t->out) << "\n";
        return static_cast<int>(kOk);
    };
}

}  // namespace reducelab::cli
