// The request checks and tuned launch settings of a reduction pass (see pass_request.h).
#include "launch/pass_request.h"

#include <algorithm>

#include "launch/prepared_kernel.h"
#include "reducelab/accumulator.h"
#include "reducelab/build_options.h"
#include "reducelab/error.h"
#include "reducelab/launch_plan.h"
#include "reducelab/tuning.h"

namespace reducelab::detail {
namespace {

void check_atomic_finish(const RunRequest& request, const AccumulatorSpec& acc,
                         const DeviceInfo& device) {
    if (request.finish != Finish::Atomic) return;
    if (acc.is_pair)
        throw Error(ErrorKind::Unsupported,
                    std::string(to_string(request.op)) +
                        " carries (value, index) pairs, which OpenCL atomics cannot combine; use "
                        "--finish host or kernel");
    if (acc.device_bytes != 8) return;
    const bool extended = request.op == Operation::Min || request.op == Operation::Max ||
                          is_bitwise(request.op) || request.op == Operation::LogicalAnd ||
                          request.op == Operation::LogicalOr;
    const bool native_extended = extended && !is_float(acc.value_type);
    if (native_extended && !device.has_int64_extended_atomics)
        throw Error(ErrorKind::Unsupported,
                    device.name +
                        " lacks cl_khr_int64_extended_atomics, needed for a 64-bit atomic " +
                        std::string(to_string(request.op)));
    if (!native_extended && !device.has_int64_base_atomics)
        throw Error(
            ErrorKind::Unsupported,
            device.name + " lacks cl_khr_int64_base_atomics, needed for a 64-bit atomic finish");
}

}  // namespace

const Variant& check_pass_request(const RunRequest& request, const Inputs& inputs,
                                  const DeviceInfo& device) {
    if (request.repeat < 1)
        throw Error(ErrorKind::InvalidArgument,
                    "repeat must be at least 1 (got " + std::to_string(request.repeat) + ")");
    if (request.warmup < 0) throw Error(ErrorKind::InvalidArgument, "warmup cannot be negative");
    if (request.batch < 1)
        throw Error(ErrorKind::InvalidArgument,
                    "batch must be at least 1 (got " + std::to_string(request.batch) + ")");
    const Variant& variant = find_variant(request.variant);
    if (const Availability a = availability(variant, device); !a.available)
        throw Error(ErrorKind::Unsupported,
                    "variant " + request.variant + " is unavailable: " + a.reason);
    if (!inputs.first || inputs.first->size() == 0)
        throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    const HostArray& first = *inputs.first;
    if (first.type() != request.type)
        throw Error(ErrorKind::InvalidArgument,
                    "the input holds " + std::string(to_string(first.type())) +
                        " elements but the run asks for " + std::string(to_string(request.type)));
    if (needs_two_inputs(request.op) && (!inputs.second || inputs.second->size() != first.size()))
        throw Error(ErrorKind::InvalidArgument, "dot needs a second input of the same length");
    check_input_fits(device, request, first.size());
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    check_variant_request(variant, request.op, request.type, request.finish);
    check_fp64(device, request.type, acc);
    check_atomic_finish(request, acc, device);
    return variant;
}

TunedLaunch resolve_tuning(const Variant& variant, const RunRequest& request,
                           const DeviceInfo& device, std::uint64_t n) {
    TunedLaunch tuned{request, {}, {}, false};
    if (!variant.tuned) {
        if (request.vector_width != 0 || request.unroll != 0 ||
            request.layout != AccessLayout::Default)
            throw Error(ErrorKind::InvalidArgument,
                        "vector width and unroll apply only to tuned variants (best), not " +
                            request.variant);
        return tuned;
    }
    const TuningLookup lookup = lookup_tuning(device, request.type, request.op, n);
    const TunedConfig& c = lookup.config;
    RunRequest& e = tuned.effective;
    e.vector_width = request.vector_width ? request.vector_width : c.vector_width;
    e.unroll = request.unroll ? request.unroll : c.unroll;
    e.layout = request.layout == AccessLayout::Default ? c.layout : request.layout;
    if (e.vector_width != 1 && e.vector_width != 2 && e.vector_width != 4 && e.vector_width != 8 &&
        e.vector_width != 16)
        throw Error(ErrorKind::InvalidArgument,
                    "vector width " + std::to_string(e.vector_width) + " is not 1, 2, 4, 8 or 16");
    if (e.unroll < 1 || e.unroll > 16)
        throw Error(ErrorKind::InvalidArgument,
                    "unroll " + std::to_string(e.unroll) + " is not 1 to 16");
    if (e.local_size == 0) {
        e.local_size = floor_power_of_two(std::min(c.local_size, device.max_work_group_size));
        tuned.local_from_tuning = true;
    }
    if (e.global_size == 0 && e.items_per_work_item == 0) {
        const std::uint64_t wanted =
            c.groups_per_compute_unit * std::max<std::uint64_t>(1, device.compute_units);
        const std::uint64_t vectors = ceil_div(n, e.vector_width);
        // One vector per work-item at most; but where one work-group can load the whole input
        // with each work-item's UNROLL loads in flight at once, one group, which skips the
        // last-group finish: on the H200 float32 2^12 (two groups before) took 6.8 against
        // 7.6 us by kernel time (bench/results/h200/groups/). Capping the groups so at every
        // size was behind at most sizes from 2^14 to 2^22 in the same runs (int32 by 5-15 %),
        // so only the one-group case is taken.
        const std::uint64_t useful =
            vectors <= std::uint64_t{e.local_size} * e.unroll ? 1 : ceil_div(vectors, e.local_size);
        e.global_size = std::min(wanted, useful) * e.local_size;
    }
    tuned.options = tuned_build_options(e.vector_width, e.unroll, e.layout, n);
    // An entry written by hand (REDUCELAB_TUNING_FILE) may say nothing of where it was measured.
    const bool measured = c.source_device != TunedConfig{}.source_device;
    const bool matched = lookup.matched != "built-in default";
    tuned.source = lookup.matched;
    if (measured)
        tuned.source += " (measured on " + c.source_device +
                        (c.source_date.empty() ? "" : ", " + c.source_date) + ")";
    else if (matched)
        tuned.source += " (no measurement recorded)";
    return tuned;
}

}  // namespace reducelab::detail
