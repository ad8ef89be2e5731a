// reducelab-cli determinism: a variant run many times over launch shapes and devices; the
// distinct results and the class they show. With --variants, the GUI's determinism study
// (reducelab/determinism_study.h) over several variants, each with its timed run. Exit 0 when
// every run verified (whatever the class), 1 when a run did not verify or a variant failed,
// 2-5 for bad requests and device failures.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <limits>
#include <memory>
#include <ostream>

#include "cli.h"
#include "commands.h"
#include "list_options.h"
#include "option_choices.h"
#include "printable.h"
#include "progress_meter.h"
#include "reducelab/catalog.h"
#include "reducelab/determinism.h"
#include "reducelab/determinism_json.h"
#include "reducelab/determinism_study.h"
#include "reducelab/devices.h"
#include "reducelab/error.h"
#include "reducelab/result_json.h"
#include "reducelab/size_expression.h"
#include "reducelab/version.h"
#include "request_options.h"
#include "stop_on_signals.h"

namespace reducelab::cli {
namespace {

// Left empty when not given: the defaults are the engine's, DeterminismRequest's for one variant
// and DeterminismStudySettings' with --variants (the GUI's form), so the two front ends agree.
struct DeterminismOptions {
    std::string runs;
    std::vector<std::string> local_sizes;  // comma lists (the options' delimiter)
    std::vector<std::string> work_groups;
    std::vector<std::string> devices;   // device specs; default: --device
    std::vector<std::string> variants;  // the study's; "all": every one that can run
    std::string timed_repeats;
    bool json = false;
    bool progress = false;
};

std::string scientific(double value) {
    return fmt::format("{:.3g}", value);
}

std::string_view class_meaning(DeterminismClass c) {
    switch (c) {
        case DeterminismClass::Nondeterministic:
            return "identical runs gave different bits";
        case DeterminismClass::RunToRun:
            return "each launch shape repeats its bits, but the shapes differ";
        case DeterminismClass::LaunchInvariant:
            return "the same bits for every launch shape on each device";
        case DeterminismClass::DeviceInvariant:
            return "the same bits for every launch shape on every device";
    }
    return "";
}

// What --json prints: the engine's document (determinism_document), as the GUI exports it.
std::string tool_name() {
    return std::string("reducelab-cli ") + kVersion;
}

void print_results(std::ostream& out, const std::vector<DistinctResult>& results,
                   const char* indent) {
    for (const DistinctResult& r : results)
        out << indent << r.bits << "  " << r.value.to_string() << "  x" << r.count
            << (r.abs_error != 0.0 ? "  |error| " + scientific(r.abs_error) : "  exact") << "\n";
}

void print_text(std::ostream& out, const DeterminismReport& report) {
    const RunRequest& q = report.request.base;
    out << "determinism of " << q.variant << ": " << to_string(q.op) << " of " << report.n << " "
        << to_string(q.type)
        << (q.input_path.empty()
                ? " (" + std::string(to_string(q.fill)) + ", seed " + std::to_string(q.seed) + ")"
                : " from " + q.input_path)
        << ", finish " << to_string(q.finish) << ", " << report.request.runs
        << " runs per launch shape\n";
    if (report.exact_sum_known)
        out << "  exact sum rounded once: " << report.correctly_rounded.to_string() << " ("
            << result_bits(report.correctly_rounded) << "), condition number "
            << scientific(report.condition_number) << "\n";
    else
        out << "  reference " << report.reference.to_string() << "\n";
    for (const DeviceOutcome& d : report.devices) {
        out << "  on " << d.device << ": " << to_string(d.determinism) << "\n";
        for (const ShapeOutcome& s : d.shapes) {
            out << "    local size " << s.local_size << ", " << s.work_groups
                << " work-groups: " << s.results.size() << " distinct"
                << (s.verified ? "" : " (NOT VERIFIED)") << "\n";
            print_results(out, s.results, "      ");
        }
    }
    out << "  " << report.results.size() << " distinct result(s) in " << report.runs << " runs:\n";
    print_results(out, report.results, "    ");
    out << "  class: " << to_string(report.determinism) << " (" << class_meaning(report.determinism)
        << ")\n";
    if (report.exact_sum_known)
        out << "  correctly rounded everywhere: "
            << (report.correctly_rounded_everywhere ? "yes" : "no") << "\n";
}

template <typename T>
std::string joined(const std::vector<T>& items) {
    return fmt::format("{}", fmt::join(items, ","));
}

// One line per variant: its class, distinct results, whether every run verified, and the
// frontier's timed run.
void print_study(std::ostream& out, const DeterminismStudyResult& study) {
    const DeterminismStudySettings& s = study.settings;
    out << "determinism study: sum of " << s.n << " " << to_string(s.type) << " ("
        << to_string(s.fill) << ", seed " << s.seed << "), finish "
        << (s.finish ? std::string(to_string(*s.finish)) : std::string("auto")) << ", " << s.runs
        << " runs per launch shape, local sizes " << joined(s.local_sizes) << ", work-groups "
        << joined(s.work_groups) << "\n";
    for (std::size_t i = 0; i < s.devices.size(); ++i)
        out << "  device " << i + 1 << ": " << printable(s.devices[i].name)
            << (i == 0 ? " (timed runs)" : "") << "\n";
    for (const DeterminismStudyVariant& v : study.variants)
        if (v.report && v.report->exact_sum_known) {
            out << "  exact sum rounded once: " << v.report->correctly_rounded.to_string() << " ("
                << result_bits(v.report->correctly_rounded) << "), condition number "
                << scientific(v.report->condition_number) << "\n";
            break;
        }
    out << fmt::format("  {:<24} {:<18} {:>8} {:>8} {:>9} {:>10}\n", "variant", "class", "distinct",
                       "verified", "GB/s", "rel. error");
    for (const DeterminismStudyVariant& v : study.variants) {
        if (!v.report) {
            out << fmt::format("  {:<24} failed: {}\n", v.variant, printable(v.error));
            continue;
        }
        const bool verified = v.report->all_verified && (!v.timed || v.verified);
        out << fmt::format("  {:<24} {:<18} {:>8} {:>8} {:>9} {:>10}\n", v.variant,
                           to_string(v.report->determinism), v.report->results.size(),
                           verified ? "yes" : "NO", v.timed ? fmt::format("{:.2f}", v.gbps) : "-",
                           !v.timed  ? "-"
                           : v.exact ? "exact"
                                     : scientific(v.relative_error));
    }
}

// The study's settings from the command's options: the same as the GUI's form.
DeterminismStudySettings study_settings(CLI::App& sub, const RequestOptions& options,
                                        const DeterminismOptions& d,
                                        const DeterminismRequest& request) {
    for (const char* name : {"--variant", "--input", "--input2", "--acc"})
        if (sub.count(name) > 0)
            throw Error(ErrorKind::InvalidArgument,
                        std::string("--variants runs the determinism study, which sums a fill "
                                    "with each variant's default accumulator: drop ") +
                            name);
    const RunRequest& base = request.base;
    if (base.op != Operation::Sum)
        throw Error(ErrorKind::InvalidArgument,
                    "--variants runs the determinism study, which sums: drop --op " + options.op);
    // What the command line leaves out is the study's own default, as in the GUI's form.
    const auto given = [&sub](const char* name) { return sub.count(name) > 0; };
    DeterminismStudySettings s;
    if (given("--fill")) s.fill = base.fill;
    s.type = base.type;
    s.n = base.n;  // --n is required
    if (given("--seed")) s.seed = base.seed;
    if (given("--runs")) s.runs = request.runs;
    if (given("--local-sizes")) s.local_sizes = request.local_sizes;
    if (given("--work-groups")) s.work_groups = request.work_groups;
    if (options.finish != "auto" && !options.finish.empty()) s.finish = base.finish;
    if (given("--timed-repeats"))
        s.timed_repeats =
            static_cast<int>(parse_option_number("--timed-repeats", d.timed_repeats, 1, 100000));
    const std::vector<DeviceInfo> devices = list_devices();
    for (const std::string& spec : request.devices)
        s.devices.push_back(select_device(devices, spec));
    const bool all = std::find(d.variants.begin(), d.variants.end(), "all") != d.variants.end();
    if (!all) {
        for (const std::string& name : d.variants)
            if (!name.empty()) s.variants.push_back(find_variant(name).name.data());
        if (s.variants.empty())
            throw Error(ErrorKind::InvalidArgument, "--variants needs at least one variant");
        // A variant named but left out would vanish from the table without a word.
        const std::vector<std::string> runnable = study_variants(s);
        for (const std::string& name : s.variants)
            if (std::find(runnable.begin(), runnable.end(), name) == runnable.end())
                throw Error(ErrorKind::InvalidArgument,
                            "variant '" + name + "' cannot sum " + std::string(to_string(s.type)) +
                                " on every chosen device (see 'variants')");
    }
    return s;
}

int run_study(Context& ctx, const DeterminismOptions& d, DeterminismStudySettings settings) {
    // Ctrl-C or SIGTERM abandons the variant being measured and reports the ones done so far.
    settings.stop_keeps_measured = true;
    std::stop_source stop;
    const StopOnSignals signals(stop);
    ProgressMeter meter(ctx.err, "variants", 0, is_terminal(ctx.err));
    DeterminismStudyHooks hooks;
    hooks.finished = [&](const DeterminismStudyVariant& v) {
        if (!d.progress) return;
        meter.step(v.index + 1, v.total,
                   v.variant + ": " +
                       (v.report ? std::string(to_string(v.report->determinism)) +
                                       (v.report->all_verified ? "" : " (NOT VERIFIED)")
                                 : "failed"));
    };
    const DeterminismStudyResult study = run_determinism_study(settings, stop.get_token(), hooks);
    meter.finish();
    if (!study.complete && study.variants.empty()) {
        ctx.err << "reducelab-cli: interrupted by " << signal_name(signals.received())
                << " before any variant finished; nothing to report\n";
        return static_cast<int>(kCancelled);
    }
    if (d.json)
        ctx.out << determinism_document(study, tool_name()).dump(2) << "\n";
    else
        print_study(ctx.out, study);
    if (!study.complete) {
        print_note(ctx.err, "interrupted by " + std::string(signal_name(signals.received())) +
                                ": the study covers the " + std::to_string(study.variants.size()) +
                                " variants done so far" +
                                (d.json ? ", marked \"complete\": false" : ""));
        return static_cast<int>(kCancelled);
    }
    bool failed = false;
    for (const DeterminismStudyVariant& v : study.variants)
        failed = failed || !v.report || !v.report->all_verified || (v.timed && !v.verified);
    if (failed) {
        ctx.err << "reducelab-cli: a variant failed or did not match the CPU reference\n";
        return static_cast<int>(kNotVerified);
    }
    return static_cast<int>(kOk);
}

}  // namespace

Command add_determinism_command(CLI::App& app) {
    auto* sub = app.add_subcommand(
        "determinism",
        "run a variant many times over launch shapes and devices; list the distinct results and "
        "classify it (nondeterministic, run-to-run, launch-invariant, device-invariant)");
    auto options = std::make_shared<RequestOptions>();
    auto d = std::make_shared<DeterminismOptions>();
    // Integer sums give the same bits in any order: the study's float type is the default here
    // too, from the one place the GUI's form takes it.
    options->default_type = DeterminismStudySettings{}.type;
    add_request_options(*sub, *options, false);
    CLI::Option* type = sub->get_option("--type");
    type->description(type->get_description() +
                      "; integer sums give the same bits in any order, so a study of them "
                      "shows nothing");
    const DeterminismRequest one;
    const DeterminismStudySettings study;
    CLI::Option* fill = sub->get_option("--fill");
    fill->description(fill->get_description() + "; with --variants default " +
                      std::string(to_string(study.fill)));
    // "(default A; with --variants B)", or "(default A)" where both are the same.
    const auto defaults = [](const auto& alone, const auto& with_variants) {
        const std::string a = fmt::format("{}", fmt::join(alone, ",")),
                          b = fmt::format("{}", fmt::join(with_variants, ","));
        return "(default " + a + (a == b ? "" : "; with --variants " + b) + ")";
    };
    const auto one_of = [](auto value) { return std::vector<decltype(value)>{value}; };
    sub->add_option(
        "--runs", d->runs,
        "identical runs of every launch shape " + defaults(one_of(one.runs), one_of(study.runs)));
    sub->add_option("--local-sizes", d->local_sizes,
                    "comma list of local sizes " + defaults(one.local_sizes, study.local_sizes))
        ->delimiter(',');
    sub->add_option("--work-groups", d->work_groups,
                    "grid-stride variants: comma list of work-group counts " +
                        defaults(one.work_groups, study.work_groups) +
                        "; other variants launch what n and the local size need")
        ->delimiter(',');
    sub->add_option("--devices", d->devices,
                    "comma list of devices (index, 'gpu', 'cpu' or part of the name; default "
                    "--device)")
        ->delimiter(',');
    offer(sub->add_option("--variants", d->variants,
                          "run the study the GUI's Determinism & accuracy window runs: a sum of "
                          "--fill with each of these variants (comma list, or 'all' that can sum "
                          "--type on every device), each with a timed run for GB/s and its "
                          "error")
              ->delimiter(','),
          study_variant_choices());
    sub->add_option("--timed-repeats", d->timed_repeats,
                    fmt::format("with --variants: repeats of each variant's timed run (median; "
                                "default {})",
                                study.timed_repeats));
    sub->add_flag("--json", d->json, "print the report (the study with --variants) as JSON");
    sub->add_flag("--progress", d->progress,
                  "print each launch shape (variant with --variants) on stderr as it finishes");
    return [sub, options, d](Context& ctx) {
        for (const char* name : {"--local-size", "--global-size", "--items-per-thread"})
            if (sub->count(name) > 0)
                throw Error(ErrorKind::InvalidArgument,
                            std::string("determinism chooses the launch shapes itself: drop ") +
                                name + " and give --local-sizes and --work-groups");
        DeterminismRequest request;
        request.base = to_request(*options);
        if (sub->count("--runs") > 0)
            request.runs = static_cast<int>(parse_option_number("--runs", d->runs, 1, 100000));
        constexpr std::uint64_t kLargest = std::numeric_limits<std::uint32_t>::max();
        if (sub->count("--local-sizes") > 0) {
            request.local_sizes.clear();
            for (const std::uint64_t local : sizes_of("--local-sizes", d->local_sizes, kLargest))
                request.local_sizes.push_back(static_cast<std::size_t>(local));
        }
        if (sub->count("--work-groups") > 0)
            request.work_groups = sizes_of("--work-groups", d->work_groups, kLargest);
        request.devices.clear();
        for (const std::string& device : d->devices)
            if (!device.empty()) request.devices.push_back(device);
        if (d->devices.empty()) request.devices.push_back(ctx.device_spec);
        if (request.local_sizes.empty())
            throw Error(ErrorKind::InvalidArgument, "--local-sizes needs at least one size");
        if (request.work_groups.empty())
            throw Error(ErrorKind::InvalidArgument, "--work-groups needs at least one count");
        if (request.devices.empty())
            throw Error(ErrorKind::InvalidArgument, "--devices needs at least one device");
        check_distinct_devices(request.devices);
        if (sub->count("--variants") > 0)
            return run_study(ctx, *d, study_settings(*sub, *options, *d, request));
        if (sub->count("--timed-repeats") > 0)
            throw Error(ErrorKind::InvalidArgument,
                        "--timed-repeats is for the study: give --variants too");
        // Ctrl-C or SIGTERM abandons the run being measured and reports the runs done so far.
        request.stop_keeps_measured = true;
        std::stop_source stop;
        const StopOnSignals signals(stop);
        ProgressMeter meter(ctx.err, "launch shapes", 0, is_terminal(ctx.err));
        const auto progress = [&](const ShapeOutcome& s, std::size_t done, std::size_t total) {
            if (d->progress)
                meter.step(done, total,
                           "local size " + std::to_string(s.local_size) + ", " +
                               std::to_string(s.work_groups) +
                               " work-groups: " + std::to_string(s.results.size()) + " distinct" +
                               (s.verified ? "" : " (NOT VERIFIED)"));
        };
        const DeterminismReport report = run_determinism(request, stop.get_token(), progress);
        meter.finish();
        if (!report.complete && report.runs == 0) {
            ctx.err << "reducelab-cli: interrupted by " << signal_name(signals.received())
                    << " before any run finished; nothing to report\n";
            return static_cast<int>(kCancelled);
        }
        if (d->json)
            ctx.out << determinism_document(report, tool_name()).dump(2) << "\n";
        else
            print_text(ctx.out, report);
        if (!report.complete) {
            print_note(ctx.err, "interrupted by " + std::string(signal_name(signals.received())) +
                                    ": the report covers the " + std::to_string(report.runs) +
                                    " runs done so far" +
                                    (d->json ? ", marked \"complete\": false" : ""));
            return static_cast<int>(kCancelled);
        }
        if (!report.all_verified) {
            ctx.err
                << "reducelab-cli: some runs did not match the CPU reference (see NOT VERIFIED)\n";
            return static_cast<int>(kNotVerified);
        }
        return static_cast<int>(kOk);
    };
}

}  // namespace reducelab::cli
