// Sweep request lists.
#include "shell/sweep_planner.h"

#include <algorithm>

#include "reducelab/bench_suites.h"
#include "reducelab/catalog.h"
#include "reducelab/launch_plan.h"

namespace reducelab::ui {

std::vector<std::size_t> SweepPlanner::localSizes(const DeviceInfo& device) {
    return valid_local_sizes(device);
}

std::uint64_t SweepPlanner::maxElements(const RunRequest& base, const DeviceInfo& device) {
    const std::uint64_t arrays = needs_two_inputs(base.op) ? 2 : 1;
    // One buffer must fit the device's allocation limit; leave room for partials and the
    // ceiling's buffers by staying under a quarter of global memory.
    std::uint64_t bytes = device.max_alloc_bytes ? device.max_alloc_bytes : (1ull << 28);
    if (device.global_mem_bytes) bytes = std::min(bytes, device.global_mem_bytes / (4 * arrays));
    return std::max<std::uint64_t>(1, bytes / size_of(base.type));
}

RunRequest SweepPlanner::forVariant(const RunRequest& base, const std::string& variant) {
    RunRequest r = base;
    r.variant = variant;
    const Variant& v = find_variant(variant);
    if (v.coverage != Coverage::GridStride) {
        r.items_per_work_item = 0;
        r.global_size = 0;
    }
    if (!accepts_finish(v, r.finish)) r.finish = natural_finish(v);
    return r;
}

RequestList SweepPlanner::localSizeSweep(const RunRequest& base, const QStringList& variants,
                                         const DeviceInfo& device) {
    RequestList requests;
    for (const QString& name : variants)
        for (std::size_t local : localSizes(device)) {
            RunRequest r = forVariant(base, name.toStdString());
            r.local_size = local;
            requests.push_back(r);
        }
    return requests;
}

RequestList SweepPlanner::sizeSweep(const RunRequest& base, const QStringList& variants,
                                    const DeviceInfo& device, unsigned minLog2, unsigned maxLog2) {
    RequestList requests;
    const std::uint64_t limit = maxElements(base, device);
    for (const QString& name : variants)
        for (unsigned bits = minLog2; bits <= maxLog2 && bits < 63; ++bits) {
            const std::uint64_t n = std::uint64_t{1} << bits;
            if (n > limit) break;
            RunRequest r = forVariant(base, name.toStdString());
            r.n = n;
            requests.push_back(r);
        }
    return requests;
}

RequestList SweepPlanner::ladder(const RunRequest& base, const DeviceInfo& device,
                                 QStringList* skipped) {
    // The same rungs as `reducelab-cli bench ladder`, on the control panel's problem.
    SuiteOptions options;
    options.types = {base.type};
    options.ops = {base.op};
    options.sizes = {base.n};
    options.repeat = base.repeat;
    options.warmup = base.warmup;
    std::vector<std::string> unavailable;
    RequestList requests;
    for (const RunRequest& r : suite_requests("ladder", options, device, &unavailable)) {
        // Kernels that cannot do this operation are named, not run into an error.
        if (const std::string why = op_unsupported_reason(find_variant(r.variant), r.op, r.type);
            !why.empty()) {
            if (skipped) *skipped << QString::fromStdString(r.variant + ": " + why);
            continue;
        }
        requests.push_back(r);
    }
    if (skipped)
        for (const std::string& s : unavailable) *skipped << QString::fromStdString(s);
    return requests;
}

RequestList SweepPlanner::autoTune(const RunRequest& base, const DeviceInfo& device) {
    RequestList requests;
    const Variant& v = find_variant(base.variant);
    std::vector<std::uint64_t> items{0};
    if (v.coverage == Coverage::GridStride) {
        items.clear();
        for (std::uint64_t k = std::max(1u, v.vector_width); k <= 256; k *= 2) items.push_back(k);
    }
    for (std::size_t local : localSizes(device))
        for (std::uint64_t k : items) {
            RunRequest r = base;
            r.local_size = local;
            r.items_per_work_item = k;
            r.global_size = 0;
            requests.push_back(r);
        }
    return requests;
}

}  // namespace reducelab::ui
