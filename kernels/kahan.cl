// kahan.cl: compensated summation (Neumaier's variant of Kahan's algorithm). A grid-stride loop
// like grid_stride.cl, but each work-item keeps, beside its running sum, the sum of the rounding
// errors of its additions (exact error terms: Fast2Sum ordered by magnitude); the work-group's
// tree does the same for its additions, and a second tree adds up the error terms, which are
// added back once at the end. Only float sums, dots and means are compensated: every other
// operation is exact already and runs the plain loop and tree.
// Knobs: see common.cl. Assumes a power-of-two local size.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

#if ACC_IS_FLOAT && !ACC_IS_PAIR && (defined(OP_SUM) || defined(OP_DOT))
#define RL_COMPENSATE 1
#else
#define RL_COMPENSATE 0
#endif

#if RL_COMPENSATE
// The rounding error of sum = a + b, exactly (Neumaier: subtract the larger operand first).
// Zero once sum is an infinity or NaN (t - t is then NaN), so that inf + inf stays inf and does
// not become NaN through inf - inf.
inline ACC addition_error(ACC a, ACC b, ACC sum) {
    const ACC error = fabs(a) >= fabs(b) ? (a - sum) + b : (b - sum) + a;
    return sum - sum == (ACC)0 ? error : (ACC)0;
}
#endif

__kernel void reduce_kahan(__global const T* in, __global const T* in2, const ulong n,
                           __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
#if RL_COMPENSATE
    ACC compensation = (ACC)0;
    for (size_t i = get_global_id(0); i < n; i += stride) {
        const ACC term = load_item(in, in2, i);
        const ACC sum = acc + term;
        compensation += addition_error(acc, term, sum);
        acc = sum;
    }
#else
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));
#endif
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) {
#if RL_COMPENSATE
            const ACC a = scratch[tid];
            const ACC b = scratch[tid + s];
            const ACC sum = a + b;
            compensation += addition_error(a, b, sum);
            scratch[tid] = sum;
#else
            scratch[tid] = combine(scratch[tid], scratch[tid + s]);
#endif
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#if RL_COMPENSATE
    // Every error term of the work-group, summed by a second tree and added back once.
    const ACC tree_sum = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    scratch[tid] = compensation;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] += scratch[tid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) store_group_result(out, tree_sum + scratch[0]);
#else
    if (tid == 0) store_group_result(out, scratch[0]);
#endif
}
