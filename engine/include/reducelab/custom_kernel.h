// "Try your own kernel": a student's edited copy of a tree variant's file, built with the same
// knobs as the catalog's kernel, verified against the CPU on several sizes work-group by
// work-group (host finish, so every partial is read back), and timed. Qt-free.
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/accumulator.h"
#include "reducelab/catalog.h"
#include "reducelab/host_array.h"
#include "reducelab/problem.h"
#include "reducelab/types.h"

namespace reducelab {

class Engine;

// A student's kernel to check: the Problem's operation, types, fill and seed, on generated inputs
// of each of `sizes` (its n and input paths are not read).
struct CustomKernelRequest : Problem {
    CustomKernelRequest() { fill = Fill::Random; }
    // The catalog variant the text was copied from: it names the kernel function, the coverage
    // (which elements each work-group reads), the build options and the launch geometry.
    std::string base_variant = "contiguous";
    std::string file_text;       // the edited copy of kernels/<base file>; common.cl is prepended
    std::string file_name;       // the name build logs use for it (default: "my_<base file>")
    std::size_t local_size = 0;  // 0: the engine's default
    std::vector<std::uint64_t> sizes;  // sizes to verify; empty: default_check_sizes
    int repeat = 5;                    // timed runs at the largest size (median reported)
    int warmup = 1;
    // Special values (NaN, infinities, -0.0) put into the generated first input after the fill,
    // float types only: value k of m at element (2k + 1) * n / (2m) (all at 0 when n = 1).
    std::vector<double> planted;
};

// The elements of an n-element input that CustomKernelRequest::planted replaces, in its order.
std::vector<std::uint64_t> planted_positions(std::size_t count, std::uint64_t n);

// A work-group whose partial differs from the CPU's reduction of the elements that group reads.
struct GroupMismatch {
    std::uint64_t group = 0;
    Value device;
    Value reference;
    std::uint64_t elements = 0;       // how many input elements the group reads
    std::uint64_t first_element = 0;  // the lowest index among them
};

struct CustomSizeCheck {
    std::uint64_t n = 0;
    std::size_t local_size = 0;
    std::size_t global_size = 0;
    std::size_t work_groups = 0;
    Value value;      // the host fold of the device's partials
    Value reference;  // the CPU's reduction of the whole input
    bool verified = false;
    std::string rule;
    std::uint64_t mismatched_groups = 0;
    std::optional<GroupMismatch> first_mismatch;
    // Float sums and dots of finite terms, for an exercise's error bound: the device's partials
    // added exactly (no rounding of the host's fold, which `value` has), the exact sum of the
    // input rounded once to double, and sum |x| (Reference::magnitude).
    std::optional<double> exact_partials;
    double exact_sum = 0.0;
    double sum_of_abs = 0.0;
};

struct CustomKernelResult {
    std::string base_variant;
    std::string kernel;  // the kernel function built and launched
    std::string file_name;
    std::string build_options;
    std::vector<CustomSizeCheck> checks;
    bool verified = false;      // every size verified and every work-group matched
    std::uint64_t timed_n = 0;  // the size timed (the largest checked)
    std::vector<double> repeat_ms;
    double total_ms = 0.0;   // median: kernel + partials read + host fold
    double kernel_ms = 0.0;  // the kernel alone, of the median repeat
    double gbps = 0.0;       // input bytes / total_ms
    bool traceable = false;  // follows the TRACE_SNAPSHOT / TRACE_ACCESS convention
};

// The variants whose files a student may copy: the partial-producing tree variants that step mode
// can trace (interleaved ... vector).
bool is_editable_variant(const Variant& variant);

// The program the engine builds for an edited file: common.cl, then a #line directive so that the
// compiler's messages give line numbers in the student's file under `file_name`.
std::string custom_program_source(std::string_view file_text, std::string_view file_name);

// Whether the text calls the step-mode hooks (TRACE_SNAPSHOT after its barriers and
// TRACE_ACCESS for each combine) and keeps TRACE_PARAMS in its signature.
bool follows_trace_convention(std::string_view file_text);

// One work-group's worth, an odd size, a few work-groups past a power of two, and a larger one.
std::vector<std::uint64_t> default_check_sizes(const Variant& variant, std::size_t local_size);

// The work-group of a launch that reads element `index`, for the base variant's coverage.
std::uint64_t group_of_element(const Variant& variant, std::uint64_t index, std::uint64_t n,
                               std::size_t local_size, std::size_t global_size);

// Builds the text (Error(Build) with the compiler's log on failure; Error(InvalidArgument) when the
// text does not define the base variant's kernel function), runs it on every size with the host
// finish, compares every work-group's partial with the CPU, and times it at the largest size.
// Error(Cancelled) when `stop` is requested between sizes.
CustomKernelResult run_custom_kernel(Engine& engine, const CustomKernelRequest& request,
                                     std::stop_token stop = {});

}  // namespace reducelab
