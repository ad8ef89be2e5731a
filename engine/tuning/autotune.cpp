// The auto-tuning search.
#include "reducelab/autotune.h"

#include <algorithm>
#include <optional>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

std::vector<unsigned> widths_for(const AutotuneOptions& o, ElementType type) {
    if (!o.vector_widths.empty()) return o.vector_widths;
    std::vector<unsigned> widths;
    for (unsigned w = 1; w * size_of(type) <= 32; w *= 2) widths.push_back(w);
    return widths;
}

}  // namespace

AutotuneReport autotune(
    Engine& engine, const AutotuneOptions& o, std::stop_token stop,
    const std::function<void(std::size_t, std::size_t, const RunResult*)>& progress) {
    const DeviceInfo& device = engine.device();
    if (o.sizes.empty())
        throw Error(ErrorKind::InvalidArgument, "auto-tuning needs at least one size");
    std::vector<std::uint64_t> sizes = o.sizes;
    std::ranges::sort(sizes);
    std::vector<std::size_t> locals = o.local_sizes;
    if (locals.empty())
        for (std::size_t l = 64; l <= std::min<std::size_t>(1024, device.max_work_group_size);
             l *= 2)
            locals.push_back(l);
    AutotuneReport report;
    switch (o.scope) {
        case TuningScope::Device:
            report.file.vendor = device.vendor;
            report.file.device = device.name;
            break;
        case TuningScope::Platform:
            report.file.platform = device.platform_name;
            break;
        case TuningScope::Vendor:
            report.file.vendor = device.vendor;
            break;
    }
    const std::string date = utc_now_iso8601().substr(0, 10);

    std::size_t total = 0;
    for (ElementType type : o.types)
        total += sizes.size() * o.ops.size() * locals.size() * o.groups_per_compute_unit.size() *
                 widths_for(o, type).size() * o.unrolls.size() * o.layouts.size();
    std::size_t done = 0;
    for (ElementType type : o.types) {
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
            const Inputs inputs = make_inputs(base);  // shared by the operations at this size
            for (Operation op : o.ops) {
                base.op = op;
                std::optional<std::size_t> best;  // index into report.points (which grows)
                TunedConfig best_config;
                for (AccessLayout layout : o.layouts)
                    for (unsigned width : widths_for(o, type))
                        for (unsigned unroll : o.unrolls)
                            for (std::size_t local : locals)
                                for (std::size_t per_cu : o.groups_per_compute_unit) {
                                    if (stop.stop_requested())
                                        throw Error(ErrorKind::Cancelled,
                                                    "auto-tuning was cancelled");
                                    RunRequest r = base;
                                    r.local_size = local;
                                    r.global_size = per_cu *
                                                    std::max<std::size_t>(1, device.compute_units) *
                                                    local;
                                    r.vector_width = width;
                                    r.unroll = unroll;
                                    r.layout = layout;
                                    const RunResult* measured = nullptr;
                                    try {
                                        RunResult result = engine.run(r, inputs, stop);
                                        if (result.verified) {
                                            report.points.push_back(std::move(result));
                                            measured = &report.points.back();
                                        } else {
                                            ++report.rejected;
                                        }
                                    } catch (const Error& e) {
                                        if (e.kind() == ErrorKind::Cancelled) throw;
                                        ++report.rejected;  // e.g. a local size the kernel cannot
                                                            // take
                                    }
                                    if (measured && (!best || measured->total_ms <
                                                                  report.points[*best].total_ms)) {
                                        best = report.points.size() - 1;
                                        best_config.local_size = local;
                                        best_config.groups_per_compute_unit = per_cu;
                                        best_config.vector_width = width;
                                        best_config.unroll = unroll;
                                        best_config.layout = layout;
                                        best_config.source_device = device.name;
                                        best_config.source_date = date;
                                        best_config.source_gbps = measured->gbps;
                                        best_config.source_n = sizes[s];
                                    }
                                    if (progress) progress(++done, total, measured);
                                }
                if (!best)
                    throw Error(ErrorKind::Unsupported,
                                "no candidate of the best variant verified for " +
                                    std::string(to_string(type)) + " " +
                                    std::string(to_string(op)));
                TuningEntry entry{std::string(to_string(type)), std::string(to_string(op)), 0,
                                  best_config};
                if (s + 1 < sizes.size()) entry.max_n = std::min(4 * sizes[s], sizes[s + 1] - 1);
                report.file.entries.push_back(entry);
            }
        }
    }
    return report;
}

}  // namespace reducelab
