// finish.cl: the second-kernel finish. Reduces an array of accumulator values (the
// work-groups' partial results) to one value per work-group; the host launches it again
// until one value remains. Grid-stride over the partials, then a contiguous tree.
// Knobs: see common.cl (T, ACC and the OP_* of the first stage). Power-of-two local size.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

__kernel void reduce_partials(__global const ACC* partials, const ulong count, __global ACC* out,
                              __local ACC* scratch) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < count; i += get_global_size(0))
        acc = combine(acc, partials[i]);
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) out[get_group_id(0)] = scratch[0];
}
