// The sustained method: a batch of calls back to back on the plain queue (no events), each
// writing its value into its own slot on the device, then one read of the slots and one wait;
// host wall time ÷ batch, as a program reducing many arrays in a row would (the CUB peer does
// the same).
#include <algorithm>
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

namespace reducelab::detail {
namespace {

class SustainedTiming final : public PassTiming {
  public:
    std::size_t allocate(LaunchCore& core) override;
    double run_once(LaunchCore& core, bool timed) override;

  private:
    void call_batch(LaunchCore& core);
    void read_slots_watched(cl::CommandQueue& queue);

    // One slot per call of a batch for its value (sub-buffers of one buffer, at the device's
    // base-address alignment); none on the mapped path or with a host finish, where each call
    // brings its value back.
    cl::Buffer slot_buffer_;
    std::vector<cl::Buffer> slots_;
    std::size_t slot_stride_ = 0;
    std::vector<std::byte> slot_values_;
    // A CPU device with shared memory watches the batch end: the slots, then an 8-byte word
    // behind them, read into shared memory. batch_arrival_offset_: of that word; 0: a blocking
    // read.
    std::size_t batch_arrival_offset_ = 0;
    SharedMemory shared_;
    // The kernels' span by events, microseconds (< 0 until measured; 0 where unwatched).
    double kernel_span_us_ = -1.0;
};

std::size_t SustainedTiming::allocate(LaunchCore& core) {
    if (!core.reads_final_buffer()) return 0;
    DeviceRuntime& runtime = core.runtime();
    const std::size_t acc_bytes = core.acc_bytes();
    const auto align_bits = runtime.device().getInfo<CL_DEVICE_MEM_BASE_ADDR_ALIGN>();
    slot_stride_ = std::max<std::size_t>(acc_bytes, align_bits / 8);
    const std::size_t batch = static_cast<std::size_t>(core.request().batch);
    // The word behind the slots is written by no kernel, so it keeps the poison below (non-zero).
    const bool watch_shared = watches_shared_memory(runtime);
    if (watch_shared) batch_arrival_offset_ = (batch * slot_stride_ + 7) / 8 * 8;
    const std::size_t slot_bytes =
        batch_arrival_offset_ ? batch_arrival_offset_ + 8 : batch * slot_stride_;
    slot_buffer_ = cl::Buffer(runtime.context(), CL_MEM_READ_WRITE, slot_bytes);
    for (std::size_t k = 0; k < batch; ++k) {
        const cl_buffer_region region{k * slot_stride_, acc_bytes};
        slots_.push_back(
            slot_buffer_.createSubBuffer(CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region));
    }
    slot_values_.resize(batch * slot_stride_);
    // Poisoned, so that a slot no kernel wrote reads as a wrong value, never a stale right one.
    runtime.queue().enqueueFillBuffer(slot_buffer_, cl_uchar{0xa5}, 0, slot_bytes);
    runtime.queue().finish();
    if (watch_shared) shared_.allocate(runtime, batch_arrival_offset_ + 8);
    return 0;
}

double SustainedTiming::run_once(LaunchCore& core, bool) {
    using Clock = std::chrono::steady_clock;
    // Only a short batch is watched (call_batch), which the kernels' span says.
    if (kernel_span_us_ < 0.0)
        kernel_span_us_ = batch_arrival_offset_ != 0 ? core.median_kernel_span_us() : 0.0;
    core.flush_cache();
    const auto t0 = Clock::now();
    call_batch(core);
    const auto t1 = Clock::now();
    return std::chrono::duration<double, std::milli>(t1 - t0).count() / core.request().batch;
}

void SustainedTiming::call_batch(LaunchCore& core) {
    cl::CommandQueue& queue = core.runtime().plain_queue();
    if (slots_.empty()) {  // the mapped path or a host finish: each call brings its value back
        for (int call_index = 0; call_index < core.request().batch; ++call_index) {
            const cl::Buffer& final_buffer = core.enqueue_reduction(nullptr);
            core.queue_value_back(queue, final_buffer);
        }
        core.settle(queue);
        return;
    }
    for (const cl::Buffer& slot : slots_) core.enqueue_reduction(nullptr, &slot);
    // Only a short batch is watched: the watching host takes a core from a CPU device's workers,
    // which costs more than the blocking wait saves over a long batch.
    constexpr double kLongestWatchedBatchUs = 200.0;
    if (batch_arrival_offset_ && kernel_span_us_ * core.request().batch <= kLongestWatchedBatchUs)
        read_slots_watched(queue);
    else
        queue.enqueueReadBuffer(slot_buffer_, CL_TRUE, 0, slot_values_.size(), slot_values_.data());
    // Every call reduced the same input: its last value is the run's (the others are equal for
    // deterministic variants; the racy ones may differ, as in any run).
    std::memcpy(core.final_value().data(), slot_values_.data() + (slots_.size() - 1) * slot_stride_,
                core.acc_bytes());
    core.restore_main_output();
}

void SustainedTiming::read_slots_watched(cl::CommandQueue& queue) {
    // The slots are read into shared memory and then the word behind them; the queue is in
    // order, so the word lands after every slot has, and the host watches for it.
    std::byte* bytes = shared_.bytes();
    std::atomic_ref arrival(*reinterpret_cast<std::uint64_t*>(bytes + batch_arrival_offset_));
    arrival.store(0, std::memory_order_release);
    queue.enqueueReadBuffer(slot_buffer_, CL_FALSE, 0, slot_values_.size(), bytes);
    queue.enqueueReadBuffer(slot_buffer_, CL_FALSE, batch_arrival_offset_, 8,
                            bytes + batch_arrival_offset_);
    queue.flush();
    watch_arrival(arrival, queue, true);
    std::memcpy(slot_values_.data(), bytes, slot_values_.size());
}

}  // namespace

std::unique_ptr<PassTiming> make_sustained_timing() {
    return std::make_unique<SustainedTiming>();
}

}  // namespace reducelab::detail
