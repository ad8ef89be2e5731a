// reproducible.cl: the correctly rounded sum of float32 or float64 elements, with the same bits
// for every local size, work-group count and device. Nothing is rounded until the very end:
// every element is added exactly into a long fixed-point number (a superaccumulator, as in
// ExBLAS), held as 32-bit digits in 64-bit integers so that carries can wait; integer addition
// is associative, so the order the device adds in cannot matter. The last work-group rounds the
// exact total once, to nearest with ties to even.
//
// An element x = m * 2^(t - OFFSET), with m its integer significand (hidden bit included) and
// t = max(exponent field, 1) + 1, is the integer m << t in units of 2^-OFFSET: digit k holds
// bits 32k .. 32k + 31. Fast path: a work-item keeps a window B of W binades (t / W = B) and adds
// x * 2^(OFFSET - W*B), an integer, exactly: the multiply only changes the exponent. float32
// (W = 16, with doubles): each element converted to double (exact, and vectorised, unlike
// float-to-long conversion on x86) gives an integer below 2^39, summed per vector lane in double,
// exact while below 2^53, so a lane takes 2^14 of them; then the lanes are converted once and
// folded into the private digits k = B / 2 .. k + 2, 16 bits up for odd B. float64 (W = 16): the
// same with each windowed value (below 2^68) split into two integers within 2^34 by rounding,
// summed in two sets of lanes (2^19 each), the high one folded 34 bits further up. float32 without
// doubles (W = 32): an integer below 2^55, converted to long and summed, folded into the digits
// B, B+1 before it can overflow. A vector whose elements are not all in the
// window moves the window there, or, when they are spread out (or NaN, infinite, tiny), adds each
// element's digits to the work-group's digits with local atomics.
// Each work-group then propagates its carries and adds its digits to the global ones with 64-bit
// atomics; the last work-group (atomic ticket, as in best.cl) rounds them, writes out[0] and
// resets the digits and the ticket for the next launch. NaN and infinities follow IEEE: NaN if
// any input is NaN or both infinities occur, else the infinity.
// Knobs as best.cl (VW, UNROLL, BLOCKED, INDEX32, from the device's tuning file). Arguments as
// every one-launch kernel (common.cl), the work buffer holding the global digits
// (RL_EXACT_WORDS longs, zero before the first launch) and the ticket after them. Only float
// sums: the catalog refuses everything else.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#if !defined(VW) || !defined(UNROLL) || !defined(BLOCKED)
#error "reproducible.cl takes VW, UNROLL and BLOCKED from the engine (best's tuning)"
#endif
// 32-bit index arithmetic while every index fits (INDEX32, set by the host).
#if INDEX32
#define idx_t uint
#else
#define idx_t size_t
#endif

#define RL_T_IS_float 1
#define RL_T_IS_double 0
#if !defined(OP_SUM) || !ACC_IS_FLOAT
#error "reproducible.cl sums float32 or float64 elements only"
#endif

#if RL_XCAT(RL_T_IS_, T)
#define BITS_NAME uint
#define AS_BITS_T as_uint
#define MANT_BITS 23
#define EXP_MASK 0xffu
#define OFFSET 151  // x = m * 2^(t - 151), t = max(field, 1) + 1 in 2 .. 256
#define DIGITS 10   // t >> 5 <= 8 (8: infinities, NaN), m << (t & 31) spans two digits
// Double lanes where the engine says the device is a CPU (RL_CPU_DEVICE): on x86 they replace a
// scalar float-to-long conversion per element (PoCL: 39 % -> 71 % of best's GB/s at 2^28), while
// on the H200 the conversions are cheap and the double lanes cost speed (93 % -> 80 % of best).
#if defined(cl_khr_fp64) && defined(RL_CPU_DEVICE)
#define DOUBLE_LANES 1
#define WINDOW_BINADES 16
#define MIN_WINDOW 1         // no subnormals in a window (a device may flush them)
#define MAX_WINDOW 15        // t >> 4 = 16: infinities and NaN
#define FOLD_ELEMENTS 16384  // windowed values below 2^39: 2^14 of them per lane stay below 2^53
#else  // GPUs and devices without doubles: float-to-long conversions
#define DOUBLE_LANES 0
#define WINDOW_BINADES 32
#define MIN_WINDOW 1
#define MAX_WINDOW 7       // x * 2^(151 - 32B) must be a normal float: 1 <= B <= 7
#define FOLD_ELEMENTS 255  // windowed values below 2^55: 255 of them stay below 2^63
#endif
#define ABS_MASK 0x7fffffffu
#else
#define BITS_NAME ulong
#define AS_BITS_T as_ulong
#define MANT_BITS 52
#define EXP_MASK 0x7fful
#define OFFSET 1076  // x = m * 2^(t - 1076), t in 2 .. 2048
#define DIGITS 68    // t >> 5 <= 64, m << (t & 31) spans three digits, one more for carries
#define DOUBLE_LANES 1
#define WINDOW_BINADES 16
#define MIN_WINDOW 4          // 2^(1076 - 16B) must be a normal double
#define MAX_WINDOW 127        // t >> 4 = 128: infinities and NaN
#define FOLD_ELEMENTS 524288  // windowed values below 2^68, split at 2^34: 2^19 halves per lane
#define ABS_MASK 0x7fffffffffffffffUL
#endif
typedef BITS_NAME bits_t;
#define RL_EXACT_WORDS (DIGITS + 1)  // the digits, then a word of special-value flags
#define DIGIT_MASK 0xffffffffL
#if DOUBLE_LANES
#define FOLD_EVERY FOLD_ELEMENTS  // vectors between two folds: one element per lane each
#else
#define FOLD_EVERY (FOLD_ELEMENTS / VW)  // vectors between two folds
#endif
#define NO_WINDOW (((bits_t)1) << (sizeof(bits_t) * 8 - 1))  // no |x| bits minus it fit a window
#define WINDOW_SPAN (((bits_t)WINDOW_BINADES) << MANT_BITS)
#define SPECIAL_NAN 1u
#define SPECIAL_POS_INF 2u
#define SPECIAL_NEG_INF 4u

#if VW > 1
#define TV RL_XCAT(T, VW)
#define BITSV RL_XCAT(BITS_NAME, VW)
#define AS_BITSV RL_XCAT(as_, BITSV)
#define LONGV RL_XCAT(long, VW)
#define CONVERT_LONGV RL_XCAT(convert_long, VW)
#define DOUBLEV RL_XCAT(double, VW)
#define CONVERT_DOUBLEV RL_XCAT(convert_double, VW)
#define ALL_LANES(c) all_lanes(c)
#else
#define TV T
#define BITSV bits_t
#define AS_BITSV AS_BITS_T
#define LONGV long
#define CONVERT_LONGV convert_long
#define DOUBLEV double
#define CONVERT_DOUBLEV convert_double
#define ALL_LANES(c) (c)
#endif

// The hot path inlined whole, so that a work-item's sums stay in registers; the per-element path
// out of line (where the compiler takes these attributes).
#if defined(__clang__)
#define HOT_INLINE inline __attribute__((always_inline))
#define COLD_CALL __attribute__((noinline))
#else
#define HOT_INLINE inline
#define COLD_CALL
#endif

#if VW > 1
// all() of a comparison's lanes (each -1 or 0) as AND across halves and one sign test: PoCL's
// all() tests and branches lane by lane.
#if RL_XCAT(RL_T_IS_, T)
#define MASK_NAME int
#else
#define MASK_NAME long
#endif
inline bool all_lanes(RL_XCAT(MASK_NAME, VW) c) {
#if VW == 16
    const RL_XCAT(MASK_NAME, 8) c8 = c.lo & c.hi;
#elif VW == 8
    const RL_XCAT(MASK_NAME, 8) c8 = c;
#endif
#if VW >= 8
    const RL_XCAT(MASK_NAME, 4) c4 = c8.lo & c8.hi;
#elif VW == 4
    const RL_XCAT(MASK_NAME, 4) c4 = c;
#endif
#if VW >= 4
    const RL_XCAT(MASK_NAME, 2) c2 = c4.lo & c4.hi;
#else
    const RL_XCAT(MASK_NAME, 2) c2 = c;
#endif
    return (c2.x & c2.y) < 0;
}
#endif

// A work-item's running sums: per lane in double (DOUBLE_LANES; float64: the windowed values'
// low 34 bits in `lanes`, the rest in `lanes_high`), or in `low` (float32 without doubles); and
// its own digits k .. k+3 of the window, k = WINDOW_BINADES * B / 32.
typedef struct {
#if DOUBLE_LANES
    DOUBLEV lanes;
#if !RL_XCAT(RL_T_IS_, T)
    DOUBLEV lanes_high;
#endif
    double scale;  // 2^(OFFSET - 16B)
#else
    long low;
    T scale;  // 2^(OFFSET - 32B)
#endif
    long d0, d1, d2, d3;
    uint folds;
    uint window;   // B, or 0 for none
    bits_t floor;  // |x| bits at the window's bottom: field WINDOW_BINADES * B - 1
} window_t;

inline long lane_sum(LONGV v) {
#if VW == 1
    return v;
#elif VW == 2
    return v.s0 + v.s1;
#elif VW == 4
    return (v.s0 + v.s1) + (v.s2 + v.s3);
#elif VW == 8
    return ((v.s0 + v.s1) + (v.s2 + v.s3)) + ((v.s4 + v.s5) + (v.s6 + v.s7));
#else
    return ((v.s0 + v.s1) + (v.s2 + v.s3)) + ((v.s4 + v.s5) + (v.s6 + v.s7)) +
           ((v.s8 + v.s9) + (v.sa + v.sb)) + ((v.sc + v.sd) + (v.se + v.sf));
#endif
}

// The windowed values of a vector whose elements all lie in the window, added exactly.
HOT_INLINE void window_add(window_t* w, TV x) {
#if DOUBLE_LANES && RL_XCAT(RL_T_IS_, T)
    w->lanes += CONVERT_DOUBLEV(x) * w->scale;  // integers below 2^39: exact, as is the product
#elif DOUBLE_LANES
    const TV y = x * w->scale;  // integers below 2^68
    // y / 2^34 rounded to an integer (|.| <= 2^34) by adding and removing 1.5 * 2^52, where the
    // step between doubles is 1 (PoCL's floor() is a slow library call)
    const TV high = (y * 0x1p-34 + 0x1.8p52) - 0x1.8p52;
    w->lanes += y - high * 0x1p34;  // in [-2^33, 2^33]: exact
    w->lanes_high += high;
#else
    w->low += lane_sum(CONVERT_LONGV(x * w->scale));  // integers below 2^55
#endif
}

// sum * 2^shift (shift < 32) into three digits: bits 0..31, 32..63 and the rest.
HOT_INLINE void add_at(long sum, uint shift, long* d0, long* d1, long* d2) {
    const long above = sum >> (32 - shift);  // arithmetic shift: floor division
    *d0 += (sum & (DIGIT_MASK >> shift)) << shift;
    *d1 += above & DIGIT_MASK;
    *d2 += above >> 32;
}

// Moves the running sums into the private digits before they can overflow.
HOT_INLINE void window_fold(window_t* w) {
#if DOUBLE_LANES
    // The lanes' sums (each lane an integer below 2^53), in units of 2^(16B - OFFSET): 16 (odd B)
    // or 0 bits up into digit k; float64's high halves 34 bits further up.
    const uint shift = (w->window & 1) * 16;
    add_at(lane_sum(CONVERT_LONGV(w->lanes)), shift, &w->d0, &w->d1, &w->d2);
    w->lanes = (DOUBLEV)(0.0);
#if !RL_XCAT(RL_T_IS_, T)
    add_at(lane_sum(CONVERT_LONGV(w->lanes_high)), shift + 2, &w->d1, &w->d2, &w->d3);
    w->lanes_high = (DOUBLEV)(0.0);
#endif
#else
    w->d0 += w->low & DIGIT_MASK;
    w->d1 += w->low >> 32;
    w->low = 0;
#endif
    w->folds = 0;
}

// The private digits into the work-group's, and the window emptied.
HOT_INLINE void window_flush(window_t* w, __local long* digits) {
    window_fold(w);
    if (w->window != 0) {
        const uint k = w->window * WINDOW_BINADES / 32;
        if (w->d0 != 0) atom_add(&digits[k], w->d0);
        if (w->d1 != 0) atom_add(&digits[k + 1], w->d1);
        if (w->d2 != 0) atom_add(&digits[k + 2], w->d2);
        if (w->d3 != 0) atom_add(&digits[k + 3], w->d3);
    }
    w->d0 = w->d1 = w->d2 = w->d3 = 0;
}

HOT_INLINE void window_move(window_t* w, __local long* digits, uint window) {
    window_flush(w, digits);
    w->window = window;
    w->floor = window == 0 ? NO_WINDOW : ((bits_t)(WINDOW_BINADES * window - 1) << MANT_BITS);
    // 2^(OFFSET - 16B) (a double) or 2^(OFFSET - 32B), built from its bits.
#if DOUBLE_LANES
    w->scale = as_double((ulong)(OFFSET - 16 * window + 1023) << 52);
#else
    w->scale = as_float((uint)(OFFSET - 32 * window + 127) << 23);
#endif
}

// Zeros fit every window (they add nothing).
HOT_INLINE bool in_window(const window_t* w, TV x) {
    const BITSV magnitude = AS_BITSV(x) & (BITSV)(ABS_MASK);
    return ALL_LANES((magnitude - (BITSV)(w->floor) < (BITSV)(WINDOW_SPAN)) |
                     (magnitude == (BITSV)(0)));
}

// The window position of one element, or 0 when no window can hold it.
inline uint window_of(T x) {
    const uint t = (uint)((AS_BITS_T(x) >> MANT_BITS) & EXP_MASK) + 1;
    const uint window = t / WINDOW_BINADES;
    return window >= MIN_WINDOW && window <= MAX_WINDOW ? window : 0;
}

// One element's digits into the work-group's digits (or its special-value flag).
inline void exact_add(T x, __local long* digits, __local uint* specials) {
    const bits_t bits = AS_BITS_T(x);
    const uint field = (uint)((bits >> MANT_BITS) & EXP_MASK);
    const bits_t fraction = bits & ((((bits_t)1) << MANT_BITS) - 1);
    const bool negative = (bits >> (sizeof(bits_t) * 8 - 1)) != 0;
    if (field == EXP_MASK) {
        atomic_or(specials, fraction != 0 ? SPECIAL_NAN
                            : negative    ? SPECIAL_NEG_INF
                                          : SPECIAL_POS_INF);
        return;
    }
    const ulong m = (ulong)fraction | (field != 0 ? ((ulong)1 << MANT_BITS) : 0);
    if (m == 0) return;
    const uint t = max(field, 1u) + 1;
    const uint k = t >> 5, s = t & 31;
    const ulong low = (m & 0xffffffffUL) << s;  // below 2^63
    const ulong high = (m >> 32) << s;          // below 2^52 (0 for float32)
    const long digit0 = (long)(low & 0xffffffffUL);
    const long digit1 = (long)(low >> 32) + (long)(high & 0xffffffffUL);
    const long digit2 = (long)(high >> 32);
    atom_add(&digits[k], negative ? -digit0 : digit0);
    if (digit1 != 0) atom_add(&digits[k + 1], negative ? -digit1 : digit1);
    if (digit2 != 0) atom_add(&digits[k + 2], negative ? -digit2 : digit2);
}

#if VW > 1
#define LANE(x, i) (((const T*)&(x))[i])
#else
#define LANE(x, i) (x)
#endif

COLD_CALL void exact_add_each(TV x, __local long* digits, __local uint* specials) {
    for (uint i = 0; i < VW; ++i) exact_add(LANE(x, i), digits, specials);
}

// A vector outside the window: the window moves when all its elements share another position,
// else each element is added on its own.
HOT_INLINE void add_outside(window_t* w, TV x, __local long* digits, __local uint* specials) {
    uint shared = 0;  // the one window of the non-zero elements, 0 for none
    bool one = true;
    for (uint i = 0; i < VW && one; ++i) {
        if ((AS_BITS_T(LANE(x, i)) & ABS_MASK) == 0) continue;
        const uint window = window_of(LANE(x, i));
        one = window != 0 && (shared == 0 || window == shared);
        shared = window;
    }
    if (one && shared != 0) {
        window_move(w, digits, shared);
        window_add(w, x);
        ++w->folds;
        return;
    }
    exact_add_each(x, digits, specials);
}

HOT_INLINE void add_vector(window_t* w, TV x, __local long* digits, __local uint* specials) {
    if (in_window(w, x)) {
        window_add(w, x);
        if (++w->folds == FOLD_EVERY) window_fold(w);
    } else {
        add_outside(w, x, digits, specials);
    }
}

// Carries propagated: every digit but the top one in [0, 2^32), the top one signed.
inline void propagate_carries(long* d) {
    for (uint k = 0; k + 1 < DIGITS; ++k) {
        const long carry = d[k] >> 32;  // arithmetic shift: floor division
        d[k] -= carry << 32;
        d[k + 1] += carry;
    }
}

// The bit at `position` of the (non-negative, carried) digits.
inline ulong digit_bit(const long* d, int position) {
    return position < 0 ? 0 : ((ulong)d[position >> 5] >> (position & 31)) & 1;
}

// The carried digits (in units of 2^-OFFSET) rounded once to ACC, nearest with ties to even.
inline ACC round_digits(long* d, uint specials) {
#if ACC_BITS == 64
#define R_P 53
#define R_BIAS 1023
#define R_INF 0x7ff0000000000000UL
#define R_NAN 0x7ff8000000000000UL
#define R_SIGN 0x8000000000000000UL
#define R_FROM_BITS(b) as_double(b)
#else
#define R_P 24
#define R_BIAS 127
#define R_INF 0x7f800000UL
#define R_NAN 0x7fc00000UL
#define R_SIGN 0x80000000UL
#define R_FROM_BITS(b) as_float((uint)(b))
#endif
    if ((specials & SPECIAL_NAN) ||
        (specials & (SPECIAL_POS_INF | SPECIAL_NEG_INF)) == (SPECIAL_POS_INF | SPECIAL_NEG_INF))
        return R_FROM_BITS(R_NAN);
    if (specials & SPECIAL_POS_INF) return R_FROM_BITS(R_INF);
    if (specials & SPECIAL_NEG_INF) return R_FROM_BITS(R_INF | R_SIGN);
    const bool negative = d[DIGITS - 1] < 0;
    if (negative) {  // two's complement over the digits: invert, add one
        long carry = 1;
        for (uint k = 0; k < DIGITS; ++k) {
            const long inverted = (~d[k] & DIGIT_MASK) + carry;
            d[k] = inverted & DIGIT_MASK;
            carry = inverted >> 32;
        }
    }
    int top_digit = DIGITS - 1;
    while (top_digit >= 0 && d[top_digit] == 0) --top_digit;
    if (top_digit < 0) return (ACC)0;
    const int top = top_digit * 32 + 63 - (int)clz((ulong)d[top_digit]);
    // The lowest kept bit: R_P bits below the top, never below the subnormal step 2^(1-bias-p+1).
    const int lowest = max(top - R_P + 1, 2 - R_BIAS - R_P + OFFSET);
    ulong significand = 0;
    for (int p = top; p >= lowest; --p) significand = (significand << 1) | digit_bit(d, p);
    const ulong round_bit = digit_bit(d, lowest - 1);
    bool sticky = false;  // any bit below the round bit: the rest of its digit, then digits
    const int below = lowest - 2;
    if (below >= 0) {
        sticky = ((ulong)d[below >> 5] & ((2UL << (below & 31)) - 1)) != 0;
        for (int k = (below >> 5) - 1; k >= 0 && !sticky; --k) sticky = d[k] != 0;
    }
    if (round_bit && (sticky || (significand & 1))) ++significand;
    // Exponent field minus one above the significand (whose leading bit adds the one back): a
    // carry of the rounding, or a subnormal becoming normal, lands in the exponent by itself.
    const long field_below = (long)(lowest - OFFSET) + R_P - 1 + R_BIAS - 1;
    ulong bits = field_below >= (long)(R_INF >> (R_P - 1))
                     ? R_INF
                     : ((ulong)field_below << (R_P - 1)) + significand;
    if (bits > R_INF) bits = R_INF;
    return R_FROM_BITS(bits | (negative ? R_SIGN : 0));
}

__kernel void reduce_reproducible(__global const T* restrict in, SECOND_INPUT_ARG const ulong n,
                                  __global ACC* out, __local ACC* scratch,
                                  volatile __global long* exact) {
    __local long digits[DIGITS];
    __local uint specials;
    (void)scratch;
    // After the digits and the flags word: the ticket that finds the last work-group.
    volatile __global uint* ticket = (volatile __global uint*)&exact[RL_EXACT_WORDS];
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const idx_t gid = (idx_t)get_global_id(0);
    const idx_t stride = (idx_t)get_global_size(0);
    for (uint k = tid; k < DIGITS; k += local_size) digits[k] = 0;
    if (tid == 0) specials = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    window_t w;
#if DOUBLE_LANES
    w.lanes = (DOUBLEV)(0.0);
#if !RL_XCAT(RL_T_IS_, T)
    w.lanes_high = (DOUBLEV)(0.0);
#endif
#else
    w.low = 0;
#endif
    w.scale = 0;
    w.d0 = w.d1 = w.d2 = w.d3 = 0;
    w.folds = w.window = 0;
    w.floor = NO_WINDOW;
    __global const TV* inv = (__global const TV*)in;
    const idx_t vectors = (idx_t)(n / VW);
    TUNED_VECTOR_RANGE(vectors, gid, stride);
    // UNROLL loads issued before the first is used, so several requests are in flight.
    for (; v + reach < end; v += UNROLL * step) {
        TV loaded[UNROLL];
#pragma unroll
        for (uint u = 0; u < UNROLL; ++u) loaded[u] = inv[v + u * step];
#pragma unroll
        for (uint u = 0; u < UNROLL; ++u) add_vector(&w, loaded[u], digits, &specials);
    }
    for (; v < end; v += step) add_vector(&w, inv[v], digits, &specials);
    window_flush(&w, digits);
    for (idx_t t = VW * vectors + gid; t < n; t += stride) exact_add(in[t], digits, &specials);
    barrier(CLK_LOCAL_MEM_FENCE);

    // The work-group's digits, carried, into the global ones (64-bit atomics: the sum of the
    // work-groups' carried digits, each below 2^32, cannot overflow).
    if (tid == 0) {
        long d[DIGITS];
        for (uint k = 0; k < DIGITS; ++k) d[k] = digits[k];
        propagate_carries(d);
        for (uint k = 0; k < DIGITS; ++k)
            if (d[k] != 0) atom_add(&exact[k], d[k]);
        if (specials != 0) atomic_or((volatile __global uint*)&exact[DIGITS], specials);
        mem_fence(CLK_GLOBAL_MEM_FENCE);  // the digits are visible before the ticket is taken
        if (atomic_inc(ticket) == get_num_groups(0) - 1) {  // the last work-group
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            // Read and reset in one atomic: the next launch starts from zero.
            for (uint k = 0; k < DIGITS; ++k) d[k] = atom_xchg(&exact[k], 0L);
            const uint flags = atomic_xchg((volatile __global uint*)&exact[DIGITS], 0u);
            propagate_carries(d);
            out[0] = round_digits(d, flags);
            atomic_xchg(ticket, 0u);
        }
    }
}
