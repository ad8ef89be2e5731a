// Inputs that make floating-point sums hard, with the exact sum still computable (ExactSum).
#pragma once

#include <cstdint>
#include <span>

#include "reducelab/host_array.h"

namespace reducelab::detail {

bool is_adversarial(Fill fill);
// Fills `out` for Fill::Cancel, Fill::CancelSorted or Fill::WideExponent (see host_array.h).
// Instantiated for the six element types.
template <typename V>
void fill_adversarial(std::span<V> out, Fill fill, std::uint64_t seed);

}  // namespace reducelab::detail
