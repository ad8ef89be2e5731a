// Sweeps over many requests, and the bandwidth ceiling of a device.
#include "reducelab/sweep.h"

#include <algorithm>
#include <tuple>

#include "launch/engine_access.h"
#include "launch/prepared_kernel.h"
#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/statistics.h"
#include "reducelab/units.h"

namespace reducelab {

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

namespace {

// The read rate of `best` over the ceiling's bytes: an int32 sum of ones (exact, verified),
// timed by kernel events as the read kernel is, `runs` times `repeat` samples.
std::vector<double> best_read_samples(Engine& engine, std::uint64_t bytes, int repeat, int runs) {
    RunRequest request;
    request.variant = "best";
    request.finish = natural_finish(find_variant(request.variant));
    request.op = Operation::Sum;
    request.type = ElementType::Int32;
    request.fill = Fill::Ones;
    request.n = bytes / 4;
    request.repeat = repeat;
    request.warmup = 2;
    request.timing = TimingMethod::Kernel;
    std::vector<double> samples;
    try {
        const Inputs inputs = make_inputs(request);
        for (int run = 0; run < runs; ++run) {
            const RunResult r = engine.run(request, inputs);
            if (!r.verified) return {};  // a wrong sum measures nothing
            for (double ms : r.repeat_ms)
                if (ms > 0)
                    samples.push_back(units::gbps_of(static_cast<double>(r.input_bytes), ms));
        }
    } catch (const Error& e) {
        // A device where best cannot run (or not at this size) keeps the read kernel's ceiling.
        if (e.kind() == ErrorKind::Cancelled) throw;
        return {};
    }
    return samples;
}

}  // namespace

BandwidthCeiling measure_ceiling(Engine& engine, std::uint64_t bytes, int repeat, int runs) {
    BandwidthCeiling ceiling = measure_stream_ceiling(engine, bytes, repeat, runs);
    // A CPU's read kernel can be slower than a tuned reduction (its loop, its vector width):
    // the read ceiling is the faster of the two, and says which.
    if (!engine.device().is_gpu()) {
        std::vector<double> best = best_read_samples(engine, ceiling.bytes, repeat, runs);
        if (!best.empty() && median(best) > ceiling.read_gbps) {
            ceiling.read_samples_gbps = std::move(best);
            ceiling.read_gbps = median(ceiling.read_samples_gbps);
            ceiling.read_source = "best";
        }
    }
    return ceiling;
}

BandwidthCeiling measure_stream_ceiling(Engine& engine, std::uint64_t bytes, int repeat, int runs) {
    auto& runtime = EngineAccess::runtime(engine);
    const DeviceInfo& device = runtime.info();
    if (repeat < 1) throw Error(ErrorKind::InvalidArgument, "repeat must be at least 1");
    if (runs < 1) throw Error(ErrorKind::InvalidArgument, "runs must be at least 1");
    bytes = std::min<std::uint64_t>(bytes, device.max_alloc_bytes);
    bytes = std::min<std::uint64_t>(bytes, device.global_mem_bytes / 3);
    bytes -= bytes % 16;
    if (bytes < 16) throw Error(ErrorKind::InvalidArgument, "too few bytes to measure a ceiling");
    BandwidthCeiling ceiling;
    ceiling.bytes = bytes;
    ceiling.repeat = repeat;
    ceiling.runs = runs;
    std::lock_guard lock(runtime.run_mutex());
    return detail::cl_call("measuring the bandwidth ceiling of " + device.name, [&] {
        auto& queue = runtime.queue();
        // GPUs read interleaved (coalesced) vectors; CPUs a contiguous chunk per work-item.
        detail::PreparedKernel probe(runtime, kernel_text("bandwidth.cl"), "",
                                     device.is_gpu() ? "read_stream" : "read_blocked");
        const std::size_t local = std::min<std::size_t>(256, probe.work_group_limit());
        const std::size_t global =
            std::max<std::size_t>(1, device.compute_units) * 2048 / local * local;
        for (int run = 0; run < runs; ++run) {
            cl::Buffer source(runtime.context(), CL_MEM_READ_WRITE, bytes);
            cl::Buffer target(runtime.context(), CL_MEM_READ_WRITE, bytes);
            cl::Buffer sink(runtime.context(), CL_MEM_WRITE_ONLY, sizeof(cl_uint));
            const cl_uint pattern = 0x01020304u;
            queue.enqueueFillBuffer(source, pattern, 0, bytes);
            queue.finish();
            const int warmup = 2;
            const detail::Repeats copies =
                detail::time_repeats(warmup, repeat, {}, "ceiling", [&](bool) {
                    cl::Event event;
                    queue.enqueueCopyBuffer(source, target, 0, 0, bytes, nullptr, &event);
                    event.wait();
                    return detail::event_ms(event);
                });
            for (double ms : copies.totals_ms)
                ceiling.copy_samples_gbps.push_back(
                    units::gbps_of(2.0 * static_cast<double>(bytes), ms));
            cl::Kernel& kernel = probe.kernel();
            kernel.setArg(0, source);
            kernel.setArg(1, static_cast<cl_ulong>(bytes / 16));
            kernel.setArg(2, sink);
            kernel.setArg(3, static_cast<cl_uint>(0xdeadbeefu));
            const detail::Repeats reads =
                detail::time_repeats(warmup, repeat, {}, "ceiling", [&](bool) {
                    cl::Event event = probe.launch(global, local);
                    event.wait();
                    return detail::event_ms(event);
                });
            for (double ms : reads.totals_ms)
                ceiling.read_samples_gbps.push_back(units::gbps_of(static_cast<double>(bytes), ms));
        }
        ceiling.copy_gbps = median(ceiling.copy_samples_gbps);
        ceiling.read_gbps = median(ceiling.read_samples_gbps);
        return ceiling;
    });
}

}  // namespace reducelab
