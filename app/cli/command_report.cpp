// reducelab-cli report: tables from results files, as text or Markdown — the classic ladder
// table, and a comparison of two files point by point (e.g. best against CUB).
#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <bit>
#include <map>
#include <memory>
#include <ostream>
#include <tuple>

#include "cli.h"
#include "commands.h"
#include "output_paths.h"
#include "printable.h"
#include "reducelab/bench_suites.h"
#include "reducelab/error.h"
#include "reducelab/results_file.h"
#include "reducelab/units.h"

namespace reducelab::cli {
namespace {

// Text from a results file as Markdown that stays in its table cell or heading: control
// characters escaped (no line break can start a heading), '\\' and '|' backslash-escaped (no new
// cell), and '<', '>', '&' as HTML entities (no raw HTML such as <script>).
std::string md(std::string_view text) {
    std::string out;
    for (const char c : printable(text)) {
        switch (c) {
            case '\\':
                out += "\\\\";
                break;
            case '|':
                out += "\\|";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '&':
                out += "&amp;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

void print_ladder(std::ostream& out, const ResultsFile& file) {
    // One table per (type, operation), in the order the points were measured.
    std::vector<std::pair<std::string, std::vector<RunResult>>> groups;
    for (const RunResult& p : file.points) {
        const std::string key =
            std::string(to_string(p.request.type)) + " " + std::string(to_string(p.request.op));
        if (groups.empty() || groups.back().first != key)
            groups.emplace_back(key, std::vector<RunResult>{});
        groups.back().second.push_back(p);
    }
    for (const auto& [key, points] : groups) {
        out << "\n"
            << key << ", n = " << points.front().n << ", on " << md(file.device.name) << "\n\n";
        out << "| variant | time (µs) | GB/s | step speed-up | cumulative speed-up | verified |\n";
        out << "|---|---:|---:|---:|---:|---|\n";
        for (const LadderRow& row : ladder_table(points))
            out << fmt::format("| {} | {} | {} | {} | {} | {} |\n", md(row.variant),
                               units::us_number(row.time_ms * 1000.0), units::gbps_number(row.gbps),
                               units::speedup(row.step_speedup),
                               units::speedup(row.cumulative_speedup), row.verified ? "yes" : "NO");
    }
}

void print_points(std::ostream& out, const ResultsFile& file) {
    const double ceiling = file.ceiling ? file.ceiling->copy_gbps : 0.0;
    out << "| variant | type | op | n | local | global | timing | time (µs) | p10–p90 (µs) | "
           "GB/s | % of copy | verified |\n";
    out << "|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|\n";
    bool any_cached = false;
    for (const RunResult& p : file.points) {
        // Faster than the measured read ceiling: the input came from a cache, not memory.
        const bool cached = file.ceiling && served_from_cache(p, *file.ceiling);
        any_cached = any_cached || cached;
        out << fmt::format("| {} | {} | {} | {} | {} | {} | {}{} | {} | {}–{} | {}{} | {} | {} |\n",
                           md(p.launched.variant), to_string(p.request.type),
                           to_string(p.request.op), p.n, p.launched.local_size,
                           p.launched.global_size, to_string(p.timing_method),
                           p.cold ? ", cold" : "", units::us_number(p.total_ms * 1000.0),
                           units::us_number(p.p10_us), units::us_number(p.p90_us),
                           units::gbps_number(p.gbps), cached ? " (served from cache)" : "",
                           ceiling > 0 ? units::percent(100.0 * p.gbps / ceiling) : "-",
                           p.verified ? "yes" : "NO");
    }
    if (any_cached)
        out << "\nserved from cache: the input fits the device's cache and was read faster than "
               "the read ceiling's p90, so it was not read from memory.\n";
}

// 2^k for powers of two (as the suites use them), the plain number otherwise.
std::string size_text(std::uint64_t n) {
    if (n != 0 && (n & (n - 1)) == 0) return fmt::format("2^{}", std::countr_zero(n));
    return std::to_string(n);
}

void print_comparison(std::ostream& out, const ResultsFile& ours, const ResultsFile& peer) {
    // Points compare only with the peer's point timed by the same method.
    using Key = std::tuple<ElementType, Operation, std::uint64_t, TimingMethod>;
    std::map<Key, const RunResult*> peer_points;
    for (const RunResult& p : peer.points)
        peer_points[{p.request.type, p.request.op, p.n, p.timing_method}] = &p;
    const std::string a = ours.points.empty() ? "ours" : md(ours.points.front().launched.variant);
    const std::string b = peer.points.empty() ? "peer" : md(peer.points.front().launched.variant);
    out << "| type | op | n | timing | " << a << " (µs) | " << a << " GB/s | " << b << " (µs) | "
        << b << " GB/s | speed vs " << b << " |\n";
    out << "|---|---|---:|---|---:|---:|---:|---:|---:|\n";
    for (const RunResult& p : ours.points) {
        const auto found = peer_points.find({p.request.type, p.request.op, p.n, p.timing_method});
        if (found == peer_points.end()) continue;
        const RunResult& q = *found->second;
        out << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {:.3f}× |\n",
                           to_string(p.request.type), to_string(p.request.op), size_text(p.n),
                           to_string(p.timing_method), units::us_number(p.total_ms * 1000.0),
                           units::gbps_number(p.gbps), units::us_number(q.total_ms * 1000.0),
                           units::gbps_number(q.gbps), q.total_ms / p.total_ms);
    }
}

}  // namespace

Command add_report_command(CLI::App& app) {
    auto* sub = app.add_subcommand(
        "report", "Markdown tables from results files (ladder, points, comparison)");
    auto files = std::make_shared<std::vector<std::string>>();
    auto compare = std::make_shared<std::string>();
    path_option(
        sub->add_option("files", *files, "results JSON files written by bench, tune or cub-reduce"))
        ->required();
    path_option(sub->add_option("--compare", *compare,
                                "a peer results file: compare point by point (same type, op, n)"));
    return [files, compare](Context& ctx) {
        for (const std::string& path : *files) {
            const ResultsFile file = read_results(path);
            ctx.out << "### " << md(path) << " (" << md(file.suite) << ", " << md(file.device.name)
                    << ", " << md(file.created_utc)
                    << (file.complete ? "" : ", incomplete: interrupted") << ")\n";
            if (file.ceiling)
                ctx.out << fmt::format(
                    "\nMeasured ceiling: copy {}, read {} by the {} ({} buffers)\n",
                    units::gbps(file.ceiling->copy_gbps), units::gbps(file.ceiling->read_gbps),
                    file.ceiling->read_source == "best" ? "best variant's own reads"
                                                        : "read-only kernel",
                    units::bytes(file.ceiling->bytes));
            if (!compare->empty()) {
                ctx.out << "\n";
                print_comparison(ctx.out, file, read_results(*compare));
            } else if (file.suite == "ladder") {
                print_ladder(ctx.out, file);
            } else {
                ctx.out << "\n";
                print_points(ctx.out, file);
            }
            ctx.out << "\n";
        }
        return static_cast<int>(kOk);
    };
}

}  // namespace reducelab::cli
