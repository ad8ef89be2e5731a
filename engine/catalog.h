// The kernel catalog: every reduction variant ReduceLab can run, what it teaches, and what it
// needs. Adding a variant is adding a kernels/*.cl file and one row in catalog.cpp.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "device_info.h"
#include "types.h"

namespace reducelab {

// How the first stage maps elements to work-items.
enum class Coverage {
    OnePerItem,   // global size = n rounded up to the local size
    TwoPerItem,   // first add during the load: half as many work-items
    GridStride,   // a chosen global size walks the whole input (items per work-item >= 1)
};

// A device capability a variant needs beyond OpenCL C 1.2.
enum class Feature {
    None,
    SubGroups,               // cl_khr_subgroups or OpenCL C 3.0 sub-groups
    WorkGroupCollectives,    // work_group_reduce_* (OpenCL C 2.0)
    NvidiaInlinePtx,         // warp shuffles through inline PTX on NVIDIA's OpenCL
};

struct Variant {
    std::string_view name;         // "contiguous"
    std::string_view file;         // "contiguous.cl"
    std::string_view kernel;       // "reduce_contiguous"
    std::string_view summary;      // one line for lists
    std::string_view explanation;  // a paragraph for the explanation panel and lessons
    Coverage coverage = Coverage::OnePerItem;
    unsigned vector_width = 1;          // elements per load (4 for the uint4/float4 kernels)
    bool needs_power_of_two = true;     // the tree halves the local size each round
    bool steppable = true;              // has a local-memory tree with trace hooks
    bool unsafe = false;                // a deliberately racy teaching variant
    Feature feature = Feature::None;
    std::string_view extra_options;     // build options the variant always needs
};

struct Availability {
    bool available = true;
    std::string reason;  // why not, when unavailable
};

std::span<const Variant> catalog();
// Throws Error(InvalidArgument) naming the known variants when `name` is not one.
const Variant& find_variant(std::string_view name);
Availability availability(const Variant& variant, const DeviceInfo& device);
std::string_view to_string(Coverage coverage);
std::string_view to_string(Feature feature);

}  // namespace reducelab
