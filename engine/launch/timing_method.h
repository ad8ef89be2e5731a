// How a reduction pass times its calls, one class per TimingMethod (docs/timing.md): each makes
// its calls through the pass's LaunchCore and returns one sample per call of time_repeats.
// Adding a method: a TimingMethod value (reducelab/types.h), a file timing_<name>.cpp with its
// class and its make_<name>_timing, and one line in make_pass_timing (timing_method.cpp).
// Private to the engine.
#pragma once

#include <cstddef>
#include <memory>

#include "reducelab/types.h"

namespace reducelab::detail {

class LaunchCore;

class PassTiming {
  public:
    virtual ~PassTiming() = default;
    // Between the core's device buffers and its host side: replaces the final buffer or adds the
    // method's own; returns the bytes the pinned memory needs (0: the value alone).
    virtual std::size_t allocate(LaunchCore& core) = 0;
    // One sample, milliseconds: after the warm-up calls (`timed` false) the timed ones.
    virtual double run_once(LaunchCore& core, bool timed) = 0;
    // Whether its timed calls kept their stages (by events); otherwise one profiled call after
    // the repeats gives the run's stages.
    virtual bool profiles_timed_calls() const { return false; }
};

std::unique_ptr<PassTiming> make_kernel_timing();
std::unique_ptr<PassTiming> make_sustained_timing();
std::unique_ptr<PassTiming> make_latency_timing();

// The method a request names.
std::unique_ptr<PassTiming> make_pass_timing(TimingMethod method);

}  // namespace reducelab::detail
