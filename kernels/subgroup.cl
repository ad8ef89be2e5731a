// subgroup.cl: sub-groups do the work-group's first levels. Each work-item combines many
// elements in a grid-stride loop; then sub_group_reduce_* (cl_khr_subgroups) reduces each
// sub-group in registers, without local memory or barriers, and only one value per sub-group
// goes through a small tree in local memory. Sub-group functions only add and take minima
// and maxima, so product, bitwise operations and argmin/argmax are not offered here.
// Only on devices with cl_khr_subgroups (PoCL 3.1 and NVIDIA's OpenCL have none).
// Knobs: see common.cl. Assumes a power-of-two local size.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#if !defined(cl_khr_subgroups)
#error "the subgroup variant needs cl_khr_subgroups"
#endif
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#if !RL_COLLECTIVE_OK
#error "sub_group_reduce_* only adds, takes minima and takes maxima"
#endif

__kernel void reduce_subgroup(__global const T* in, __global const T* in2, const ulong n,
                              __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));

    ACC r = RL_COLLECTIVE(sub_group)(acc);
#if RL_COLLECTIVE_NAN_RULE
    if (sub_group_any(isnan(acc))) r = (ACC)NAN;
#endif
    const uint groups = get_num_sub_groups();
    if (get_sub_group_local_id() == 0) scratch[get_sub_group_id()] = r;
    barrier(CLK_LOCAL_MEM_FENCE);

    // The small tree over one value per sub-group (any count, not only powers of two).
    uint width = 1;
    while (width < groups) width *= 2;
    for (uint s = width / 2; s > 0; s >>= 1) {
        if (tid < s && tid + s < groups) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
