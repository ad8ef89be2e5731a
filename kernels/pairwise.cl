// pairwise.cl: pairwise (cascade) summation. A grid-stride loop like grid_stride.cl, but each
// work-item adds its elements as a balanced binary tree instead of a running sum: a binary
// counter keeps one partial per level (level k: the sum of 2^k consecutive elements of this
// work-item), and a new element carries up through the full levels like an increment carries
// through set bits. The work-group's tree and the finish are balanced too, so every element
// passes through about log2(n) additions instead of up to n / work-items: the worst-case error
// grows with log2(n) rather than n. Any operation works: the order changes, the combine not.
// Knobs: see common.cl. Assumes a power-of-two local size.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

// Enough levels for 2^48 elements per work-item.
#define PAIRWISE_LEVELS 48

__kernel void reduce_pairwise(__global const T* in, __global const T* in2, const ulong n,
                              __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    ACC level_sum[PAIRWISE_LEVELS];
    ulong count = 0;
    for (size_t i = get_global_id(0); i < n; i += stride) {
        ACC carry = load_item(in, in2, i);
        uint level = 0;
        for (ulong full = count; full & 1; full >>= 1, ++level)
            carry = combine(level_sum[level], carry);
        level_sum[level] = carry;
        ++count;
    }
    // The partial blocks left (one per set bit of count), smallest first.
    ACC acc = IDENTITY;
    uint level = 0;
    for (ulong left = count; left != 0; left >>= 1, ++level)
        if (left & 1) acc = combine(level_sum[level], acc);
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
