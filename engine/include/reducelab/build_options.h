// The -D knobs that specialise kernels/common.cl for an (operation, type, accumulator, finish).
#pragma once

#include <string>

#include "reducelab/accumulator.h"
#include "reducelab/types.h"

namespace reducelab {

struct KernelKnobs {
    Operation op = Operation::Sum;
    ElementType type = ElementType::Int32;
    AccumulatorSpec accumulator;
    bool finish_atomic = false;
    bool trace = false;
    // Exact 64-bit integer means: 1 loads each element's low 32 bits (zero-extended), 2 its high
    // 32 bits (sign-extended for signed elements); 0 the element itself.
    int load_part = 0;
};

std::string build_options(const KernelKnobs& knobs);

}  // namespace reducelab
