// The verification rule: a device's result against the CPU reference (exact for integers and
// exact float sums, a rounding-error bound otherwise), and the staged per-group check.
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>

#include "core/combine_semantics.h"
#include "core/exact_sum.h"
#include "reducelab/error.h"
#include "reducelab/reference.h"
#include "reducelab/run_types.h"

namespace reducelab {

namespace {

constexpr double kLambda = 12.0;  // Higham & Mary's lambda: failure probability < 1e-15

// The relative bound of a chain of k roundings: gamma(k) = k*u/(1 - k*u) while k*u < 1/2, else
// the probabilistic bound of Higham & Mary (see reference.h).
double chain_factor(double k, double u, bool& probabilistic) {
    if (k * u < 0.5) return k * u / (1.0 - k * u);
    probabilistic = true;
    return std::expm1(kLambda * std::sqrt(k) * u + k * u * u / (1.0 - u));
}

std::string factor_text(double k, bool probabilistic) {
    return fmt::format("{}({:g})", probabilistic ? "probabilistic gamma, lambda 12," : "gamma", k);
}

// Neumaier's compensated running sum in long double.
struct CompensatedSum {
    long double sum = 0.0L, compensation = 0.0L;
    void add(long double term) {
        const long double t = sum + term;
        if (std::fabs(sum) >= std::fabs(term))
            compensation += (sum - t) + term;
        else
            compensation += (term - t) + sum;
        sum = t;
    }
    long double value() const { return sum + compensation; }
};

struct GroupSums {
    std::vector<CompensatedSum> sums;
    std::vector<long double> magnitudes;  // sum |terms| per work-group
    bool valid = true;                    // false when the mapping named a group out of range
};

template <typename E>
GroupSums group_sums_of(const GroupEvidence& e, bool dot) {
    GroupSums out;
    out.sums.resize(e.groups);
    out.magnitudes.assign(e.groups, 0.0L);
    const auto x = e.first->as<E>();
    const auto y = dot ? e.second->as<E>() : x;
    for (std::size_t j = 0; j < x.size(); ++j) {
        const std::uint64_t g = e.group_of(j);
        if (g >= e.groups) {
            out.valid = false;
            return out;
        }
        const long double term =
            dot ? static_cast<long double>(x[j]) * y[j] : static_cast<long double>(x[j]);
        out.sums[g].add(term);
        out.magnitudes[g] += std::fabs(term);
    }
    return out;
}

// Integers must match exactly (and arg* indices too).
Verification verify_integer(const Value& device, const Value& ref, bool index_ok) {
    Verification v;
    v.verified = index_ok && device.kind == ref.kind && device.i == ref.i && device.u == ref.u;
    v.abs_error = v.verified ? 0.0 : std::fabs(device.as_double() - ref.as_double());
    v.rel_error = ref.as_double() != 0.0 ? v.abs_error / std::fabs(ref.as_double()) : v.abs_error;
    v.rule = "exact";
    return v;
}

// Integer means: both sides divide the exact integer sum once, correctly rounded.
Verification verify_integer_mean(const AccumulatorSpec& spec, const Value& device,
                                 const Value& ref) {
    Verification v;
    const double dm = device.as_double();
    v.verified = dm == ref.f || (std::isnan(dm) && std::isnan(ref.f));
    v.abs_error = v.verified ? 0.0 : std::fabs(dm - ref.f);
    v.rel_error = ref.f != 0.0 ? v.abs_error / std::fabs(ref.f) : v.abs_error;
    v.rule = spec.split_halves
                 ? "exact: the 128-bit sum (32-bit halves summed apart) divided by n, "
                   "rounded once"
             : spec.device_bytes == 4
                 ? "exact: the sum in the 32-bit accumulator asked for (it wraps) divided "
                   "by n, rounded once"
                 : "exact: the integer sum (64-bit accumulator) divided by n, rounded once";
    return v;
}

// NaN matches NaN; infinities and min/max/arg* must be identical (+0 == -0).
Verification verify_identical(double d, double r, bool index_ok, bool arithmetic) {
    Verification v;
    v.verified = index_ok && ((std::isnan(r) && std::isnan(d)) || d == r);
    v.abs_error = v.verified ? 0.0 : std::numeric_limits<double>::infinity();
    if (!std::isnan(r) && !std::isnan(d) && std::isfinite(r) && std::isfinite(d))
        v.abs_error = std::fabs(d - r);
    v.rel_error =
        (r != 0.0 && std::isfinite(v.abs_error)) ? v.abs_error / std::fabs(r) : v.abs_error;
    v.rule = arithmetic ? "non-finite values must match exactly" : "exact";
    return v;
}

// The float format's unit roundoff and what it is written as.
struct Precision {
    bool single = false;
    double u = 0.0;
    int u_exponent = 0;
    // The smallest normal number per rounding covers results that reach the subnormal range
    // (and devices that flush them to zero).
    double tiny = 0.0;
};

// The staged check's factors: stage 1 inside the work-groups, stage f over their partials.
struct StageFactors {
    double k1 = 0.0, kf = 0.0, g1 = 0.0, gf = 0.0;
    bool p1 = false, pf = false;
};

// Work-group by work-group, then the finish over the device's own partials: fails `v` where a
// partial or the finish is outside its bound, and says so.
std::string check_partials(Verification& v, const GroupEvidence& groups, const GroupSums& sums,
                           const StageFactors& f, const Precision& p) {
    std::uint64_t first_bad = 0;
    double bad_error = 0.0, bad_bound = 0.0;
    CompensatedSum partial_sum;
    long double partial_magnitude = 0.0L;
    for (std::size_t g = 0; g < groups.partials.size(); ++g) {
        const double partial = groups.partials[g];
        const double expected = static_cast<double>(sums.sums[g].value());
        const double error = std::isfinite(partial) ? std::fabs(partial - expected)
                                                    : std::numeric_limits<double>::infinity();
        const double bound = f.g1 * static_cast<double>(sums.magnitudes[g]) + p.tiny * f.k1 +
                             std::ldexp(static_cast<double>(sums.magnitudes[g]), -60);
        if (!(error <= bound)) {
            if (v.failed_groups == 0) {
                first_bad = g;
                bad_error = error;
                bad_bound = bound;
            }
            ++v.failed_groups;
        }
        partial_sum.add(partial);
        partial_magnitude += std::fabs(static_cast<long double>(partial));
    }
    const double finish_error =
        std::fabs(groups.device_total - static_cast<double>(partial_sum.value()));
    const double finish_bound = f.gf * static_cast<double>(partial_magnitude) + p.tiny * f.kf;
    const bool finish_ok = finish_error <= finish_bound;
    v.verified = v.verified && v.failed_groups == 0 && finish_ok;
    const std::string detail =
        v.failed_groups > 0
            ? fmt::format(
                  "{} of {} work-group partials outside {} * sum |their terms| (first: "
                  "group {}, error {:.3g} > {:.3g}); ",
                  v.failed_groups, groups.groups, factor_text(f.k1, f.p1), first_bad, bad_error,
                  bad_bound)
            : fmt::format("each of {} work-group partials within {} * sum |its terms|; ",
                          groups.groups, factor_text(f.k1, f.p1));
    return detail + fmt::format("finish {} {} * sum |partials| (error {:.3g}); ",
                                finish_ok ? "within" : "OUTSIDE", factor_text(f.kf, f.pf),
                                finish_error);
}

// The staged bound of a float sum, dot or mean from the work-groups' evidence; false (and `v`
// untouched) when the evidence names a group out of range.
bool verify_staged(Verification& v, Operation op, const Reference& reference,
                   const GroupEvidence& groups, double r, const Precision& p,
                   const std::string& worst_text) {
    const bool dot = op == Operation::Dot;
    const GroupSums sums = groups.first->type() == ElementType::Float32
                               ? group_sums_of<float>(groups, dot)
                               : group_sums_of<double>(groups, dot);
    if (!sums.valid) return false;
    const double divide = op == Operation::Mean ? static_cast<double>(reference.terms) : 1;
    StageFactors f;
    f.k1 = static_cast<double>(groups.group_chain) + (dot ? 1 : 0) + 1;
    f.kf = static_cast<double>(groups.finish_chain) + 1;
    f.g1 = chain_factor(f.k1, p.u, f.p1);
    f.gf = chain_factor(f.kf, p.u, f.pf);
    long double total_magnitude = 0.0L, group_magnitude = 0.0L;
    for (std::size_t g = 0; g < sums.sums.size(); ++g) {
        total_magnitude += sums.magnitudes[g];
        group_magnitude += std::fabs(sums.sums[g].value());
    }
    const double stage1 = f.g1 * static_cast<double>(total_magnitude);
    const double sum_bound = stage1 + f.gf * (static_cast<double>(group_magnitude) + stage1) +
                             p.tiny * (f.k1 + f.kf) +
                             std::ldexp(static_cast<double>(total_magnitude), -60);
    // A mean: the device's sum divided in double, and the reference's own two roundings.
    v.bound = sum_bound / divide +
              (op == Operation::Mean ? 0x1.0p-52 * (std::fabs(r) + sum_bound / divide) : 0.0);
    v.verified = v.abs_error <= v.bound;
    const std::string detail =
        groups.partials.size() == groups.groups ? check_partials(v, groups, sums, f, p) : "";
    v.rule = fmt::format(
        "staged: {}|error| <= {} * sum |terms| + {} * sum |group sums| = {:.3g} (worst case {}; "
        "u = 2^{})",
        detail, factor_text(f.k1, f.p1), factor_text(f.kf, f.pf), v.bound, worst_text,
        p.u_exponent);
    return true;
}

// Finite float results of arithmetic operations: exact where any order is exact, the staged
// bound where the work-groups' evidence allows, else the worst case over the whole chain.
Verification verify_float(Operation op, const AccumulatorSpec& spec, double d, double r,
                          const Reference& reference, std::uint64_t chain_length,
                          const GroupEvidence* groups) {
    Verification v;
    Precision p;
    p.single = spec.value_type == ElementType::Float32;
    p.u = p.single ? 0x1.0p-24 : 0x1.0p-53;
    p.u_exponent = p.single ? -24 : -53;
    p.tiny = p.single ? 0x1.0p-126 : 0x1.0p-1022;
    v.abs_error = std::fabs(d - r);
    v.rel_error = r != 0.0 ? v.abs_error / std::fabs(r) : v.abs_error;

    // Worst case over the whole chain (always computed; the pass rule where nothing tighter
    // applies). One more rounding for the product inside a dot, and one for a mean's division.
    const std::uint64_t chain = op == Operation::Product
                                    ? std::max<std::uint64_t>(chain_length, reference.terms)
                                    : chain_length;
    const double k = static_cast<double>(chain) + (op == Operation::Dot ? 1 : 0) +
                     (op == Operation::Mean ? 1 : 0) + 1;
    bool probabilistic = false;
    const double whole_factor = chain_factor(k, p.u, probabilistic);
    const double scale = op == Operation::Product ? std::fabs(r) : reference.magnitude;
    v.worst_case_bound = whole_factor * scale + p.tiny * k;
    const std::string worst_text =
        fmt::format("{} * {} = {:.3g}", factor_text(k, probabilistic),
                    op == Operation::Product ? "|reference|" : "sum |terms|", v.worst_case_bound);

    if (reference.exact_in_any_order) {
        v.bound = 0.0;
        v.verified = d == r;
        v.rule = fmt::format(
            "exact: every {} is representable whatever the order (terms are multiples of 2^q, "
            "sum |terms| <= 2^{} * 2^q), so the result must equal the reference (worst case {})",
            op == Operation::Product ? "partial product" : "partial sum", p.single ? 24 : 53,
            worst_text);
        return v;
    }
    const bool staged_op = op == Operation::Sum || op == Operation::Dot || op == Operation::Mean;
    if (groups && staged_op && groups->first && groups->groups > 0 && groups->group_of &&
        verify_staged(v, op, reference, *groups, r, p, worst_text))
        return v;
    v.bound = v.worst_case_bound;
    v.verified = v.abs_error <= v.bound;
    v.rule = fmt::format("|error| <= {} (u = 2^{})", worst_text, p.u_exponent);
    return v;
}

}  // namespace

Verification verify(Operation op, const AccumulatorSpec& spec, const Value& device,
                    const Reference& reference, std::uint64_t chain_length,
                    const GroupEvidence* groups) {
    const Value& ref = reference.value;
    const bool index_ok = device.index == ref.index;
    if (ref.kind != Value::Kind::Float) return verify_integer(device, ref, index_ok);
    if (op == Operation::Mean && !is_float(spec.value_type))
        return verify_integer_mean(spec, device, ref);
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
    if (std::isnan(r) || std::isnan(d) || std::isinf(r) || std::isinf(d) || !arithmetic)
        return verify_identical(d, r, index_ok, arithmetic);
    return verify_float(op, spec, d, r, reference, chain_length, groups);
}

Verification verify_correctly_rounded(const AccumulatorSpec& spec, const Value& device,
                                      const Reference& reference) {
    // Non-finite terms: NaN and infinities follow IEEE, checked like any sum.
    if (!reference.exact_sum_known) return verify(Operation::Sum, spec, device, reference, 0);
    const bool single = spec.value_type == ElementType::Float32;
    const double d = device.as_double();
    const double r = reference.correctly_rounded;
    Verification v;
    v.verified = single ? std::bit_cast<std::uint32_t>(static_cast<float>(d)) ==
                              std::bit_cast<std::uint32_t>(static_cast<float>(r))
                        : std::bit_cast<std::uint64_t>(d) == std::bit_cast<std::uint64_t>(r);
    v.abs_error = v.verified ? 0.0 : std::fabs(d - r);
    if (std::isnan(v.abs_error)) v.abs_error = std::numeric_limits<double>::infinity();
    v.rel_error = r != 0.0 && std::isfinite(r) ? v.abs_error / std::fabs(r) : v.abs_error;
    v.rule = std::string(
                 "correctly rounded: bit for bit the exact sum (integer digits on the "
                 "CPU) rounded once to ") +
             (single ? "float32" : "float64") + ", to nearest with ties to even";
    return v;
}

void record_verification(RunResult& result, const Value& reference, const Verification& check) {
    result.reference = reference;
    result.verified = check.verified;
    result.abs_error = check.abs_error;
    result.rel_error = check.rel_error;
    result.error_bound = check.bound;
    result.verification_rule = check.rule;
}

}  // namespace reducelab
