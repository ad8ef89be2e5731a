// Value types shared by the whole engine: operations, element types, finishing strategies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace reducelab {

enum class Operation {
    Sum,
    Product,
    Min,
    Max,
    BitAnd,
    BitOr,
    BitXor,
    LogicalAnd,
    LogicalOr,
    Dot,
    Mean,
    ArgMin,
    ArgMax,
};

enum class ElementType { Int32, UInt32, Int64, UInt64, Float32, Float64 };

// How a tuned kernel's work-items share the input: Strided (work-item i reads i, i + G, ...:
// neighbours read neighbours, coalesced on GPUs) or Blocked (each work-item reads one contiguous
// chunk: what a CPU's caches and prefetchers want). Default: the tuning file's choice.
enum class AccessLayout { Default, Strided, Blocked };

// How the per-work-group partial results become one value.
enum class Finish { Host, Kernel, Atomic };

// What a run's time measures. Kernel: profiling events, first kernel start to last kernel end
// of one reduction (a host finish adds its partials read and host fold). Sustained: K calls of
// the whole reduction back to back, each leaving its value in its own slot in device memory, and
// one read of the K values after the last; host wall time / K. Latency: one call, from enqueue
// to the value in host memory, host wall time.
enum class TimingMethod { Kernel, Sustained, Latency };

// How the host gets the final value. Read: a read command into host memory. Mapped: the last
// kernel writes it into a pinned, host-mapped buffer (CL_MEM_ALLOC_HOST_PTR, mapped once) and
// the host waits for the queue, then reads the mapping (kernel finishes only).
enum class ResultPath { Read, Mapped };

// Width of the accumulator for sums, products, dots and means.
// Default: 64-bit for integers, the element's own type for floats.
// Wide: 64-bit for integers, double for float32. Same: the element's width (integers wrap).
enum class AccumulatorMode { Default, Wide, Same };

struct ElementTypeInfo {
    ElementType type;
    std::string_view name;     // "int32"
    std::string_view cl_name;  // "int"
    std::size_t bytes;
    bool is_float;
    bool is_signed;
};

const ElementTypeInfo& info(ElementType type);
std::size_t size_of(ElementType type);
bool is_float(ElementType type);
bool is_signed(ElementType type);

std::string_view to_string(Operation op);
std::string_view to_string(ElementType type);
std::string_view to_string(Finish finish);
std::string_view to_string(AccumulatorMode mode);
std::string_view to_string(AccessLayout layout);  // "default", "strided", "blocked"
std::string_view to_string(TimingMethod method);  // "kernel", "sustained", "latency"
std::string_view to_string(ResultPath path);      // "read", "mapped"

std::optional<Operation> parse_operation(std::string_view text);
std::optional<ElementType> parse_element_type(std::string_view text);
std::optional<Finish> parse_finish(std::string_view text);
std::optional<AccumulatorMode> parse_accumulator_mode(std::string_view text);
// "strided" or "blocked" (a concrete layout: files and options never name Default).
std::optional<AccessLayout> parse_access_layout(std::string_view text);
std::optional<TimingMethod> parse_timing_method(std::string_view text);
std::optional<ResultPath> parse_result_path(std::string_view text);

std::span<const Operation> all_operations();
std::span<const ElementType> all_element_types();
std::span<const Finish> all_finishes();

// Operations that only make sense on integers (bitwise and, or, xor).
bool is_bitwise(Operation op);
// Operations whose device result carries an index (argmin, argmax).
bool has_index(Operation op);
// Operations that read two input arrays (dot).
bool needs_two_inputs(Operation op);

}  // namespace reducelab
