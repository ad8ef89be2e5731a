// Inputs that make floating-point sums hard, with the exact sum still computable (ExactSum).
#pragma once

#include <cstdint>

#include "reducelab/host_array.h"

namespace reducelab::detail {

bool is_adversarial(Fill fill);
// Fills `array` for Fill::Cancel, Fill::CancelSorted or Fill::WideExponent (see host_array.h).
void fill_adversarial(HostArray& array, Fill fill, std::uint64_t seed);

}  // namespace reducelab::detail
