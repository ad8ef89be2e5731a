// The launch core of a reduction pass (launch_core.h).
#include "launch/launch_core.h"

#include <algorithm>
#include <cstring>

#include "launch/host_finish.h"
#include "launch/reduction_pass.h"
#include "launch/value_path.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/units.h"

namespace reducelab::detail {

LaunchCore::LaunchCore(DeviceRuntime& runtime, const RunRequest& request, const Variant& variant,
                       std::uint64_t n, int load_part)
    : runtime_(runtime),
      request_(request),
      variant_(variant),
      acc_(accumulator_for(request.op, request.type, request.accumulator)),
      n_(n),
      knobs_{request.op, request.type, acc_, request.finish == Finish::Atomic, false, load_part},
      tuned_(resolve_tuning(variant, request, runtime.info(), n)),
      last_group_(variant.group_combine == GroupCombine::LastGroup) {}

LaunchCore::~LaunchCore() {
    if (!pinned_value_) return;
    try {
        runtime_.queue().enqueueUnmapMemObject(pinned_buffer_, pinned_value_);
        runtime_.queue().finish();
    } catch (...) {  // a failing device: the run's own error is the one to report
    }
}

void LaunchCore::prepare() {
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

void LaunchCore::allocate_device(const DeviceInputs& inputs) {
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
    if (request_.finish == Finish::Host) {
        value_path_ = make_host_fold_path();
    } else if (request_.result_path == ResultPath::Mapped && request_.finish == Finish::Kernel &&
               single_final_buffer()) {
        // Host and atomic finishes keep the read path (result_path says which one ran).
        cl::Buffer mapped(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, acc_bytes);
        replace_final_buffer(mapped);
        value_path_ = make_mapped_path(mapped);
        mapped_path_ = true;
    } else {
        value_path_ = make_read_path();
    }
}

void LaunchCore::allocate_host(std::size_t pinned_bytes) {
    auto& context = runtime_.context();
    const std::size_t acc_bytes = acc_.device_bytes;
    if (request_.cold) {
        const auto cache = runtime_.device().getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>();
        // Twice the L2; 64 MiB where the device reports none.
        flush_bytes_ = cache > 0 ? 2 * static_cast<std::size_t>(cache) : std::size_t{64} << 20;
        flush_buffer_ = cl::Buffer(context, CL_MEM_READ_WRITE, flush_bytes_);
    }
    identity_ = identity_bytes(request_.op, acc_);
    host_partials_.resize(request_.finish == Finish::Host ? partial_count_ * acc_bytes : 0);
    final_value_.resize(acc_bytes);
    pinned_bytes = std::max(pinned_bytes, acc_bytes);
    pinned_buffer_ = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, pinned_bytes);
    pinned_value_ = runtime_.queue().enqueueMapBuffer(pinned_buffer_, CL_TRUE,
                                                      CL_MAP_READ | CL_MAP_WRITE, 0, pinned_bytes);
}

bool LaunchCore::single_final_buffer() const {
    return !pass_buffers_.empty() || partial_count_ == 1;
}

void LaunchCore::replace_final_buffer(cl::Buffer buffer) {
    if (pass_buffers_.empty()) {
        partials_ = std::move(buffer);
        main_->set_output(partials_);
    } else {
        pass_buffers_.back() = std::move(buffer);
    }
}

const cl::Buffer& LaunchCore::run_finish_passes(cl::CommandQueue& queue, KernelEvents* events,
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

const cl::Buffer& LaunchCore::enqueue_reduction(KernelEvents* events, const cl::Buffer* slot) {
    cl::CommandQueue& queue = events ? runtime_.queue() : runtime_.plain_queue();
    // Without finish passes the main kernel writes the value: into the slot, when given.
    const bool main_writes_value = plan_.finish_groups.empty();
    if (slot && main_writes_value) main_->set_output(*slot);
    const cl::Buffer& destination = slot && main_writes_value ? *slot : partials_;
    if (request_.finish == Finish::Atomic && !variant_.kernel_initialises_destination)
        queue.enqueueWriteBuffer(destination, CL_FALSE, 0, acc_.device_bytes, identity_.data());
    launch_time_ = std::chrono::steady_clock::now();
    if (events)
        events->emplace_back("reduce", main_->launch(plan_.global_size, plan_.local_size));
    else
        main_->launch_untimed(queue, plan_.global_size, plan_.local_size);
    return run_finish_passes(queue, events, slot);
}

void LaunchCore::fold_on_host(cl::CommandQueue& queue) {
    const bool profiled = &queue == &runtime_.queue();
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
}

KernelEvents LaunchCore::profiled_call() {
    cl::CommandQueue& queue = runtime_.queue();
    KernelEvents events;
    const cl::Buffer& final_buffer = enqueue_reduction(&events);
    host_stages_.clear();
    host_ms_ = 0.0;
    value_path_->bring_back(*this, queue, final_buffer);
    return events;
}

void LaunchCore::bring_value_back(cl::CommandQueue& queue, const cl::Buffer& final_buffer) {
    value_path_->bring_back(*this, queue, final_buffer);
}

void LaunchCore::queue_value_back(cl::CommandQueue& queue, const cl::Buffer& final_buffer) {
    value_path_->queue_back(*this, queue, final_buffer);
}

void LaunchCore::settle(cl::CommandQueue& queue, const void* landed) {
    value_path_->settle(*this, queue, landed);
}

bool LaunchCore::reads_final_buffer() const {
    return value_path_->reads_final_buffer();
}

void LaunchCore::flush_cache() {
    if (!request_.cold) return;
    // Writing a buffer twice the size of the L2 evicts the input a previous run left there.
    const cl_uint pattern = 0x5a5a5a5a;
    runtime_.queue().enqueueFillBuffer(flush_buffer_, pattern, 0, flush_bytes_);
    runtime_.queue().finish();
}

double LaunchCore::device_ms(const KernelEvents& kernel_events, bool timed) {
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

double LaunchCore::median_kernel_span_us() {
    std::vector<double> spans;
    for (int i = 0; i < 5; ++i) {
        flush_cache();  // as before a timed call: a cold run's kernels read from memory
        const KernelEvents events = profiled_call();
        settle(runtime_.queue());
        spans.push_back(device_ms(events, false) * 1e3);
    }
    std::ranges::nth_element(spans, spans.begin() + spans.size() / 2);
    return spans[spans.size() / 2];
}

void LaunchCore::record_profiled_stages() {
    // The run's value is the timed calls' (the one verified), not this call's.
    const std::vector<std::byte> timed_value = final_value_;
    const KernelEvents events = profiled_call();
    settle(runtime_.queue());
    device_ms(events, true);
    final_value_ = timed_value;
}

void LaunchCore::restore_main_output() {
    if (plan_.finish_groups.empty()) main_->set_output(partials_);
}

void LaunchCore::keep_results(PassOutput& out) {
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

LaunchConfig LaunchCore::launched() const {
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

std::uint64_t LaunchCore::bytes_moved(std::uint64_t input_bytes) const {
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

RunResult LaunchCore::result(const Repeats& repeats, std::size_t stage_set) const {
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
    result.stages = stage_sets_[stage_set];
    for (const auto& s : result.stages)
        if (s.on_device && s.name != "read partials") result.kernel_ms += s.ms;
    result.launched = launched();
    const int input_count = needs_two_inputs(request_.op) ? 2 : 1;
    result.input_bytes = n_ * size_of(request_.type) * input_count;
    result.bytes_moved = bytes_moved(result.input_bytes);
    result.gbps = units::gbps_of(static_cast<double>(result.input_bytes), result.total_ms);
    return result;
}

}  // namespace reducelab::detail
