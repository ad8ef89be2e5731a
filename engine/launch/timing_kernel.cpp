// The kernel method: profiling events, first kernel start to last kernel end of one call (a host
// finish adds its partials read and host fold); every timed call keeps its stages.
#include <memory>

#include "launch/launch_core.h"
#include "launch/timing_method.h"

namespace reducelab::detail {
namespace {

class KernelTiming final : public PassTiming {
  public:
    std::size_t allocate(LaunchCore&) override { return 0; }

    double run_once(LaunchCore& core, bool timed) override {
        core.flush_cache();
        const KernelEvents events = core.profiled_call();
        core.settle(core.runtime().queue());
        return core.device_ms(events, timed);
    }

    bool profiles_timed_calls() const override { return true; }
};

}  // namespace

std::unique_ptr<PassTiming> make_kernel_timing() {
    return std::make_unique<KernelTiming>();
}

}  // namespace reducelab::detail
