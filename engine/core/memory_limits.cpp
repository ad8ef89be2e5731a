// The memory caps' checks, the host memory left, and the allocation scopes.
#include "reducelab/memory_limits.h"

#include <sys/resource.h>

#include <cstdlib>
#include <exception>
#include <fstream>
#include <new>
#include <string>

#include "reducelab/error.h"

namespace reducelab {

std::size_t max_traced_rounds(std::size_t local_size) {
    std::size_t log2 = 0;
    while ((std::size_t{1} << log2) < local_size) ++log2;
    return 2 * log2 + 1;
}

std::uint64_t replay_cells(std::span<const StepTrace> traces) {
    std::uint64_t cells = 0;
    for (const StepTrace& trace : traces)
        for (const GroupTrace& group : trace.groups)
            cells += (group.rounds.size() + 1) * std::uint64_t{trace.local_size};
    return cells;
}

void check_replay_cells(std::span<const StepTrace> traces, const std::string& what) {
    const std::uint64_t cells = replay_cells(traces);
    if (cells > kMaxReplayCells)
        throw Error(ErrorKind::InvalidArgument,
                    what + " would hold " + std::to_string(cells) +
                        " local-memory cells (work-groups x rounds x local size), above the cap "
                        "of " +
                        std::to_string(kMaxReplayCells) +
                        ": trace fewer work-groups (--group instead of --all-groups), a smaller "
                        "--local-size, or no --compare");
}

namespace {

// A "Key:   123 kB" line of a /proc file, in bytes.
std::optional<std::uint64_t> proc_kib_field(const char* file, const std::string& key) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(key)) {
            try {
                return std::stoull(line.substr(key.size())) * 1024;
            } catch (const std::exception&) {
                return std::nullopt;
            }
        }
    return std::nullopt;
}

}  // namespace

std::optional<HostMemory> available_host_memory() {
    std::optional<HostMemory> best;
    if (const auto available = proc_kib_field("/proc/meminfo", "MemAvailable:"))
        best = HostMemory{*available, "MemAvailable"};
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        const std::uint64_t in_use = proc_kib_field("/proc/self/status", "VmSize:").value_or(0);
        const std::uint64_t cap = limit.rlim_cur;
        const std::uint64_t left = cap > in_use ? cap - in_use : 0;
        if (!best || left < best->bytes) best = HostMemory{left, "RLIMIT_AS"};
    }
    return best;
}

namespace {

void* out_of_memory_reserve = nullptr;

// operator new calls this when malloc fails: free the reserve for the unwinding and the report,
// and fail this allocation rather than retrying it (which would spend the reserve).
void give_back_reserve_and_fail() {
    std::free(out_of_memory_reserve);
    out_of_memory_reserve = nullptr;
    throw std::bad_alloc();
}

}  // namespace

void keep_out_of_memory_reserve(std::size_t bytes) {
    if (out_of_memory_reserve) return;
    // Under a tight limit take what there is, down to 1 MiB.
    for (; !out_of_memory_reserve && bytes >= (std::size_t{1} << 20); bytes /= 2)
        out_of_memory_reserve = std::malloc(bytes);
    std::set_new_handler(give_back_reserve_and_fail);
}

namespace {

thread_local std::string allocation_what;

}  // namespace

AllocationScope::AllocationScope(std::string what) : previous_(std::move(allocation_what)) {
    allocation_what = std::move(what);
}

AllocationScope::~AllocationScope() {
    // Unwinding for an exception: keep the innermost text for the handler that catches it.
    if (std::uncaught_exceptions() == 0) allocation_what = std::move(previous_);
}

std::string AllocationScope::current() {
    return allocation_what;
}

}  // namespace reducelab
