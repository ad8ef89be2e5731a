// The named benchmark suites of `reducelab-cli bench` as lists of requests:
//   ladder  every safe, available catalog variant at one size (the classic table)
//   sizes   a few variants over n = 2^16 ... 2^30 (bandwidth against input size)
//   tuning  local size x items per work-item for one variant (the tuning surface)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

struct SuiteOptions {
    std::vector<ElementType> types;        // empty: the suite's default
    std::vector<Operation> ops;            // empty: the suite's default
    std::vector<std::uint64_t> sizes;      // empty: the suite's default
    std::vector<std::string> variants;     // empty: the suite's default
    std::vector<std::size_t> local_sizes;  // tuning; empty: every valid_local_sizes of the device
    std::vector<std::uint64_t> items;      // tuning; empty: 1 ... 1024 (powers of two)
    int repeat = 20;
    int warmup = 3;
};

std::vector<std::string_view> suite_names();

// The requests of a suite on a device (variants unavailable there are left out and listed in
// `skipped` with the reason). Throws Error(InvalidArgument) for an unknown suite.
std::vector<RunRequest> suite_requests(std::string_view suite, const SuiteOptions& options,
                                       const DeviceInfo& device,
                                       std::vector<std::string>* skipped = nullptr);

// The classic table of a ladder: each point's speed-up over the previous and the first row.
struct LadderRow {
    std::string variant;
    double time_ms = 0.0;
    double gbps = 0.0;
    double step_speedup = 1.0;
    double cumulative_speedup = 1.0;
    bool verified = false;
};
std::vector<LadderRow> ladder_table(const std::vector<RunResult>& points);

}  // namespace reducelab
