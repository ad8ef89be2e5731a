// Step mode: the real local memory of a work-group after every barrier round, read back from the
// device by an instrumented build of a tree variant, with what every work-item did in the round
// and the figures derived from it (active work-items, divergent warps, bank conflicts). The data
// types are in trace_types.h.
#pragma once

#include <string>
#include <vector>

#include "reducelab/trace_types.h"

namespace reducelab {

class Engine;

// Runs the instrumented kernel. Throws Error(InvalidArgument) for a variant without a tree
// ("cannot be stepped"), a bad local size, or a group outside the input.
StepTrace run_trace(Engine& engine, const TraceRequest& request);

// What the CPU predicts for a tree variant at a local size: the stride, active mask and accesses
// of every round, with the derived figures for `model` (values stay empty). Tests compare them
// with the device's trace. Throws Error(InvalidArgument) for a variant that cannot be stepped or
// a local size it does not accept, Error(Unsupported) for a tree without a CPU model.
std::vector<TraceRound> predict_rounds(const std::string& variant, std::size_t local_size);
std::vector<TraceRound> predict_rounds(const std::string& variant, std::size_t local_size,
                                       const AnalysisModel& model);

}  // namespace reducelab
