// kernels/contiguous.cl with a 16 KiB static local table on top of its scratch. The test sets the
// device's local memory to 8 KiB (REDUCELAB_DEVICE_LIMITS), so the kernel needs more than the
// device has on every machine (CL_KERNEL_LOCAL_MEM_SIZE reports it), while the table stays small
// enough to build on any real device (PoCL has 512 KiB to 1 MiB, GPUs 32 KiB or more). The engine must
// refuse it before launching (REDUCELAB_KERNEL_OVERRIDE_DIR).
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
                                __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    __local uint table[4096];
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_global_id(0);
    table[tid] = tid;
    scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) store_group_result(out, table[local_size - 1] == 12345u ? IDENTITY : scratch[0]);
}
