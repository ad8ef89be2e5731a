// The CPU reference every reduction is verified against, and the verification rule.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "reducelab/accumulator.h"
#include "reducelab/host_array.h"

namespace reducelab {

// 128-bit integers for exact integer means (__extension__: -Wpedantic accepts them then).
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

struct Reference {
    // Integers: exact, with the same wrap-around as the accumulator; an integer mean divides the
    // exact (up to 128-bit) sum, rounded once. Floats: the sum, dot or product computed in long
    // double (compensated for sums), rounded to double; a float mean divides that sum.
    Value value;
    // Scale of the rounding error: sum of |terms| (sum, dot, mean) or |result| (product).
    double magnitude = 0.0;
    // Elements reduced: a float product rounds once per multiplication, n - 1 times in all,
    // in whatever order the device multiplies.
    std::uint64_t terms = 0;
    // Float sums, dots, means and products whose every partial result, in ANY order, is
    // representable in the accumulator (see float_exact_in_any_order): the device must match
    // exactly.
    bool exact_in_any_order = false;
    // Float sums, means and dots of finite terms: the sum is computed exactly (ExactSum) and
    // `value` is it rounded once to double (a mean divides that). `correctly_rounded` is the
    // exact sum (dot) rounded once to the accumulator's type, float32 or float64: the value a
    // correctly rounded reduction returns.
    bool exact_sum_known = false;
    double correctly_rounded = 0.0;
};

// `second` is the second input of a dot product (nullptr otherwise).
Reference compute_reference(Operation op, const AccumulatorSpec& spec, const HostArray& first,
                            const HostArray* second);

// Whether a float sum (or dot, or product) of these terms is exact in every order of
// combination in an accumulator of `spec`: with every term a multiple of 2^q (q >= the smallest
// normal exponent, so nothing is flushed) and sum |terms| / 2^q <= 2^p (p = 24 or 53), every
// partial sum of any subset is an integer multiple of 2^q below 2^p * 2^q, hence representable,
// hence every addition is exact. Dot terms count when each product x*y is itself exact; a
// product counts when the odd parts multiply below 2^p and no sub-product leaves the normal
// range.
bool float_exact_in_any_order(Operation op, const AccumulatorSpec& spec, const HostArray& first,
                              const HostArray* second);

// The mean of an exact integer sum, correctly rounded to double (one rounding, like numpy's
// float64 mean of values it can hold exactly).
double exact_integer_mean(Int128 sum, std::uint64_t n);

// Per-work-group evidence for a float sum, dot or mean (reduce kernels whose work-groups each
// leave one partial, read from the device), and which work-group reads each element.
struct GroupEvidence {
    const HostArray* first = nullptr;
    const HostArray* second = nullptr;                     // dot
    std::function<std::uint64_t(std::uint64_t)> group_of;  // element index -> work-group
    std::uint64_t groups = 0;
    std::uint64_t group_chain = 0;   // longest chain of combines inside one work-group
    std::uint64_t finish_chain = 0;  // longest chain of combines over the partials
    // The device's partial of each work-group (empty when the finish did not keep them: the
    // group sums are then only used to bound the finish).
    std::vector<double> partials;
    // The device's total before a mean's division (the value itself otherwise).
    double device_total = 0.0;
};

struct Verification {
    bool verified = false;
    double abs_error = 0.0;
    double rel_error = 0.0;
    double bound = 0.0;             // the largest absolute error accepted (0 for exact comparisons)
    double worst_case_bound = 0.0;  // floats: gamma(k) * sum |terms| for the whole chain (info)
    std::uint64_t failed_groups = 0;  // work-groups whose partial was outside its bound
    std::string rule;                 // how it was checked, for the user
};

// Compares the device's value with the reference. Integers, min/max and arg* must match exactly
// (a NaN matches a NaN). Floats:
//  - exact: when the sum/dot/product is exact in any order (float_exact_in_any_order), the
//    device must match the reference bit for bit (+0 == -0).
//  - staged: float sums, dots and means with GroupEvidence. A reduction is two stages: inside
//    each work-group (chain k1) and the finish over the partials (chain kf). Each stage gets the
//    worst-case bound gamma(k) = k*u/(1 - k*u) (u: unit round-off of the accumulator), but over
//    its own terms only: work-group g's partial must lie within gamma(k1) * sum_g |x| of the
//    exact sum of its elements, and the result within gamma(kf) * sum |partials| of the exact
//    sum of the device's partials. The whole error then lies within
//    gamma(k1) * sum |x| + gamma(kf) * (sum_g |s_g| + gamma(k1) * sum |x|) (s_g the exact group
//    sums), checked too (the only check where partials are not kept: atomic finish). Group sums
//    of random signs cancel, so this is ~G times tighter than gamma(k1 + kf) * sum |x| and a
//    dropped or wrong element shows in its work-group.
//  - whole: otherwise |error| <= gamma(k) * sum |terms| (|reference| for products, k = n - 1).
// Where gamma(k) is vacuous (k*u >= 1/2) the probabilistic bound of Higham & Mary (2019),
// exp(lambda*sqrt(k)*u + k*u^2/(1-u)) - 1 with lambda = 12, replaces it. Probabilistic bounds
// are not used where gamma works: they assume independent rounding errors, and a sum of equal
// values (0.1f again and again) rounds the same way at every step, so a correct sequential fold
// can exceed lambda*sqrt(k)*u*sum|x| and would be a false alarm. The rule text names the rule.
Verification verify(Operation op, const AccumulatorSpec& spec, const Value& device,
                    const Reference& reference, std::uint64_t chain_length,
                    const GroupEvidence* groups = nullptr);

// The correctly rounded variant (reproducible): its float sum must equal the exact sum rounded
// once to the accumulator's type, bit for bit; with NaN or infinite terms, IEEE's result.
Verification verify_correctly_rounded(const AccumulatorSpec& spec, const Value& device,
                                      const Reference& reference);

struct RunResult;
// Writes the reference value and the verdict into a run's result.
void record_verification(RunResult& result, const Value& reference, const Verification& check);

}  // namespace reducelab
