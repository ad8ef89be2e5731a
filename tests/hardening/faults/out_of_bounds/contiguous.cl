// A copy of kernels/contiguous.cl that writes far past its output buffer (the sandbox tests): on
// a CPU device the store hits unmapped memory and the process gets SIGSEGV, which reducelab-cli
// must report as exit 4 naming the signal.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
                                __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    for (ulong k = 0; k < 64; ++k)
        out[get_global_id(0) + (k << 36) + ((ulong)1 << 40)] = load_item(in, in2, 0);
}
