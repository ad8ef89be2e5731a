// reducelab-cli bench: a named suite of timed, verified runs written as one results JSON (and
// CSV) with the device facts and the device's measured bandwidth ceiling.
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <ostream>

#include "cli.h"
#include "commands.h"
#include "list_options.h"
#include "option_choices.h"
#include "output_paths.h"
#include "printable.h"
#include "progress_meter.h"
#include "reducelab/bench_suites.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/host_baseline.h"
#include "reducelab/inputs.h"
#include "reducelab/results_file.h"
#include "reducelab/size_expression.h"
#include "reducelab/sweep.h"
#include "reducelab/units.h"
#include "reducelab/version.h"
#include "request_options.h"
#include "stop_on_signals.h"

namespace reducelab::cli {
namespace {

struct BenchOptions {
    std::string suite;
    std::vector<std::string> types, ops, sizes, variants, local_sizes, items;  // comma lists
    std::string repeat = "20", warmup = "3";
    double time_limit_s = 0.0;
    std::string out, csv;
    std::string host_baseline;
    std::string ceiling_bytes = "1G";
    std::string ceiling_runs = "1";
    bool no_ceiling = false;
    bool progress = false;
    TimingOptions timing;
};

SuiteOptions to_suite_options(const BenchOptions& b) {
    constexpr auto kAnySize = std::numeric_limits<std::uint64_t>::max();
    SuiteOptions o;
    o.types = element_types_of("--types", b.types);
    o.ops = operations_of("--ops", b.ops);
    o.sizes = sizes_of("--sizes", b.sizes, kAnySize);
    for (const auto& v : b.variants)
        if (!v.empty()) o.variants.push_back(v);
    for (const auto l : sizes_of("--local-sizes", b.local_sizes, kAnySize))
        o.local_sizes.push_back(static_cast<std::size_t>(l));
    o.items = sizes_of("--items", b.items, kAnySize);
    o.repeat = static_cast<int>(parse_option_number("--repeat", b.repeat, 1, 100000));
    o.warmup = static_cast<int>(parse_option_number("--warmup", b.warmup, 0, 100000));
    return o;
}

std::string point_line(const RunResult& r) {
    return fmt::format("{:<20} {:<8} {:<7} n={:<11} L={:<5} G={:<9} {:>10} {} {:<9} {:>9} {} {}",
                       r.launched.variant, to_string(r.request.type), to_string(r.request.op), r.n,
                       r.launched.local_size, r.launched.global_size,
                       units::us_number(r.total_ms * 1000.0), units::kMicroseconds,
                       to_string(r.timing_method), units::gbps_number(r.gbps),
                       units::kGigabytesPerSecond, r.verified ? "ok" : "MISMATCH");
}

// Collects points as they come, prints progress, and stops the sweep at the time limit.
class BenchObserver : public SweepObserver {
  public:
    BenchObserver(std::ostream& err, bool progress, double limit_s, std::stop_source& stop)
        : progress_(progress),
          meter_(err, "points", 0, is_terminal(err)),
          limit_s_(limit_s),
          stop_(stop),
          start_(std::chrono::steady_clock::now()) {}
    void point_done(const RunResult& result, std::size_t index, std::size_t total) override {
        points.push_back(result);
        if (progress_) meter_.step(index + 1, total, point_line(result));
        check_time();
    }
    void point_error(const RunRequest& request, const Error& e, std::size_t index,
                     std::size_t total) override {
        const std::string error = e.what();
        failures.push_back(request.variant + ": " + error);
        failure_kinds.push_back(e.kind());
        if (progress_)
            meter_.step(index + 1, total,
                        printable(request.variant) + " failed: " + printable(error));
        check_time();
    }
    void finish() { meter_.finish(); }
    std::vector<RunResult> points;
    std::vector<std::string> failures;
    std::vector<ErrorKind> failure_kinds;
    bool timed_out = false;

  private:
    void check_time() {
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (limit_s_ > 0 && elapsed > limit_s_) {
            timed_out = true;
            stop_.request_stop();
        }
    }
    bool progress_;
    ProgressMeter meter_;
    double limit_s_;
    std::stop_source& stop_;
    std::chrono::steady_clock::time_point start_;
};

// oneTBB parallel_reduce on the host over the same arrays as the suite's points (one per type,
// operation, n and timing method; sum, min and max), timed the same way: the CPU peer a CPU
// device has to beat.
ResultsFile host_baseline_file(const ResultsFile& bench, std::ostream& out) {
    ResultsFile file;
    file.suite = "host-tbb-reduce";
    file.tool = bench.tool;
    file.device = bench.device;
    file.created_utc = utc_now_iso8601();
    std::vector<const RunRequest*> done;
    for (const RunResult& point : bench.points) {
        const RunRequest& request = point.request;
        if (request.op != Operation::Sum && request.op != Operation::Min &&
            request.op != Operation::Max)
            continue;
        const bool seen = std::ranges::any_of(done, [&](const RunRequest* d) {
            return d->type == request.type && d->op == request.op && d->n == request.n &&
                   d->timing == request.timing;
        });
        if (seen) continue;
        done.push_back(&request);
        file.points.push_back(host_tbb_reduce(request, make_inputs(request), bench.device));
        out << point_line(file.points.back()) << "\n";
    }
    if (file.points.empty())
        throw Error(ErrorKind::Unsupported,
                    "--host-baseline: the oneTBB baseline covers sum, min and max, and no point "
                    "has one");
    return file;
}

}  // namespace

Command add_bench_command(CLI::App& app) {
    auto* sub =
        app.add_subcommand("bench", "run a benchmark suite and write a results JSON (+ CSV)");
    auto b = std::make_shared<BenchOptions>();
    offer(sub->add_option("--suite", b->suite, bar_list(suite_choices()))->required(),
          suite_choices());
    offer(sub->add_option(
                 "--types", b->types,
                 "comma list of " + bar_list(element_type_choices()) + " (suite default otherwise)")
              ->delimiter(','),
          element_type_choices());
    offer(sub->add_option("--ops", b->ops, "comma list of " + bar_list(operation_choices()))
              ->delimiter(','),
          operation_choices());
    sub->add_option("--sizes", b->sizes, "comma list of n (2^20,2^26,...)")->delimiter(',');
    offer(sub->add_option("--variants", b->variants, "comma list of variants (see 'variants')")
              ->delimiter(','),
          variant_choices());
    sub->add_option("--local-sizes", b->local_sizes, "tuning: comma list of local sizes")
        ->delimiter(',');
    sub->add_option("--items", b->items, "tuning: comma list of items per work-item")
        ->delimiter(',');
    sub->add_option("--repeat", b->repeat, "timed runs per point; the median is kept (default 20)");
    sub->add_option("--warmup", b->warmup, "untimed runs before them (default 3)");
    sub->add_option("--time-limit", b->time_limit_s,
                    "stop after this many seconds (keeps what was measured)");
    path_option(sub->add_option(
        "--out", b->out, "results JSON path, - for standard output (default: bench-<suite>.json)"));
    path_option(
        sub->add_option("--csv", b->csv, "also write the points as CSV (- for standard output)"));
    sub->add_option("--ceiling-bytes", b->ceiling_bytes,
                    "buffer size for the bandwidth ceiling (default 1G, capped by the device)");
    sub->add_option("--ceiling-runs", b->ceiling_runs,
                    "measure the ceiling this many times with fresh buffers and keep every "
                    "sample, for its spread (default 1)");
    sub->add_flag("--no-ceiling", b->no_ceiling, "do not measure the bandwidth ceiling");
    sub->add_flag("--progress", b->progress, "print each point on stderr as it is measured");
    add_timing_options(*sub, b->timing);
    path_option(sub->add_option(
        "--host-baseline", b->host_baseline,
        "also time oneTBB parallel_reduce (all cores) on the host over the same arrays "
        "and write those points to this results JSON (- for standard output)"));
    return [b](Context& ctx) {
        if (!(b->time_limit_s >= 0) || !std::isfinite(b->time_limit_s))
            throw Error(ErrorKind::InvalidArgument,
                        "--time-limit: give a finite number of seconds, 0 or more (got " +
                            std::to_string(b->time_limit_s) + ")");
        const SuiteOptions options = to_suite_options(*b);
        const std::string out = b->out.empty() ? "bench-" + b->suite + ".json" : b->out;
        const std::vector<OutputPath> outputs{
            {"--out", out}, {"--csv", b->csv}, {"--host-baseline", b->host_baseline}};
        check_output_paths(outputs);
        // With a file on standard output ("-"), the table and the notes go to stderr.
        std::ostream& report = any_standard_output(outputs) ? ctx.err : ctx.out;
        Engine engine(ctx.device_spec);
        std::vector<std::string> skipped;
        std::vector<RunRequest> requests;
        for (const RunRequest& r : suite_requests(b->suite, options, engine.device(), &skipped))
            for (RunRequest& timed : with_timing(r, b->timing))
                requests.push_back(std::move(timed));
        for (const auto& s : skipped) print_note(ctx.err, "skipping " + s);
        if (requests.empty())
            throw Error(ErrorKind::Unsupported,
                        "the " + b->suite + " suite has nothing to run on " + engine.device().name);

        ResultsFile file;
        file.suite = b->suite;
        file.tool = std::string("reducelab-cli ") + kVersion;
        file.device = engine.device();
        file.created_utc = utc_now_iso8601();
        // Ctrl-C or SIGTERM from here on stops between points and keeps what was measured.
        std::stop_source stop;
        const StopOnSignals signals(stop);
        if (!b->no_ceiling) {
            if (b->progress) ctx.err << "measuring the bandwidth ceiling...\n";
            file.ceiling = measure_ceiling(
                engine,
                parse_option_number("--ceiling-bytes", b->ceiling_bytes, 1,
                                    std::numeric_limits<std::uint64_t>::max()),
                options.repeat,
                static_cast<int>(parse_option_number("--ceiling-runs", b->ceiling_runs, 1, 1000)));
            if (b->progress)
                ctx.err << "ceiling: copy " << file.ceiling->copy_gbps << " GB/s, read "
                        << file.ceiling->read_gbps << " GB/s (" << file.ceiling->read_source
                        << ")\n";
        }
        BenchObserver observer(ctx.err, b->progress, b->time_limit_s, stop);
        // The signal that cut the sweep short, 0 when it ran to its end (or its time limit).
        int interrupted = signals.received();
        bool cut_by_time_limit = false;
        try {
            if (!interrupted) run_sweep(engine, requests, stop.get_token(), &observer);
            observer.finish();
        } catch (const Error& e) {
            observer.finish();
            if (e.kind() != ErrorKind::Cancelled || (!observer.timed_out && !signals.received()))
                throw;
            interrupted = signals.received();
            cut_by_time_limit = !interrupted;
            if (!interrupted)
                ctx.err << "reducelab-cli: time limit reached after " << observer.points.size()
                        << " of " << requests.size() << " points; the file is marked incomplete\n";
        }
        if (interrupted && observer.points.empty()) {
            ctx.err << "reducelab-cli: interrupted by " << signal_name(interrupted)
                    << " before any point was measured; nothing written\n";
            return static_cast<int>(kCancelled);
        }
        // Nothing measured: say why, with the failures' own exit code, and write no file (an
        // empty results file would read as a finished benchmark).
        if (observer.points.empty()) {
            if (observer.failures.empty())
                throw Error(ErrorKind::Cancelled,
                            "the time limit ran out before any point of the " + b->suite +
                                " suite finished; no results file written");
            const ErrorKind kind = observer.failure_kinds.front();
            const bool one_kind =
                std::ranges::all_of(observer.failure_kinds, [&](ErrorKind k) { return k == kind; });
            throw Error(one_kind ? kind : ErrorKind::OpenCL,
                        "nothing ran: all " + std::to_string(observer.failures.size()) +
                            " points of the " + b->suite + " suite failed (the first: " +
                            observer.failures.front() + "); no results file written");
        }
        file.points = std::move(observer.points);
        file.complete = interrupted == 0 && !cut_by_time_limit;
        write_output(ctx.out, out, to_json(file).dump(1) + "\n");
        if (!b->csv.empty()) write_output(ctx.out, b->csv, results_csv(file));
        if (interrupted) {
            print_note(ctx.err, "interrupted by " + std::string(signal_name(interrupted)) +
                                    ": the " + std::to_string(file.points.size()) + " of " +
                                    std::to_string(requests.size()) +
                                    " points measured so far are written to " + output_name(out) +
                                    (b->csv.empty() ? "" : " and " + output_name(b->csv)) +
                                    ", marked incomplete");
            for (const RunResult& r : file.points) report << point_line(r) << "\n";
            return static_cast<int>(kCancelled);
        }

        if (b->suite == "ladder" && b->timing.methods.size() <= 1) {
            report << "variant               time (µs)      GB/s   step x   total x  verified  ("
                   << to_string(file.points.front().timing_method) << " timing)\n";
            for (const LadderRow& row : ladder_table(file.points)) {
                report << fmt::format("{:<20} {:>10} {:>9} {:>8.2f} {:>9.2f}  {}\n", row.variant,
                                      units::us_number(row.time_ms * 1000.0),
                                      units::gbps_number(row.gbps), row.step_speedup,
                                      row.cumulative_speedup, row.verified ? "yes" : "NO");
            }
        } else {
            for (const RunResult& r : file.points) report << point_line(r) << "\n";
        }
        report << file.points.size() << " points written to " << output_name(out) << "\n";
        if (!b->host_baseline.empty()) {
            const ResultsFile host = host_baseline_file(file, report);
            write_output(ctx.out, b->host_baseline, to_json(host).dump(1) + "\n");
            report << host.points.size() << " oneTBB points written to "
                   << output_name(b->host_baseline) << "\n";
            if (!std::ranges::all_of(host.points, [](const RunResult& r) { return r.verified; }))
                return static_cast<int>(kNotVerified);
        }
        for (const auto& f : observer.failures) print_note(ctx.err, "point failed: " + f);
        // Points that ran but gave a wrong value: one line saying how many and which (the first
        // few), so that exit 1 never comes without a reason.
        std::size_t mismatched = 0;
        std::string which;
        for (const RunResult& r : file.points) {
            if (r.verified) continue;
            if (++mismatched <= 3)
                which += std::string(mismatched > 1 ? ", " : "") + r.launched.variant + " " +
                         std::string(to_string(r.request.type)) + " " +
                         std::string(to_string(r.request.op)) + " n=" + std::to_string(r.n) +
                         " L=" + std::to_string(r.launched.local_size);
        }
        if (mismatched > 3) which += ", ...";
        if (mismatched > 0)
            print_error(ctx.err, std::to_string(mismatched) + " of " +
                                     std::to_string(file.points.size()) +
                                     " points did not match the CPU reference (" + which +
                                     "); they are written with \"verified\": false");
        const bool all_verified = mismatched == 0;
        return static_cast<int>(all_verified && observer.failures.empty() ? kOk : kNotVerified);
    };
}

}  // namespace reducelab::cli
