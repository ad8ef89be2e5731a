// Host memory the host watches while a copy into it runs, instead of blocking in the driver: the
// latency method's value and the sustained method's batch end (docs/timing.md, "How the host
// waits"). Private to the engine (includes CLHPP).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "launch/cl.h"

namespace reducelab::detail {

class DeviceRuntime;

// Whether the device shares fine-grained buffers with the host (OpenCL 2.0 SVM): a copy into
// one may be watched by the host while it runs. An OpenCL 1.x device has no such query.
bool has_fine_grained_buffers(const cl::Device& device);

// Whether a device watches copies into fine-grained shared memory: a CPU device that has it.
bool watches_shared_memory(DeviceRuntime& runtime);

// Spins until `word` is no longer zero (yielding the core between looks when `yield`, on a CPU
// device whose workers share the cores), for up to 2 ms; then blocks on the queue, so that a
// long kernel burns no core. Throws when the word never came.
void watch_arrival(const std::atomic_ref<std::uint64_t>& word, cl::CommandQueue& queue, bool yield);

// Fine-grained shared virtual memory of the runtime's context, freed once the queue drains.
class SharedMemory {
  public:
    SharedMemory() = default;
    ~SharedMemory();
    SharedMemory(const SharedMemory&) = delete;
    SharedMemory& operator=(const SharedMemory&) = delete;

    // Throws Error(OutOfResources) when the device gives none.
    void allocate(DeviceRuntime& runtime, std::size_t bytes);
    std::byte* bytes() const { return bytes_; }

  private:
    DeviceRuntime* runtime_ = nullptr;
    std::byte* bytes_ = nullptr;
};

}  // namespace reducelab::detail
