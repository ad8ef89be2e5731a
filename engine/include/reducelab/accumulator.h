// The accumulator a reduction uses on the device, derived from (operation, type, mode), and the
// values the engine reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reducelab/types.h"

namespace reducelab {

struct AccumulatorSpec {
    // The accumulator's value type on the device. Integer sums, products and dots are
    // accumulated in the unsigned type of this width (defined wrap-around) and read back as
    // this type; argmin/argmax accumulate (element, 64-bit index) pairs.
    ElementType value_type;
    bool is_pair = false;
    std::size_t device_bytes = 0;  // sizeof(ACC) on the device (pairs are 16 bytes)
    std::string cl_type;           // "ulong", "float", "pair_t"
    std::string cl_signed_view;    // ACC_S: the type a signed element is widened through
    std::string description;       // "int64 (wraps at 64 bits)"
    bool wraps = false;            // integer arithmetic that wraps at the accumulator's width
    // Mean of 64-bit integers: the device sums the low and the high 32-bit halves of the
    // elements in two reductions (build knob LOAD_PART), exact while n <= 2^32; the host combines
    // them in 128 bits and divides once.
    bool split_halves = false;
};

// Throws Error(InvalidArgument) for combinations that make no sense (bitwise ops on floats).
AccumulatorSpec accumulator_for(Operation op, ElementType type, AccumulatorMode mode);

// A reported scalar: an integer (signed or unsigned) or a floating-point number, with the index
// for argmin/argmax.
struct Value {
    enum class Kind { Signed, Unsigned, Float };
    Kind kind = Kind::Signed;
    std::int64_t i = 0;
    std::uint64_t u = 0;
    double f = 0.0;
    bool single_precision = false;  // print as the shortest float32 that round-trips
    std::optional<std::uint64_t> index;

    static Value of_signed(std::int64_t v) { return Value{Kind::Signed, v, 0, 0.0, false, {}}; }
    static Value of_unsigned(std::uint64_t v) {
        return Value{Kind::Unsigned, 0, v, 0.0, false, {}};
    }
    static Value of_float(double v, bool single = false) {
        return Value{Kind::Float, 0, 0, v, single, {}};
    }

    double as_double() const;
    // Exact decimal for integers, shortest round-trip text for floats ("nan", "inf").
    std::string to_string() const;
};

// The accumulator value stored in `bytes` (device layout) as a Value.
Value decode_accumulator(const AccumulatorSpec& spec, std::span<const std::byte> bytes);

// The identity of the operation in the accumulator's device layout (what an atomic finish
// initialises its destination with).
std::vector<std::byte> identity_bytes(Operation op, const AccumulatorSpec& spec);

}  // namespace reducelab
