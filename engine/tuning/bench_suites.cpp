// Benchmark suite definitions.
#include "reducelab/bench_suites.h"

#include "reducelab/launch_plan.h"

#include <algorithm>

#include "reducelab/catalog.h"
#include "reducelab/error.h"

namespace reducelab {
namespace {

RunRequest timed(const SuiteOptions& o) {
    RunRequest r;
    r.repeat = o.repeat;
    r.warmup = o.warmup;
    r.fill = Fill::Random;
    r.seed = 2026;
    return r;
}

template <typename T>
std::vector<T> or_default(const std::vector<T>& given, std::vector<T> fallback) {
    return given.empty() ? fallback : given;
}

bool has_variant(std::string_view name) {
    return std::ranges::any_of(catalog(), [&](const Variant& v) { return v.name == name; });
}

}  // namespace

std::vector<std::string_view> suite_names() {
    return {"ladder", "sizes", "tuning"};
}

std::vector<RunRequest> suite_requests(std::string_view suite, const SuiteOptions& o,
                                       const DeviceInfo& device,
                                       std::vector<std::string>* skipped) {
    std::vector<RunRequest> requests;
    const auto usable = [&](const std::string& name) {
        const Variant& v = find_variant(name);
        const Availability a = availability(v, device);
        if (!a.available && skipped) skipped->push_back(name + ": " + a.reason);
        return a.available;
    };
    if (suite == "ladder") {
        std::vector<std::string> ladder;
        for (const Variant& v : catalog())
            if (!v.unsafe) ladder.emplace_back(v.name);
        for (ElementType type : or_default(o.types, {ElementType::Int32}))
            for (Operation op : or_default(o.ops, {Operation::Sum}))
                for (const std::string& name : or_default(o.variants, ladder)) {
                    if (!usable(name)) continue;
                    // A rung that cannot do this type and operation (reproducible: float sums
                    // only) is listed as skipped, not run into an error.
                    if (const std::string why = op_unsupported_reason(find_variant(name), op, type);
                        !why.empty()) {
                        if (skipped) skipped->push_back(name + ": " + why);
                        continue;
                    }
                    RunRequest r = timed(o);
                    r.variant = name;
                    r.type = type;
                    r.op = op;
                    r.n = or_default(o.sizes, {std::uint64_t{1} << 26}).front();
                    r.finish = natural_finish(find_variant(name));
                    requests.push_back(r);
                }
    } else if (suite == "sizes") {
        std::vector<std::uint64_t> sizes;
        for (unsigned k = 16; k <= 30; k += 2) sizes.push_back(std::uint64_t{1} << k);
        const std::vector<std::string> variants{has_variant("best") ? "best" : "vector"};
        for (const std::string& name : or_default(o.variants, variants)) {
            if (!usable(name)) continue;
            for (ElementType type : or_default(o.types, {ElementType::Float32, ElementType::Int32}))
                for (Operation op : or_default(o.ops, {Operation::Sum, Operation::Max}))
                    for (std::uint64_t n : or_default(o.sizes, sizes)) {
                        if (n * size_of(type) > device.max_alloc_bytes) {
                            if (skipped)
                                skipped->push_back(name + " n=" + std::to_string(n) +
                                                   ": larger than the largest buffer");
                            continue;
                        }
                        RunRequest r = timed(o);
                        r.variant = name;
                        r.type = type;
                        r.op = op;
                        r.n = n;
                        r.finish = natural_finish(find_variant(name));
                        requests.push_back(r);
                    }
        }
    } else if (suite == "tuning") {
        const std::vector<std::size_t> locals = valid_local_sizes(device);
        std::vector<std::uint64_t> items;
        for (std::uint64_t k = 1; k <= 1024; k *= 2) items.push_back(k);
        for (const std::string& name : or_default(o.variants, {"vector"})) {
            if (!usable(name)) continue;
            if (find_variant(name).coverage != Coverage::GridStride)
                throw Error(ErrorKind::InvalidArgument,
                            "the tuning suite sweeps items per work-item: " + name +
                                " is not a grid-stride variant");
            for (ElementType type : or_default(o.types, {ElementType::Float32}))
                for (Operation op : or_default(o.ops, {Operation::Sum}))
                    for (std::size_t local : or_default(o.local_sizes, locals))
                        for (std::uint64_t k : or_default(o.items, items)) {
                            RunRequest r = timed(o);
                            r.variant = name;
                            r.type = type;
                            r.op = op;
                            r.n = or_default(o.sizes, {std::uint64_t{1} << 26}).front();
                            r.local_size = local;
                            r.items_per_work_item = k;
                            r.finish = natural_finish(find_variant(name));
                            requests.push_back(r);
                        }
        }
    } else {
        throw Error(ErrorKind::InvalidArgument,
                    "unknown suite '" + std::string(suite) + "' (known: ladder, sizes, tuning)");
    }
    return requests;
}

std::vector<LadderRow> ladder_table(const std::vector<RunResult>& points) {
    std::vector<LadderRow> rows;
    for (const RunResult& p : points) {
        LadderRow row;
        row.variant = p.launched.variant;
        row.time_ms = p.total_ms;
        row.gbps = p.gbps;
        row.verified = p.verified;
        if (!rows.empty() && p.total_ms > 0) {
            row.step_speedup = rows.back().time_ms / p.total_ms;
            row.cumulative_speedup = rows.front().time_ms / p.total_ms;
        }
        rows.push_back(row);
    }
    return rows;
}

}  // namespace reducelab
