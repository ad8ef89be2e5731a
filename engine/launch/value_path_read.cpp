// The read path: the value read from the final buffer into the core's pinned memory.
#include <cstring>
#include <memory>

#include "launch/launch_core.h"
#include "launch/value_path.h"

namespace reducelab::detail {
namespace {

class ReadPath final : public ValuePath {
  public:
    void bring_back(LaunchCore& core, cl::CommandQueue& queue,
                    const cl::Buffer& final_buffer) override {
        queue.enqueueReadBuffer(final_buffer, CL_TRUE, 0, core.acc_bytes(), core.pinned_value());
        std::memcpy(core.final_value().data(), core.pinned_value(), core.acc_bytes());
    }

    void queue_back(LaunchCore& core, cl::CommandQueue& queue,
                    const cl::Buffer& final_buffer) override {
        queue.enqueueReadBuffer(final_buffer, CL_FALSE, 0, core.acc_bytes(), core.pinned_value());
    }

    void settle(LaunchCore& core, cl::CommandQueue& queue, const void* landed) override {
        queue.finish();  // a non-blocking read has landed by now
        std::memcpy(core.final_value().data(), landed ? landed : core.pinned_value(),
                    core.acc_bytes());
    }

    bool reads_final_buffer() const override { return true; }
};

}  // namespace

std::unique_ptr<ValuePath> make_read_path() {
    return std::make_unique<ReadPath>();
}

}  // namespace reducelab::detail
