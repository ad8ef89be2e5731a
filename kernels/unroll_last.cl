// unroll_last.cl: the last rounds of the tree without the loop, done correctly. CUDA's
// classic trick drops the barriers once 32 or fewer work-items are active ("a warp runs in
// lockstep"); under OpenCL's memory model that is a data race (see unroll_last_racy.cl). Here:
//  - on a device with sub-groups (cl_khr_subgroups), the tree stops when one sub-group's worth
//    of values is left and the first sub-group finishes them with sub_group_reduce_* (add, min,
//    max and the logical ops; the other operations take the barrier path);
//  - elsewhere the last six rounds are written out one by one, each still ending in a barrier:
//    the loop's bookkeeping goes away, the synchronisation stays.
// Builds on first-add (two elements per work-item, added during the load), as the classic
// ladder does. Knobs: see common.cl. Assumes a power-of-two local size.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

#if defined(cl_khr_subgroups) && RL_COLLECTIVE_OK && !TRACE
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#define UNROLL_WITH_SUB_GROUPS 1
#else
#define UNROLL_WITH_SUB_GROUPS 0
#endif

// One unrolled round: the local size is uniform, so every work-item meets the barrier or none.
#define UNROLLED_ROUND(S)                                                                     \
    if (local_size >= 2 * (S)) {                                                              \
        if (tid < (S)) {                                                                      \
            scratch[tid] = combine(scratch[tid], scratch[tid + (S)]);                         \
            TRACE_ACCESS(round, tid, tid + (S), tid)                                          \
        }                                                                                     \
        barrier(CLK_LOCAL_MEM_FENCE);                                                         \
        TRACE_SNAPSHOT(scratch, round)                                                        \
        ++round;                                                                              \
    }

__kernel void reduce_unroll_last(__global const T* in, __global const T* in2, const ulong n,
                                 __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_group_id(0) * (size_t)(2 * local_size) + tid;  // first add, as first-add
    ACC first = i < n ? load_item(in, in2, i) : IDENTITY;
    if (i + local_size < n) first = combine(first, load_item(in, in2, i + local_size));
    scratch[tid] = first;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
#if UNROLL_WITH_SUB_GROUPS
    const uint sub_group = get_max_sub_group_size();
    uint live = local_size;  // values still to combine, at scratch[0 .. live-1]
    for (uint s = local_size / 2; s >= sub_group; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
        live = s;
    }
    (void)round;
    if (get_sub_group_id() == 0) {  // uniform within the sub-group, as the collective needs
        ACC v = IDENTITY;
        for (uint k = get_sub_group_local_id(); k < live; k += get_sub_group_size())
            v = combine(v, scratch[k]);
        ACC r = RL_COLLECTIVE(sub_group)(v);
#if RL_COLLECTIVE_NAN_RULE
        if (sub_group_any(isnan(v))) r = (ACC)NAN;
#endif
        if (get_sub_group_local_id() == 0) store_group_result(out, r);
    }
#else
    for (uint s = local_size / 2; s > 32; s >>= 1, ++round) {
        if (tid < s) {
            scratch[tid] = combine(scratch[tid], scratch[tid + s]);
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    UNROLLED_ROUND(32)
    UNROLLED_ROUND(16)
    UNROLLED_ROUND(8)
    UNROLLED_ROUND(4)
    UNROLLED_ROUND(2)
    UNROLLED_ROUND(1)
    if (tid == 0) store_group_result(out, scratch[0]);
#endif
}
