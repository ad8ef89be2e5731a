// The auto-tuning search.
#include "reducelab/autotune.h"

#include "reducelab/launch_plan.h"

#include <algorithm>
#include <array>
#include <optional>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

constexpr std::array kTuningScopeList{TuningScope::Device, TuningScope::Platform,
                                      TuningScope::Vendor};

std::vector<unsigned> widths_for(const AutotuneOptions& o, ElementType type) {
    if (!o.vector_widths.empty()) return o.vector_widths;
    std::vector<unsigned> widths;
    for (unsigned w = 1; w * size_of(type) <= 32; w *= 2) widths.push_back(w);
    return widths;
}

// One point of the search.
struct Candidate {
    AccessLayout layout = AccessLayout::Default;
    unsigned width = 1;
    unsigned unroll = 1;
    std::size_t local = 0;
    std::size_t per_cu = 0;
};

std::vector<Candidate> candidates_for(const AutotuneOptions& o, ElementType type,
                                      const std::vector<std::size_t>& locals) {
    std::vector<Candidate> out;
    for (AccessLayout layout : o.layouts)
        for (unsigned width : widths_for(o, type))
            for (unsigned unroll : o.unrolls)
                for (std::size_t local : locals)
                    for (std::size_t per_cu : o.groups_per_compute_unit)
                        out.push_back({layout, width, unroll, local, per_cu});
    return out;
}

// The search state shared by every (type, size, operation).
struct Search {
    Engine& engine;
    const AutotuneOptions& o;
    std::stop_token stop;
    const std::function<void(std::size_t, std::size_t, const RunResult*)>& progress;
    AutotuneReport& report;
    std::string date;
    std::size_t done = 0;
    std::size_t total = 0;
    std::string last_error;      // why the last candidate was refused, for the final error
    std::size_t mismatches = 0;  // candidates of the current (type, op) that ran but did not verify

    // Runs one candidate; the verified result, kept in the report, or nullptr.
    const RunResult* measure(const RunRequest& r, const Inputs& inputs) {
        try {
            RunResult result = engine.run(r, inputs, stop);
            if (result.verified) {
                report.points.push_back(std::move(result));
                return &report.points.back();
            }
            last_error = "the result did not verify";
            ++mismatches;
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::Cancelled) throw;
            last_error = e.what();  // e.g. a local size the kernel cannot take
        }
        ++report.rejected;
        return nullptr;
    }

    // The fastest verified candidate for `base` (its type, n and operation).
    TunedConfig best_of(const RunRequest& base, const Inputs& inputs,
                        const std::vector<Candidate>& candidates) {
        const DeviceInfo& device = engine.device();
        std::optional<double> best_ms;
        TunedConfig best;
        mismatches = 0;
        for (const Candidate& c : candidates) {
            if (stop.stop_requested())
                throw Error(ErrorKind::Cancelled, "auto-tuning was cancelled");
            RunRequest r = base;
            r.local_size = c.local;
            r.global_size = c.per_cu * std::max<std::size_t>(1, device.compute_units) * c.local;
            r.vector_width = c.width;
            r.unroll = c.unroll;
            r.layout = c.layout;
            const RunResult* measured = measure(r, inputs);
            if (measured && (!best_ms || measured->total_ms < *best_ms)) {
                best_ms = measured->total_ms;
                best = TunedConfig{.local_size = c.local,
                                   .groups_per_compute_unit = c.per_cu,
                                   .vector_width = c.width,
                                   .unroll = c.unroll,
                                   .layout = c.layout,
                                   .source_device = device.name,
                                   .source_date = date,
                                   .source_gbps = measured->gbps,
                                   .source_n = base.n,
                                   .source_timing = base.timing};
            }
            if (progress) progress(++done, total, measured);
        }
        if (!best_ms && mismatches > 0)
            throw NoCandidateVerified(
                "no candidate of the best variant verified for " +
                std::string(to_string(base.type)) + " " + std::string(to_string(base.op)) + ": " +
                std::to_string(mismatches) + " of " + std::to_string(candidates.size()) +
                " ran and did not match the CPU reference; no tuning file written");
        if (!best_ms)
            throw Error(ErrorKind::Unsupported, "no candidate of the best variant verified for " +
                                                    std::string(to_string(base.type)) + " " +
                                                    std::string(to_string(base.op)) +
                                                    " (the last one: " + last_error + ")");
        return best;
    }
};

TuningFile file_for_scope(TuningScope scope, const DeviceInfo& device) {
    TuningFile file;
    switch (scope) {
        case TuningScope::Device:
            file.vendor = device.vendor;
            file.device = device.name;
            break;
        case TuningScope::Platform:
            file.platform = device.platform_name;
            break;
        case TuningScope::Vendor:
            file.vendor = device.vendor;
            break;
    }
    return file;
}

// Every (type, size, operation) in turn, each winner an entry of the report.
void search_all(Search& search, const std::vector<std::uint64_t>& sizes,
                const std::vector<std::size_t>& locals) {
    const AutotuneOptions& o = search.o;
    for (ElementType type : o.types) {
        const std::vector<Candidate> candidates = candidates_for(o, type, locals);
        for (std::size_t s = 0; s < sizes.size(); ++s) {
            RunRequest base;
            base.variant = "best";
            base.type = type;
            base.n = sizes[s];
            base.fill = Fill::Random;
            base.seed = 2026;
            base.repeat = o.repeat;
            base.warmup = o.warmup;
            base.finish = Finish::Kernel;
            base.timing = o.timing;
            base.batch = o.batch;
            // Shared by the operations at this size, with dot's second input when one is dot
            // (without it every dot candidate was refused).
            RunRequest for_inputs = base;
            if (std::ranges::any_of(o.ops, needs_two_inputs)) for_inputs.op = Operation::Dot;
            const Inputs inputs = make_inputs(for_inputs);
            for (Operation op : o.ops) {
                base.op = op;
                TuningEntry entry{std::string(to_string(type)), std::string(to_string(op)), 0,
                                  search.best_of(base, inputs, candidates)};
                if (s + 1 < sizes.size()) entry.max_n = std::min(4 * sizes[s], sizes[s + 1] - 1);
                search.report.file.entries.push_back(entry);
            }
        }
    }
}

}  // namespace

std::size_t autotune_candidate_count(const DeviceInfo& device, const AutotuneOptions& o) {
    std::vector<std::size_t> locals = o.local_sizes;
    if (locals.empty()) locals = valid_local_sizes(device);
    std::size_t total = 0;
    for (ElementType type : o.types)
        total += o.sizes.size() * o.ops.size() * candidates_for(o, type, locals).size();
    return total;
}

AutotuneReport autotune(
    Engine& engine, const AutotuneOptions& o, std::stop_token stop,
    const std::function<void(std::size_t, std::size_t, const RunResult*)>& progress) {
    const DeviceInfo& device = engine.device();
    if (o.sizes.empty())
        throw Error(ErrorKind::InvalidArgument, "auto-tuning needs at least one size");
    std::vector<std::uint64_t> sizes = o.sizes;
    std::ranges::sort(sizes);
    std::vector<std::size_t> locals = o.local_sizes;
    if (locals.empty()) locals = valid_local_sizes(device);
    AutotuneReport report;
    report.file = file_for_scope(o.scope, device);
    Search search{engine, o, stop, progress, report, utc_now_iso8601().substr(0, 10)};
    search.total = autotune_candidate_count(device, o);
    try {
        search_all(search, sizes, locals);
    } catch (const Error& e) {
        // The (type, operation) being searched is abandoned: its best so far is no winner.
        if (e.kind() != ErrorKind::Cancelled || !o.stop_keeps_measured) throw;
        report.complete = false;
    }
    return report;
}

std::string_view to_string(TuningScope scope) {
    switch (scope) {
        case TuningScope::Device:
            return "device";
        case TuningScope::Platform:
            return "platform";
        case TuningScope::Vendor:
            return "vendor";
    }
    return "device";
}

std::optional<TuningScope> parse_tuning_scope(std::string_view text) {
    for (TuningScope scope : kTuningScopeList)
        if (to_string(scope) == text) return scope;
    return std::nullopt;
}

std::span<const TuningScope> all_tuning_scopes() {
    return kTuningScopeList;
}

}  // namespace reducelab
