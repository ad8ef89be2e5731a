// Launch geometry: from a request's local size, global size or items per work-item to the
// exact work-group counts of every stage, with every limit checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "reducelab/catalog.h"
#include "reducelab/device_info.h"
#include "reducelab/run_types.h"

namespace reducelab {

struct LaunchPlan {
    std::size_t local_size = 0;
    std::size_t global_size = 0;
    std::size_t work_groups = 0;
    std::uint64_t items_per_work_item = 0;  // elements the busiest work-item reads
    std::size_t finish_local_size = 0;
    std::vector<std::size_t> finish_groups;  // second-kernel passes (Finish::Kernel)
    std::uint64_t chain_length = 0;
    // The part of chain_length inside one work-group (before the partials are combined).
    std::uint64_t group_chain_length = 0;
};

// The local size used when the request leaves it at 0: 256, or the largest power of two the
// device (and kernel) allow below that.
std::size_t default_local_size(std::size_t max_work_group_size);

// Plans the launch. `kernel_max_work_group_size` is CL_KERNEL_WORK_GROUP_SIZE of the compiled
// kernel. Throws Error(InvalidArgument) for a local size of 0 after defaults, above the device
// or kernel limit, or not a power of two where the variant needs one; for a global size that is
// not a multiple of the local size; for items per work-item on a variant with fixed coverage.
LaunchPlan plan_launch(const Variant& variant, const DeviceInfo& device, const RunRequest& request,
                       std::uint64_t n, std::size_t kernel_max_work_group_size);

// Every local size a kernel can be launched with on `device`: the powers of two from 1 up to the
// device's maximum work-group size and `kernel_limit` (the compiled kernel's limit, the one
// plan_launch checks; 0 when the kernel is not built yet). Every local-size control, sweep and
// auto-tune offers exactly these.
std::vector<std::size_t> valid_local_sizes(const DeviceInfo& device, std::size_t kernel_limit = 0);

// Throws Error(InvalidArgument) when `local` is above the device's CL_DEVICE_MAX_WORK_GROUP_SIZE:
// the check run and trace both make before anything is sized from the local size.
void check_local_size_on_device(const DeviceInfo& device, std::size_t local);

bool is_power_of_two(std::uint64_t x);
// The largest power of two not above x (1 for x <= 1).
std::uint64_t floor_power_of_two(std::uint64_t x);
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b);
unsigned ceil_log2(std::uint64_t x);

}  // namespace reducelab
