// Auto-tuning of the `best` variant: for each (type, operation), search local size x work-groups
// (which sets the items per work-item) x vector width x loads in flight x access layout, verify
// every candidate,
// and keep the fastest as a tuning entry with its provenance.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stop_token>
#include <string_view>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/error.h"
#include "reducelab/run_types.h"
#include "reducelab/tuning.h"

namespace reducelab {

class Engine;

// Which devices the written tuning file holds for: this one, every device of its OpenCL
// platform (e.g. any CPU under PoCL), or every device of its vendor.
enum class TuningScope { Device, Platform, Vendor };
std::string_view to_string(TuningScope scope);  // "device", "platform", "vendor"
std::optional<TuningScope> parse_tuning_scope(std::string_view text);
std::span<const TuningScope> all_tuning_scopes();

struct AutotuneOptions {
    std::vector<ElementType> types{ElementType::Float32};
    std::vector<Operation> ops{Operation::Sum};
    // Sizes to tune at, ascending; each but the largest gets an entry that holds up to 4x its size
    // (and below the next size), so small inputs (latency-bound, in the cache) get their own
    // settings without reaching into the bandwidth-bound range.
    std::vector<std::uint64_t> sizes{std::uint64_t{1} << 26};
    std::vector<std::size_t> local_sizes;  // empty: every valid_local_sizes of the device
    std::vector<std::size_t> groups_per_compute_unit{1, 2, 4, 8, 16, 32};
    std::vector<unsigned> vector_widths;  // empty: 1, 2, 4 (8 for 4-byte types... up to 32 bytes)
    std::vector<unsigned> unrolls{1, 2, 4};
    std::vector<AccessLayout> layouts{AccessLayout::Strided, AccessLayout::Blocked};
    int repeat = 10;
    int warmup = 2;
    // How candidates are compared: kernel time, or sustained (`batch` calls back to back), which
    // counts what one call costs in a stream of them (launch gaps, the finish, the cache).
    TimingMethod timing = TimingMethod::Kernel;
    int batch = 20;
    TuningScope scope = TuningScope::Device;
    // On stop: false throws Error(Cancelled); true returns what was measured (the finished
    // entries and every candidate so far) with `complete` false, as the CLI writes it.
    bool stop_keeps_measured = false;
};

struct AutotuneReport {
    TuningFile file;                // one entry per (type, op): the winner
    std::vector<RunResult> points;  // every verified candidate measured
    std::size_t rejected = 0;       // candidates that failed to verify or to run
    bool complete = true;           // false: stopped early (stop_keeps_measured)
};

// Candidates of one (type, operation) ran, and none verified: the kernel gives wrong results
// (the CLI's exit 1, "a result did not verify"), not an unsupported request.
class NoCandidateVerified : public Error {
  public:
    explicit NoCandidateVerified(const std::string& message)
        : Error(ErrorKind::Unsupported, message) {}
};

// `progress` is called after each candidate (done, total). Throws Error(Cancelled) on stop
// (unless options.stop_keeps_measured),
// NoCandidateVerified when candidates of a (type, operation) ran but none verified, and
// Error(Unsupported) when none of them could run at all.
// How many candidates autotune() will run on `device` for these options (every type, size and
// operation), so that a caller can say up front how long the search is.
std::size_t autotune_candidate_count(const DeviceInfo& device, const AutotuneOptions& options);

AutotuneReport autotune(
    Engine& engine, const AutotuneOptions& options, std::stop_token stop = {},
    const std::function<void(std::size_t, std::size_t, const RunResult*)>& progress = {});

}  // namespace reducelab
