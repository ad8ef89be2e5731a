// A copy of kernels/contiguous.cl that never finishes (the sandbox tests): every work-item keeps
// storing forever. reducelab-cli must stop it at --timeout and exit 4.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
                                __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    for (;;) ((volatile __global ACC*)out)[get_group_id(0)] = load_item(in, in2, 0);
}
