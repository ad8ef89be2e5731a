// Sweeps over many requests, and the bandwidth ceiling of a device.
#include "reducelab/sweep.h"

#include <algorithm>
#include <tuple>

#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "launch/runtime.h"
#include "reducelab/statistics.h"

namespace reducelab {

using detail::event_ms;
namespace {

// Requests that read the same data can share one Inputs (and so one upload).
auto input_key(const RunRequest& r) {
    return std::make_tuple(r.type, r.n, r.fill, r.seed, r.input_path, r.second_input_path,
                           needs_two_inputs(r.op));
}


}  // namespace

ResultsFile run_sweep(Engine& engine, const std::vector<RunRequest>& requests, std::stop_token stop,
                      SweepObserver* observer) {
    ResultsFile file;
    file.device = engine.device();
    file.created_utc = utc_now_iso8601();
    Inputs inputs;
    bool have_inputs = false;
    RunRequest inputs_for;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        if (stop.stop_requested()) throw Error(ErrorKind::Cancelled, "the sweep was cancelled");
        const RunRequest& request = requests[i];
        try {
            if (!have_inputs || input_key(request) != input_key(inputs_for)) {
                inputs = Inputs{};  // free the previous arrays before making the next
                have_inputs = false;
                if (request.input_path.empty())
                    check_input_fits(engine.device(), request, request.n);
                inputs = make_inputs(request);
                inputs_for = request;
                have_inputs = true;
            }
            RunResult result = engine.run(request, inputs, stop);
            if (observer) observer->point_done(result, i, requests.size());
            file.points.push_back(std::move(result));
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::Cancelled) throw;
            if (observer) observer->point_error(request, e, i, requests.size());
        }
    }
    return file;
}

BandwidthCeiling measure_ceiling(Engine& engine, std::uint64_t bytes, int repeat) {
    auto& runtime = engine.runtime();
    const DeviceInfo& device = runtime.info();
    if (repeat < 1) throw Error(ErrorKind::InvalidArgument, "repeat must be at least 1");
    bytes = std::min<std::uint64_t>(bytes, device.max_alloc_bytes);
    bytes = std::min<std::uint64_t>(bytes, device.global_mem_bytes / 3);
    bytes -= bytes % 16;
    if (bytes < 16) throw Error(ErrorKind::InvalidArgument, "too few bytes to measure a ceiling");
    BandwidthCeiling ceiling;
    ceiling.bytes = bytes;
    ceiling.repeat = repeat;
    std::lock_guard lock(runtime.run_mutex());
    return detail::cl_call("measuring the bandwidth ceiling of " + device.name, [&] {
        auto& queue = runtime.queue();
        cl::Buffer source(runtime.context(), CL_MEM_READ_WRITE, bytes);
        cl::Buffer target(runtime.context(), CL_MEM_READ_WRITE, bytes);
        cl::Buffer sink(runtime.context(), CL_MEM_WRITE_ONLY, sizeof(cl_uint));
        const cl_uint pattern = 0x01020304u;
        queue.enqueueFillBuffer(source, pattern, 0, bytes);
        queue.finish();

        std::vector<double> copy_ms;
        for (int r = 0; r < repeat + 2; ++r) {  // two warm-up copies
            cl::Event event;
            queue.enqueueCopyBuffer(source, target, 0, 0, bytes, nullptr, &event);
            event.wait();
            if (r >= 2) copy_ms.push_back(event_ms(event));
        }
        ceiling.copy_gbps = 2.0 * static_cast<double>(bytes) / (median(copy_ms) * 1e6);

        cl::Program program = runtime.program(kernel_text("bandwidth.cl"), "");
        // GPUs read interleaved (coalesced) vectors; CPUs a contiguous chunk per work-item.
        cl::Kernel kernel(program, device.is_gpu() ? "read_stream" : "read_blocked");
        const std::size_t local = std::min<std::size_t>(
            256, kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(runtime.device()));
        const std::size_t global =
            std::max<std::size_t>(1, device.compute_units) * 2048 / local * local;
        kernel.setArg(0, source);
        kernel.setArg(1, static_cast<cl_ulong>(bytes / 16));
        kernel.setArg(2, sink);
        kernel.setArg(3, static_cast<cl_uint>(0xdeadbeefu));
        std::vector<double> read_ms;
        for (int r = 0; r < repeat + 2; ++r) {
            cl::Event event;
            queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global),
                                       cl::NDRange(local), nullptr, &event);
            event.wait();
            if (r >= 2) read_ms.push_back(event_ms(event));
        }
        ceiling.read_gbps = static_cast<double>(bytes) / (median(read_ms) * 1e6);
        return ceiling;
    });
}

}  // namespace reducelab
