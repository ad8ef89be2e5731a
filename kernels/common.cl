// common.cl: the helpers every reduction kernel shares. The engine prepends this file to each
// variant's source; a variant file compiled on its own includes it.
//
// Knobs (passed by the host as -D; the defaults below let editors and Oclgrind open a file alone):
//   T          element type of the input (int, uint, long, ulong, float, double)
//   ACC        accumulator type (for integer sums/products/dots an unsigned type, so overflow
//              wraps with defined behaviour; the host reinterprets the bits)
//   ACC_S      the accumulator's signed view used to sign-extend a signed T (equal to ACC else)
//   BITS_T     unsigned integer type of ACC's width (uint or ulong), for atomics
//   OP_SUM, OP_PRODUCT, OP_MIN, OP_MAX, OP_BAND, OP_BOR, OP_BXOR, OP_LAND, OP_LOR, OP_DOT,
//   OP_ARGMIN, OP_ARGMAX: exactly one is 1 (mean is a sum divided on the host)
//   ACC_IS_FLOAT  1 when ACC is float or double
//   ACC_BITS   32 or 64: the accumulator's width, which picks atomic_* or atom_* functions
//   T_MAX, T_LOWEST  the largest and lowest value of T (INFINITY and -INFINITY for floats)
//   FINISH_ATOMIC 1: each work-group combines its result into out[0] with atomics
//   TRACE         1: step-mode instrumentation (see the TRACE_* hooks below)
//   LOAD_PART     exact means of 64-bit integers: 1 loads each element's low 32 bits
//                 (zero-extended), 2 its high 32 bits (sign-extended for signed T); the host
//                 sums both reductions in 128 bits. 0 (default): the element itself.
// Assumption: the host rejects combinations that make no sense (bitwise ops on floats, ...).
#ifndef REDUCELAB_COMMON
#define REDUCELAB_COMMON 1

#ifndef T
#define T int
#endif
#ifndef ACC
#define ACC ulong
#endif
#ifndef ACC_S
#define ACC_S long
#endif
#ifndef BITS_T
#define BITS_T ulong
#endif
#ifndef ACC_IS_FLOAT
#define ACC_IS_FLOAT 0
#endif
#ifndef ACC_BITS
#define ACC_BITS 64
#endif
#ifndef T_MAX
#define T_MAX INT_MAX
#endif
#ifndef T_LOWEST
#define T_LOWEST INT_MIN
#endif
#ifndef FINISH_ATOMIC
#define FINISH_ATOMIC 0
#endif
#ifndef TRACE
#define TRACE 0
#endif
#ifndef LOAD_PART
#define LOAD_PART 0
#endif
#if !defined(OP_SUM) && !defined(OP_PRODUCT) && !defined(OP_MIN) && !defined(OP_MAX) &&       \
    !defined(OP_BAND) && !defined(OP_BOR) && !defined(OP_BXOR) && !defined(OP_LAND) &&        \
    !defined(OP_LOR) && !defined(OP_DOT) && !defined(OP_ARGMIN) && !defined(OP_ARGMAX)
#define OP_SUM 1
#endif

#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#if defined(cl_khr_int64_base_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#endif
#if defined(cl_khr_int64_extended_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#endif

#define RL_CAT(a, b) a##b
#define RL_XCAT(a, b) RL_CAT(a, b)
#define T4 RL_XCAT(T, 4)
#define ACC4 RL_XCAT(ACC, 4)
#define ACC_S4 RL_XCAT(ACC_S, 4)
#define CONVERT_ACC4 RL_XCAT(convert_, ACC4)
#define CONVERT_ACC_S4 RL_XCAT(convert_, ACC_S4)
#define AS_ACC4 RL_XCAT(as_, ACC4)
#define AS_ACC RL_XCAT(as_, ACC)
#define AS_BITS RL_XCAT(as_, BITS_T)

#if defined(OP_ARGMIN) || defined(OP_ARGMAX)
#define ACC_IS_PAIR 1
#else
#define ACC_IS_PAIR 0
#endif

// ---- identity and combine ------------------------------------------------------------------

#if ACC_IS_PAIR
// argmin/argmax carry (value, index). A NaN wins (as in NumPy); ties keep the lower index.
typedef struct {
    T value;
    ulong index;
} pair_t;
#undef ACC
#define ACC pair_t
#if defined(OP_ARGMIN)
#define PAIR_WORST_VALUE ((T)T_MAX)
#else
#define PAIR_WORST_VALUE ((T)T_LOWEST)
#endif
inline bool value_is_nan(T v) {
#if ACC_IS_FLOAT
    return isnan(v);
#else
    (void)v;
    return false;
#endif
}
inline bool value_better(T a, T b) {  // a strictly better than b
    if (value_is_nan(a)) return !value_is_nan(b);
    if (value_is_nan(b)) return false;
#if defined(OP_ARGMIN)
    return a < b;
#else
    return a > b;
#endif
}
inline ACC identity_value(void) {
    ACC p;
    p.value = PAIR_WORST_VALUE;
    p.index = (ulong)(-1);
    return p;
}
inline ACC combine(ACC a, ACC b) {
    if (value_better(b.value, a.value)) return b;
    if (value_better(a.value, b.value)) return a;
    return b.index < a.index ? b : a;
}
#define IDENTITY identity_value()

#else  // scalar accumulators

#if defined(OP_SUM) || defined(OP_DOT) || defined(OP_BOR) || defined(OP_BXOR) || defined(OP_LOR)
#define IDENTITY ((ACC)0)
#elif defined(OP_PRODUCT) || defined(OP_LAND)
#define IDENTITY ((ACC)1)
#elif defined(OP_BAND)
#define IDENTITY ((ACC)(~(ACC)0))
#elif defined(OP_MIN)
#define IDENTITY ((ACC)T_MAX)
#elif defined(OP_MAX)
#define IDENTITY ((ACC)T_LOWEST)
#endif

// Float min/max propagate NaN (a NaN anywhere makes the result NaN), like NumPy's min/max.
// "a != a" is isnan(a) written as one compare: PoCL calls a library isnan() per lane, which
// made a float max 2-3x slower than a float sum on the CPU.
#if defined(OP_SUM) || defined(OP_DOT)
#define COMBINE(a, b) ((a) + (b))
#elif defined(OP_PRODUCT)
#define COMBINE(a, b) ((a) * (b))
#elif defined(OP_BAND) || defined(OP_LAND)
#define COMBINE(a, b) ((a) & (b))
#elif defined(OP_BOR) || defined(OP_LOR)
#define COMBINE(a, b) ((a) | (b))
#elif defined(OP_BXOR)
#define COMBINE(a, b) ((a) ^ (b))
#elif defined(OP_MIN) && ACC_IS_FLOAT
#define COMBINE(a, b) select((b), (a), ((a) < (b)) | ((a) != (a)))
#elif defined(OP_MAX) && ACC_IS_FLOAT
#define COMBINE(a, b) select((b), (a), ((a) > (b)) | ((a) != (a)))
#elif defined(OP_MIN)
#define COMBINE(a, b) min((a), (b))
#elif defined(OP_MAX)
#define COMBINE(a, b) max((a), (b))
#endif

inline ACC combine(ACC a, ACC b) {
#if (defined(OP_MIN) || defined(OP_MAX)) && ACC_IS_FLOAT
    // select() on scalars takes an integer mask of the same width; write it out instead.
#if defined(OP_MIN)
    return (a < b || a != a) ? a : b;
#else
    return (a > b || a != a) ? a : b;
#endif
#else
    return COMBINE(a, b);
#endif
}
inline ACC4 combine4(ACC4 a, ACC4 b) { return COMBINE(a, b); }

#endif  // ACC_IS_PAIR

// ---- built-in collectives: sub_group_reduce_* and work_group_reduce_* ------------------------
// They only add, take minima and take maxima (of int, uint, long, ulong, float, double). Logical
// and/or accumulate 0/1 values, so they are a minimum and a maximum. RL_COLLECTIVE_OK says
// whether the operation maps; RL_COLLECTIVE(sub_group) names the function. The variants that
// use them also apply the NaN rule: float min/max return NaN when any input is NaN.
#if !ACC_IS_PAIR && (defined(OP_SUM) || defined(OP_DOT))
#define RL_COLLECTIVE_OK 1
#define RL_COLLECTIVE(scope) scope##_reduce_add
#elif !ACC_IS_PAIR && (defined(OP_MIN) || defined(OP_LAND))
#define RL_COLLECTIVE_OK 1
#define RL_COLLECTIVE(scope) scope##_reduce_min
#elif !ACC_IS_PAIR && (defined(OP_MAX) || defined(OP_LOR))
#define RL_COLLECTIVE_OK 1
#define RL_COLLECTIVE(scope) scope##_reduce_max
#else
#define RL_COLLECTIVE_OK 0
#endif
#if RL_COLLECTIVE_OK && ACC_IS_FLOAT && (defined(OP_MIN) || defined(OP_MAX))
#define RL_COLLECTIVE_NAN_RULE 1
#else
#define RL_COLLECTIVE_NAN_RULE 0
#endif

// ---- NVIDIA warp shuffles through inline PTX (RL_INLINE_PTX: set only for NVIDIA devices) ----
// NVIDIA's OpenCL has no sub-groups but accepts inline PTX: shfl.sync.bfly exchanges registers
// between the lanes of a warp, with no local memory and no barrier. Used by warp_shuffle.cl and
// best.cl.
#if defined(RL_INLINE_PTX) && RL_INLINE_PTX
#define RL_WARP 32u  // lanes per warp on NVIDIA

// One 32-bit butterfly shuffle among the lanes in `members`: returns lane (lane ^ lane_mask)'s v.
inline uint shuffle_xor_u32(uint v, uint lane_mask, uint members) {
    uint r;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, %3;"
                 : "=r"(r)
                 : "r"(v), "r"(lane_mask), "r"(members));
    return r;
}

typedef union {
    ACC value;
    uint words[sizeof(ACC) / 4];
} acc_words_t;

inline ACC shuffle_xor(ACC v, uint lane_mask, uint members) {
    acc_words_t u;
    u.value = v;
    for (uint k = 0; k < sizeof(ACC) / 4; ++k)
        u.words[k] = shuffle_xor_u32(u.words[k], lane_mask, members);
    return u.value;
}

// Butterfly reduction over `width` lanes (a power of two <= 32): every lane ends with the result.
inline ACC warp_reduce(ACC v, uint width, uint members) {
    for (uint offset = width / 2; offset > 0; offset >>= 1)
        v = combine(v, shuffle_xor(v, offset, members));
    return v;
}

// The same over a whole warp, with the offsets and the mask fixed so that the compiler unrolls
// the five rounds (best.cl measured a loop over a run-time width slower).
inline ACC warp_reduce_full(ACC v) {
#pragma unroll
    for (uint offset = RL_WARP / 2; offset > 0; offset >>= 1)
        v = combine(v, shuffle_xor(v, offset, 0xffffffffu));
    return v;
}
#endif

// ---- loading: element(s) -> accumulator -----------------------------------------------------

// The part of an element (scalar or vector) a reduction adds up (LOAD_PART). OpenCL C's >> on a
// signed integer shifts the sign in, so the high half keeps its sign.
#if LOAD_PART == 1
#define ELEMENT_PART(x) ((x) & (T)0xffffffffUL)
#elif LOAD_PART == 2
#define ELEMENT_PART(x) ((x) >> 32)
#else
#define ELEMENT_PART(x) (x)
#endif

// One element (or the product of two for dot) as an accumulator value.
inline ACC load_item(__global const T* in, __global const T* in2, size_t i) {
#if ACC_IS_PAIR
    (void)in2;
    ACC p;
    p.value = in[i];
    p.index = (ulong)i;
    return p;
#elif defined(OP_DOT)
    return (ACC)(ACC_S)in[i] * (ACC)(ACC_S)in2[i];
#elif defined(OP_LAND) || defined(OP_LOR)
    (void)in2;
    return (ACC)(in[i] != (T)0);
#else
    (void)in2;
    return (ACC)(ACC_S)ELEMENT_PART(in[i]);
#endif
}

#if !ACC_IS_PAIR
// Four elements at once, from the vector index i (elements 4i .. 4i+3).
inline ACC4 load_item4(__global const T4* in4, __global const T4* in24, size_t i) {
#if defined(OP_DOT)
    return AS_ACC4(CONVERT_ACC_S4(in4[i])) * AS_ACC4(CONVERT_ACC_S4(in24[i]));
#elif defined(OP_LAND) || defined(OP_LOR)
    (void)in24;
    return CONVERT_ACC4(in4[i] != (T4)(0)) & (ACC4)(1);
#else
    (void)in24;
    return AS_ACC4(CONVERT_ACC_S4(ELEMENT_PART(in4[i])));
#endif
}
inline ACC combine_lanes(ACC4 v) { return combine(combine(v.s0, v.s1), combine(v.s2, v.s3)); }
#endif

// ---- tuned grid-stride loops (best.cl, reproducible.cl) -----------------------------------------
// The vectors work-item gid reads: v, v + step, ... before end; reach is how far past v the last
// of an iteration's UNROLL loads lies. BLOCKED=1: one contiguous chunk per work-item (what a
// CPU's caches and prefetchers want); else every stride-th vector (coalesced on a GPU).
#if defined(BLOCKED) && BLOCKED
#define TUNED_VECTOR_RANGE(vectors, gid, stride)                                               \
    const idx_t chunk = ((vectors) + (stride) - 1) / (stride);                                 \
    const idx_t end = min((gid) * chunk + chunk, (vectors));                                   \
    idx_t v = min((gid) * chunk, (vectors));                                                   \
    const idx_t step = 1, reach = UNROLL - 1
#else
#define TUNED_VECTOR_RANGE(vectors, gid, stride)                                               \
    const idx_t end = (vectors);                                                               \
    idx_t v = (gid);                                                                           \
    const idx_t step = (stride), reach = (UNROLL - 1) * (stride)
#endif

// ---- writing a work-group's result ----------------------------------------------------------

// 32-bit atomics are atomic_*; 64-bit ones come from cl_khr_int64_*_atomics as atom_*.
#if ACC_BITS == 64
#define RL_ATOMIC(name) atom_##name
#else
#define RL_ATOMIC(name) atomic_##name
#endif

#if FINISH_ATOMIC && !ACC_IS_PAIR
// Combines v into *p atomically. Native atomics where OpenCL has them; otherwise a
// compare-and-swap loop on the bits (floats, products, and the rest).
inline void atomic_combine(__global ACC* p, ACC v) {
    volatile __global BITS_T* bits = (volatile __global BITS_T*)p;
#if !ACC_IS_FLOAT && (defined(OP_SUM) || defined(OP_DOT))
    RL_ATOMIC(add)(bits, (BITS_T)v);
#elif !ACC_IS_FLOAT && (defined(OP_BAND) || defined(OP_LAND))
    RL_ATOMIC(and)(bits, (BITS_T)v);
#elif !ACC_IS_FLOAT && (defined(OP_BOR) || defined(OP_LOR))
    RL_ATOMIC(or)(bits, (BITS_T)v);
#elif !ACC_IS_FLOAT && defined(OP_BXOR)
    RL_ATOMIC(xor)(bits, (BITS_T)v);
#elif !ACC_IS_FLOAT && defined(OP_MIN)
    RL_ATOMIC(min)((volatile __global ACC*)p, v);
#elif !ACC_IS_FLOAT && defined(OP_MAX)
    RL_ATOMIC(max)((volatile __global ACC*)p, v);
#else
    // Start from a guess: the first compare-and-swap returns the real value, so there is no
    // plain read of *p racing with other work-groups' atomics.
    BITS_T expected = AS_BITS(IDENTITY);
    for (;;) {
        const BITS_T desired = AS_BITS(combine(AS_ACC(expected), v));
        const BITS_T seen = RL_ATOMIC(cmpxchg)(bits, expected, desired);
        if (seen == expected) break;
        expected = seen;
    }
#endif
}
#endif

// Work-group results go to out[group], or are folded into out[0] with atomics.
inline void store_group_result(__global ACC* out, ACC v) {
#if FINISH_ATOMIC && !ACC_IS_PAIR
    atomic_combine(out, v);
#else
    out[get_group_id(0)] = v;
#endif
}

// ---- last-work-group finish (single-pass.cl, best.cl) --------------------------------------
// Partials travel between work-groups through atomics, word by word: a plain store read by
// another work-group is a data race in OpenCL's memory model (and Oclgrind reports it).
// A partial as 32-bit words: a scalar accumulator is 1 or 2 words; an argmin/argmax pair is
// its value's words followed by the index's two (the padding between them is never sent).
#if ACC_IS_PAIR
#define VALUE_WORDS (sizeof(T) / 4)
#define ACC_WORDS (VALUE_WORDS + 2)
#else
#define ACC_WORDS (sizeof(ACC) / 4)
#endif

// A one-launch kernel's arguments are (in, [in2,] n, out, scratch, work): the second input only
// for dot, and the partials' words with the ticket after them in one work buffer. Each buffer
// argument adds to the host's cost of an enqueue on NVIDIA, which bounds back-to-back calls at
// small n (bench/probes/enqueue_cost.c, bench/results/h200/probes/enqueue_cost-args-*.txt).
#if defined(OP_DOT)
#define SECOND_INPUT_ARG __global const T* restrict in2,
#define SECOND_INPUT in2
#else
#define SECOND_INPUT_ARG
#define SECOND_INPUT in  // never read
#endif
// The ticket that finds the last work-group: the word after `groups` partials.
#define GROUP_TICKET(work, groups) ((work) + (groups) * ACC_WORDS)

inline void publish_partial(volatile __global uint* words, uint group, ACC v) {
    volatile __global uint* w = words + group * ACC_WORDS;
#if ACC_IS_PAIR
    const uint* value = (const uint*)&v.value;
    for (uint k = 0; k < VALUE_WORDS; ++k) atomic_xchg(w + k, value[k]);
    atomic_xchg(w + VALUE_WORDS, (uint)v.index);
    atomic_xchg(w + VALUE_WORDS + 1, (uint)(v.index >> 32));
#else
    const uint* bits = (const uint*)&v;
    for (uint k = 0; k < ACC_WORDS; ++k) atomic_xchg(w + k, bits[k]);
#endif
}

inline ACC read_partial(volatile __global uint* words, uint group) {
    volatile __global uint* w = words + group * ACC_WORDS;
    ACC v;
#if ACC_IS_PAIR
    uint* value = (uint*)&v.value;
    for (uint k = 0; k < VALUE_WORDS; ++k) value[k] = atomic_or(w + k, 0u);
    v.index = (ulong)atomic_or(w + VALUE_WORDS, 0u) |
              ((ulong)atomic_or(w + VALUE_WORDS + 1, 0u) << 32);
#else
    uint* bits = (uint*)&v;
    for (uint k = 0; k < ACC_WORDS; ++k) bits[k] = atomic_or(w + k, 0u);
#endif
    return v;
}

// ---- step-mode trace hooks -------------------------------------------------------------------
// With TRACE=1 the kernel takes six more arguments (TRACE_PARAMS):
//   trace_first_group, trace_groups  the traced work-groups are [first, first + groups)
//   trace_slots       snapshots kept per traced group: the load phase (round 0) + trace_slots - 1
//                     rounds; later rounds are counted in trace_rounds but not stored
//   trace_values      groups x slots x local size accumulators: local memory after each barrier
//   trace_access      groups x (slots - 1) x local size x 3 ints (read a, read b, write); the host
//                     fills it with -1, so a work-item that records nothing was idle in the round
//   trace_rounds      per traced group, the last round number snapshotted (work-item 0 writes it)
// Variant convention: TRACE_SNAPSHOT(scratch, round) after every barrier of the tree, in uniform
// control flow (round 0 right after the load), and TRACE_ACCESS(round, read_a, read_b, write) by
// each active work-item of round >= 1, with the local indices it combined and stored.
#if TRACE
#define TRACE_PARAMS                                                                          \
    , const uint trace_first_group, const uint trace_groups, const uint trace_slots,          \
        __global ACC *trace_values, __global int *trace_access, __global int *trace_rounds
// Index of this work-group among the traced ones; >= trace_groups when it is not traced.
#define TRACE_GROUP_INDEX ((uint)get_group_id(0) - trace_first_group)
// The barrier after the copy keeps the next round's writes from racing with it.
#define TRACE_SNAPSHOT(scratch, round)                                                        \
    {                                                                                         \
        const uint trace_g_ = TRACE_GROUP_INDEX;                                              \
        const uint trace_r_ = (uint)(round);                                                  \
        if (trace_g_ < trace_groups) {                                                        \
            if (trace_r_ < trace_slots)                                                       \
                trace_values[((size_t)trace_g_ * trace_slots + trace_r_) * get_local_size(0) + \
                             get_local_id(0)] = (scratch)[get_local_id(0)];                   \
            if (get_local_id(0) == 0) trace_rounds[trace_g_] = (int)trace_r_;                 \
        }                                                                                     \
        barrier(CLK_LOCAL_MEM_FENCE);                                                         \
    }
#define TRACE_ACCESS(round, read_a, read_b, write_index)                                     \
    {                                                                                         \
        const uint trace_g_ = TRACE_GROUP_INDEX;                                              \
        const uint trace_r_ = (uint)(round);                                                  \
        if (trace_g_ < trace_groups && trace_r_ >= 1 && trace_r_ < trace_slots) {             \
            __global int* trace_rec_ =                                                        \
                trace_access + (((size_t)trace_g_ * (trace_slots - 1) + (trace_r_ - 1)) *     \
                                    get_local_size(0) +                                       \
                                get_local_id(0)) *                                            \
                                   3;                                                         \
            trace_rec_[0] = (int)(read_a);                                                    \
            trace_rec_[1] = (int)(read_b);                                                    \
            trace_rec_[2] = (int)(write_index);                                               \
        }                                                                                     \
    }
#else
#define TRACE_PARAMS
#define TRACE_SNAPSHOT(scratch, round)
#define TRACE_ACCESS(round, read_a, read_b, write_index)
#endif

#endif  // REDUCELAB_COMMON
