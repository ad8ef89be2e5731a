// single_pass.cl: the whole reduction in one launch. Work-groups reduce their share of the
// input (grid-stride loop, then a contiguous tree) and write one partial each; then the last
// work-group to finish reduces all the partials and writes out[0]. "Last" is decided by a
// ticket: after writing its partial and a global memory fence, work-item 0 takes
// atomic_inc(ticket); whoever draws num_groups - 1 knows every other partial is in place.
// No second launch and no host round trip, at the cost of one atomic per work-group. The host
// zeroes the ticket before each launch.
// The partials cross work-groups, and OpenCL 1.2 only orders accesses of different
// work-groups through atomics, so they are written and read as 32-bit words with atomic_xchg
// and atomic_or(p, 0) (argmin/argmax pairs too): no plain access races between work-groups.
// Extra arguments after the common ones: the partials' words and the ticket.
// Knobs: see common.cl. Assumes a power-of-two local size. Not steppable.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif

// A partial as 32-bit words: a scalar accumulator is 1 or 2 words; an argmin/argmax pair is
// its value's words followed by the index's two (the padding between them is never sent).
#if ACC_IS_PAIR
#define VALUE_WORDS (sizeof(T) / 4)
#define ACC_WORDS (VALUE_WORDS + 2)
#else
#define ACC_WORDS (sizeof(ACC) / 4)
#endif

inline void publish_partial(volatile __global uint* words, uint group, ACC v) {
    volatile __global uint* w = words + group * ACC_WORDS;
#if ACC_IS_PAIR
    const uint* value = (const uint*)&v.value;
    for (uint k = 0; k < VALUE_WORDS; ++k) atomic_xchg(w + k, value[k]);
    atomic_xchg(w + VALUE_WORDS, (uint)v.index);
    atomic_xchg(w + VALUE_WORDS + 1, (uint)(v.index >> 32));
#else
    const uint* bits = (const uint*)&v;
    for (uint k = 0; k < ACC_WORDS; ++k) atomic_xchg(w + k, bits[k]);
#endif
}

inline ACC read_partial(volatile __global uint* words, uint group) {
    volatile __global uint* w = words + group * ACC_WORDS;
    ACC v;
#if ACC_IS_PAIR
    uint* value = (uint*)&v.value;
    for (uint k = 0; k < VALUE_WORDS; ++k) value[k] = atomic_or(w + k, 0u);
    v.index = (ulong)atomic_or(w + VALUE_WORDS, 0u) |
              ((ulong)atomic_or(w + VALUE_WORDS + 1, 0u) << 32);
#else
    uint* bits = (uint*)&v;
    for (uint k = 0; k < ACC_WORDS; ++k) bits[k] = atomic_or(w + k, 0u);
#endif
    return v;
}

__kernel void reduce_single_pass(__global const T* in, __global const T* in2, const ulong n,
                                 __global ACC* out, __local ACC* scratch,
                                 volatile __global uint* partials,
                                 volatile __global uint* ticket) {
    __local uint is_last;
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    const uint groups = get_num_groups(0);

    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (tid == 0) {
        publish_partial(partials, get_group_id(0), scratch[0]);
        mem_fence(CLK_GLOBAL_MEM_FENCE);  // the partial before the ticket
        is_last = atomic_inc(ticket) == groups - 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (!is_last) return;  // uniform: the whole work-group leaves or stays

    // The last work-group: every partial has been published.
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    acc = IDENTITY;
    for (uint g = tid; g < groups; g += local_size) acc = combine(acc, read_partial(partials, g));
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) out[0] = scratch[0];
}
