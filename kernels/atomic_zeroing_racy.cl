// atomic_zeroing_racy.cl: UNSAFE teaching variant, seed 002 as written. The kernel "initialises"
// the destination itself: `if (get_global_id(0) == 0) atomic_xchg(dst, 0)`. Nothing orders that
// exchange before the other work-groups' atomic adds: OpenCL does not run work-groups in any
// order, nor all at the same time, so a work-group that adds its result before work-group 0
// has started has it wiped out by the exchange. Whether a run comes out right depends on the
// scheduling of work-groups. The host leaves the destination as it is, like the seed's host
// code. The safe form: the host initialises the destination before the launch (atomic.cl).
// Knobs: see common.cl; always built with FINISH_ATOMIC=1. Assumes a power-of-two local size.
#ifndef FINISH_ATOMIC
#define FINISH_ATOMIC 1
#endif
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#if !FINISH_ATOMIC || ACC_IS_PAIR
#error "the atomic-zeroing-racy variant needs FINISH_ATOMIC=1 and a scalar accumulator"
#endif

__kernel void reduce_atomic_zeroing_racy(__global const T* in, __global const T* in2,
                                         const ulong n, __global ACC* out,
                                         __local ACC* scratch TRACE_PARAMS) {
    // Seed 002: "zero dst atomically, once, from global work-item 0". The race is here.
    if (get_global_id(0) == 0) RL_ATOMIC(xchg)((volatile __global BITS_T*)out, AS_BITS(IDENTITY));

    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_global_id(0);
    scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    for (uint s = local_size / 2; s > 0; s >>= 1, ++round) {
        if (tid < s) {
            scratch[tid] = combine(scratch[tid], scratch[tid + s]);
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    if (tid == 0) store_group_result(out, scratch[0]);  // atomic_combine into out[0]
}
