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
};

std::string build_options(const KernelKnobs& knobs);

}  // namespace reducelab
