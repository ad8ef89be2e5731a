// atomic.cl: seed 002's idea done safely. Each work-group reduces its elements in local memory
// (one element per work-item, contiguous tree) and work-item 0 folds the group's result into
// out[0] with one atomic: atomic_add for 32-bit integer sums and dots, atom_add with
// cl_khr_int64_base_atomics for 64-bit ones, atomic_min/max and and/or/xor natively, and an
// atomic_cmpxchg loop for floats and products. One launch and no partials array, but the
// atomics on one address serialise: fine for a few thousand work-groups, a bottleneck for
// millions. The host writes the operation's identity into out[0] before the launch (seed 002
// zeroes it from inside the kernel, which races: see atomic_zeroing_racy.cl). Seed 002 folds
// the local buffer serially in work-item 0; the tree here does the same in log2(L) rounds.
// Knobs: see common.cl; always built with FINISH_ATOMIC=1. Assumes a power-of-two local size.
#ifndef FINISH_ATOMIC
#define FINISH_ATOMIC 1
#endif
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#if !FINISH_ATOMIC || ACC_IS_PAIR
#error "the atomic variant needs FINISH_ATOMIC=1 and a scalar accumulator"
#endif

__kernel void reduce_atomic(__global const T* in, __global const T* in2, const ulong n,
                            __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
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
