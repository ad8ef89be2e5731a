// The launch core of a reduction pass: its kernels and buffers, one reduction enqueued, the way
// its value comes back (value_path.h), and the result it reports. The timing methods
// (timing_method.h) time calls through it; none of them launches or reads on its own. Private to
// the engine.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "launch/pass_request.h"
#include "launch/prepared_kernel.h"
#include "reducelab/engine.h"

namespace reducelab::detail {

using KernelEvents = std::vector<std::pair<std::string, cl::Event>>;
struct PassOutput;
class ValuePath;

class LaunchCore {
  public:
    LaunchCore(DeviceRuntime& runtime, const RunRequest& request, const Variant& variant,
               std::uint64_t n, int load_part);
    ~LaunchCore();
    LaunchCore(const LaunchCore&) = delete;
    LaunchCore& operator=(const LaunchCore&) = delete;

    // Builds the kernels and plans the launch.
    void prepare();
    // The device buffers: partials, a one-launch kernel's group work, finish passes, the mapped
    // path's final buffer. A timing method may then replace the final buffer or add its own.
    void allocate_device(const DeviceInputs& inputs);
    // The host side, after the timing method's buffers: the cold flush buffer, the host vectors
    // and the pinned memory the value is read into (at least `pinned_bytes`).
    void allocate_host(std::size_t pinned_bytes);

    // Enqueues one reduction: its kernels profiled into `events` on the profiling queue, or
    // without events on the plain queue when null; the value goes to `slot` when given. Returns
    // the buffer that holds the value (no way back enqueued).
    const cl::Buffer& enqueue_reduction(KernelEvents* events, const cl::Buffer* slot = nullptr);
    // The value's way back by the pass's ValuePath (value_path.h): waited for, or only enqueued
    // (a queued call).
    void bring_value_back(cl::CommandQueue& queue, const cl::Buffer& final_buffer);
    void queue_value_back(cl::CommandQueue& queue, const cl::Buffer& final_buffer);
    // Whether that way is a read of the final buffer (neither mapped nor a host fold).
    bool reads_final_buffer() const;
    // A host finish's way back: reads the partials (blocking) and folds them into the value;
    // with stages (read event and fold) only on the profiling queue.
    void fold_on_host(cl::CommandQueue& queue);
    // One profiled call with its value in final_value() on return: the kernel method's call and
    // the one whose stages a wall-clock run reports.
    KernelEvents profiled_call();
    // Waits for the queue and takes the value from where it landed: the mapping on the mapped
    // path, else (but for a host finish) `landed`, where the last read put it (null: pinned).
    void settle(cl::CommandQueue& queue, const void* landed = nullptr);
    // Cold runs: evicts the input a previous run left in the cache.
    void flush_cache();
    // The device time of one call's kernels (+ a host finish); keeps its stages when `timed`.
    double device_ms(const KernelEvents& kernel_events, bool timed);
    // The median span of the kernels by events over a few profiled calls, microseconds.
    double median_kernel_span_us();
    // One profiled call after wall-clock repeats, for the run's stages; keeps the timed value.
    void record_profiled_stages();
    // Points the main kernel's output back at the partials (after writing into slots).
    void restore_main_output();
    // Replaces the buffer that holds the final value (see single_final_buffer).
    void replace_final_buffer(cl::Buffer buffer);

    void keep_results(PassOutput& out);
    // `stage_set`: which call's stages the result reports (of those device_ms kept).
    RunResult result(const Repeats& repeats, std::size_t stage_set) const;

    DeviceRuntime& runtime() { return runtime_; }
    const RunRequest& request() const { return request_; }
    std::size_t acc_bytes() const { return acc_.device_bytes; }
    // Whether one buffer ends with the value alone (a kernel's last pass, or one partial).
    bool single_final_buffer() const;
    bool has_finish_passes() const { return !plan_.finish_groups.empty(); }
    std::size_t stage_sets() const { return stage_sets_.size(); }
    std::vector<std::byte>& final_value() { return final_value_; }
    void* pinned_value() const { return pinned_value_; }
    // When the current call's first kernel was enqueued.
    std::chrono::steady_clock::time_point launch_time() const { return launch_time_; }

  private:
    const cl::Buffer& run_finish_passes(cl::CommandQueue& queue, KernelEvents* events,
                                        const cl::Buffer* slot);
    LaunchConfig launched() const;
    std::uint64_t bytes_moved(std::uint64_t input_bytes) const;

    DeviceRuntime& runtime_;
    const RunRequest& request_;
    const Variant& variant_;
    AccumulatorSpec acc_;
    std::uint64_t n_;
    KernelKnobs knobs_;
    TunedLaunch tuned_;
    bool last_group_;
    std::optional<PreparedKernel> main_;
    std::optional<PreparedKernel> finish_;
    LaunchPlan plan_;
    std::size_t partial_count_ = 0;
    cl::Buffer partials_, group_work_;  // group_work_: a one-launch kernel's partials and ticket
    std::vector<cl::Buffer> pass_buffers_;
    std::vector<std::byte> identity_, host_partials_, final_value_;
    std::vector<std::vector<StageTime>> stage_sets_;  // of the calls device_ms kept
    std::vector<StageTime> host_stages_;              // of the last profiled call (host finish)
    double host_ms_ = 0.0;
    std::unique_ptr<ValuePath> value_path_;
    bool mapped_path_ = false;
    // The read path's destination: pinned host memory (a CL_MEM_ALLOC_HOST_PTR buffer mapped
    // once, never touched by a kernel), into which a read is a plain DMA (docs/timing.md).
    cl::Buffer pinned_buffer_;
    void* pinned_value_ = nullptr;
    std::chrono::steady_clock::time_point launch_time_;
    cl::Buffer flush_buffer_;  // cold runs: written between timed runs
    std::size_t flush_bytes_ = 0;
};

}  // namespace reducelab::detail
