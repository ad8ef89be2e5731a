// The rows of the kernel catalog.
#include "catalog.h"

#include <array>

#include "error.h"

namespace reducelab {
namespace {

constexpr std::array kVariants{
    Variant{
        .name = "interleaved",
        .file = "interleaved.cl",
        .kernel = "reduce_interleaved",
        .summary = "naive tree: interleaved addressing, divergent `tid % (2*s) == 0` test",
        .explanation =
            "Each work-item loads one element into local memory; then, for s = 1, 2, 4, ..., "
            "work-item tid adds scratch[tid + s] into scratch[tid] when tid % (2*s) == 0. Only "
            "every (2s)-th work-item works, so the active lanes are spread across every warp: all "
            "warps stay busy while most of their lanes idle (divergence), and the modulo is "
            "expensive. The starting point of the optimization ladder.",
        .coverage = Coverage::OnePerItem,
    },
    Variant{
        .name = "contiguous",
        .file = "contiguous.cl",
        .kernel = "reduce_contiguous",
        .summary = "sequential (contiguous) addressing: packed active work-items, no bank conflicts",
        .explanation =
            "The stride starts at half the local size and halves every round; work-item tid adds "
            "scratch[tid + s] into scratch[tid] while tid < s. Active work-items stay packed at "
            "the left, so whole warps retire instead of diverging, and the consecutive addresses "
            "of a warp fall in different banks (no conflicts). Half the work-items already idle "
            "in the first round, which the first-add step removes.",
        .coverage = Coverage::OnePerItem,
    },
    Variant{
        .name = "vector",
        .file = "vector.cl",
        .kernel = "reduce_vector",
        .summary = "seed 000: grid-stride loop with 16-byte vector loads (int4/uint4/float4), then a tree",
        .explanation =
            "A fixed number of work-groups walks the whole input in a grid-stride loop, each "
            "work-item loading four elements at a time as one 16-byte vector and accumulating "
            "four lanes in registers. The lanes are folded and the work-group finishes with a "
            "contiguous tree. Few, busy work-items with wide loads keep many memory requests in "
            "flight: this is the kernel that reaches memory bandwidth. The last n % 4 elements "
            "are added by the first work-items.",
        .coverage = Coverage::GridStride,
        .vector_width = 4,
    },
};

}  // namespace

std::span<const Variant> catalog() { return kVariants; }

const Variant& find_variant(std::string_view name) {
    for (const auto& v : kVariants)
        if (v.name == name) return v;
    std::string names;
    for (const auto& v : kVariants) names += (names.empty() ? "" : ", ") + std::string(v.name);
    throw Error(ErrorKind::InvalidArgument,
                "unknown variant '" + std::string(name) + "' (known: " + names + ")");
}

Availability availability(const Variant& variant, const DeviceInfo& device) {
    switch (variant.feature) {
        case Feature::None: return {};
        case Feature::SubGroups:
            if (device.has_subgroups) return {};
            return {false, device.name + " has no OpenCL sub-groups (no cl_khr_subgroups and no "
                                         "OpenCL 3.0 sub-group support)"};
        case Feature::WorkGroupCollectives:
            if (device.has_work_group_collectives || device.is_nvidia) return {};
            return {false, device.name + " does not support work_group_reduce_* (OpenCL C 2.0 "
                                         "work-group collective functions)"};
        case Feature::NvidiaInlinePtx:
            if (device.is_nvidia) return {};
            return {false, "inline PTX warp shuffles need NVIDIA's OpenCL; " + device.name +
                               " is from " + device.vendor};
    }
    return {};
}

std::string_view to_string(Coverage coverage) {
    switch (coverage) {
        case Coverage::OnePerItem: return "one element per work-item";
        case Coverage::TwoPerItem: return "two elements per work-item (first add during load)";
        case Coverage::GridStride: return "grid-stride (many elements per work-item)";
    }
    return "?";
}

std::string_view to_string(Feature feature) {
    switch (feature) {
        case Feature::None: return "none";
        case Feature::SubGroups: return "sub-groups";
        case Feature::WorkGroupCollectives: return "work-group collectives";
        case Feature::NvidiaInlinePtx: return "NVIDIA inline PTX";
    }
    return "?";
}

}  // namespace reducelab
