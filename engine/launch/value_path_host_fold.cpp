// A host finish's way back: the partials read (blocking, whatever the call) and folded on the
// host, with the core's stages of the read and the fold on the profiling queue.
#include <memory>

#include "launch/launch_core.h"
#include "launch/value_path.h"

namespace reducelab::detail {
namespace {

class HostFoldPath final : public ValuePath {
  public:
    void bring_back(LaunchCore& core, cl::CommandQueue& queue, const cl::Buffer&) override {
        core.fold_on_host(queue);
    }

    // The fold needs the partials: a host finish waits even in a queued call.
    void queue_back(LaunchCore& core, cl::CommandQueue& queue, const cl::Buffer&) override {
        core.fold_on_host(queue);
    }

    void settle(LaunchCore&, cl::CommandQueue& queue, const void*) override { queue.finish(); }
};

}  // namespace

std::unique_ptr<ValuePath> make_host_fold_path() {
    return std::make_unique<HostFoldPath>();
}

}  // namespace reducelab::detail
