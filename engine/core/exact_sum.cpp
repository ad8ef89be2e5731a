// The superaccumulator behind the exact references.
#include "core/exact_sum.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace reducelab {
namespace {

constexpr std::int64_t kDigitMask = 0xffffffff;
// Each addition puts at most 2^32 - 1 into a word: 2^30 of them fit in an int64 with margin.
constexpr std::uint32_t kAdditionsBeforeCarry = 1u << 30;

}  // namespace

void ExactSum::add_scaled(std::uint64_t significand, int exponent, bool negative) {
    // value = significand * 2^exponent, significand < 2^53, exponent >= -1074.
    const int position = exponent + kOffset;  // bit position of the significand's bit 0
    const int word = position / 32;
    const int shift = position % 32;
    __extension__ const unsigned __int128 shifted = static_cast<unsigned __int128>(significand)
                                                    << shift;  // below 2^85: three digits
    for (int k = 0; k < 3; ++k) {
        const auto digit = static_cast<std::int64_t>((shifted >> (32 * k)) & kDigitMask);
        words_[word + k] += negative ? -digit : digit;
    }
    if (++pending_ >= kAdditionsBeforeCarry) normalize();
}

DoubleParts parts_of(double value) {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    const int field = static_cast<int>((bits >> 52) & 0x7ff);
    DoubleParts parts;
    parts.significand = bits & ((std::uint64_t{1} << 52) - 1);
    parts.exponent = -1074;
    parts.negative = (bits >> 63) != 0;
    if (field != 0) {
        parts.significand |= std::uint64_t{1} << 52;
        parts.exponent = field - 1075;
    }
    return parts;
}

bool ExactSum::add(double value) {
    if (!std::isfinite(value)) return false;
    if (value == 0.0) return true;
    const DoubleParts parts = parts_of(value);
    add_scaled(parts.significand, parts.exponent, parts.negative);
    return true;
}

bool ExactSum::add_product(double x, double y) {
    const double product = x * y;
    if (!std::isfinite(product)) return false;
    // The fma gives the product's exact rounding error while the product stays at least
    // 2^-969 in magnitude (Boldo & Muller); below that the error itself may be rounded.
    if (x != 0.0 && y != 0.0 && std::fabs(product) < 0x1.0p-969) return false;
    const double error = std::fma(x, y, -product);
    return add(product) && add(error);
}

void ExactSum::add(const ExactSum& other) {
    ExactSum copy = other;
    copy.normalize();
    normalize();
    for (int i = 0; i < kDigits; ++i) words_[i] += copy.words_[i];
    normalize();
}

void ExactSum::normalize() {
    // Every word but the top one back into [0, 2^32); the top one keeps the sign.
    for (int i = 0; i + 1 < kDigits; ++i) {
        const std::int64_t carry = words_[i] >> 32;  // arithmetic shift: floor division
        words_[i] -= carry * (std::int64_t{1} << 32);
        words_[i + 1] += carry;
    }
    pending_ = 0;
}

bool ExactSum::is_zero() const {
    return sign() == 0;
}

int ExactSum::sign() const {
    ExactSum copy = *this;
    copy.normalize();
    if (copy.words_[kDigits - 1] < 0) return -1;
    for (std::int64_t w : copy.words_)
        if (w != 0) return 1;
    return 0;
}

double ExactSum::rounded(int precision, int min_exponent) const {
    ExactSum copy = *this;
    copy.normalize();
    const bool negative = copy.words_[kDigits - 1] < 0;
    std::array<std::uint64_t, kDigits> digits{};
    if (negative) {
        // Two's complement negation over the digits: invert, add one.
        std::uint64_t carry = 1;
        for (int i = 0; i < kDigits; ++i) {
            const std::uint64_t inverted =
                (~static_cast<std::uint64_t>(copy.words_[i]) & kDigitMask) + carry;
            digits[i] = inverted & kDigitMask;
            carry = inverted >> 32;
        }
    } else {
        for (int i = 0; i < kDigits; ++i) digits[i] = static_cast<std::uint64_t>(copy.words_[i]);
    }
    int top_word = kDigits - 1;
    while (top_word >= 0 && digits[top_word] == 0) --top_word;
    if (top_word < 0) return 0.0;
    const auto bit = [&](int position) -> std::uint64_t {
        return position < 0 ? 0 : (digits[position / 32] >> (position % 32)) & 1;
    };
    const int top = top_word * 32 + static_cast<int>(std::bit_width(digits[top_word])) - 1;
    // The result's lowest kept bit: p bits below the top, but never below the subnormal step.
    const int lowest = std::max(top - precision + 1, min_exponent - precision + 1 + kOffset);
    std::uint64_t significand = 0;
    for (int p = top; p >= lowest; --p) significand = (significand << 1) | bit(p);
    const std::uint64_t round_bit = bit(lowest - 1);
    bool sticky = false;
    for (int p = lowest - 2; p >= 0 && !sticky; --p) sticky = bit(p) != 0;
    if (round_bit && (sticky || (significand & 1))) ++significand;  // may carry to 2^p: exact
    const double magnitude = std::ldexp(static_cast<double>(significand), lowest - kOffset);
    return negative ? -magnitude : magnitude;
}

double ExactSum::to_double() const {
    return rounded(53, -1022);
}

float ExactSum::to_float() const {
    const double value = rounded(24, -126);  // a float32 value, or beyond float32's range
    if (std::fabs(value) >= 0x1.0p128)
        return std::copysign(std::numeric_limits<float>::infinity(), value);
    return static_cast<float>(value);
}

}  // namespace reducelab
