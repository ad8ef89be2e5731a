// The mapped path: the last kernel writes the value into pinned device memory
// (CL_MEM_ALLOC_HOST_PTR), which the host maps once the queue drains instead of enqueueing a
// read; mapped for each value read, as a mapping kept while kernels write the buffer is
// undefined (docs/timing.md).
#include <cstring>
#include <memory>
#include <utility>

#include "launch/launch_core.h"
#include "launch/value_path.h"

namespace reducelab::detail {
namespace {

class MappedPath final : public ValuePath {
  public:
    explicit MappedPath(cl::Buffer mapped) : mapped_(std::move(mapped)) {}

    void bring_back(LaunchCore& core, cl::CommandQueue& queue, const cl::Buffer&) override {
        settle(core, queue, nullptr);
    }

    // A queued call still reads the value into the pinned memory, as each call of an
    // application would; the batch's value comes from the mapping (settle).
    void queue_back(LaunchCore& core, cl::CommandQueue& queue,
                    const cl::Buffer& final_buffer) override {
        queue.enqueueReadBuffer(final_buffer, CL_FALSE, 0, core.acc_bytes(), core.pinned_value());
    }

    void settle(LaunchCore& core, cl::CommandQueue& queue, const void*) override {
        queue.finish();
        void* value = queue.enqueueMapBuffer(mapped_, CL_TRUE, CL_MAP_READ, 0, core.acc_bytes());
        std::memcpy(core.final_value().data(), value, core.acc_bytes());
        queue.enqueueUnmapMemObject(mapped_, value);
        queue.finish();
    }

  private:
    cl::Buffer mapped_;
};

}  // namespace

std::unique_ptr<ValuePath> make_mapped_path(cl::Buffer mapped) {
    return std::make_unique<MappedPath>(std::move(mapped));
}

}  // namespace reducelab::detail
