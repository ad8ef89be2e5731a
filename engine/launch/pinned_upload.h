// A shard's host -> device copy from pinned host memory. The driver copies pageable memory
// through its own bounce buffers, at a fraction of the link's rate (on the H200 machine 7-9 GB/s
// against 55 GB/s pinned: bench/results/h200/probes/upload_paths.txt); so the split stages each
// shard once, when it is cut from the input, into a CL_MEM_ALLOC_HOST_PTR buffer mapped for the
// host, and the timed upload is the copy from there. Private to the engine (includes CLHPP).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "launch/cl.h"
#include "reducelab/run_types.h"

namespace reducelab::detail {

class DeviceRuntime;

class PinnedShard {
  public:
    // Stages `shard` (both inputs of a dot) in pinned memory of `runtime`'s context, copying with
    // several host threads. Where the device cannot give pinned memory of that size, the shard
    // stays where it is and uploads are from pageable memory (pinned() says which).
    PinnedShard(DeviceRuntime& runtime, const Inputs& shard);
    ~PinnedShard();
    PinnedShard(const PinnedShard&) = delete;
    PinnedShard& operator=(const PinnedShard&) = delete;

    bool pinned() const { return pinned_; }
    // Wall time of the staging copy (0 when not pinned).
    double staging_ms() const { return staging_ms_; }
    // The median of `repeats` host -> device copies of the shard into a device buffer, timed by
    // profiling events (both inputs of a dot summed).
    double upload_ms(int repeats);

  private:
    struct Staged {
        cl::Buffer host;
        void* mapped = nullptr;
        const void* source = nullptr;  // where the bytes are read from: mapped, or the shard
        std::uint64_t bytes = 0;
    };
    DeviceRuntime& runtime_;
    std::vector<Staged> staged_;
    bool pinned_ = false;
    double staging_ms_ = 0.0;
};

}  // namespace reducelab::detail
