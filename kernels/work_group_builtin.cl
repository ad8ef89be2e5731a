// work_group_builtin.cl: the OpenCL 2.0 work-group collective does the whole tree. Each
// work-item combines many elements in a grid-stride loop, then one call to
// work_group_reduce_add / _max returns the work-group's result to every work-item; the
// implementation picks sub-group shuffles, local memory and barriers for the device. The
// shortest kernel and usually close to the best hand-written tree. Collectives only add and
// take minima and maxima, so product, bitwise operations and argmin/argmax are not offered.
// Built with -cl-std=CL2.0 (PoCL 3.1 cannot link it; NVIDIA builds it though it does not
// advertise collectives).
// Minima and maxima go through work_group_reduce_max on order-preserving unsigned keys (a
// minimum is the maximum of the complemented keys): NVIDIA's work_group_reduce_min/max (driver
// 580, H200) pad partly filled warps and work-groups with a wrong identity (0 for integers,
// FLT_MIN/DBL_MIN for floats) and so return 0 for max(-7) and for min(3) of unsigned values,
// while its unsigned maximum is right: 0 is the smallest key.
// Knobs: see common.cl. Any local size the device allows.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#if !RL_COLLECTIVE_OK
#error "work_group_reduce_* only adds, takes minima and takes maxima"
#endif

#if defined(OP_MIN) || defined(OP_MAX) || defined(OP_LAND) || defined(OP_LOR)
#define USE_ORDER_KEYS 1
#define KEY_SIGN ((BITS_T)1 << (ACC_BITS - 1))
// An unsigned key with the same order as the value: floats by their sign-magnitude bits,
// signed integers with the sign bit flipped, unsigned ones as they are.
inline BITS_T order_key(ACC v) {
    const BITS_T b = AS_BITS(v);
#if ACC_IS_FLOAT
    return (b & KEY_SIGN) ? ~b : (b | KEY_SIGN);
#else
    return ((ACC)-1 < (ACC)0) ? (b ^ KEY_SIGN) : b;
#endif
}
inline ACC from_order_key(BITS_T key) {
#if ACC_IS_FLOAT
    return AS_ACC((key & KEY_SIGN) ? (key ^ KEY_SIGN) : ~key);
#else
    return AS_ACC(((ACC)-1 < (ACC)0) ? (key ^ KEY_SIGN) : key);
#endif
}
#else
#define USE_ORDER_KEYS 0
#endif

__kernel void reduce_work_group_builtin(__global const T* in, __global const T* in2,
                                        const ulong n, __global ACC* out,
                                        __local ACC* scratch TRACE_PARAMS) {
    (void)scratch;  // the collective brings its own local memory
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));

#if USE_ORDER_KEYS && (defined(OP_MIN) || defined(OP_LAND))
    ACC r = from_order_key(~work_group_reduce_max(~order_key(acc)));
#elif USE_ORDER_KEYS
    ACC r = from_order_key(work_group_reduce_max(order_key(acc)));
#else
    ACC r = RL_COLLECTIVE(work_group)(acc);
#endif
#if RL_COLLECTIVE_NAN_RULE
    if (work_group_any(isnan(acc))) r = (ACC)NAN;
#endif
    if (get_local_id(0) == 0) store_group_result(out, r);
}
