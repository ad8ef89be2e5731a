// The CPU model of the tree variants' rounds: which work-items work and which local cells they
// read and write, without running anything. Step mode's tests hold the device to it.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "reducelab/catalog.h"

namespace reducelab {

// The tree of a catalog variant (its row's `tree`), or nothing when it cannot be stepped.
std::optional<TreeShape> tree_shape(std::string_view variant);

}  // namespace reducelab
