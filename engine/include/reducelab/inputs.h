// The inputs of a run: generated arrays, or .npy files read from disk.
#pragma once

#include "reducelab/run_types.h"

namespace reducelab {

// Generates or reads the inputs a request describes. Throws Error(Io / InvalidArgument).
Inputs make_inputs(const RunRequest& request);

}  // namespace reducelab
