// run --devices / --mpi: one reduction split over several devices (this host's, or one per MPI
// rank), printed as the verified value and a per-device table, or as JSON.
#pragma once

#include <iosfwd>
#include <string>

#include "commands.h"
#include "reducelab/multi_device.h"

namespace reducelab::cli {

struct SplitOptions {
    std::string devices;             // --devices: "all" or "0,2"; empty: one device
    std::string split = "balanced";  // --split
    bool mpi = false;                // --mpi
};

SplitPolicy parse_split_option(const std::string& text);

// Prints the value, the verification and the per-device table.
void print_split_text(std::ostream& out, const SplitResult& result);

// Runs the split on this host's devices; the exit code (0 only when it verified).
int run_on_devices(Context& ctx, const RunRequest& request, const SplitOptions& options, bool json);

// Reports a split result (text or JSON) and returns its exit code.
int report_split(Context& ctx, const SplitResult& result, bool json);

#ifdef REDUCELAB_WITH_MPI
// mpirun -n P reducelab-cli run --mpi: each rank reduces its shard on its device, MPI_Reduce
// combines, rank 0 prints and verifies. The exit code of this rank.
int run_with_mpi(Context& ctx, const RunRequest& request, const SplitOptions& options, bool json);
#endif

}  // namespace reducelab::cli
