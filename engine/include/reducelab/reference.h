// The CPU reference every reduction is verified against, and the verification rule.
#pragma once

#include <cstdint>
#include <string>

#include "reducelab/accumulator.h"
#include "reducelab/host_array.h"

namespace reducelab {

struct Reference {
    // Integers: exact, with the same wrap-around as the accumulator. Floats: the sum, dot or
    // product computed in long double (compensated for sums), rounded to double.
    Value value;
    // Scale of the rounding error: sum of |terms| (sum, dot, mean) or |result| (product).
    double magnitude = 0.0;
    // Elements reduced: a float product rounds once per multiplication, n - 1 times in all,
    // in whatever order the device multiplies.
    std::uint64_t terms = 0;
};

// `second` is the second input of a dot product (nullptr otherwise).
Reference compute_reference(Operation op, const AccumulatorSpec& spec, const HostArray& first,
                            const HostArray* second);

struct Verification {
    bool verified = false;
    double abs_error = 0.0;
    double rel_error = 0.0;
    double bound = 0.0;  // the largest absolute error accepted (0 for exact comparisons)
    std::string rule;    // how it was checked, for the user
};

// Compares the device's value with the reference. Integers, min/max and arg* must match exactly
// (a NaN matches a NaN); float sums, dots and means must lie within
// gamma(k) * magnitude with gamma(k) = k*u / (1 - k*u), u the unit round-off of the accumulator
// and k the longest chain of operations any term went through (grows with the items per
// work-item, log2 of the local size and the finish); products within gamma(k) * |reference|
// with k = n - 1 (every multiplication's rounding reaches the product, whatever the order).
// Where k*u >= 1/2 and gamma(k) is vacuous, the probabilistic bound of Higham & Mary (2019)
// with lambda = 12 replaces it (the rule text says which was used).
Verification verify(Operation op, const AccumulatorSpec& spec, const Value& device,
                    const Reference& reference, std::uint64_t chain_length);

}  // namespace reducelab
