// The exact sum of floating-point numbers and its correct rounding: the reference that the
// adversarial fills and the determinism lab compare every device result with.
#pragma once

#include <array>
#include <cstdint>

namespace reducelab {

// A finite double as (-1)^negative * significand * 2^exponent, with significand < 2^53 and
// exponent >= -1074 (the smallest subnormal's); zero has significand 0.
struct DoubleParts {
    std::uint64_t significand = 0;
    int exponent = 0;
    bool negative = false;
};
DoubleParts parts_of(double value);

// A superaccumulator (Kulisch-style long fixed-point number): every finite double is added
// without any rounding, into 32-bit digits held in 64-bit words so that carries can wait.
// The digits cover 2^-1088 .. 2^1088 and beyond, so any sum of up to 2^60 finite doubles (or of
// exact float products) is held exactly. Rounding happens once, at the end, to nearest even.
class ExactSum {
  public:
    // Adds a finite double exactly; returns false (and adds nothing) for NaN or an infinity.
    bool add(double value);
    // Adds x * y exactly (the product split with an fma into two doubles); false when the
    // product or its rounding error is not finite, or when the error underflows (then the
    // product cannot be split exactly).
    bool add_product(double x, double y);
    void add(const ExactSum& other);

    bool is_zero() const;
    int sign() const;  // -1, 0 or 1
    // The exact sum rounded once, to nearest with ties to even (overflow gives +-infinity).
    double to_double() const;
    float to_float() const;

  private:
    static constexpr int kDigits = 72;    // 72 * 32 = 2304 bits
    static constexpr int kOffset = 1120;  // digit bit 0 of word 0 weighs 2^-kOffset
    void add_scaled(std::uint64_t significand, int exponent, bool negative);
    void normalize();
    double rounded(int precision, int min_exponent) const;

    std::array<std::int64_t, kDigits> words_{};
    std::uint32_t pending_ = 0;  // additions since the last carry propagation
};

}  // namespace reducelab
