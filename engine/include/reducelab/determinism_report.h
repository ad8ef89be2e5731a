// What the determinism lab records (reducelab/determinism.h runs it): the request, the distinct
// results per launch shape and device, and their class, like CUB's determinism levels. Data and
// the classification only: no device here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/accumulator.h"
#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

struct DeterminismRequest {
    // What to reduce: op, type, variant, n, fill, seed, finish, accumulator, input files. Its
    // local size, global size and repeat are replaced by the shapes below.
    RunRequest base;
    std::vector<std::string> devices{""};  // device specs (see select_device); "" the default
    std::vector<std::size_t> local_sizes{64, 256};
    // Grid-stride variants: work-groups per launch (global size = groups x local size). Other
    // variants ignore it: n and the local size decide their work-groups.
    std::vector<std::uint64_t> work_groups{3, 16, 128};
    int runs = 4;  // identical runs of every shape
    // On stop: false throws Error(Cancelled); true returns the runs done so far (the current
    // shape's included) with `complete` false, as the CLI writes them.
    bool stop_keeps_measured = false;
};

// Weakest first: the class of a variant is the weakest its runs show.
enum class DeterminismClass {
    Nondeterministic,  // identical runs (same device, same shape) gave different bits
    RunToRun,          // each shape repeats its bits, but shapes differ
    LaunchInvariant,   // the same bits for every shape on each device (devices may differ)
    DeviceInvariant,   // the same bits for every shape on every device (two or more devices)
};
std::string_view to_string(DeterminismClass c);

// A result's identity: its bits in the accumulator's format as hex ("0x3f800000" for float32,
// 16 digits for 64-bit values), with "@index" for argmin/argmax.
std::string result_bits(const Value& value);

// Classifies bits[device][shape][run].
DeterminismClass classify(const std::vector<std::vector<std::vector<std::string>>>& bits);

struct DistinctResult {
    std::string bits;
    Value value;
    std::uint64_t count = 0;
    double abs_error = 0.0;  // against the exact result (the reference)
};

struct ShapeOutcome {
    std::size_t local_size = 0;
    std::size_t work_groups = 0;  // as launched
    std::size_t global_size = 0;
    bool verified = true;  // every run verified against the CPU reference
    std::vector<DistinctResult> results;
};

struct DeviceOutcome {
    std::string device;  // its name
    DeviceInfo info;     // the facts, for results files
    std::vector<ShapeOutcome> shapes;
    std::vector<DistinctResult> results;  // over all its shapes
    DeterminismClass determinism = DeterminismClass::Nondeterministic;
};

struct DeterminismReport {
    DeterminismRequest request;
    std::uint64_t n = 0;
    Value reference;                // the CPU reference (exact sums rounded to double)
    bool exact_sum_known = false;   // float sums, means, dots: the exact sum was computed
    Value correctly_rounded;        // the exact sum rounded once to the accumulator's type
    double condition_number = 0.0;  // sum |terms| / |exact sum| (float sums; inf for 0)
    std::vector<DeviceOutcome> devices;
    std::vector<DistinctResult> results;  // over everything
    DeterminismClass determinism = DeterminismClass::Nondeterministic;
    bool all_verified = true;
    bool correctly_rounded_everywhere = false;  // every result equals correctly_rounded
    std::uint64_t runs = 0;
    bool complete = true;  // false: stopped early (request.stop_keeps_measured)
};

}  // namespace reducelab
