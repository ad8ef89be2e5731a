// A reduction request and its result: plain values the CLI, the GUI and the tests share.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "reducelab/accumulator.h"
#include "reducelab/device_info.h"
#include "reducelab/host_array.h"
#include "reducelab/problem.h"
#include "reducelab/types.h"

namespace reducelab {

// One reduction to run, time and verify: the Problem and its launch.
struct RunRequest : Problem {
    std::string variant = "contiguous";
    std::size_t local_size = 0;             // 0: the engine's default for the variant
    std::size_t global_size = 0;            // grid-stride variants: total work-items (0: auto)
    std::uint64_t items_per_work_item = 0;  // grid-stride variants: alternative to global_size
    unsigned vector_width = 0;              // tuned variants: elements per load (0: tuning file)
    unsigned unroll = 0;                    // tuned variants: loads in flight (0: tuning file)
    AccessLayout layout = AccessLayout::Default;  // tuned variants: strided or blocked
    Finish finish = Finish::Host;
    int repeat = 1;  // timed runs; the median is reported
    int warmup = 0;  // untimed runs before them
    TimingMethod timing = TimingMethod::Kernel;
    int batch = 20;  // sustained: calls back to back per timed run (the run's time is wall / batch)
    // Flush the device's L2 (write a buffer twice CL_DEVICE_GLOBAL_MEM_CACHE_SIZE) before each
    // timed run (sustained: before each batch), so the input comes from memory, not the cache.
    bool cold = false;
    ResultPath result_path = ResultPath::Read;
};

// The input arrays of a run, made once and reusable across runs (sweeps upload them once).
struct Inputs {
    std::shared_ptr<const HostArray> first;
    std::shared_ptr<const HostArray> second;  // dot only
    std::uint64_t id = 0;                     // identifies the data for the engine's upload cache
};

struct StageTime {
    std::string name;  // "reduce", "finish pass 1", "read partials", "host fold"
    double ms = 0.0;
    bool on_device = true;  // from OpenCL profiling events (false: host wall clock)
};

// The configuration actually launched, after defaults and rounding.
struct LaunchConfig {
    std::string variant;
    std::string kernel;
    std::size_t local_size = 0;
    std::size_t global_size = 0;
    std::size_t work_groups = 0;
    std::uint64_t items_per_work_item =
        0;  // elements each work-item reads in the first stage (max)
    unsigned vector_width = 1;
    unsigned unroll = 1;  // loads in flight per iteration (tuned variants)
    AccessLayout layout =
        AccessLayout::Strided;  // tuned variants: Blocked reads a chunk per work-item
    std::string tuning;         // where a tuned configuration came from
    Finish finish = Finish::Host;
    std::vector<std::size_t> finish_groups;  // work-groups of each second-kernel pass
    std::size_t finish_local_size = 0;
    unsigned launches = 0;           // kernel launches per reduction
    std::uint64_t chain_length = 0;  // longest chain of combines a term goes through
    std::string build_options;
};

struct RunResult {
    RunRequest request;
    DeviceInfo device;
    LaunchConfig launched;
    std::uint64_t n = 0;
    std::string accumulator;  // "int64 (wraps at 64 bits)"
    Value value;
    Value reference;
    bool verified = false;
    double abs_error = 0.0;
    double rel_error = 0.0;
    double error_bound = 0.0;
    std::string verification_rule;
    std::vector<StageTime> stages;  // of the median repeat
    std::vector<double> repeat_ms;  // total time of every timed repeat
    double total_ms = 0.0;          // median over repeats: device span (+ host fold)
    double kernel_ms = 0.0;         // kernel execution time alone, of the median repeat
    std::uint64_t input_bytes = 0;  // bytes of input read (the bandwidth figure's numerator)
    std::uint64_t bytes_moved = 0;  // all global-memory bytes read and written, partials too
    double gbps = 0.0;              // input_bytes / total_ms
    // How total_ms was timed, and the spread of the timed runs in microseconds (median_us is
    // total_ms * 1000; runs is repeat_ms.size()).
    TimingMethod timing_method = TimingMethod::Kernel;
    double median_us = 0.0;
    double p10_us = 0.0;
    double p90_us = 0.0;
    std::size_t runs = 0;
    bool cold = false;                          // the L2 was flushed before each timed run
    ResultPath result_path = ResultPath::Read;  // the path the value actually took
};

// Fills the timing fields of `result` (total_ms, median_us, p10_us, p90_us, runs) from its
// repeat_ms.
void summarise_timing(RunResult& result);

}  // namespace reducelab
