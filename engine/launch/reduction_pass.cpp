// One device reduction of a run: the request checked, a launch core and the request's timing
// method, timed repeats.
#include "launch/reduction_pass.h"

#include <memory>

#include "launch/launch_core.h"
#include "launch/pass_request.h"
#include "launch/timing_method.h"

namespace reducelab::detail {

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
    LaunchCore core(runtime, request, variant, n, load_part);
    const std::unique_ptr<PassTiming> timing = make_pass_timing(request.timing);
    std::lock_guard run_lock(runtime.run_mutex());
    return cl_call("running the " + request.variant + " reduction on " + device.name, [&] {
        report.stage("building the kernel");
        core.prepare();
        core.allocate_device(uploads.upload(runtime, inputs, report));
        core.allocate_host(timing->allocate(core));
        // From here commands use the pass's host vectors asynchronously.
        const DrainQueueOnThrow drain(runtime.queue());
        const Repeats repeats =
            time_repeats(request.warmup, request.repeat, stop, "run", [&](bool timed) {
                report.stage(timed ? "timing" : "warming up");
                return timing->run_once(core, timed);
            });
        // After the repeats, so that nothing but the timed calls runs between two of them on
        // the plain queue (no switch of queues for the shared buffers in between).
        // Wall-clock runs report the stages of one profiled call after them.
        if (!timing->profiles_timed_calls()) core.record_profiled_stages();
        core.keep_results(out);
        return core.result(repeats,
                           timing->profiles_timed_calls() ? repeats.median : core.stage_sets() - 1);
    });
}

}  // namespace reducelab::detail
