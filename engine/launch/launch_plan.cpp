// Launch planning and its checks.
#include "reducelab/launch_plan.h"

#include <algorithm>

#include "reducelab/error.h"

namespace reducelab {

bool is_power_of_two(std::uint64_t x) {
    return x != 0 && (x & (x - 1)) == 0;
}
std::uint64_t floor_power_of_two(std::uint64_t x) {
    std::uint64_t p = 1;
    while (p <= x / 2) p *= 2;
    return p;
}
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) {
    return a / b + (a % b != 0);
}
unsigned ceil_log2(std::uint64_t x) {
    unsigned bits = 0;
    while ((std::uint64_t{1} << bits) < x && bits < 63) ++bits;
    return bits;
}

std::size_t default_local_size(std::size_t max_work_group_size) {
    std::size_t size = 256;
    while (size > 1 && size > max_work_group_size) size /= 2;
    return size;
}

std::vector<std::size_t> valid_local_sizes(const DeviceInfo& device, std::size_t kernel_limit) {
    std::size_t limit = std::max<std::size_t>(1, device.max_work_group_size);
    if (kernel_limit != 0) limit = std::min(limit, kernel_limit);
    std::vector<std::size_t> sizes;
    for (std::size_t size = 1; size <= limit; size *= 2) sizes.push_back(size);
    return sizes;
}

void check_local_size_on_device(const DeviceInfo& device, std::size_t local) {
    if (local > device.max_work_group_size)
        throw Error(ErrorKind::InvalidArgument,
                    "local size " + std::to_string(local) + " is above the maximum of " +
                        device.name + " (" + std::to_string(device.max_work_group_size) + ")");
}

namespace {

// The local size after the default, checked against the device, the kernel and the variant.
std::size_t checked_local_size(const Variant& variant, const DeviceInfo& device,
                               const RunRequest& request, std::size_t kernel_max_work_group_size) {
    const std::size_t limit = std::min(device.max_work_group_size, kernel_max_work_group_size);
    const std::size_t local =
        request.local_size != 0 ? request.local_size : default_local_size(limit);
    const std::string name(variant.name);
    check_local_size_on_device(device, local);
    if (local > kernel_max_work_group_size)
        throw Error(ErrorKind::InvalidArgument,
                    "local size " + std::to_string(local) + " is above the limit of the " + name +
                        " kernel on " + device.name + " (CL_KERNEL_WORK_GROUP_SIZE = " +
                        std::to_string(kernel_max_work_group_size) + ")");
    if (variant.needs_power_of_two && !is_power_of_two(local))
        throw Error(ErrorKind::InvalidArgument,
                    "local size " + std::to_string(local) + " is not a power of two, which the " +
                        name + " variant's tree needs (try " +
                        std::to_string(std::uint64_t{1} << (ceil_log2(local) - 1)) + " or " +
                        std::to_string(std::uint64_t{1} << ceil_log2(local)) + ")");
    return local;
}

// Variants that read one or two elements per work-item: the grid follows from n.
void plan_fixed_coverage(LaunchPlan& plan, const Variant& variant, const RunRequest& request,
                         std::uint64_t n) {
    const std::string name(variant.name);
    const std::size_t local = plan.local_size;
    const std::uint64_t per_item = variant.coverage == Coverage::OnePerItem ? 1 : 2;
    if (request.items_per_work_item != 0 && request.items_per_work_item != per_item)
        throw Error(ErrorKind::InvalidArgument,
                    "the " + name + " variant reads " + std::to_string(per_item) +
                        " element(s) per work-item; items per work-item " +
                        std::to_string(request.items_per_work_item) +
                        " needs a grid-stride variant");
    plan.work_groups = ceil_div(n, per_item * local);
    plan.global_size = plan.work_groups * local;
    if (request.global_size != 0 && request.global_size != plan.global_size)
        throw Error(ErrorKind::InvalidArgument,
                    "the " + name + " variant's global size follows from n (" +
                        std::to_string(plan.global_size) + " for n = " + std::to_string(n) +
                        "); a global size only applies to grid-stride variants");
    plan.items_per_work_item = per_item;
    plan.chain_length = per_item + ceil_log2(local);
}

void plan_grid_stride(LaunchPlan& plan, const Variant& variant, const DeviceInfo& device,
                      const RunRequest& request, std::uint64_t n) {
    const std::size_t local = plan.local_size;
    const std::uint64_t width = variant.vector_width;
    if (request.global_size != 0) {
        if (request.global_size % local != 0)
            throw Error(ErrorKind::InvalidArgument,
                        "global size " + std::to_string(request.global_size) +
                            " is not a multiple of the local size " + std::to_string(local));
        plan.global_size = request.global_size;
    } else if (request.items_per_work_item != 0) {
        plan.global_size = ceil_div(n, request.items_per_work_item * local) * local;
    } else {
        // Enough work-groups to fill the device several times over, but no idle ones.
        const std::uint64_t wanted = std::max<std::uint64_t>(1, device.compute_units) * 2048;
        const std::uint64_t useful = ceil_div(ceil_div(n, width), local) * local;
        plan.global_size =
            std::max<std::uint64_t>(local, std::min(ceil_div(wanted, local) * local, useful));
    }
    plan.work_groups = plan.global_size / local;
    // The busiest work-item: its vectors, plus one tail element.
    const std::uint64_t vectors = n / width;
    const std::uint64_t per_item_vectors = ceil_div(vectors, plan.global_size);
    plan.items_per_work_item = per_item_vectors * width + (n % width != 0 ? 1 : 0);
    plan.chain_length = per_item_vectors + (width > 1 ? 2 : 0) + 1 + ceil_log2(local);
}

// How the partials are combined, and the chain that adds.
void plan_group_combine(LaunchPlan& plan, const Variant& variant, const RunRequest& request,
                        std::size_t limit) {
    const std::size_t local = plan.local_size;
    plan.group_chain_length = plan.chain_length;
    if (variant.group_combine == GroupCombine::LastGroup) {
        // The last work-group folds the partials: a grid-stride pass over them, then its tree.
        plan.chain_length += ceil_div(plan.work_groups, local) + ceil_log2(local);
    } else if (request.finish == Finish::Kernel) {
        plan.finish_local_size = default_local_size(std::min<std::size_t>(limit, 256));
        std::uint64_t remaining = plan.work_groups;
        while (remaining > 1) {
            const std::uint64_t groups =
                std::max<std::uint64_t>(1, ceil_div(remaining, plan.finish_local_size * 8));
            const std::uint64_t per_item = ceil_div(remaining, groups * plan.finish_local_size);
            plan.finish_groups.push_back(groups);
            plan.chain_length += per_item + ceil_log2(plan.finish_local_size);
            remaining = groups;
        }
    } else {
        // Host fold and atomics combine the partials one after another.
        plan.chain_length += plan.work_groups;
    }
}

}  // namespace

LaunchPlan plan_launch(const Variant& variant, const DeviceInfo& device, const RunRequest& request,
                       std::uint64_t n, std::size_t kernel_max_work_group_size) {
    if (n == 0) throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    LaunchPlan plan;
    plan.local_size = checked_local_size(variant, device, request, kernel_max_work_group_size);
    if (variant.coverage == Coverage::GridStride)
        plan_grid_stride(plan, variant, device, request, n);
    else
        plan_fixed_coverage(plan, variant, request, n);
    if (request.items_per_work_item == 0 && request.global_size == 0 &&
        plan.items_per_work_item == 0)
        plan.items_per_work_item = 1;
    plan_group_combine(plan, variant, request,
                       std::min(device.max_work_group_size, kernel_max_work_group_size));
    return plan;
}

}  // namespace reducelab
