// Staging a shard in pinned host memory and timing its upload from there.
#include "launch/pinned_upload.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "launch/runtime.h"
#include "reducelab/statistics.h"

namespace reducelab::detail {
namespace {

// One thread copies pageable memory at 6-10 GB/s on the H200 machine; chunks of this size over
// the host's cores keep the staging well below the upload it prepares.
constexpr std::uint64_t kChunkBytes = std::uint64_t{16} << 20;

void parallel_copy(std::byte* to, const std::byte* from, std::uint64_t bytes) {
    const std::uint64_t chunks = (bytes + kChunkBytes - 1) / kChunkBytes;
    tbb::parallel_for(std::uint64_t{0}, chunks, [&](std::uint64_t c) {
        const std::uint64_t begin = c * kChunkBytes;
        std::memcpy(to + begin, from + begin, std::min(kChunkBytes, bytes - begin));
    });
}

}  // namespace

PinnedShard::PinnedShard(DeviceRuntime& runtime, const Inputs& shard) : runtime_(runtime) {
    std::vector<const HostArray*> arrays{shard.first.get()};
    if (shard.second) arrays.push_back(shard.second.get());
    for (const HostArray* array : arrays)
        staged_.push_back({{}, nullptr, array->data(), array->size_bytes()});
    if (staged_.front().bytes == 0) return;
    try {
        for (Staged& s : staged_) {
            s.host =
                cl::Buffer(runtime.context(), CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, s.bytes);
            s.mapped = runtime.queue().enqueueMapBuffer(s.host, CL_TRUE, CL_MAP_WRITE, 0, s.bytes);
        }
    } catch (const cl::Error&) {
        // No pinned memory of that size: the copies stay pageable, slower but correct.
        for (Staged& s : staged_) {
            if (s.mapped) runtime.queue().enqueueUnmapMemObject(s.host, s.mapped);
            s.mapped = nullptr;
        }
        runtime.queue().finish();
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    for (Staged& s : staged_) {
        parallel_copy(static_cast<std::byte*>(s.mapped), static_cast<const std::byte*>(s.source),
                      s.bytes);
        s.source = s.mapped;
    }
    staging_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    pinned_ = true;
}

PinnedShard::~PinnedShard() {
    try {
        for (Staged& s : staged_)
            if (s.mapped) runtime_.queue().enqueueUnmapMemObject(s.host, s.mapped);
        runtime_.queue().finish();
    } catch (...) {  // a destructor does not throw; the context frees the buffers
    }
}

double PinnedShard::upload_ms(int repeats) {
    const std::uint64_t bytes = staged_.front().bytes;
    if (bytes == 0) return 0.0;
    return cl_call("uploading a shard to " + runtime_.info().name, [&] {
        cl::Buffer buffer(runtime_.context(), CL_MEM_READ_ONLY, bytes);
        std::vector<double> times;
        for (int r = 0; r < std::max(repeats, 1); ++r) {
            double ms = 0.0;
            for (const Staged& s : staged_) {
                cl::Event done;
                runtime_.queue().enqueueWriteBuffer(buffer, CL_TRUE, 0, bytes, s.source, nullptr,
                                                    &done);
                ms += event_ms(done);
            }
            times.push_back(ms);
        }
        return median(times);
    });
}

}  // namespace reducelab::detail
