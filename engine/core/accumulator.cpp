// Accumulator selection, value decoding and printing.
#include "reducelab/accumulator.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "reducelab/error.h"

namespace reducelab {
namespace {

ElementType unsigned_of_width(std::size_t bytes) {
    return bytes == 4 ? ElementType::UInt32 : ElementType::UInt64;
}

template <typename V>
V load(std::span<const std::byte> bytes, std::size_t offset = 0) {
    V v;
    std::memcpy(&v, bytes.data() + offset, sizeof v);
    return v;
}

template <typename V>
void store(std::vector<std::byte>& bytes, V v, std::size_t offset = 0) {
    std::memcpy(bytes.data() + offset, &v, sizeof v);
}

}  // namespace

AccumulatorSpec accumulator_for(Operation op, ElementType type, AccumulatorMode mode) {
    const ElementTypeInfo& t = info(type);
    if (is_bitwise(op) && t.is_float)
        throw Error(ErrorKind::InvalidArgument, "operation '" + std::string(to_string(op)) +
                                                    "' needs an integer type, not " +
                                                    std::string(t.name));
    AccumulatorSpec spec;
    if (has_index(op)) {
        spec.value_type = type;
        spec.is_pair = true;
        spec.device_bytes = 16;  // {T value; ulong index;} with T padded to 8 bytes
        spec.cl_type = "pair_t";
        spec.cl_signed_view = std::string(t.cl_name);
        spec.description = std::string(t.name) + " value with its first index (uint64)";
        return spec;
    }
    const bool arithmetic = op == Operation::Sum || op == Operation::Product ||
                            op == Operation::Dot || op == Operation::Mean;
    if (op == Operation::LogicalAnd || op == Operation::LogicalOr) {
        spec.value_type = ElementType::UInt32;
        spec.description = "uint32 (0 or 1)";
    } else if (t.is_float) {
        const bool widen =
            arithmetic && mode == AccumulatorMode::Wide && type == ElementType::Float32;
        spec.value_type = widen ? ElementType::Float64 : type;
        spec.description = std::string(info(spec.value_type).name);
    } else if (arithmetic) {
        const std::size_t width = mode == AccumulatorMode::Same ? t.bytes : 8;
        spec.value_type = t.is_signed ? (width == 8 ? ElementType::Int64 : ElementType::Int32)
                                      : unsigned_of_width(width);
        spec.wraps = true;
        spec.description = std::string(info(spec.value_type).name) + " (wraps at " +
                           std::to_string(width * 8) + " bits)";
        if (op == Operation::Mean && t.bytes == 8) {
            spec.split_halves = true;
            spec.description = std::string(t.name) +
                               " sum exact in 128 bits (32-bit halves summed apart in uint64)";
        }
    } else if (is_bitwise(op)) {
        spec.value_type = type;
        spec.description = std::string(t.name);
    } else {  // min, max
        spec.value_type = type;
        spec.description = std::string(t.name);
    }
    const ElementTypeInfo& v = info(spec.value_type);
    spec.device_bytes = v.bytes;
    // Wrapping integer arithmetic runs on the unsigned type of the same width on the device.
    const ElementTypeInfo& storage = spec.wraps ? info(unsigned_of_width(v.bytes)) : v;
    spec.cl_type = std::string(storage.cl_name);
    // Signed elements widen through the signed type of the accumulator's width (sign extension).
    if (spec.wraps && t.is_signed)
        spec.cl_signed_view = v.bytes == 8 ? "long" : "int";
    else
        spec.cl_signed_view = spec.cl_type;
    return spec;
}

double Value::as_double() const {
    switch (kind) {
        case Kind::Signed:
            return static_cast<double>(i);
        case Kind::Unsigned:
            return static_cast<double>(u);
        case Kind::Float:
            return f;
    }
    return 0.0;
}

std::string Value::to_string() const {
    switch (kind) {
        case Kind::Signed:
            return std::to_string(i);
        case Kind::Unsigned:
            return std::to_string(u);
        case Kind::Float:
            break;
    }
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
    char text[64];
    const auto result = single_precision
                            ? std::to_chars(text, text + sizeof text, static_cast<float>(f))
                            : std::to_chars(text, text + sizeof text, f);
    return std::string(text, result.ptr);
}

Value decode_accumulator(const AccumulatorSpec& spec, std::span<const std::byte> bytes) {
    if (bytes.size() < spec.device_bytes)
        throw Error(ErrorKind::InvalidArgument, "accumulator bytes too short to decode");
    Value value;
    switch (spec.value_type) {
        case ElementType::Int32:
            value = Value::of_signed(load<std::int32_t>(bytes));
            break;
        case ElementType::UInt32:
            value = Value::of_unsigned(load<std::uint32_t>(bytes));
            break;
        case ElementType::Int64:
            value = Value::of_signed(load<std::int64_t>(bytes));
            break;
        case ElementType::UInt64:
            value = Value::of_unsigned(load<std::uint64_t>(bytes));
            break;
        case ElementType::Float32:
            value = Value::of_float(load<float>(bytes), true);
            break;
        case ElementType::Float64:
            value = Value::of_float(load<double>(bytes));
            break;
    }
    if (spec.is_pair) value.index = load<std::uint64_t>(bytes, 8);
    return value;
}

std::vector<std::byte> identity_bytes(Operation op, const AccumulatorSpec& spec) {
    std::vector<std::byte> bytes(spec.device_bytes, std::byte{0});
    const ElementType v = spec.value_type;
    const auto put_extreme = [&](bool highest) {
        switch (v) {
            case ElementType::Int32:
                store(bytes, highest ? std::numeric_limits<std::int32_t>::max()
                                     : std::numeric_limits<std::int32_t>::min());
                break;
            case ElementType::UInt32:
                store(bytes, highest ? std::numeric_limits<std::uint32_t>::max() : 0u);
                break;
            case ElementType::Int64:
                store(bytes, highest ? std::numeric_limits<std::int64_t>::max()
                                     : std::numeric_limits<std::int64_t>::min());
                break;
            case ElementType::UInt64:
                store(bytes,
                      highest ? std::numeric_limits<std::uint64_t>::max() : std::uint64_t{0});
                break;
            case ElementType::Float32:
                store(bytes, highest ? std::numeric_limits<float>::infinity()
                                     : -std::numeric_limits<float>::infinity());
                break;
            case ElementType::Float64:
                store(bytes, highest ? std::numeric_limits<double>::infinity()
                                     : -std::numeric_limits<double>::infinity());
                break;
        }
    };
    const auto put_one = [&] {
        if (v == ElementType::Float32)
            store(bytes, 1.0f);
        else if (v == ElementType::Float64)
            store(bytes, 1.0);
        else
            bytes[0] = std::byte{1};  // little-endian 1 of any integer width
    };
    switch (op) {
        case Operation::Sum:
        case Operation::Dot:
        case Operation::Mean:
        case Operation::BitOr:
        case Operation::BitXor:
        case Operation::LogicalOr:
            break;  // zero
        case Operation::Product:
        case Operation::LogicalAnd:
            put_one();
            break;
        case Operation::BitAnd:
            std::fill(bytes.begin(), bytes.end(), std::byte{0xff});
            break;
        case Operation::Min:
        case Operation::ArgMin:
            put_extreme(true);
            break;
        case Operation::Max:
        case Operation::ArgMax:
            put_extreme(false);
            break;
    }
    if (spec.is_pair) store(bytes, ~std::uint64_t{0}, 8);
    return bytes;
}

}  // namespace reducelab
