// CPU reference reductions and the verification rule.
#include "reducelab/reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "core/combine_semantics.h"
#include "reducelab/error.h"

namespace reducelab {
namespace {

using detail::combine_pairs;
using detail::combine_values;
using detail::Pair;

template <typename S>
Value value_of(const AccumulatorSpec& spec, S bits) {
    std::vector<std::byte> bytes(spec.device_bytes, std::byte{0});
    std::memcpy(bytes.data(), &bits, sizeof bits);
    return decode_accumulator(spec, bytes);
}

template <typename E>
Reference pair_reference(Operation op, const AccumulatorSpec& spec, const HostArray& a) {
    const auto values = a.as<E>();
    Pair<E> acc{values[0], 0};
    for (std::size_t i = 1; i < values.size(); ++i)
        acc = combine_pairs(op, acc, Pair<E>{values[i], i});
    return {value_of(spec, acc), 0.0};
}

// Float sums, dots, means and products in long double; sums compensated (Neumaier).
template <typename E>
Reference float_reference(Operation op, const AccumulatorSpec& spec, const HostArray& a,
                          const HostArray* b) {
    const auto x = a.as<E>();
    const bool single = spec.value_type == ElementType::Float32;
    if (op == Operation::Product) {
        long double product = 1.0L;
        for (E v : x) product *= v;
        const double result = static_cast<double>(product);
        return {Value::of_float(result, single), std::fabs(result)};
    }
    long double sum = 0.0L, compensation = 0.0L, magnitude = 0.0L;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const long double term = op == Operation::Dot
                                     ? static_cast<long double>(x[i]) * b->as<E>()[i]
                                     : static_cast<long double>(x[i]);
        const long double t = sum + term;
        // Only finite steps have a rounding error to compensate: with an infinity, (sum - t) is
        // inf - inf = NaN and would turn +Inf + +Inf into NaN.
        if (std::isfinite(t)) {
            if (std::fabs(sum) >= std::fabs(term))
                compensation += (sum - t) + term;
            else
                compensation += (term - t) + sum;
        }
        sum = t;
        magnitude += std::fabs(term);
    }
    if (std::isfinite(sum)) sum += compensation;
    if (op == Operation::Mean) {
        const long double n = static_cast<long double>(x.size());
        return {Value::of_float(static_cast<double>(sum / n)), static_cast<double>(magnitude / n)};
    }
    return {Value::of_float(static_cast<double>(sum), single), static_cast<double>(magnitude)};
}

// Everything exact: integer arithmetic (wrapping like the accumulator), min/max, bitwise,
// logical. Folds mapped elements with the device's combine in the accumulator's storage type.
template <typename E, typename S>
Reference exact_reference(Operation op, const AccumulatorSpec& spec, const HostArray& a,
                          const HostArray* b) {
    const auto x = a.as<E>();
    const auto map = [&](std::size_t i) -> S {
        if (op == Operation::LogicalAnd || op == Operation::LogicalOr) return x[i] != E(0) ? 1 : 0;
        if constexpr (std::is_integral_v<E> && std::is_unsigned_v<S>) {
            if (spec.wraps) {
                // Sign- (or zero-) extend to 64 bits, then keep the accumulator's width.
                const auto widen = [](E v) {
                    if constexpr (std::is_signed_v<E>)
                        return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
                    else
                        return static_cast<std::uint64_t>(v);
                };
                if (op == Operation::Dot)
                    return detail::wrap_multiply(static_cast<S>(widen(x[i])),
                                                 static_cast<S>(widen(b->as<E>()[i])));
                return static_cast<S>(widen(x[i]));
            }
        }
        return static_cast<S>(x[i]);
    };
    S acc = map(0);
    for (std::size_t i = 1; i < x.size(); ++i) acc = combine_values(op, acc, map(i));
    Value value = value_of(spec, acc);
    if (op == Operation::Mean)
        value = Value::of_float(value.as_double() / static_cast<double>(x.size()));
    return {value, 0.0};
}

template <typename E>
Reference reference_for(Operation op, const AccumulatorSpec& spec, const HostArray& a,
                        const HostArray* b) {
    if (spec.is_pair) return pair_reference<E>(op, spec, a);
    const bool arithmetic = op == Operation::Sum || op == Operation::Dot || op == Operation::Mean ||
                            op == Operation::Product;
    if constexpr (std::is_floating_point_v<E>) {
        if (arithmetic) return float_reference<E>(op, spec, a, b);
        if (op == Operation::LogicalAnd || op == Operation::LogicalOr)
            return exact_reference<E, std::uint32_t>(op, spec, a, b);
        return exact_reference<E, E>(op, spec, a, b);
    } else {
        if (op == Operation::LogicalAnd || op == Operation::LogicalOr)
            return exact_reference<E, std::uint32_t>(op, spec, a, b);
        if (spec.wraps)
            return spec.device_bytes == 8 ? exact_reference<E, std::uint64_t>(op, spec, a, b)
                                          : exact_reference<E, std::uint32_t>(op, spec, a, b);
        return exact_reference<E, E>(op, spec, a, b);
    }
}

}  // namespace

Reference compute_reference(Operation op, const AccumulatorSpec& spec, const HostArray& first,
                            const HostArray* second) {
    if (first.size() == 0) throw Error(ErrorKind::InvalidArgument, "reference of an empty array");
    if (needs_two_inputs(op) &&
        (!second || second->size() != first.size() || second->type() != first.type()))
        throw Error(ErrorKind::InvalidArgument, "dot needs two inputs of the same type and length");
    Reference reference;
    switch (first.type()) {
        case ElementType::Int32:
            reference = reference_for<std::int32_t>(op, spec, first, second);
            break;
        case ElementType::UInt32:
            reference = reference_for<std::uint32_t>(op, spec, first, second);
            break;
        case ElementType::Int64:
            reference = reference_for<std::int64_t>(op, spec, first, second);
            break;
        case ElementType::UInt64:
            reference = reference_for<std::uint64_t>(op, spec, first, second);
            break;
        case ElementType::Float32:
            reference = reference_for<float>(op, spec, first, second);
            break;
        case ElementType::Float64:
            reference = reference_for<double>(op, spec, first, second);
            break;
    }
    reference.terms = first.size();
    return reference;
}

Verification verify(Operation op, const AccumulatorSpec& spec, const Value& device,
                    const Reference& reference, std::uint64_t chain_length) {
    Verification v;
    const Value& ref = reference.value;
    const bool index_ok = device.index == ref.index;
    if (ref.kind != Value::Kind::Float) {
        v.verified = index_ok && device.kind == ref.kind && device.i == ref.i && device.u == ref.u;
        v.abs_error = v.verified ? 0.0 : std::fabs(device.as_double() - ref.as_double());
        v.rel_error =
            ref.as_double() != 0.0 ? v.abs_error / std::fabs(ref.as_double()) : v.abs_error;
        v.rule = "exact";
        return v;
    }
    const double d = device.as_double();
    double r = ref.f;
    const bool arithmetic = op == Operation::Sum || op == Operation::Dot || op == Operation::Mean ||
                            op == Operation::Product;
    // A float32 result whose exact value lies beyond the format's range is +-Inf once rounded:
    // compare with that, not with the wider reference's finite number.
    // (0x1.ffffffp127 is FLT_MAX plus half an ulp: from there float32 rounds to infinity.)
    if (arithmetic && spec.value_type == ElementType::Float32 && std::isfinite(r) &&
        std::fabs(r) >= 0x1.ffffffp127)
        r = std::copysign(std::numeric_limits<double>::infinity(), r);
    if (std::isnan(r) || std::isnan(d) || std::isinf(r) || std::isinf(d) || !arithmetic) {
        // NaN matches NaN; infinities and min/max/arg* must be identical (+0 == -0).
        v.verified = index_ok && ((std::isnan(r) && std::isnan(d)) || d == r);
        v.abs_error = v.verified ? 0.0 : std::numeric_limits<double>::infinity();
        if (!std::isnan(r) && !std::isnan(d) && std::isfinite(r) && std::isfinite(d))
            v.abs_error = std::fabs(d - r);
        v.rel_error =
            (r != 0.0 && std::isfinite(v.abs_error)) ? v.abs_error / std::fabs(r) : v.abs_error;
        v.rule = arithmetic ? "non-finite values must match exactly" : "exact";
        return v;
    }
    const bool single = spec.value_type == ElementType::Float32;
    const double u = single ? 0x1.0p-24 : 0x1.0p-53;
    // One more rounding for the product inside a dot, and one for the final division of a mean.
    const std::uint64_t chain = op == Operation::Product
                                    ? std::max<std::uint64_t>(chain_length, reference.terms)
                                    : chain_length;
    const double k = static_cast<double>(chain) + (op == Operation::Dot ? 1 : 0) +
                     (op == Operation::Mean ? 1 : 0) + 1;
    // gamma(k) is a worst-case bound and says nothing once k*u nears 1 (a sequential float32 sum
    // of 2^24 terms): there the probabilistic bound of Higham & Mary (SIAM J. Sci. Comput. 41,
    // 2019) applies, exp(lambda*sqrt(k)*u + k*u^2/(1-u)) - 1, which holds with probability at
    // least 1 - 2k*exp(-lambda^2*(1-u)^2/2) (< 1e-20 for lambda = 12 and k < 2^40) when the
    // rounding errors are independent. A stagnating sum (terms below the accumulator's ulp, a
    // systematic error) breaks that model and is rightly rejected.
    const bool probabilistic = k * u >= 0.5;
    constexpr double lambda = 12.0;
    const double gamma = probabilistic
                             ? std::expm1(lambda * std::sqrt(k) * u + k * u * u / (1.0 - u))
                             : k * u / (1.0 - k * u);
    const double scale = op == Operation::Product ? std::fabs(r) : reference.magnitude;
    // The smallest normal number covers products that reach the subnormal range.
    v.bound = gamma * scale + (single ? 0x1.0p-126 : 0x1.0p-1022);
    v.abs_error = std::fabs(d - r);
    v.rel_error = r != 0.0 ? v.abs_error / std::fabs(r) : v.abs_error;
    v.verified = v.abs_error <= v.bound;
    char text[160];
    std::snprintf(text, sizeof text, "|error| <= %s(%g) * %s = %.3g (u = 2^%d)",
                  probabilistic ? "probabilistic gamma, lambda 12," : "gamma", k,
                  op == Operation::Product ? "|reference|" : "sum |terms|", v.bound,
                  single ? -24 : -53);
    v.rule = text;
    return v;
}

}  // namespace reducelab
