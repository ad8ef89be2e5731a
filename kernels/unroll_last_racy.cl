// unroll_last_racy.cl: UNSAFE teaching variant. The CUDA-style "unroll the last warp": once 32
// or fewer work-items are active the barriers are dropped and local memory is read through a
// volatile pointer, on the belief that a warp's 32 lanes run in lockstep. OpenCL promises no
// such thing: without a barrier, work-item t may read scratch[t + s] before work-item t + s
// has written it. That is a data race, and real implementations get it wrong: PoCL runs the
// work-items of a region one after another, so work-item 0 finishes its whole tail before the
// others start and a work-group of 256 ones sums to 28, not 256. Oclgrind reports the race.
// Use unroll_last.cl (sub-groups or barriers) for the correct form.
// Knobs: see common.cl. Assumes a power-of-two local size; one element per work-item.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

__kernel void reduce_unroll_last_racy(__global const T* in, __global const T* in2,
                                      const ulong n, __global ACC* out,
                                      __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_global_id(0);
    scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    for (uint s = local_size / 2; s > 32; s >>= 1, ++round) {
        if (tid < s) {
            scratch[tid] = combine(scratch[tid], scratch[tid + s]);
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    // The "warp-synchronous" tail: no barrier between the rounds. (The `tid < s` tests only
    // keep the reads inside a local size below 64; CUDA's version lets all 32 lanes run.)
    if (tid < 32) {
        volatile __local ACC* v = scratch;
        if (local_size >= 64) v[tid] = combine(v[tid], v[tid + 32]);
        if (local_size >= 32 && tid < 16) v[tid] = combine(v[tid], v[tid + 16]);
        if (local_size >= 16 && tid < 8) v[tid] = combine(v[tid], v[tid + 8]);
        if (local_size >= 8 && tid < 4) v[tid] = combine(v[tid], v[tid + 4]);
        if (local_size >= 4 && tid < 2) v[tid] = combine(v[tid], v[tid + 2]);
        if (local_size >= 2 && tid < 1) v[tid] = combine(v[tid], v[tid + 1]);
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
