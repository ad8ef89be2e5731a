// What a reduction reduces: the operation, the element and accumulator types, and the input.
// RunRequest, TraceRequest and CustomKernelRequest each extend it with how to launch it, so that
// one request becomes another by copying its Problem.
#pragma once

#include <cstdint>
#include <string>

#include "reducelab/host_array.h"
#include "reducelab/types.h"

namespace reducelab {

struct Problem {
    Operation op = Operation::Sum;
    ElementType type = ElementType::Int32;
    AccumulatorMode accumulator = AccumulatorMode::Default;
    std::uint64_t n = 0;  // elements; ignored when reading input_path
    Fill fill = Fill::Ramp;
    std::uint64_t seed = 1;
    std::string input_path;         // a .npy file instead of a generated input
    std::string second_input_path;  // dot: the second .npy file (else generated, seed+1)
};

}  // namespace reducelab
