// The latency method: one call from enqueue to its value in host memory, host wall time, on the
// plain queue (no events). The value comes back in one copy with an arrival word behind it,
// which the host watches rather than block in the driver (docs/timing.md, "How the host waits").
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "launch/launch_core.h"
#include "launch/runtime.h"
#include "launch/timing_method.h"
#include "launch/watched_memory.h"
#include "reducelab/error.h"

namespace reducelab::detail {
namespace {

class LatencyTiming final : public PassTiming {
  public:
    std::size_t allocate(LaunchCore& core) override;
    double run_once(LaunchCore& core, bool timed) override;

  private:
    void wait_for_value(LaunchCore& core, const cl::Buffer& final_buffer);

    // Of the arrival word in the final buffer, which ends with a word that is never zero on the
    // device; 0: none (a host finish, the mapped path, or no single final buffer), where the
    // core's value path brings the value back.
    std::size_t arrival_offset_ = 0;
    // A CPU device reads into fine-grained shared memory, which it may watch while the copy runs.
    SharedMemory shared_;
    // The kernels' span by events, microseconds (< 0 until measured; 0 where no read is held).
    double kernel_span_us_ = -1.0;
    std::vector<std::byte> seen_value_;  // the value as it arrived, when watched
};

std::size_t LatencyTiming::allocate(LaunchCore& core) {
    if (!core.reads_final_buffer() || !core.single_final_buffer()) return 0;
    arrival_offset_ = (core.acc_bytes() + 7) / 8 * 8;
    std::vector<std::byte> contents(arrival_offset_ + 8, std::byte{0xff});
    DeviceRuntime& runtime = core.runtime();
    cl::Buffer final_buffer(runtime.context(), CL_MEM_READ_WRITE, contents.size());
    runtime.queue().enqueueWriteBuffer(final_buffer, CL_TRUE, 0, contents.size(), contents.data());
    core.replace_final_buffer(final_buffer);
    if (watches_shared_memory(runtime)) shared_.allocate(runtime, contents.size());
    return contents.size();
}

double LatencyTiming::run_once(LaunchCore& core, bool) {
    using Clock = std::chrono::steady_clock;
    // A GPU holds its read back until the kernels' span has passed (wait_for_value).
    if (kernel_span_us_ < 0.0)
        kernel_span_us_ = core.runtime().info().is_gpu() && arrival_offset_ != 0
                              ? core.median_kernel_span_us()
                              : 0.0;
    core.flush_cache();
    cl::CommandQueue& queue = core.runtime().plain_queue();
    const auto t0 = Clock::now();
    const cl::Buffer& final_buffer = core.enqueue_reduction(nullptr);
    if (arrival_offset_ != 0)
        wait_for_value(core, final_buffer);
    else
        core.bring_value_back(queue, final_buffer);
    const auto t1 = Clock::now();
    // A watched read has landed in the memory it watched by now, any other in the pinned memory.
    core.settle(queue, seen_value_.empty() ? nullptr : shared_.bytes());
    if (!seen_value_.empty() && seen_value_ != core.final_value())
        throw Error(ErrorKind::OpenCL,
                    "the value read while the copy ran differs from the "
                    "one in memory after it ended (a torn copy)");
    seen_value_.clear();
    return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

void LatencyTiming::wait_for_value(LaunchCore& core, const cl::Buffer& final_buffer) {
    cl::CommandQueue& queue = core.runtime().plain_queue();
    const std::size_t acc_bytes = core.acc_bytes();
    std::vector<std::byte>& value = core.final_value();
    // One copy brings the value and the arrival word behind it into memory where the host set
    // the word to zero, and the host watches for the word (yielding its core on a CPU device,
    // whose workers share the cores). The copy is under 32 bytes in one cache line, which a DMA
    // writes at once; run_once checks the value seen against the one there after the queue
    // drains, so a torn copy cannot pass. Without shared memory a CPU device blocks at once.
    auto* bytes = shared_.bytes() ? shared_.bytes() : static_cast<std::byte*>(core.pinned_value());
    std::atomic_ref arrival(*reinterpret_cast<std::uint64_t*>(bytes + arrival_offset_));
    arrival.store(0, std::memory_order_release);
    // The kernel goes to the device before the read's enqueue.
    queue.flush();
    const bool on_gpu = core.runtime().info().is_gpu();
    // On a GPU a read enqueued while its kernel runs brings the value later than one enqueued
    // just after it ended, so the host holds the read back until the kernels' span has passed
    // since the launch, for spans up to 100 us. Not on a CPU device, whose workers need the cores.
    constexpr double kLongestHeldSpanUs = 100.0;
    if (on_gpu && kernel_span_us_ > 0.0 && kernel_span_us_ <= kLongestHeldSpanUs) {
        const auto ended =
            core.launch_time() +
            std::chrono::nanoseconds(static_cast<std::int64_t>(kernel_span_us_ * 1e3));
        while (std::chrono::steady_clock::now() < ended) continue;
    }
    const bool watch = on_gpu || shared_.bytes();
    queue.enqueueReadBuffer(final_buffer, watch ? CL_FALSE : CL_TRUE, 0, arrival_offset_ + 8,
                            bytes);
    if (watch) queue.flush();
    watch_arrival(arrival, queue, !on_gpu);
    std::memcpy(value.data(), bytes, acc_bytes);
    seen_value_ = value;
}

}  // namespace

std::unique_ptr<PassTiming> make_latency_timing() {
    return std::make_unique<LatencyTiming>();
}

}  // namespace reducelab::detail
