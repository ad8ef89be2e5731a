// Sweeps: many runs over one device with progress and cancel, and the bandwidth ceiling.
#pragma once

#include <cstddef>
#include <stop_token>
#include <vector>

#include "reducelab/error.h"
#include "reducelab/results_file.h"
#include "reducelab/run_types.h"

namespace reducelab {

class Engine;

// Told about each point as soon as it is measured (the GUI draws it at once).
struct SweepObserver {
    virtual ~SweepObserver() = default;
    virtual void point_done(const RunResult& /*result*/, std::size_t /*index*/,
                            std::size_t /*total*/) {}
    // A point that failed (unsupported configuration, ...): the sweep goes on.
    virtual void point_failed(const RunRequest& /*request*/, const std::string& /*error*/,
                              std::size_t /*index*/, std::size_t /*total*/) {}
    // The same with the error itself (its kind); by default forwards to point_failed.
    virtual void point_error(const RunRequest& request, const Error& error, std::size_t index,
                             std::size_t total) {
        point_failed(request, error.what(), index, total);
    }
};

// Runs every request in order, reusing uploaded inputs between points that share them.
// Stops with Error(Cancelled) when `stop` is requested; points measured so far are reported.
ResultsFile run_sweep(Engine& engine, const std::vector<RunRequest>& requests,
                      std::stop_token stop = {}, SweepObserver* observer = nullptr);

// Copy and read-only bandwidth of the device over `bytes`: `runs` measurements, each with fresh
// buffers, of `repeat` timed repeats after warm-up; the medians of all samples, and the samples.
// On a device other than a GPU the read ceiling is the faster of the read kernel and `best`'s
// own reads of the same bytes (read_source says which).
BandwidthCeiling measure_ceiling(Engine& engine, std::uint64_t bytes, int repeat = 20,
                                 int runs = 1);
// The copy and the read kernel only (read_source "read kernel"), on any device.
BandwidthCeiling measure_stream_ceiling(Engine& engine, std::uint64_t bytes, int repeat = 20,
                                        int runs = 1);

}  // namespace reducelab
