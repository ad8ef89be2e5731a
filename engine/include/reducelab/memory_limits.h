// Bounded memory: the caps every export and every session read checks before it allocates
// (docs/hardening-limits.md lists them), the host memory a run may still take, and the name of
// what is being allocated, for the one "out of memory while ..." message of the mains.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "reducelab/trace_types.h"

namespace reducelab {

// Local-memory cells a replay or a session holds: over every trace and traced work-group, the
// loaded state and each round. The session reader, the session writer and the HTML replay refuse
// more (Error(InvalidArgument)): all work-groups at local size 1024 with --compare fit.
inline constexpr std::uint64_t kMaxReplayCells = std::uint64_t{1} << 21;
// An animated GIF's pixels over all its frames, and one frame's: the encoder streams frame by
// frame (two frames in memory), and the file stays below about 1.5 bytes a pixel.
inline constexpr std::uint64_t kMaxGifPixels = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kMaxGifFramePixels = std::uint64_t{1} << 26;
// A session file: its bytes, checked before it is read, and its JSON values (numbers, strings,
// arrays, objects ...), counted by a pass that keeps none of them, before the document is built.
inline constexpr std::uint64_t kMaxSessionBytes = std::uint64_t{512} << 20;
inline constexpr std::uint64_t kMaxSessionJsonValues = std::uint64_t{1} << 24;
// JSON nesting deeper than any file the tool writes (sessions nest 8 levels).
inline constexpr unsigned kMaxJsonDepth = 64;

// The most barrier rounds step mode records for a work-group of `local_size` (twice a halving
// tree's, like the tracer's snapshot slots); a session holding more was not written by it.
std::size_t max_traced_rounds(std::size_t local_size);

// The cells of `traces` (see kMaxReplayCells); throws Error(InvalidArgument) above the cap,
// naming `what` ("the HTML replay"), the count, and the options that narrow it.
std::uint64_t replay_cells(std::span<const StepTrace> traces);
void check_replay_cells(std::span<const StepTrace> traces, const std::string& what);

// Host memory a new allocation may still take: the smaller of /proc/meminfo's MemAvailable and,
// under an address-space limit (RLIMIT_AS), the limit less the address space in use now.
struct HostMemory {
    std::uint64_t bytes = 0;
    std::string limited_by;  // "MemAvailable" or "RLIMIT_AS"
};
// nullopt when neither can be read (no /proc).
std::optional<HostMemory> available_host_memory();

// Keeps `bytes` of address space in reserve for the end of the process: when an allocation fails,
// the new-handler gives the reserve back and throws std::bad_alloc at once, so that what unwinds
// (nlohmann::json's destructor allocates its own stack) and the "out of memory while ..." line
// find memory instead of ending in std::terminate. Both mains call it first; once.
inline constexpr std::size_t kOutOfMemoryReserveBytes = std::size_t{16} << 20;
void keep_out_of_memory_reserve(std::size_t bytes = kOutOfMemoryReserveBytes);

// Names what the current thread is allocating while it lives ("reading the session x"), so that
// a std::bad_alloc reaching a main becomes "out of memory while <what>". Scopes nest; the
// innermost names the allocation.
class AllocationScope {
  public:
    explicit AllocationScope(std::string what);
    ~AllocationScope();
    AllocationScope(const AllocationScope&) = delete;
    AllocationScope& operator=(const AllocationScope&) = delete;

    // The innermost live scope's text on this thread, "" for none. Kept past the scope's end
    // until the next scope opens, since the handler runs after the stack unwound.
    static std::string current();

  private:
    std::string previous_;
};

}  // namespace reducelab
