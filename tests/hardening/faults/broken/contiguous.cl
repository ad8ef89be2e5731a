// A deliberately broken copy of kernels/contiguous.cl for the fault tests: the compiler must
// reject it, and the engine must report its build log (REDUCELAB_KERNEL_OVERRIDE_DIR).
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
                                __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    scratch[tid] = this_identifier_is_not_declared + load_item(in, in2, get_global_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) store_group_result(out, scratch[0]);
}
