// work_group_builtin.cl: the OpenCL 2.0 work-group collective does the whole tree. Each
// work-item combines many elements in a grid-stride loop, then one call to
// work_group_reduce_add / _min / _max returns the work-group's result to every work-item; the
// implementation picks sub-group shuffles, local memory and barriers for the device. The
// shortest kernel and usually close to the best hand-written tree. Collectives only add and
// take minima and maxima, so product, bitwise operations and argmin/argmax are not offered.
// Built with -cl-std=CL2.0 (PoCL 3.1 cannot link it; NVIDIA builds it though it does not
// advertise collectives).
// Knobs: see common.cl. Any local size the device allows.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#if !RL_COLLECTIVE_OK
#error "work_group_reduce_* only adds, takes minima and takes maxima"
#endif

__kernel void reduce_work_group_builtin(__global const T* in, __global const T* in2,
                                        const ulong n, __global ACC* out,
                                        __local ACC* scratch TRACE_PARAMS) {
    (void)scratch;  // the collective brings its own local memory
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));

    ACC r = RL_COLLECTIVE(work_group)(acc);
#if RL_COLLECTIVE_NAN_RULE
    if (work_group_any(isnan(acc))) r = (ACC)NAN;
#endif
    if (get_local_id(0) == 0) store_group_result(out, r);
}
