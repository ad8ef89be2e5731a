// The one launch path: a kernel checked against the device, built (or taken from the device's
// program cache), planned, bound to uploaded inputs, launched with profiling events and timed by
// the median of its repeats. Engine::run, run_trace, run_custom_kernel and measure_ceiling all
// launch through it. Private to the engine (includes CLHPP).
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "launch/runtime.h"
#include "reducelab/accumulator.h"
#include "reducelab/build_options.h"
#include "reducelab/catalog.h"
#include "reducelab/launch_plan.h"
#include "reducelab/run_types.h"
#include "reducelab/statistics.h"

namespace reducelab::detail {

// Refuses, with Error(Unsupported), float64 elements or a float64 accumulator on a device
// without cl_khr_fp64.
void check_fp64(const DeviceInfo& device, ElementType type, const AccumulatorSpec& acc);

// A catalog variant's kernel specialised for a problem, or an edited copy of its file.
struct KernelBuild {
    const Variant* variant = nullptr;
    KernelKnobs knobs;
    std::string extra_options;  // after the variant's own (the tuned variant's -D knobs)
    std::string source;         // empty: the variant's catalog file
    // An edited file's name: a kernel missing from it is the author's error (InvalidArgument).
    std::string edited_file;
};

// The input arrays on the device; `second` is `first` when the operation reads one input.
struct DeviceInputs {
    cl::Buffer first;
    cl::Buffer second;
};

// Uploads `inputs` with blocking writes (the host arrays may go once this returns).
DeviceInputs upload_inputs(DeviceRuntime& runtime, const Inputs& inputs);

class PreparedKernel {
  public:
    // A kernel of its own (the finish kernel, the bandwidth probe): `source` built with `options`.
    PreparedKernel(DeviceRuntime& runtime, const std::string& source, const std::string& options,
                   const std::string& kernel_name);
    // A variant's kernel: checks fp64 support, builds with build_options(knobs), the variant's
    // options, `extra_options` and, for a variant built per local size, -DWGS for the local size
    // `geometry` asks for (planned first, so that a bad one is an InvalidArgument and not a
    // build failure).
    PreparedKernel(DeviceRuntime& runtime, const KernelBuild& build, const RunRequest& geometry,
                   std::uint64_t n);

    DeviceRuntime& runtime() const { return runtime_; }
    const std::string& options() const { return options_; }
    cl::Kernel& kernel() { return kernel_; }
    // The largest local size this build runs on the device (kernel_work_group_limit:
    // CL_KERNEL_WORK_GROUP_SIZE, or the register-derived limit where NVIDIA under-reports it).
    std::size_t work_group_limit() const { return work_group_limit_; }

    // Plans the launch of a variant's kernel over n elements at most `limit` work-items per
    // group, and checks that its local memory and `scratch_per_item` bytes per work-item fit the
    // device (Error(OutOfResources)).
    LaunchPlan plan(const RunRequest& geometry, std::uint64_t n, std::size_t limit,
                    std::size_t scratch_per_item) const;

    // Sets the arguments every variant kernel starts with: (in, in2, n, out, local scratch); a
    // one-launch (last-group) kernel takes in2 only for dot (common.cl says why).
    void bind(const DeviceInputs& inputs, std::uint64_t n, const cl::Buffer& out,
              std::size_t scratch_bytes);
    // Points the kernel's out argument at `out` (a sustained call's slot, the arrival buffer).
    void set_output(const cl::Buffer& out);
    // A one-launch kernel's work buffer: its partials (or exact digits), then the ticket.
    void set_group_work(const cl::Buffer& work);
    // Enqueues one launch on the profiling queue; its profiling event times it.
    cl::Event launch(std::size_t global_size, std::size_t local_size);
    // Enqueues one launch on `queue` without asking for an event (the wall-clock methods).
    void launch_untimed(cl::CommandQueue& queue, std::size_t global_size, std::size_t local_size);

  private:
    DeviceRuntime& runtime_;
    const Variant* variant_ = nullptr;
    bool second_input_ = true;  // the kernel takes in2 (bind)
    std::string options_;
    cl::Kernel kernel_;
    std::size_t work_group_limit_ = 0;
};

// Timed repeats: the total of each, and which one is the median.
struct Repeats {
    std::vector<double> totals_ms;
    std::size_t median = 0;
    double median_ms() const { return totals_ms.empty() ? 0.0 : totals_ms[median]; }
};

// Runs `once(timed)` warmup + repeat times; keeps the milliseconds the timed ones return.
// Error(Cancelled, "the <what> was cancelled") when `stop` is requested before a repeat.
template <typename Once>
Repeats time_repeats(int warmup, int repeat, std::stop_token stop, std::string_view what,
                     Once&& once) {
    Repeats repeats;
    for (int r = 0; r < warmup + repeat; ++r) {
        if (stop.stop_requested())
            throw Error(ErrorKind::Cancelled, "the " + std::string(what) + " was cancelled");
        const bool timed = r >= warmup;
        const double ms = once(timed);
        if (timed) repeats.totals_ms.push_back(ms);
    }
    repeats.median = median_index(repeats.totals_ms);
    return repeats;
}

}  // namespace reducelab::detail
