// The kernel catalog: every reduction variant ReduceLab can run, what it teaches, and what it
// needs. Adding a variant is adding a kernels/*.cl file and one row in catalog.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/types.h"

namespace reducelab {

// How the first stage maps elements to work-items.
enum class Coverage {
    OnePerItem,  // global size = n rounded up to the local size
    TwoPerItem,  // first add during the load: half as many work-items
    GridStride,  // a chosen global size walks the whole input (items per work-item >= 1)
};

// How a variant's work-groups combine their results: this decides the finishes it accepts.
enum class GroupCombine {
    Partials,   // one partial per work-group, finished on the host, by a second kernel or atomics
    Atomics,    // the kernel folds every work-group's result into out[0] itself (Finish::Atomic)
    LastGroup,  // one launch: the last work-group to finish reduces the partials (Finish::Kernel)
};

// A device capability a variant needs beyond OpenCL C 1.2.
enum class Feature {
    None,
    SubGroups,             // cl_khr_subgroups or OpenCL C 3.0 sub-groups
    WorkGroupCollectives,  // work_group_reduce_* (OpenCL C 2.0)
    NvidiaInlinePtx,       // warp shuffles through inline PTX on NVIDIA's OpenCL
};

// The addressing pattern of a variant's local-memory tree.
enum class TreeShape {
    Interleaved,         // s = 1, 2, 4 ...: tid % (2s) == 0 combines [tid] and [tid + s]
    InterleavedStrided,  // s = 1, 2, 4 ...: index = 2 s tid < L combines [index] and [index + s]
    Contiguous,          // s = L/2, L/4 ... 1: tid < s combines [tid] and [tid + s]
};

struct Variant {
    std::string_view name;         // "contiguous"
    std::string_view file;         // "contiguous.cl"
    std::string_view kernel;       // "reduce_contiguous"
    std::string_view summary;      // one line for lists
    std::string_view explanation;  // a paragraph for the explanation panel and lessons
    // The rung its measured speed-up is quoted against (reducelab/measured_figures.h); the
    // figures themselves are never typed into the explanation.
    std::string_view compared_with;
    Coverage coverage = Coverage::OnePerItem;
    unsigned vector_width = 1;       // elements per load (4 for the uint4/float4 kernels)
    bool needs_power_of_two = true;  // the tree halves the local size each round
    // The addressing of its local-memory tree with trace hooks, which step mode shows and the CPU
    // model predicts (trace/trace_prediction.cpp); empty: no such tree, it cannot be stepped.
    std::optional<TreeShape> tree = TreeShape::Contiguous;
    bool unsafe = false;  // a deliberately racy teaching variant
    Feature feature = Feature::None;
    std::string_view extra_options;   // build options the variant always needs
    std::string_view nvidia_options;  // added on NVIDIA devices (inline PTX paths)
    GroupCombine group_combine = GroupCombine::Partials;
    bool local_size_is_define = false;            // built per local size with -DWGS=<local size>
    bool kernel_initialises_destination = false;  // seed 002: the host leaves out[0] alone
    std::uint32_t unsupported_ops = 0;            // bit op_bit(op) set: the kernel cannot do op
    std::string_view
        unsupported_ops_reason;  // why, completing "the <name> variant cannot do <op>: "
    // Takes its vector width (-DVW), loads in flight (-DUNROLL), local size and work-groups from
    // the device's tuning file (engine/include/reducelab/tuning.h) unless the request sets them.
    bool tuned = false;
    // Sums float32 and float64 exactly (integer digits) and rounds once: the result is the
    // correctly rounded exact sum, checked bit for bit; every other operation and type is refused.
    bool correctly_rounded = false;

    bool steppable() const { return tree.has_value(); }
};

// The global words the correctly rounded variant keeps between its work-groups: the digits of
// the exact sum (68 for float64 elements) and a word of NaN/infinity flags (reproducible.cl).
constexpr std::size_t kExactSumWords = 69;

constexpr std::uint32_t op_bit(Operation op) {
    return std::uint32_t{1} << static_cast<unsigned>(op);
}

struct Availability {
    bool available = true;
    std::string reason;  // why not, when unavailable
};

std::span<const Variant> catalog();
// Throws Error(InvalidArgument) naming the known variants when `name` is not one.
const Variant& find_variant(std::string_view name);
Availability availability(const Variant& variant, const DeviceInfo& device);

// The finish a variant uses when the caller does not choose: Host for the partials variants,
// Atomic for the atomic ones, Kernel for the single-pass one.
Finish natural_finish(const Variant& variant);
bool accepts_finish(const Variant& variant, Finish finish);
std::string finish_names(const Variant& variant);  // "host, kernel, atomic" / "atomic"
// Why the variant cannot run (op, type) regardless of the device, or "" when it can.
std::string op_unsupported_reason(const Variant& variant, Operation op, ElementType type);
// Throws Error(InvalidArgument) for a finish the variant does not accept and
// Error(Unsupported) for an operation its kernel cannot do.
void check_variant_request(const Variant& variant, Operation op, ElementType type, Finish finish);
std::string_view to_string(Coverage coverage);
std::string_view to_string(Feature feature);
std::string_view to_string(GroupCombine combine);

}  // namespace reducelab
