// One device's OpenCL objects (context, profiling and plain queues) and its program cache, shared
// by every Engine on that device for the life of the process. Private to the engine (includes
// CLHPP).
#pragma once

#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "launch/cl.h"
#include "reducelab/device_info.h"

namespace reducelab::detail {

class DeviceRuntime {
  public:
    explicit DeviceRuntime(const DeviceInfo& info);

    const DeviceInfo& info() const { return info_; }
    const cl::Device& device() const { return device_; }
    const cl::Context& context() const { return context_; }
    cl::CommandQueue& queue() { return queue_; }
    // An in-order queue without profiling, for the wall-clock timing methods (sustained,
    // latency): on NVIDIA a profiled launch that returns an event costs several microseconds
    // of host time, which CUDA's launches (the CUB peer) do not pay; and it is made second
    // because the first queue of a context answered a read in ~150 us instead of ~14 on the
    // H200 (bench/probes/latency_queues.c). Commands on it are not ordered against queue():
    // finish one before using the other.
    cl::CommandQueue& plain_queue() { return plain_queue_; }

    // The program for (source, options), built once per process. Throws Error(Build) with the
    // device's build log when the compiler rejects it.
    cl::Program program(const std::string& source, const std::string& options);
    // Number of programs built so far (tests check that the cache is used).
    std::size_t programs_built() const;

    // Held by a run for its whole duration: one reduction at a time per device.
    std::mutex& run_mutex() { return run_mutex_; }

  private:
    cl::Program build_program(const std::string& source, const std::string& options);

    DeviceInfo info_;
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::CommandQueue plain_queue_;
    mutable std::mutex cache_mutex_;
    std::map<std::pair<std::string, std::string>, cl::Program> programs_;
    std::size_t built_ = 0;
    std::mutex run_mutex_;
};

// Milliseconds between a command's start and end (CL_PROFILING_COMMAND_START/END): the one place
// the engine reads profiling events. 0 when the device reports end <= start.
double event_ms(const cl::Event& event);
// Milliseconds from the first command's start to the last one's end, launch gaps included; the
// sum of their event_ms when the device reports no span.
double span_ms(const std::vector<cl::Event>& events);

// Waits for the queue when an exception leaves its scope, so that no command still reads or
// writes host memory the unwinding is about to free (a non-blocking write from a local vector,
// reads into local vectors). Declare it after the host buffers those commands use.
class DrainQueueOnThrow {
  public:
    explicit DrainQueueOnThrow(cl::CommandQueue& queue)
        : queue_(queue), exceptions_(std::uncaught_exceptions()) {}
    ~DrainQueueOnThrow() {
        if (std::uncaught_exceptions() <= exceptions_) return;
        try {
            queue_.finish();
        } catch (...) {  // already failing: the first error is the one to report
        }
    }
    DrainQueueOnThrow(const DrainQueueOnThrow&) = delete;
    DrainQueueOnThrow& operator=(const DrainQueueOnThrow&) = delete;

  private:
    cl::CommandQueue& queue_;
    int exceptions_;
};

// The process-wide runtime for a device from list_devices().
std::shared_ptr<DeviceRuntime> runtime_for(const DeviceInfo& info);

}  // namespace reducelab::detail
