// The CPU model of the tree variants' rounds: which work-items work and which local cells they
// read and write, without running anything. Step mode's tests hold the device to it.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace reducelab {

// The addressing pattern of a variant's local-memory tree.
enum class TreeShape {
    Interleaved,         // s = 1, 2, 4 ...: tid % (2s) == 0 combines [tid] and [tid + s]
    InterleavedStrided,  // s = 1, 2, 4 ...: index = 2 s tid < L combines [index] and [index + s]
    Contiguous,          // s = L/2, L/4 ... 1: tid < s combines [tid] and [tid + s]
};

// The tree of a steppable catalog variant, or nothing when no CPU model is written for it.
std::optional<TreeShape> tree_shape(std::string_view variant);

}  // namespace reducelab
