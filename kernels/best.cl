// best.cl: the tuned, bandwidth-bound reduction in one launch. A grid-stride loop issues UNROLL
// independent VW-wide vector loads per iteration (VW * sizeof(T) = 16 bytes by default), so
// every work-item keeps several memory requests in flight; lanes are folded in registers, the
// work-group reduces in local memory (on NVIDIA: warp shuffles, then one barrier), and the last
// work-group to finish (an atomic ticket after a global fence, as in single-pass.cl) reduces the
// partials and resets the ticket for the next launch. One kernel, no host round trip: what a
// reduction at memory bandwidth looks like.
// Knobs (besides common.cl's): VW (1, 2, 4, 8 or 16 elements per load), UNROLL (loads in flight
// per work-item and iteration), BLOCKED (0: work-item i reads vectors i, i + G, i + 2G, ... so
// neighbouring work-items read neighbouring addresses, coalesced on a GPU; 1: each work-item
// reads one contiguous chunk, which is what a CPU device's caches and prefetchers want). The
// engine takes them, the local size and the number of work-groups from the device's tuning
// file, and sets RL_INLINE_PTX=1 on NVIDIA devices (see BEST_PTX below). Assumes a power-of-two
// local size and an aligned input.
// Arguments: (in, [in2 for dot,] n, out, scratch, work), as every one-launch kernel (common.cl):
// work holds one partial per work-group and the ticket after them (zero before the first
// launch; the last work-group sets it back to zero).
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#ifndef VW
#define VW 4
#endif
#ifndef UNROLL
#define UNROLL 2
#endif
#ifndef BLOCKED
#define BLOCKED 0
#endif
// INDEX32=1 (the host sets it when n < 2^32): 32-bit index arithmetic, one instruction per
// address step instead of two.
#if INDEX32
typedef uint idx_t;
#else
typedef size_t idx_t;
#endif

// BEST_PTX: NVIDIA's inline PTX for operations other than argmin/argmax. Measured on the H200
// against this kernel without it, in alternating processes on one machine, twice
// (bench/results/h200/ptx-loads/):
// - the work-group's end in warp shuffles with a constant full mask, instead of a tree of
//   log2(local size) barrier rounds (the part of a launch that overlaps no loads): sustained
//   2^24 float32 and int32 sums 0.8-0.9 us (4 %) faster, 2^28 0.7-2 us. A shuffle loop over a
//   run-time width gave back most or all of that.
// - the element loads as ld.global.nc, the read-only path that CUB's loads take (NVIDIA's
//   OpenCL makes a plain ld.global of this `const restrict` pointer): no slower, a little faster
//   at 2^28. The L2::256B prefetch hint made 2^28 7 % slower.
// Argmin/argmax keep the tree and plain loads: with the shuffles their 2^28 runs were 2-7 %
// slower, and float32 argmin with ld.global.nc as well 30 % slower.
#if defined(RL_INLINE_PTX) && RL_INLINE_PTX && !ACC_IS_PAIR
#define BEST_PTX 1
#else
#define BEST_PTX 0
#endif

#if VW > 1 && !ACC_IS_PAIR
#define TV RL_XCAT(T, VW)
#if BEST_PTX
inline TV stream_load(__global const TV* p) {
    if (sizeof(TV) % 16 != 0) return *p;  // narrower vectors load as before
    union {
        TV vector;
        uint4 words[sizeof(TV) / 16 + 1];
    } u;
    __global const uint4* q = (__global const uint4*)p;
#pragma unroll
    for (uint k = 0; k < sizeof(TV) / 16; ++k)
        asm("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
            : "=r"(u.words[k].x), "=r"(u.words[k].y), "=r"(u.words[k].z), "=r"(u.words[k].w)
            : "l"(q + k));
    return u.vector;
}
#else
inline TV stream_load(__global const TV* p) { return *p; }
#endif
#define ACCV RL_XCAT(ACC, VW)
#define ACC_SV RL_XCAT(ACC_S, VW)
#define CONVERT_ACCV RL_XCAT(convert_, ACCV)
#define CONVERT_ACC_SV RL_XCAT(convert_, ACC_SV)
#define AS_ACCV RL_XCAT(as_, ACCV)

// Float32 min/max on NVIDIA: PTX's min.NaN/max.NaN (sm_80 on) apply the NaN rule (a NaN
// anywhere makes the result NaN) in one instruction, where COMBINE's select costs a compare, a
// NaN test and a select per element. In alternating processes on the H200, 3 rounds
// (bench/results/h200/min-nan/): sustained 2^24 0.7 us faster (min and max), 2^28 max 1.4 us and
// min 0.2 us; kernel time 0.7-1.3 us; verified with a NaN in the input. The hot loop only: the
// folds keep combine().
#if BEST_PTX && ACC_IS_FLOAT && ACC_BITS == 32 && (defined(OP_MIN) || defined(OP_MAX))
inline float combine_nan_ptx(float a, float b) {
    float r;
#if defined(OP_MIN)
    asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
#else
    asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
#endif
    return r;
}
inline ACCV combine_vector(ACCV a, ACCV b) {
    union {
        ACCV vector;
        float lane[VW];
    } x, y;
    x.vector = a;
    y.vector = b;
#pragma unroll
    for (uint k = 0; k < VW; ++k) x.lane[k] = combine_nan_ptx(x.lane[k], y.lane[k]);
    return x.vector;
}
#else
#define combine_vector(a, b) COMBINE(a, b)
#endif

inline ACCV load_vector(__global const TV* a, __global const TV* b, size_t i) {
#if defined(OP_DOT)
    return AS_ACCV(CONVERT_ACC_SV(a[i])) * AS_ACCV(CONVERT_ACC_SV(b[i]));
#elif defined(OP_LAND) || defined(OP_LOR)
    (void)b;
    return CONVERT_ACCV(a[i] != (TV)(0)) & (ACCV)(1);
#else
    (void)b;
    return AS_ACCV(CONVERT_ACC_SV(ELEMENT_PART(stream_load(a + i))));
#endif
}

inline ACC fold_vector(ACCV v) {
#if VW == 2
    return combine(v.s0, v.s1);
#elif VW == 4
    return combine(combine(v.s0, v.s1), combine(v.s2, v.s3));
#elif VW == 8
    return combine(combine(combine(v.s0, v.s1), combine(v.s2, v.s3)),
                   combine(combine(v.s4, v.s5), combine(v.s6, v.s7)));
#elif VW == 16
    return combine(combine(combine(combine(v.s0, v.s1), combine(v.s2, v.s3)),
                           combine(combine(v.s4, v.s5), combine(v.s6, v.s7))),
                   combine(combine(combine(v.s8, v.s9), combine(v.sa, v.sb)),
                           combine(combine(v.sc, v.sd), combine(v.se, v.sf))));
#endif
}
#endif

#if VW > 1 && ACC_IS_PAIR
// argmin/argmax with VW-wide loads (scalar loads of (value, index) pairs read at half the
// H200's ceiling). Each lane keeps its best value and the vector index it came from: along a
// lane the vector index only grows, so "strictly better" keeps the lowest index of equal
// values, and the lanes are folded with combine(), which breaks ties by index. A lane that has
// seen nothing holds NO_VECTOR, so the first element it sees always replaces the identity (an
// input of T_MAX alone still has an argmin).
#define RL_WIDE_long 1
#define RL_WIDE_ulong 1
#define RL_WIDE_double 1
#define TV RL_XCAT(T, VW)
#if RL_XCAT(RL_WIDE_, T)
#define VALUE_MASKV RL_XCAT(long, VW)
#else
#define VALUE_MASKV RL_XCAT(int, VW)
#endif
#if INDEX32
#define VECTOR_INDEX uint
#define INDEX_MASKV RL_XCAT(int, VW)
#else
#define VECTOR_INDEX ulong
#define INDEX_MASKV RL_XCAT(long, VW)
#endif
#define VECTOR_INDEXV RL_XCAT(VECTOR_INDEX, VW)
#define TO_INDEX_MASK RL_XCAT(convert_, INDEX_MASKV)
#define NO_VECTOR ((VECTOR_INDEXV)(~(VECTOR_INDEX)0))
#define LANE(x, i) (((const T*)&(x))[i])
#define LANE_INDEX(x, i) (((const VECTOR_INDEX*)&(x))[i])

// Per lane: value a strictly better than b (value_better(), vectorised: a NaN wins). For
// floats, "not (a at least as bad as b)" is true when a is better or either is a NaN, and b not
// being a NaN leaves the cases that win: two compares, not three.
inline VALUE_MASKV lanes_better(TV a, TV b) {
#if defined(OP_ARGMIN) && ACC_IS_FLOAT
    return ~(a >= b) & (b == b);
#elif ACC_IS_FLOAT
    return ~(a <= b) & (b == b);
#elif defined(OP_ARGMIN)
    return a < b;
#else
    return a > b;
#endif
}

typedef struct {
    TV value;
    VECTOR_INDEXV vector;  // where each lane's value was loaded, NO_VECTOR for none
} lane_pairs_t;

// Only for lanes that hold a value (the loops below seed each lane with its first vector, so the
// hot loop needs no "holds nothing yet" test).
inline void lanes_update(lane_pairs_t* best, TV x, idx_t v) {
    const VALUE_MASKV take = lanes_better(x, best->value);
    best->value = select(best->value, x, take);
    best->vector = select(best->vector, (VECTOR_INDEXV)((VECTOR_INDEX)v), TO_INDEX_MASK(take));
}

inline ACC lanes_fold(ACC acc, const lane_pairs_t* best) {
    for (uint i = 0; i < VW; ++i) {
        const VECTOR_INDEX vector = LANE_INDEX(best->vector, i);
        if (vector == ~(VECTOR_INDEX)0) continue;
        ACC p;
        p.value = LANE(best->value, i);
        p.index = (ulong)vector * VW + i;
        acc = combine(acc, p);
    }
    return acc;
}
#endif

// The work-group's values combined; the result is valid in work-item 0.
inline ACC group_reduce(ACC acc, __local ACC* scratch) {
    const uint tid = get_local_id(0);
#if BEST_PTX
    if (get_local_size(0) >= RL_WARP) {  // whole warps
        const uint warps = get_local_size(0) / RL_WARP;  // at most 32 (local size <= 1024)
        acc = warp_reduce_full(acc);
        if (warps == 1) return acc;
        if (tid % RL_WARP == 0) scratch[tid / RL_WARP] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < RL_WARP) {  // the whole first warp takes part
            acc = warp_reduce_full(tid < warps ? scratch[tid] : IDENTITY);
        }
        return acc;
    }
#endif
    scratch[tid] = acc;  // contiguous tree
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return scratch[0];
}

__kernel void reduce_best(__global const T* restrict in, SECOND_INPUT_ARG const ulong n,
                          __global ACC* out, __local ACC* scratch, volatile __global uint* work) {
    __local uint is_last;
    const uint tid = get_local_id(0);
    const idx_t gid = (idx_t)get_global_id(0);
    const idx_t stride = (idx_t)get_global_size(0);
    const uint groups = get_num_groups(0);
    volatile __global uint* partials = work;
    volatile __global uint* ticket = GROUP_TICKET(work, groups);

    ACC acc = IDENTITY;
#if VW > 1 && !ACC_IS_PAIR
    __global const TV* inv = (__global const TV*)in;
    __global const TV* in2v = (__global const TV*)SECOND_INPUT;
    const idx_t vectors = (idx_t)(n / VW);
    TUNED_VECTOR_RANGE(vectors, gid, stride);
    // UNROLL independent loads per iteration, all issued before the first is used, into UNROLL
    // independent accumulators: one accumulator would chain every combine to the previous one,
    // and on a CPU that latency chain, not memory, set the pace (a float max ran at a third of
    // a sum's speed under PoCL).
    ACCV lanes[UNROLL];
#pragma unroll
    for (uint u = 0; u < UNROLL; ++u) lanes[u] = (ACCV)(IDENTITY);
    for (; v + reach < end; v += UNROLL * step) {
        ACCV loaded[UNROLL];
#pragma unroll
        for (uint u = 0; u < UNROLL; ++u) loaded[u] = load_vector(inv, in2v, v + u * step);
#pragma unroll
        for (uint u = 0; u < UNROLL; ++u) lanes[u] = combine_vector(lanes[u], loaded[u]);
    }
    for (; v < end; v += step) lanes[0] = combine_vector(lanes[0], load_vector(inv, in2v, v));
#pragma unroll
    for (uint u = 1; u < UNROLL; ++u) lanes[0] = combine_vector(lanes[0], lanes[u]);
    acc = fold_vector(lanes[0]);
    for (idx_t t = VW * vectors + gid; t < n; t += stride) acc = combine(acc, load_item(in, SECOND_INPUT, t));
#elif VW > 1 && ACC_IS_PAIR
    __global const TV* inv = (__global const TV*)in;
    const idx_t vectors = (idx_t)(n / VW);
    TUNED_VECTOR_RANGE(vectors, gid, stride);
    lane_pairs_t lanes[UNROLL];
#pragma unroll
    for (uint u = 0; u < UNROLL; ++u) {  // each lane starts from its first vector, if it has one
        const bool has = v + u * step < end;
        lanes[u].value = has ? inv[v + u * step] : (TV)(PAIR_WORST_VALUE);
        lanes[u].vector = has ? (VECTOR_INDEXV)((VECTOR_INDEX)(v + u * step)) : NO_VECTOR;
    }
    v += UNROLL * step;  // past the seeds; the tail below only runs when lanes[0] was seeded
    for (; v + reach < end; v += UNROLL * step) {
        TV loaded[UNROLL];
#pragma unroll
        for (uint u = 0; u < UNROLL; ++u) loaded[u] = inv[v + u * step];
#pragma unroll
        for (uint u = 0; u < UNROLL; ++u) lanes_update(&lanes[u], loaded[u], v + u * step);
    }
    for (; v < end; v += step) lanes_update(&lanes[0], inv[v], v);
#pragma unroll
    for (uint u = 0; u < UNROLL; ++u) acc = lanes_fold(acc, &lanes[u]);
    for (idx_t t = VW * vectors + gid; t < n; t += stride) acc = combine(acc, load_item(in, SECOND_INPUT, t));
#elif BLOCKED
    const idx_t chunk = (idx_t)((n + stride - 1) / stride);
    const idx_t end = min(gid * chunk + chunk, (idx_t)n);
    for (idx_t i = min(gid * chunk, (idx_t)n); i < end; ++i) acc = combine(acc, load_item(in, SECOND_INPUT, i));
#else
    for (idx_t i = gid; i < n; i += stride) acc = combine(acc, load_item(in, SECOND_INPUT, i));
#endif
    acc = group_reduce(acc, scratch);

    if (groups == 1) {  // nothing to finish across work-groups
        if (tid == 0) out[0] = acc;
        return;
    }
    if (tid == 0) {
        publish_partial(partials, get_group_id(0), acc);
        mem_fence(CLK_GLOBAL_MEM_FENCE);  // the partial is visible before the ticket is taken
        is_last = atomic_inc(ticket) == groups - 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (!is_last) return;  // uniform across the work-group

    mem_fence(CLK_GLOBAL_MEM_FENCE);
    acc = IDENTITY;
    for (uint g = tid; g < groups; g += get_local_size(0)) acc = combine(acc, read_partial(partials, g));
    acc = group_reduce(acc, scratch);
    if (tid == 0) {
        out[0] = acc;
        atomic_xchg(ticket, 0u);  // ready for the next launch: no host command in between
    }
}
