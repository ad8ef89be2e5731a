// A copy of kernels/contiguous.cl with a macro bomb (the sandbox tests): B9 expands to 10^9
// tokens, which exhausts the compiler's time or memory. reducelab-cli must end it with exit 4
// (a timeout or the compiler's crash), never hang or take the machine's memory.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

#define B0 n + n + n + n + n + n + n + n + n + n
#define B1 B0 + B0 + B0 + B0 + B0 + B0 + B0 + B0 + B0 + B0
#define B2 B1 + B1 + B1 + B1 + B1 + B1 + B1 + B1 + B1 + B1
#define B3 B2 + B2 + B2 + B2 + B2 + B2 + B2 + B2 + B2 + B2
#define B4 B3 + B3 + B3 + B3 + B3 + B3 + B3 + B3 + B3 + B3
#define B5 B4 + B4 + B4 + B4 + B4 + B4 + B4 + B4 + B4 + B4
#define B6 B5 + B5 + B5 + B5 + B5 + B5 + B5 + B5 + B5 + B5
#define B7 B6 + B6 + B6 + B6 + B6 + B6 + B6 + B6 + B6 + B6
#define B8 B7 + B7 + B7 + B7 + B7 + B7 + B7 + B7 + B7 + B7
#define B9 B8 + B8 + B8 + B8 + B8 + B8 + B8 + B8 + B8 + B8

__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
                                __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    if (get_local_id(0) == 0) store_group_result(out, (ACC)(B9));
}
