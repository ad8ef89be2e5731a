// How a call's value comes back to the host, one class per way: read into pinned memory (the
// read path), mapped from pinned device memory the kernel wrote (the mapped path), or folded on
// the host from the partials (a host finish). The LaunchCore picks one; the timing methods call
// it through the core. Private to the engine.
#pragma once

#include <memory>

#include "launch/cl.h"

namespace reducelab::detail {

class LaunchCore;

class ValuePath {
  public:
    virtual ~ValuePath() = default;
    // A waited call: the value in the core's final_value() on return.
    virtual void bring_back(LaunchCore& core, cl::CommandQueue& queue,
                            const cl::Buffer& final_buffer) = 0;
    // A queued call (a sustained batch without slots): the way back enqueued, not waited for.
    virtual void queue_back(LaunchCore& core, cl::CommandQueue& queue,
                            const cl::Buffer& final_buffer) = 0;
    // Waits for the queue and takes the value from where it landed (`landed`: where the last
    // read put it, null for the pinned memory; a path that reads none ignores it).
    virtual void settle(LaunchCore& core, cl::CommandQueue& queue, const void* landed) = 0;
    // Whether the value comes back by a read of the final buffer (the read path), which a
    // timing method may replace by its own (slots, a watched read).
    virtual bool reads_final_buffer() const { return false; }
};

std::unique_ptr<ValuePath> make_read_path();
// `mapped`: the final buffer, in pinned memory (CL_MEM_ALLOC_HOST_PTR).
std::unique_ptr<ValuePath> make_mapped_path(cl::Buffer mapped);
std::unique_ptr<ValuePath> make_host_fold_path();

}  // namespace reducelab::detail
