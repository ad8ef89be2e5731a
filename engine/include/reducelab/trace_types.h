// Step mode's data: what a trace request asks for and what it returns (rounds of a work-group's
// local memory, accesses, bank conflicts, warps). Plain values with no behaviour, shared by the
// tracer (step_trace.h), the analysis (bank_conflicts.h), trace JSON, the CLI and the GUI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reducelab/accumulator.h"
#include "reducelab/device_info.h"
#include "reducelab/host_array.h"
#include "reducelab/problem.h"
#include "reducelab/types.h"

namespace reducelab {

// A work-group of a tree variant to trace: the Problem (n = 0: exactly one work-group's worth of
// input; second_input_path is not read, dot's second input is generated) and what to trace.
struct TraceRequest : Problem {
    TraceRequest() { fill = Fill::Random; }
    std::string variant = "interleaved";
    std::size_t local_size = 16;
    std::uint64_t group = 0;   // the work-group to trace
    bool all_groups = false;   // trace every work-group (small n only)
    unsigned warp_width = 32;  // lanes per warp / sub-group for the analysis: 16, 32 or 64
                               // like real devices; 4 and 8 zoom in on small work-groups
    unsigned bank_count = 32;  // local-memory banks (a power of two, 1 to 64)
    unsigned bank_width = 4;   // bytes per bank (4 or 8)
    // A student's edited copy of the variant's file, as a whole program
    // (custom_program_source in custom_kernel.h); empty: the catalog's own file.
    std::string program_text;
};

// The most work-groups TraceRequest::all_groups traces.
inline constexpr std::size_t kMaxTracedGroups = 64;

// One work-item's work in a round: it combined local[read_a] and local[read_b] into local[write].
struct Access {
    std::uint32_t work_item = 0;
    std::uint32_t read_a = 0;
    std::uint32_t read_b = 0;
    std::uint32_t write = 0;
};

// Lanes of one warp whose accesses in one phase (read a, read b or write) hit the same bank at
// different addresses: the hardware serialises them `degree` ways.
// A warp's access is served in transactions of StepTrace::lanes_per_transaction consecutive lanes
// (bank count x bank width bytes each: whole warps for 4-byte values with 32 banks, half-warps
// for 8-byte values, as CUDA and AMD LDS do); conflicts only arise inside one transaction.
struct BankConflict {
    std::uint32_t warp = 0;
    std::string phase;  // "read a", "read b", "write"
    std::uint32_t bank = 0;
    std::uint32_t degree = 0;  // distinct addresses in that bank (>= 2)
    std::vector<std::uint32_t> work_items;
    std::uint32_t transaction = 0;       // within the warp
    std::vector<std::uint32_t> indices;  // the local index each of work_items accessed
};

struct TraceRound {
    unsigned round = 0;            // 1-based: the state after the round-th barrier of the tree
    std::uint32_t stride = 0;      // the tree's s in this round
    std::vector<Value> values;     // local memory after the round, as read from the device
    std::vector<bool> active;      // per work-item
    std::vector<Access> accesses;  // one per active work-item
    unsigned active_work_items = 0;
    unsigned active_warps = 0;     // warps with at least one active lane
    unsigned divergent_warps = 0;  // warps with both active and idle lanes
    unsigned bank_conflicts = 0;   // sum over conflicting banks of (degree - 1)
    unsigned max_conflict_degree = 1;
    std::vector<BankConflict> conflicts;
};

// The hardware model of the derived figures.
struct AnalysisModel {
    unsigned warp_width = 32;
    unsigned bank_count = 32;
    unsigned bank_width = 4;
    std::size_t element_bytes = 4;  // bytes of one local-memory cell (sizeof(ACC))
};

struct GroupTrace {
    std::uint64_t group = 0;
    std::vector<Value> initial;  // local memory right after the load phase
    std::vector<TraceRound> rounds;
    Value partial;                 // local[0] after the last round
    Value uninstrumented_partial;  // the same group's partial from an uninstrumented run
    bool matches_uninstrumented = false;
    unsigned total_divergent_warps = 0;  // summed over rounds ("divergent warp-rounds")
    unsigned total_bank_conflicts = 0;
};

struct StepTrace {
    TraceRequest request;
    DeviceInfo device;
    std::string variant;
    std::size_t local_size = 0;
    std::uint64_t n = 0;
    std::string accumulator;
    unsigned warp_width = 32;
    unsigned bank_count = 32;
    unsigned bank_width = 4;
    std::vector<GroupTrace> groups;
    double elapsed_ms = 0.0;  // wall time of the whole trace
    std::string kernel;
    std::string build_options;      // of the instrumented build
    std::size_t element_bytes = 0;  // bytes of one local-memory cell
    unsigned lanes_per_transaction = 0;
    std::size_t global_size = 0;
    std::size_t work_groups = 0;     // of the whole launch (traced or not)
    std::size_t max_local_size = 0;  // the largest local size both builds accept on the device
    Operation op = Operation::Sum;
    ElementType type = ElementType::Int32;
};

}  // namespace reducelab
