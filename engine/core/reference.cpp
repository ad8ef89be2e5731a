// CPU reference reductions (exact where the terms allow, over the host's cores).
#include "reducelab/reference.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "core/combine_semantics.h"
#include "core/exact_sum.h"
#include "reducelab/error.h"
#include "reducelab/run_types.h"

namespace reducelab {
namespace {

using detail::combine_pairs;
using detail::combine_values;
using detail::Pair;

// The reference of a 16 GiB input took minutes on one core (an exact sum is a few ns an
// element), so its loops run over the host's cores, in chunks of this many elements. The split
// into chunks and the order of the joins depend only on n (parallel_deterministic_reduce), so the
// same input gives the same reference, bit for bit, on any number of threads.
constexpr std::size_t kReferenceGrain = std::size_t{1} << 16;

// fold(begin, end, T&) over [0, n) in chunks, join(T& left, const T& right) left to right.
template <typename T, typename Fold, typename Join>
T fold_chunks(std::size_t n, Fold fold, Join join) {
    return tbb::parallel_deterministic_reduce(
        tbb::blocked_range<std::size_t>(0, n, kReferenceGrain), T{},
        [&](const tbb::blocked_range<std::size_t>& range, T acc) {
            T part{};
            fold(range.begin(), range.end(), part);
            join(acc, part);
            return acc;
        },
        [&](T left, const T& right) {
            join(left, right);
            return left;
        });
}

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

// The exact sum (dot) of finite terms; false when a term is not finite (or a float64 product
// cannot be split exactly), and the long double sum below stands in.
template <typename E>
bool exact_sum_of(bool dot, std::span<const E> x, std::span<const E> y, ExactSum& sum) {
    struct Part {
        ExactSum sum;
        bool finite = true;
    };
    Part total = fold_chunks<Part>(
        x.size(),
        [&](std::size_t begin, std::size_t end, Part& part) {
            for (std::size_t i = begin; i < end && part.finite; ++i) {
                if (!dot)
                    part.finite = part.sum.add(static_cast<double>(x[i]));
                else if constexpr (std::is_same_v<E, float>)
                    part.finite = part.sum.add(static_cast<double>(x[i]) * y[i]);  // 48 bits
                else
                    part.finite = part.sum.add_product(x[i], y[i]);
            }
        },
        [](Part& left, const Part& right) {
            left.finite = left.finite && right.finite;
            if (left.finite) left.sum.add(right.sum);  // exact: any order gives the same sum
        });
    if (total.finite) sum.add(total.sum);
    return total.finite;
}

// Compensated long double sum (dot) of the terms and the sum of their magnitudes: the value
// where a term is not finite, and the magnitude for the error bound.
struct TermSum {
    long double sum = 0.0L, compensation = 0.0L, magnitude = 0.0L;
    void add(long double term) {
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
    }
    void join(const TermSum& right) {
        add(right.sum);
        compensation += right.compensation;
        magnitude += right.magnitude;
    }
};

// Float sums, dots and means exactly where the terms are finite (in long double, compensated,
// otherwise); products in long double.
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
    const bool dot = op == Operation::Dot;
    const TermSum compensated = fold_chunks<TermSum>(
        x.size(),
        [&](std::size_t begin, std::size_t end, TermSum& part) {
            for (std::size_t i = begin; i < end; ++i) {
                const long double term = dot ? static_cast<long double>(x[i]) * b->as<E>()[i]
                                             : static_cast<long double>(x[i]);
                part.add(term);
                part.magnitude += std::fabs(term);
            }
        },
        [](TermSum& left, const TermSum& right) { left.join(right); });
    long double sum = compensated.sum;
    const long double magnitude = compensated.magnitude;
    if (std::isfinite(sum)) sum += compensated.compensation;
    double total = static_cast<double>(sum);
    ExactSum exact;
    Reference reference;
    if (exact_sum_of<E>(dot, x, dot ? b->as<E>() : x, exact)) {
        total = exact.to_double();
        reference.exact_sum_known = true;
        reference.correctly_rounded = single ? exact.to_float() : total;
    }
    if (op == Operation::Mean) {
        // The device's mean is its sum, as a double, divided in double: divide the same way, so
        // that an exact sum gives the identical mean.
        const double n = static_cast<double>(x.size());
        reference.value = Value::of_float(total / n);
        reference.magnitude = static_cast<double>(magnitude) / n;
        return reference;
    }
    reference.value = Value::of_float(total, single);
    reference.magnitude = static_cast<double>(magnitude);
    return reference;
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
    if constexpr (std::is_integral_v<E>) {
        if (op == Operation::Mean && spec.split_halves) {
            // 64-bit elements: the exact sum in 128 bits (no wrap-around at all).
            Int128 total = 0;
            for (E v : x) total += static_cast<Int128>(v);
            return {Value::of_float(exact_integer_mean(total, x.size())), 0.0};
        }
    }
    // Every combine here is associative and the chunks join left to right.
    struct Part {
        S acc{};
        bool empty = true;
    };
    const Part folded = fold_chunks<Part>(
        x.size(),
        [&](std::size_t begin, std::size_t end, Part& part) {
            S acc = map(begin);
            for (std::size_t i = begin + 1; i < end; ++i) acc = combine_values(op, acc, map(i));
            part = {acc, false};
        },
        [&](Part& left, const Part& right) {
            if (right.empty) return;
            left = {left.empty ? right.acc : combine_values(op, left.acc, right.acc), false};
        });
    Value value = value_of(spec, folded.acc);
    if (op == Operation::Mean) {
        // 32-bit elements in the 64-bit accumulator: exact while n < 2^32. One rounding.
        const Int128 total = value.kind == Value::Kind::Signed ? Int128{value.i} : Int128{value.u};
        value = Value::of_float(exact_integer_mean(total, x.size()));
    }
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

// A finite nonzero float as odd * 2^exponent (odd an odd integer below 2^53).
struct Dyadic {
    std::uint64_t odd = 0;
    int exponent = 0;
    int odd_bits = 0;  // 0 when odd == 1, else its bit width: odd < 2^odd_bits
};

Dyadic dyadic_of(double v) {
    const DoubleParts parts = parts_of(v);
    const int zeros = std::countr_zero(parts.significand);
    Dyadic d;
    d.odd = parts.significand >> zeros;
    d.exponent = parts.exponent + zeros;
    d.odd_bits = d.odd == 1 ? 0 : static_cast<int>(std::bit_width(d.odd));
    return d;
}

struct FormatLimits {
    int precision;     // p: 24 or 53
    int min_exponent;  // exponent of the smallest normal number
    int max_exponent;  // values below 2^(max_exponent + 1) are finite
};

FormatLimits limits_of(const AccumulatorSpec& spec) {
    return spec.value_type == ElementType::Float32 ? FormatLimits{24, -126, 127}
                                                   : FormatLimits{53, -1022, 1023};
}

template <typename E>
bool exact_sum_or_dot(bool dot, const FormatLimits& f, std::span<const E> x, std::span<const E> y) {
    // Term i as a dyadic number (a dot's product, which must itself be exact in the format);
    // false for a zero term, or through `fail` when the term cannot be exact.
    const auto term = [&](std::size_t i, Dyadic& t, bool& fail) {
        if (x[i] == 0 || (dot && y[i] == 0)) return false;
        t = dyadic_of(static_cast<double>(x[i]));
        if (dot) {
            const Dyadic b = dyadic_of(static_cast<double>(y[i]));
            if (t.odd_bits + b.odd_bits > f.precision) {  // x*y may round
                fail = true;
                return false;
            }
            t.odd *= b.odd;  // below 2^53
            t.exponent += b.exponent;
        }
        return true;
    };
    // Pass 1: q, the lowest exponent of a set bit over all terms (two passes, no copy: the
    // input may be gigabytes).
    struct Lowest {
        int q = std::numeric_limits<int>::max();
        bool fail = false;
    };
    const Lowest lowest = fold_chunks<Lowest>(
        x.size(),
        [&](std::size_t begin, std::size_t end, Lowest& part) {
            Dyadic t;
            for (std::size_t i = begin; i < end && !part.fail; ++i) {
                if (!std::isfinite(x[i]) || (dot && !std::isfinite(y[i])))
                    part.fail = true;
                else if (term(i, t, part.fail))
                    part.q = std::min(part.q, t.exponent);
            }
        },
        [](Lowest& left, const Lowest& right) {
            left.q = std::min(left.q, right.q);
            left.fail = left.fail || right.fail;
        });
    if (lowest.fail) return false;
    const int q = lowest.q;
    if (q == std::numeric_limits<int>::max()) return true;  // all terms zero
    if (q < f.min_exponent || q + f.precision > f.max_exponent) return false;
    // Pass 2: sum |terms| / 2^q <= 2^p. Each quotient is an integer; partial sums (of a chunk,
    // and of chunks joined) stay below 2^64 while they are below 2^p, so long double adds them
    // exactly.
    const long double limit = std::ldexp(1.0L, f.precision);
    struct Units {
        long double units = 0.0L;
        bool fail = false;
    };
    const Units units = fold_chunks<Units>(
        x.size(),
        [&](std::size_t begin, std::size_t end, Units& part) {
            Dyadic t;
            for (std::size_t i = begin; i < end && !part.fail; ++i) {
                if (!term(i, t, part.fail)) continue;
                const int shift = t.exponent - q;
                if (shift > f.precision) {
                    part.fail = true;
                    break;
                }
                part.units += std::ldexp(static_cast<long double>(t.odd), shift);
                part.fail = part.units > limit;
            }
        },
        [&](Units& left, const Units& right) {
            left.fail = left.fail || right.fail;
            if (!left.fail) {
                left.units += right.units;
                left.fail = left.units > limit;
            }
        });
    return !units.fail;
}

template <typename E>
bool exact_product(const FormatLimits& f, std::span<const E> x) {
    // Every sub-product exact: odd parts multiply below 2^p, and the magnitude of any subset's
    // product stays within the normal range (zeros only ever make an exact 0).
    long long odd_bits = 0, high = 0, low = 0;
    for (E v : x) {
        if (!std::isfinite(v)) return false;
        if (v == 0) continue;
        const Dyadic d = dyadic_of(static_cast<double>(v));
        odd_bits += d.odd_bits;
        if (odd_bits > f.precision) return false;
        // log2 |v| lies in [exponent + odd_bits - 1, exponent + odd_bits) (= exponent for odd 1)
        const long long upper = d.exponent + d.odd_bits;
        const long long lower = d.odd_bits == 0 ? d.exponent : d.exponent + d.odd_bits - 1;
        high += std::max(0LL, upper);
        low += std::min(0LL, lower);
        if (high > f.max_exponent || low < f.min_exponent) return false;
    }
    return true;
}

template <typename E>
bool exact_for(Operation op, const FormatLimits& f, const HostArray& a, const HostArray* b) {
    const auto x = a.as<E>();
    if (op == Operation::Product) return exact_product<E>(f, x);
    const bool dot = op == Operation::Dot;
    return exact_sum_or_dot<E>(dot, f, x, dot ? b->as<E>() : x);
}

}  // namespace

bool float_exact_in_any_order(Operation op, const AccumulatorSpec& spec, const HostArray& first,
                              const HostArray* second) {
    if (spec.is_pair || !is_float(spec.value_type)) return false;
    if (op == Operation::Dot && (!second || second->size() != first.size())) return false;
    const FormatLimits f = limits_of(spec);
    switch (first.type()) {
        case ElementType::Float32:
            return exact_for<float>(op, f, first, second);
        case ElementType::Float64:
            return exact_for<double>(op, f, first, second);
        default:
            return false;
    }
}

double exact_integer_mean(Int128 sum, std::uint64_t n) {
    if (n == 0) return std::numeric_limits<double>::quiet_NaN();
    const bool negative = sum < 0;
    const UInt128 magnitude =
        negative ? UInt128(0) - static_cast<UInt128>(sum) : static_cast<UInt128>(sum);
    const auto bit_width128 = [](UInt128 v) {
        const auto high = static_cast<std::uint64_t>(v >> 64);
        return high ? 64 + static_cast<int>(std::bit_width(high))
                    : static_cast<int>(std::bit_width(static_cast<std::uint64_t>(v)));
    };
    if (magnitude == 0) return 0.0;
    // A quotient of at least 55 bits (the sum scaled by 2^shift), the remainder as a sticky bit,
    // then one round-to-nearest-even to 53 bits. The shifted sum stays below 2^(55 + 64).
    const int shift =
        std::max(0, 55 + static_cast<int>(std::bit_width(n)) - bit_width128(magnitude));
    const UInt128 scaled = magnitude << shift;
    UInt128 quotient = scaled / n;
    const bool sticky = scaled % n != 0;
    const int extra = bit_width128(quotient) - 53;  // >= 2 unless the quotient is 0
    int exponent = -shift;
    if (extra > 0) {
        const UInt128 dropped = quotient & ((UInt128(1) << extra) - 1);
        const UInt128 half = UInt128(1) << (extra - 1);
        quotient >>= extra;
        exponent += extra;
        if (dropped > half || (dropped == half && (sticky || (quotient & 1))))
            quotient += 1;  // may carry to 2^53: still exact in a double
    }
    const double value = std::ldexp(static_cast<double>(quotient), exponent);
    return negative ? -value : value;
}

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
    const bool float_arithmetic = !spec.is_pair && is_float(spec.value_type) &&
                                  (op == Operation::Sum || op == Operation::Dot ||
                                   op == Operation::Mean || op == Operation::Product);
    if (float_arithmetic && std::isfinite(reference.value.f))
        reference.exact_in_any_order = float_exact_in_any_order(op, spec, first, second);
    return reference;
}

}  // namespace reducelab
