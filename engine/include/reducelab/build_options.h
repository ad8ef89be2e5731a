// The -D knobs that specialise kernels/common.cl for an (operation, type, accumulator, finish).
#pragma once

#include <cstdint>
#include <string>

#include "reducelab/accumulator.h"
#include "reducelab/catalog.h"
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

// A variant's own options on a device, each after a space: those it always needs and, on an
// NVIDIA device, its inline PTX ones (Variant::nvidia_options). The work-group collectives'
// -cl-std=CL2.0 becomes CL3.0 on a device whose compiler takes 3.0 but not 2.0 and supports
// them as a 3.0 feature (PoCL 6).
std::string variant_build_options(const Variant& variant, const DeviceInfo& device);

// The tuned variant's knobs, each after a space: vector width, loads in flight, layout, and
// 32-bit index arithmetic while every index of an n-element input (and the stride past its end)
// fits.
std::string tuned_build_options(unsigned vector_width, unsigned unroll, AccessLayout layout,
                                std::uint64_t n);

}  // namespace reducelab
