// What a determinism study records (reducelab/determinism_study.h runs it): its settings and,
// per variant, the determinism report and the frontier's timed run. Data only, so that io/ writes
// it as JSON.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reducelab/determinism_report.h"
#include "reducelab/device_info.h"
#include "reducelab/types.h"

namespace reducelab {

struct DeterminismStudySettings {
    Fill fill = Fill::Cancel;
    ElementType type = ElementType::Float32;
    std::uint64_t n = 1 << 16;
    std::uint64_t seed = 1;
    int runs = 3;  // identical runs of every launch shape
    std::vector<std::size_t> local_sizes{64, 256};
    std::vector<std::uint64_t> work_groups{3, 16, 128};
    std::vector<DeviceInfo> devices;    // one or more; the timed run uses the first
    std::vector<std::string> variants;  // empty: every catalog variant that can run the sum
    std::optional<Finish> finish;       // empty (or refused by a variant): its natural finish
    int timed_repeats = 5;              // the frontier's timed run: median of these
    // On stop: false throws Error(Cancelled); true returns the variants finished so far with
    // `complete` false (the one in flight is dropped), as the CLI writes them.
    bool stop_keeps_measured = false;
};

// One variant of a study: its determinism report and its point on the frontier.
struct DeterminismStudyVariant {
    std::size_t index = 0;  // among the study's variants
    std::size_t total = 0;
    std::string variant;
    std::optional<DeterminismReport> report;  // empty when the variant failed
    std::string error;                        // why it failed
    // The frontier: one timed run on the first device, default launch.
    bool timed = false;
    double gbps = 0.0;
    double relative_error = 0.0;  // |result - exact| / |exact| (absolute when the exact sum is 0)
    bool exact = false;           // the result is the exact sum correctly rounded
    bool verified = false;        // the timed run matched the CPU reference
    std::string result_bits;
    std::string result_text;
};

struct DeterminismStudyResult {
    DeterminismStudySettings settings;
    std::vector<DeterminismStudyVariant> variants;
    bool complete = true;  // false: stopped early (stop_keeps_measured)
};

}  // namespace reducelab
