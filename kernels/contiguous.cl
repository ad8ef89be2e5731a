// contiguous.cl: sequential (contiguous) addressing. Work-item tid combines scratch[tid] with
// scratch[tid + s], s halving from local_size/2: the active work-items stay packed at the left
// (whole warps idle instead of diverging) and a warp's accesses hit consecutive banks.
// Half the work-items already idle in the first round: first-add fixes that.
// Knobs: see common.cl. Assumes a power-of-two local size; one element per work-item.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
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
    if (tid == 0) store_group_result(out, scratch[0]);
}
