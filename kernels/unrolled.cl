// unrolled.cl: complete unroll. The local size is a compile-time constant (-DWGS=<local size>,
// one build per local size, like CUDA's template parameter), so every round of the tree is
// written out and the `WGS >= 2*S` tests vanish at compile time: no loop counter, no loop
// branch, and the compiler sees each round's exact set of active work-items. Loads use the
// first add (two elements per work-item). Every round keeps its barrier.
// Knobs: see common.cl, plus WGS: the local size, a power of two (the launch must use it;
// the engine builds one program per local size).
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#ifdef WGS
#if (WGS) < 1 || (WGS) > 32768 || ((WGS) & ((WGS)-1)) != 0
#error "WGS must be a power of two between 1 and 32768"
#endif
#define RL_LOCAL_SIZE (WGS)
#define RL_REQUIRED_SIZE __attribute__((reqd_work_group_size(WGS, 1, 1)))
#else
// Built without -DWGS (step mode, an editor, Oclgrind by hand): the same rounds, tested at
// run time instead of compile time.
#define RL_LOCAL_SIZE ((uint)get_local_size(0))
#define RL_REQUIRED_SIZE
#endif

#define UNROLLED_ROUND(S)                                                                     \
    if (RL_LOCAL_SIZE >= 2 * (S)) {                                                           \
        if (tid < (S)) {                                                                      \
            scratch[tid] = combine(scratch[tid], scratch[tid + (S)]);                         \
            TRACE_ACCESS(round, tid, tid + (S), tid)                                          \
        }                                                                                     \
        barrier(CLK_LOCAL_MEM_FENCE);                                                         \
        TRACE_SNAPSHOT(scratch, round)                                                        \
        ++round;                                                                              \
    }

__kernel RL_REQUIRED_SIZE void reduce_unrolled(
    __global const T* in, __global const T* in2, const ulong n, __global ACC* out,
    __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const size_t i = get_group_id(0) * (size_t)(2 * RL_LOCAL_SIZE) + tid;
    ACC acc = i < n ? load_item(in, in2, i) : IDENTITY;
    if (i + RL_LOCAL_SIZE < n) acc = combine(acc, load_item(in, in2, i + RL_LOCAL_SIZE));
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    UNROLLED_ROUND(16384)
    UNROLLED_ROUND(8192)
    UNROLLED_ROUND(4096)
    UNROLLED_ROUND(2048)
    UNROLLED_ROUND(1024)
    UNROLLED_ROUND(512)
    UNROLLED_ROUND(256)
    UNROLLED_ROUND(128)
    UNROLLED_ROUND(64)
    UNROLLED_ROUND(32)
    UNROLLED_ROUND(16)
    UNROLLED_ROUND(8)
    UNROLLED_ROUND(4)
    UNROLLED_ROUND(2)
    UNROLLED_ROUND(1)
    (void)round;
    if (tid == 0) store_group_result(out, scratch[0]);
}
