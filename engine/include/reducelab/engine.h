// The engine's front door: open a device, run verified and timed reductions on it.
// Synchronous and Qt-free; callers run it on a worker thread and cancel with a stop_token.
#pragma once

#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/catalog.h"
#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

// Observer of long work: the stage being run. No-op by default.
struct Progress {
    virtual ~Progress() = default;
    virtual void stage(std::string_view /*what*/) {}
};

// Refuses, with Error(OutOfResources), inputs of n elements that the device cannot hold: one
// buffer above CL_DEVICE_MAX_MEM_ALLOC_SIZE, all inputs above its global memory, or above the host
// memory left (available_host_memory: the inputs, twice on a CPU device). Engine::run
// and run_sweep call it before generating an input, so a huge n costs no host memory.
void check_input_fits(const DeviceInfo& device, const RunRequest& request, std::uint64_t n);

class Engine {
  public:
    // Opens the device `spec` names (see select_device). Throws Error(NoPlatform) when there is
    // no OpenCL platform, Error(InvalidArgument) when the spec names no device.
    explicit Engine(std::string_view device_spec = {});
    explicit Engine(const DeviceInfo& device);
    ~Engine();
    Engine(Engine&&) noexcept;
    Engine& operator=(Engine&&) noexcept;

    const DeviceInfo& device() const;

    // Runs, times and verifies one reduction. Inputs are made from the request when not given.
    // Throws Error for every invalid request or device failure; Error(Cancelled) when `stop` is
    // requested between repeats.
    RunResult run(const RunRequest& request, std::stop_token stop = {},
                  Progress* progress = nullptr);
    RunResult run(const RunRequest& request, const Inputs& inputs, std::stop_token stop = {},
                  Progress* progress = nullptr);

    // Programs compiled by this device's runtime so far (all Engines on the device share it).
    std::size_t programs_built() const;

  private:
    // The engine's own sources reach the device's runtime through EngineAccess
    // (engine/launch/engine_access.h), so that this header names no OpenCL-facing type.
    friend struct EngineAccess;
    struct State;  // the device's runtime, shared by its Engines, and this Engine's upload cache
    std::unique_ptr<State> state_;
};

}  // namespace reducelab
