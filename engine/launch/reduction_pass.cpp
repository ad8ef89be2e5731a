// One device reduction of a run: checks, tuned settings, kernels, buffers, timed repeats.
#include "launch/reduction_pass.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <thread>

#include "launch/host_finish.h"
#include "launch/pass_request.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"

namespace reducelab::detail {
namespace {

// Whether the device shares fine-grained buffers with the host (OpenCL 2.0 SVM): a copy into
// one may be watched by the host while it runs. An OpenCL 1.x device has no such query.
bool has_fine_grained_buffers(const cl::Device& device) {
    cl_device_svm_capabilities caps = 0;
    if (clGetDeviceInfo(device(), CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, nullptr) !=
        CL_SUCCESS)
        return false;
    return (caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
}

// Spins until `word` is no longer zero (yielding the core between looks when `yield`, on a CPU
// device whose workers share the cores), for up to 2 ms; then blocks on the queue, so that a
// long kernel burns no core. Throws when the word never came.
void watch_arrival(const std::atomic_ref<std::uint64_t>& word, cl::CommandQueue& queue,
                   bool yield) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
    while (word.load(std::memory_order_acquire) == 0 && std::chrono::steady_clock::now() < give_up)
        if (yield) std::this_thread::yield();
    if (word.load(std::memory_order_acquire) == 0) queue.finish();
    if (word.load(std::memory_order_acquire) == 0)
        throw Error(ErrorKind::OpenCL, "the value's arrival word did not come back with it");
}

using KernelEvents = std::vector<std::pair<std::string, cl::Event>>;

// The kernels, buffers and repeats of one pass.
class ReductionPass {
  public:
    ReductionPass(DeviceRuntime& runtime, const RunRequest& request, const Variant& variant,
                  std::uint64_t n, int load_part)
        : runtime_(runtime),
          request_(request),
          variant_(variant),
          acc_(accumulator_for(request.op, request.type, request.accumulator)),
          n_(n),
          knobs_{request.op, request.type, acc_, request.finish == Finish::Atomic,
                 false,      load_part},
          tuned_(resolve_tuning(variant, request, runtime.info(), n)),
          last_group_(variant.group_combine == GroupCombine::LastGroup) {}

    ~ReductionPass();
    ReductionPass(const ReductionPass&) = delete;
    ReductionPass& operator=(const ReductionPass&) = delete;

    void prepare();
    void allocate(const DeviceInputs& inputs);
    // One timed run by the request's timing method; milliseconds.
    double run_once(bool timed);
    // One profiled call after the wall-clock repeats, for the stage breakdown of the run.
    void record_stages();
    void keep_results(PassOutput& out);
    RunResult result(const Repeats& repeats) const;

  private:
    // How one call is made. A profiled call runs on the profiling queue, returns the kernels'
    // events and waits for its value; the others run on the plain queue and ask for no event, as
    // an application timing itself by the wall clock would (the sustained and latency methods).
    enum class CallMode {
        Profiled,  // events, and the value in final_value_ on return
        Waited,    // no events; the value in final_value_ on return (a latency call)
        Queued,    // no events; returns once enqueued (a sustained batch's call)
    };
    // Enqueues one reduction and the way back of its value (or, with a slot, into that slot).
    KernelEvents call(CallMode mode, const cl::Buffer* slot = nullptr);
    // The sustained method's calls, each writing its value to its own slot on the device; one
    // read of the slots after the last.
    void call_batch();
    // A CPU device's batch end: the slots and then the word behind them read into shared memory,
    // the host watching the word (see call_batch).
    void read_slots_watched(cl::CommandQueue& queue);
    // A latency call's wait for its value: on a GPU the host watches the value's arrival word
    // land in pinned memory instead of blocking in the driver.
    void wait_for_value(cl::CommandQueue& queue, const cl::Buffer& final_buffer);
    // Before the first timed call: kernel_span_us_ from profiled calls, where a GPU latency call
    // holds its read or a CPU device watches a sustained batch (0 elsewhere).
    void measure_kernel_span();
    // Latency runs: the final value's buffer ends with a word that is never zero on the device,
    // read back with the value in one copy (see wait_for_value).
    void add_arrival_word();
    // Waits for the queue; on the mapped path, copies the value out of the mapping.
    void settle(bool profiled);
    void flush_cache();
    // The device time of one call's kernels (+ a host finish); keeps its stages when timed.
    double device_ms(const KernelEvents& kernel_events, bool timed);
    const cl::Buffer& run_finish_passes(cl::CommandQueue& queue, KernelEvents* events,
                                        const cl::Buffer* slot);
    cl::CommandQueue& queue_for(bool profiled) {
        return profiled ? runtime_.queue() : runtime_.plain_queue();
    }
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
    std::vector<std::vector<StageTime>> stage_sets_;  // of the timed repeats
    std::vector<StageTime> host_stages_;              // of the last call (host finish)
    double host_ms_ = 0.0;
    cl::Buffer mapped_buffer_;  // the final value's buffer on the mapped path
    bool mapped_path_ = false;
    // The read path's destination: pinned host memory (a CL_MEM_ALLOC_HOST_PTR buffer mapped
    // once, never touched by a kernel). NVIDIA's OpenCL copies into pageable memory through a
    // staging buffer and a host synchronisation, so even a non-blocking read of 4 bytes cost
    // ~20 µs per call on the H200; into pinned memory the copy is a plain DMA.
    cl::Buffer pinned_buffer_;
    void* pinned_value_ = nullptr;
    // A CPU device's latency runs and sustained batches read into fine-grained shared virtual
    // memory instead, which the host may watch while the copy runs (see wait_for_value and
    // call_batch); null otherwise.
    void* shared_value_ = nullptr;
    std::size_t arrival_offset_ = 0;  // of the arrival word in the final buffer; 0: none
    // The kernels' span by events (median of a few profiled calls before the first timed one;
    // < 0 until measured, 0 where unused): a GPU latency call holds its read back until then
    // (see wait_for_value), and a CPU device watches only short sustained batches (call_batch).
    // launch_time_: when the current call's first kernel was enqueued.
    double kernel_span_us_ = -1.0;
    std::chrono::steady_clock::time_point launch_time_;
    std::vector<std::byte> seen_value_;  // a latency call's value as it arrived
    cl::Buffer flush_buffer_;            // cold runs: written between timed runs
    std::size_t flush_bytes_ = 0;
    // Sustained runs: one slot per call of a batch for its value (sub-buffers of one buffer, at
    // the device's base-address alignment), read back together after the last call.
    cl::Buffer slot_buffer_;
    std::vector<cl::Buffer> slots_;
    std::size_t slot_stride_ = 0;
    std::vector<std::byte> slot_values_;
    std::size_t batch_arrival_offset_ = 0;  // of the word behind the slots; 0: a blocking read
};

ReductionPass::~ReductionPass() {
    if (!pinned_value_) return;
    try {
        if (shared_value_) {
            runtime_.queue().finish();  // no copy may still be writing into it
            clSVMFree(runtime_.context()(), shared_value_);
        }
        runtime_.queue().enqueueUnmapMemObject(pinned_buffer_, pinned_value_);
        runtime_.queue().finish();
    } catch (...) {  // a failing device: the run's own error is the one to report
    }
}

void ReductionPass::prepare() {
    const DeviceInfo& device = runtime_.info();
    main_.emplace(runtime_, KernelBuild{&variant_, knobs_, tuned_.options, {}, {}},
                  tuned_.effective, n_);
    RunRequest& effective = tuned_.effective;
    const std::size_t limit = main_->work_group_limit();
    if (tuned_.local_from_tuning && effective.local_size > limit) {
        // The tuned local size does not fit this build: keep the share of work-items.
        const std::size_t fitted = floor_power_of_two(limit);
        effective.global_size = effective.global_size / effective.local_size * fitted;
        effective.local_size = fitted;
    }
    plan_ = main_->plan(effective, n_, limit, acc_.device_bytes);
    // A work-group's exact digits take up to 2^33 per element in 64-bit words.
    constexpr std::uint64_t kMaxExactPerGroup = std::uint64_t{1} << 29;
    if (variant_.correctly_rounded && ceil_div(n_, plan_.work_groups) > kMaxExactPerGroup)
        throw Error(ErrorKind::InvalidArgument, "the " + request_.variant +
                                                    " variant adds at most 2^29 elements per "
                                                    "work-group exactly; " +
                                                    std::to_string(plan_.work_groups) +
                                                    " work-groups for n = " + std::to_string(n_) +
                                                    " are too few (use more work-groups)");
    if (request_.finish != Finish::Kernel || plan_.finish_groups.empty()) return;
    KernelKnobs finish_knobs = knobs_;
    finish_knobs.finish_atomic = false;
    finish_knobs.load_part = 0;  // the finish combines partials, not elements
    finish_.emplace(runtime_, program_source("finish.cl"), build_options(finish_knobs),
                    "reduce_partials");
    if (plan_.finish_local_size > finish_->work_group_limit())
        throw Error(ErrorKind::OutOfResources, "the finish kernel allows only " +
                                                   std::to_string(finish_->work_group_limit()) +
                                                   " work-items per group on " + device.name);
}

void ReductionPass::allocate(const DeviceInputs& inputs) {
    const DeviceInfo& device = runtime_.info();
    const std::size_t acc_bytes = acc_.device_bytes;
    // A grid-stride global size far above n asks for more partials than a buffer holds
    // (checked before the host vector for them is allocated).
    if (plan_.work_groups > device.max_alloc_bytes / acc_bytes)
        throw Error(ErrorKind::OutOfResources,
                    "global size " + std::to_string(plan_.global_size) + " makes " +
                        std::to_string(plan_.work_groups) +
                        " work-groups, whose partial results need more than the largest buffer " +
                        device.name + " allows (" + format_bytes(device.max_alloc_bytes) + ")");
    auto& context = runtime_.context();
    auto& queue = runtime_.queue();
    // A CPU device with fine-grained shared memory: the host watches copies into it land
    // (latency calls and sustained batches) instead of blocking in the driver.
    const bool watch_shared = !device.is_gpu() && has_fine_grained_buffers(runtime_.device());
    partial_count_ = request_.finish == Finish::Atomic || last_group_ ? 1 : plan_.work_groups;
    partials_ = cl::Buffer(context, CL_MEM_READ_WRITE, partial_count_ * acc_bytes);
    main_->bind(inputs, n_, partials_, plan_.local_size * acc_bytes);
    if (last_group_) {
        // One launch: the work-groups' partials, then the ticket that finds the last one, in
        // one buffer (common.cl: each buffer argument costs NVIDIA's enqueue time). The
        // correctly rounded variant keeps the exact sum's digits there instead of partials.
        const std::size_t group_bytes = variant_.correctly_rounded
                                            ? kExactSumWords * sizeof(cl_long)
                                            : plan_.work_groups * acc_bytes;
        // All zero, once: defined contents (the kernel publishes partials with atomic_xchg,
        // which memory checkers such as Oclgrind count as reading the old value) and a zero
        // ticket, which the last work-group of every launch sets back to zero.
        const std::vector<std::byte> zeros(group_bytes + sizeof(cl_uint));
        group_work_ = cl::Buffer(context, CL_MEM_READ_WRITE, zeros.size());
        queue.enqueueWriteBuffer(group_work_, CL_TRUE, 0, zeros.size(), zeros.data());
        main_->set_group_work(group_work_);
    }
    for (std::size_t groups : plan_.finish_groups)
        pass_buffers_.emplace_back(context, CL_MEM_READ_WRITE, groups * acc_bytes);
    if (request_.result_path == ResultPath::Mapped && request_.finish == Finish::Kernel &&
        (!pass_buffers_.empty() || partial_count_ == 1)) {
        // The latency alternative (issue 19): the value lands in pinned host memory
        // (CL_MEM_ALLOC_HOST_PTR) and the host maps it after the queue drains instead of
        // enqueueing a read. Mapping once and keeping the mapping while kernels write the
        // buffer is undefined in OpenCL, and on the H200 it returned stale values (every run is
        // verified: the sustained and large latency runs did not match), so the buffer is
        // mapped and unmapped for each value read. Host and atomic finishes keep the read path
        // (result_path says which one ran).
        cl::Buffer& final_buffer = pass_buffers_.empty() ? partials_ : pass_buffers_.back();
        final_buffer = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, acc_bytes);
        if (pass_buffers_.empty()) main_->set_output(partials_);
        mapped_buffer_ = final_buffer;
        mapped_path_ = true;
    }
    if (request_.timing == TimingMethod::Sustained && request_.finish != Finish::Host &&
        !mapped_path_) {
        const auto align_bits = runtime_.device().getInfo<CL_DEVICE_MEM_BASE_ADDR_ALIGN>();
        slot_stride_ = std::max<std::size_t>(acc_bytes, align_bits / 8);
        const std::size_t batch = static_cast<std::size_t>(request_.batch);
        // A CPU device with shared memory watches the batch end (call_batch): an 8-byte word
        // behind the slots, which no kernel writes, so it keeps the poison below (non-zero).
        if (watch_shared) batch_arrival_offset_ = (batch * slot_stride_ + 7) / 8 * 8;
        const std::size_t slot_bytes =
            batch_arrival_offset_ ? batch_arrival_offset_ + 8 : batch * slot_stride_;
        slot_buffer_ = cl::Buffer(context, CL_MEM_READ_WRITE, slot_bytes);
        for (std::size_t k = 0; k < batch; ++k) {
            const cl_buffer_region region{k * slot_stride_, acc_bytes};
            slots_.push_back(slot_buffer_.createSubBuffer(CL_MEM_READ_WRITE,
                                                          CL_BUFFER_CREATE_TYPE_REGION, &region));
        }
        slot_values_.resize(batch * slot_stride_);
        // Poisoned, so that a slot no kernel wrote reads as a wrong value, never a stale right one.
        queue.enqueueFillBuffer(slot_buffer_, cl_uchar{0xa5}, 0, slot_bytes);
        queue.finish();
    }
    if (request_.cold) {
        const auto cache = runtime_.device().getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>();
        // Twice the L2; 64 MiB where the device reports none.
        flush_bytes_ = cache > 0 ? 2 * static_cast<std::size_t>(cache) : std::size_t{64} << 20;
        flush_buffer_ = cl::Buffer(context, CL_MEM_READ_WRITE, flush_bytes_);
    }
    identity_ = identity_bytes(request_.op, acc_);
    host_partials_.resize(request_.finish == Finish::Host ? partial_count_ * acc_bytes : 0);
    final_value_.resize(acc_bytes);
    add_arrival_word();
    const std::size_t pinned_bytes = arrival_offset_ ? arrival_offset_ + 8 : acc_bytes;
    pinned_buffer_ = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, pinned_bytes);
    pinned_value_ = queue.enqueueMapBuffer(pinned_buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                           pinned_bytes);
    std::size_t shared_bytes = batch_arrival_offset_ ? batch_arrival_offset_ + 8 : 0;
    if (arrival_offset_ && watch_shared) shared_bytes = pinned_bytes;
    if (shared_bytes) {
        shared_value_ = clSVMAlloc(context(), CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
                                   shared_bytes, 0);
        if (!shared_value_)
            throw Error(ErrorKind::OutOfResources,
                        "could not allocate " + std::to_string(shared_bytes) +
                            " bytes of shared virtual memory on " + device.name);
    }
}

void ReductionPass::add_arrival_word() {
    const std::size_t acc_bytes = acc_.device_bytes;
    const bool final_in_partials = pass_buffers_.empty() && partial_count_ == 1;
    if (request_.timing != TimingMethod::Latency || request_.finish == Finish::Host ||
        mapped_path_ || (!final_in_partials && pass_buffers_.empty()))
        return;
    arrival_offset_ = (acc_bytes + 7) / 8 * 8;
    std::vector<std::byte> contents(arrival_offset_ + 8, std::byte{0xff});
    cl::Buffer& final_buffer = final_in_partials ? partials_ : pass_buffers_.back();
    final_buffer = cl::Buffer(runtime_.context(), CL_MEM_READ_WRITE, contents.size());
    runtime_.queue().enqueueWriteBuffer(final_buffer, CL_TRUE, 0, contents.size(), contents.data());
    if (final_in_partials) main_->set_output(partials_);
}

const cl::Buffer& ReductionPass::run_finish_passes(cl::CommandQueue& queue, KernelEvents* events,
                                                   const cl::Buffer* slot) {
    const cl::Buffer* final_buffer = &partials_;
    std::uint64_t remaining = plan_.work_groups;
    const std::size_t finish_local = plan_.finish_local_size;
    for (std::size_t pass = 0; pass < plan_.finish_groups.size(); ++pass) {
        cl::Kernel& kernel = finish_->kernel();
        kernel.setArg(0, *final_buffer);
        kernel.setArg(1, static_cast<cl_ulong>(remaining));
        const bool last = pass + 1 == plan_.finish_groups.size();
        const cl::Buffer& destination = last && slot ? *slot : pass_buffers_[pass];
        kernel.setArg(2, destination);
        kernel.setArg(3, cl::Local(finish_local * acc_.device_bytes));
        const std::size_t global = plan_.finish_groups[pass] * finish_local;
        if (events)
            events->emplace_back("finish pass " + std::to_string(pass + 1),
                                 finish_->launch(global, finish_local));
        else
            finish_->launch_untimed(queue, global, finish_local);
        final_buffer = &destination;
        remaining = plan_.finish_groups[pass];
    }
    return *final_buffer;
}

KernelEvents ReductionPass::call(CallMode mode, const cl::Buffer* slot) {
    const bool profiled = mode == CallMode::Profiled;
    const bool wait = mode != CallMode::Queued;
    cl::CommandQueue& queue = queue_for(profiled);
    const std::size_t acc_bytes = acc_.device_bytes;
    KernelEvents kernel_events;
    // Without finish passes the main kernel writes the value: into the slot, when given.
    const bool main_writes_value = plan_.finish_groups.empty();
    if (slot && main_writes_value) main_->set_output(*slot);
    const cl::Buffer& destination = slot && main_writes_value ? *slot : partials_;
    if (request_.finish == Finish::Atomic && !variant_.kernel_initialises_destination)
        queue.enqueueWriteBuffer(destination, CL_FALSE, 0, acc_bytes, identity_.data());
    launch_time_ = std::chrono::steady_clock::now();
    if (profiled)
        kernel_events.emplace_back("reduce", main_->launch(plan_.global_size, plan_.local_size));
    else
        main_->launch_untimed(queue, plan_.global_size, plan_.local_size);
    const cl::Buffer& final_buffer =
        run_finish_passes(queue, profiled ? &kernel_events : nullptr, slot);
    if (slot) return kernel_events;  // call_batch reads the slots
    host_stages_.clear();
    host_ms_ = 0.0;
    if (request_.finish == Finish::Host) {
        // The fold needs the partials: a host finish always waits, whatever the mode.
        cl::Event read_event;
        queue.enqueueReadBuffer(partials_, CL_TRUE, 0, host_partials_.size(), host_partials_.data(),
                                nullptr, profiled ? &read_event : nullptr);
        const auto t0 = std::chrono::steady_clock::now();
        final_value_ = fold_partials(request_.op, acc_, host_partials_, partial_count_);
        const auto t1 = std::chrono::steady_clock::now();
        const double fold_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
        if (profiled) {
            host_stages_.push_back({"read partials", event_ms(read_event), true});
            host_stages_.push_back({"host fold", fold_ms, false});
            host_ms_ = event_ms(read_event) + fold_ms;
        }
    } else if (mapped_path_ && wait) {
        settle(profiled);
    } else if (wait && !profiled) {
        wait_for_value(queue, final_buffer);
    } else {
        queue.enqueueReadBuffer(final_buffer, wait ? CL_TRUE : CL_FALSE, 0, acc_bytes,
                                pinned_value_);
        if (wait) std::memcpy(final_value_.data(), pinned_value_, acc_bytes);
    }
    return kernel_events;
}

void ReductionPass::call_batch() {
    if (slots_.empty()) {  // the mapped path or a host finish: each call brings its value back
        for (int call_index = 0; call_index < request_.batch; ++call_index) call(CallMode::Queued);
        settle(false);
        return;
    }
    for (const cl::Buffer& slot : slots_) call(CallMode::Queued, &slot);
    cl::CommandQueue& queue = runtime_.plain_queue();
    // Only a short batch is watched: the watching host takes a core from PoCL's workers, and
    // over a batch of 2^20 float32 sums (~0.5 ms) that cost more than the blocking wait saved
    // (0.64x); from 2^16 to 2^18 watching was 1.3-1.7x faster.
    constexpr double kLongestWatchedBatchUs = 200.0;
    if (batch_arrival_offset_ && kernel_span_us_ * request_.batch <= kLongestWatchedBatchUs)
        read_slots_watched(queue);
    else
        queue.enqueueReadBuffer(slot_buffer_, CL_TRUE, 0, slot_values_.size(), slot_values_.data());
    // Every call reduced the same input: its last value is the run's (the others are equal for
    // deterministic variants; the racy ones may differ, as in any run).
    std::memcpy(final_value_.data(), slot_values_.data() + (slots_.size() - 1) * slot_stride_,
                acc_.device_bytes);
    if (plan_.finish_groups.empty()) main_->set_output(partials_);
}

void ReductionPass::read_slots_watched(cl::CommandQueue& queue) {
    // PoCL's blocking read woke the host ~55 us after a batch of 2^16 float32 sums ended, on 2
    // cores (batch 5: 17.8 us per call, batch 80: 6.5), as its blocking waits do for a latency
    // call (wait_for_value). So the slots are read into shared memory and then the word behind
    // them; the queue is in order, so the word lands after every slot has, and the host watches
    // for it.
    auto* bytes = static_cast<std::byte*>(shared_value_);
    std::atomic_ref arrival(*reinterpret_cast<std::uint64_t*>(bytes + batch_arrival_offset_));
    arrival.store(0, std::memory_order_release);
    queue.enqueueReadBuffer(slot_buffer_, CL_FALSE, 0, slot_values_.size(), bytes);
    queue.enqueueReadBuffer(slot_buffer_, CL_FALSE, batch_arrival_offset_, 8,
                            bytes + batch_arrival_offset_);
    queue.flush();
    watch_arrival(arrival, queue, true);
    std::memcpy(slot_values_.data(), bytes, slot_values_.size());
}

void ReductionPass::wait_for_value(cl::CommandQueue& queue, const cl::Buffer& final_buffer) {
    const std::size_t acc_bytes = acc_.device_bytes;
    if (arrival_offset_ == 0) {  // no single final value to watch: a blocking read
        queue.enqueueReadBuffer(final_buffer, CL_TRUE, 0, acc_bytes, pinned_value_);
        std::memcpy(final_value_.data(), pinned_value_, acc_bytes);
        return;
    }
    // NVIDIA's blocking read sleeps in the driver and wakes several microseconds after the copy
    // ends, and polling the read's event cost ~2.4 us more than watching the memory
    // (bench/probes/latency_paths.c on the H200). So one copy brings the value and the arrival
    // word behind it (never zero on the device) into pinned memory where the host set the word
    // to zero, and on a GPU the host watches for the word, as CUDA's default spin-wait does. The
    // copy is under 32 bytes in one cache line, which a DMA writes at once; settle() checks that
    // the value seen equals the one there after the queue drains, so a torn copy cannot pass.
    // After 2 ms the host blocks instead, so a long kernel burns no core.
    // A CPU device (PoCL) copies into fine-grained shared memory, which the host may read while
    // the copy runs, and the host yields its core between looks, since PoCL's workers run on
    // the same cores: on 2 cores that answered n = 2^10 in 17-19 us against 27-39 us for a
    // blocking read; a plain spin, or watching a mapped buffer, did not gain as much
    // (bench/probes/cpu_latency.c, bench/results/pocl/probes/). At 2^16-2^18 the gain was within
    // that machine's noise. Without shared memory a CPU device blocks at once.
    void* destination = shared_value_ ? shared_value_ : pinned_value_;
    auto* bytes = static_cast<std::byte*>(destination);
    std::atomic_ref arrival(*reinterpret_cast<std::uint64_t*>(bytes + arrival_offset_));
    arrival.store(0, std::memory_order_release);
    // The kernel goes to the device before the 3 us the read's enqueue takes (an A/B at 2^16
    // float32 on the H200: 20.8 -> 13.2 us).
    queue.flush();
    const bool on_gpu = runtime_.info().is_gpu();
    // On the H200 a read enqueued while its kernel still runs brings the value ~5 us later than
    // one enqueued just after the kernel ended (at 2^22: 21.2 against 15.3 us in
    // bench/probes/read_behind.c; bench/results/h200/read-behind/). So the host holds the read
    // back until the kernels' span, measured by events in this run, has passed since the launch
    // began, spinning as it would for the value anyway. Waiting for the kernel's event instead
    // was slower (the event completes late). Only for spans up to 100 us: in a full H200 run
    // with the hold at every size it gained most at 2^22 (~7 us), was level at 2^28 (spans of
    // ~245 us) and cost ~12 us at 2^30 (~945 us), for a reason not measured yet (README, "Measured
    // on an NVIDIA H200"). Not on a CPU device, whose workers need the cores.
    constexpr double kLongestHeldSpanUs = 100.0;
    if (on_gpu && kernel_span_us_ > 0.0 && kernel_span_us_ <= kLongestHeldSpanUs) {
        const auto ended = launch_time_ + std::chrono::nanoseconds(
                                              static_cast<std::int64_t>(kernel_span_us_ * 1e3));
        while (std::chrono::steady_clock::now() < ended) continue;
    }
    const bool watch = on_gpu || shared_value_;
    queue.enqueueReadBuffer(final_buffer, watch ? CL_FALSE : CL_TRUE, 0, arrival_offset_ + 8,
                            destination);
    if (watch) queue.flush();
    watch_arrival(arrival, queue, !on_gpu);
    std::memcpy(final_value_.data(), bytes, acc_bytes);
    seen_value_ = final_value_;
}

void ReductionPass::settle(bool profiled) {
    cl::CommandQueue& queue = queue_for(profiled);
    queue.finish();
    if (!mapped_path_) {
        // A non-blocking read has landed by now: a watched latency call's in the memory it
        // watched, any other in the pinned memory.
        const void* landed = shared_value_ && !seen_value_.empty() ? shared_value_ : pinned_value_;
        if (request_.finish != Finish::Host)
            std::memcpy(final_value_.data(), landed, acc_.device_bytes);
        if (!seen_value_.empty() && seen_value_ != final_value_)
            throw Error(ErrorKind::OpenCL,
                        "the value read while the copy ran differs from the "
                        "one in memory after it ended (a torn copy)");
        seen_value_.clear();
        return;
    }
    void* value =
        queue.enqueueMapBuffer(mapped_buffer_, CL_TRUE, CL_MAP_READ, 0, acc_.device_bytes);
    std::memcpy(final_value_.data(), value, acc_.device_bytes);
    queue.enqueueUnmapMemObject(mapped_buffer_, value);
    queue.finish();
}

void ReductionPass::flush_cache() {
    if (!request_.cold) return;
    // Writing a buffer twice the size of the L2 evicts the input a previous run left there.
    const cl_uint pattern = 0x5a5a5a5a;
    runtime_.queue().enqueueFillBuffer(flush_buffer_, pattern, 0, flush_bytes_);
    runtime_.queue().finish();
}

double ReductionPass::device_ms(const KernelEvents& kernel_events, bool timed) {
    // Device time: first kernel start to last kernel end (launch gaps included).
    std::vector<StageTime> stages;
    std::vector<cl::Event> events;
    for (const auto& [name, event] : kernel_events) {
        stages.push_back({name, event_ms(event), true});
        events.push_back(event);
    }
    stages.insert(stages.end(), host_stages_.begin(), host_stages_.end());
    if (timed) stage_sets_.push_back(std::move(stages));
    return span_ms(events) + host_ms_;
}

void ReductionPass::record_stages() {
    if (request_.timing == TimingMethod::Kernel) return;  // every timed run kept its stages
    // The run's value is the timed calls' (the one verified), not this call's.
    const std::vector<std::byte> timed_value = final_value_;
    const KernelEvents events = call(CallMode::Profiled);
    settle(true);
    device_ms(events, true);
    final_value_ = timed_value;
}

void ReductionPass::measure_kernel_span() {
    kernel_span_us_ = 0.0;  // unused: neither a held read nor a watched batch
    const bool held_read = runtime_.info().is_gpu() && arrival_offset_ != 0;
    if (!held_read && batch_arrival_offset_ == 0) return;
    std::vector<double> spans;
    for (int i = 0; i < 5; ++i) {
        flush_cache();  // as before a timed call: a cold run's kernels read from memory
        const KernelEvents events = call(CallMode::Profiled);
        settle(true);
        spans.push_back(device_ms(events, false) * 1e3);
    }
    std::ranges::nth_element(spans, spans.begin() + spans.size() / 2);
    kernel_span_us_ = spans[spans.size() / 2];
}

double ReductionPass::run_once(bool timed) {
    using Clock = std::chrono::steady_clock;
    if (kernel_span_us_ < 0.0) measure_kernel_span();
    flush_cache();
    switch (request_.timing) {
        case TimingMethod::Kernel: {
            const KernelEvents events = call(CallMode::Profiled);
            settle(true);
            return device_ms(events, timed);
        }
        case TimingMethod::Latency: {
            const auto t0 = Clock::now();
            call(CallMode::Waited);
            const auto t1 = Clock::now();
            settle(false);
            return std::chrono::duration<double, std::milli>(t1 - t0).count();
        }
        case TimingMethod::Sustained: {
            // Each call leaves its value in its own slot on the device, and one read brings them
            // all back after the last, as a program reducing many arrays in a row would (the
            // CUB peer does the same); the host waits once.
            const auto t0 = Clock::now();
            call_batch();
            const auto t1 = Clock::now();
            return std::chrono::duration<double, std::milli>(t1 - t0).count() / request_.batch;
        }
    }
    return 0.0;
}

void ReductionPass::keep_results(PassOutput& out) {
    // The work-groups' partials of the last run, for the staged float check.
    if (request_.finish == Finish::Host && !last_group_) {
        out.partials = host_partials_;
    } else if (request_.finish == Finish::Kernel && !last_group_ && out.wants_partials) {
        out.partials.resize(plan_.work_groups * acc_.device_bytes);
        runtime_.queue().enqueueReadBuffer(partials_, CL_TRUE, 0, out.partials.size(),
                                           out.partials.data());
    }
    out.final_bytes = final_value_;
    out.plan = plan_;
}

LaunchConfig ReductionPass::launched() const {
    const RunRequest& effective = tuned_.effective;
    LaunchConfig launched;
    launched.variant = request_.variant;
    launched.kernel = std::string(variant_.kernel);
    launched.local_size = plan_.local_size;
    launched.global_size = plan_.global_size;
    launched.work_groups = plan_.work_groups;
    launched.items_per_work_item = plan_.items_per_work_item;
    launched.vector_width = variant_.tuned ? effective.vector_width : variant_.vector_width;
    launched.unroll = variant_.tuned ? effective.unroll : 1;
    launched.layout = variant_.tuned ? effective.layout : AccessLayout::Strided;
    launched.tuning = tuned_.source;
    launched.finish = request_.finish;
    launched.finish_groups = plan_.finish_groups;
    launched.finish_local_size = plan_.finish_groups.empty() ? 0 : plan_.finish_local_size;
    launched.launches = static_cast<unsigned>(1 + plan_.finish_groups.size());
    launched.chain_length = plan_.chain_length;
    launched.build_options = main_->options();
    return launched;
}

std::uint64_t ReductionPass::bytes_moved(std::uint64_t input_bytes) const {
    const std::size_t acc_bytes = acc_.device_bytes;
    std::uint64_t moved = input_bytes + partial_count_ * acc_bytes;
    if (last_group_) moved += 2 * plan_.work_groups * acc_bytes;  // partials written, then read
    std::uint64_t remaining = plan_.work_groups;
    for (std::size_t groups : plan_.finish_groups) {
        moved += remaining * acc_bytes + groups * acc_bytes;
        remaining = groups;
    }
    if (request_.finish == Finish::Host) moved += partial_count_ * acc_bytes;
    return moved;
}

RunResult ReductionPass::result(const Repeats& repeats) const {
    RunResult result;
    result.request = request_;
    result.device = runtime_.info();
    result.n = n_;
    result.accumulator = acc_.description;
    result.repeat_ms = repeats.totals_ms;
    summarise_timing(result);
    result.timing_method = request_.timing;
    result.cold = request_.cold;
    result.result_path = mapped_path_ ? ResultPath::Mapped : ResultPath::Read;
    // Wall-clock runs keep the stages of the one profiled call after them.
    result.stages =
        request_.timing == TimingMethod::Kernel ? stage_sets_[repeats.median] : stage_sets_.back();
    for (const auto& s : result.stages)
        if (s.on_device && s.name != "read partials") result.kernel_ms += s.ms;
    result.launched = launched();
    const int input_count = needs_two_inputs(request_.op) ? 2 : 1;
    result.input_bytes = n_ * size_of(request_.type) * input_count;
    result.bytes_moved = bytes_moved(result.input_bytes);
    result.gbps = result.total_ms > 0
                      ? static_cast<double>(result.input_bytes) / (result.total_ms * 1e6)
                      : 0.0;
    return result;
}

}  // namespace

const DeviceInputs& UploadCache::upload(DeviceRuntime& runtime, const Inputs& inputs,
                                        Progress& report) {
    if (holds(inputs)) return buffers;
    report.stage("uploading the input");
    id = 0;
    references.clear();
    buffers = DeviceInputs{};  // free the previous inputs before allocating the next
    buffers = upload_inputs(runtime, inputs);
    id = inputs.id;
    return buffers;
}

RunResult run_reduction_pass(DeviceRuntime& runtime, UploadCache& uploads,
                             const RunRequest& request, const Inputs& inputs, std::stop_token stop,
                             Progress& report, int load_part, PassOutput& out) {
    const DeviceInfo& device = runtime.info();
    const Variant& variant = check_pass_request(request, inputs, device);
    const std::uint64_t n = inputs.first->size();
    ReductionPass pass(runtime, request, variant, n, load_part);
    std::lock_guard run_lock(runtime.run_mutex());
    return cl_call("running the " + request.variant + " reduction on " + device.name, [&] {
        report.stage("building the kernel");
        pass.prepare();
        pass.allocate(uploads.upload(runtime, inputs, report));
        // From here commands use the pass's host vectors asynchronously.
        const DrainQueueOnThrow drain(runtime.queue());
        const Repeats repeats =
            time_repeats(request.warmup, request.repeat, stop, "run", [&](bool timed) {
                report.stage(timed ? "timing" : "warming up");
                return pass.run_once(timed);
            });
        // After the repeats, so that nothing but the timed calls runs between two of them on
        // the plain queue (no switch of queues for the shared buffers in between).
        pass.record_stages();
        pass.keep_results(out);
        return pass.result(repeats);
    });
}

}  // namespace reducelab::detail
