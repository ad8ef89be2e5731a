// warp_shuffle.cl: NVIDIA only. Warp-level reduction with register shuffles written as inline
// PTX (`shfl.sync.bfly.b32`), since NVIDIA's OpenCL has no sub-groups. Each work-item combines
// many elements in a grid-stride loop; then, within each warp of 32 work-items, five butterfly
// rounds (offsets 16, 8, 4, 2, 1) exchange registers directly: lane l combines its value with
// lane l ^ offset's, with no local memory and no barrier, because shfl.sync itself
// synchronises the lanes named in its member mask. Lane 0 of every warp writes one value to
// local memory and, after one barrier, the first warp reduces those the same way.
// Values wider than 32 bits (64-bit integers, doubles, argmin/argmax pairs) are shuffled as
// several 32-bit words. A work-group smaller than a warp shuffles among its own lanes only.
// Assumes NVIDIA's layout: work-items with consecutive local ids fill warps of 32.
// Knobs: see common.cl, plus RL_INLINE_PTX=1 (set by the catalog; the PTX only builds on NVIDIA).
// Assumes a power-of-two local size.
#ifndef REDUCELAB_COMMON
#include "common.cl"
#endif
#if !defined(RL_INLINE_PTX)
#error "warp_shuffle.cl needs NVIDIA's OpenCL (inline PTX); build it with -DRL_INLINE_PTX=1"
#endif

#define WARP 32u

// One 32-bit butterfly shuffle among the lanes in `members`: returns lane (lane ^ lane_mask)'s v.
inline uint shuffle_xor_u32(uint v, uint lane_mask, uint members) {
    uint r;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, %3;"
                 : "=r"(r)
                 : "r"(v), "r"(lane_mask), "r"(members));
    return r;
}

typedef union {
    ACC value;
    uint words[sizeof(ACC) / 4];
} acc_words_t;

inline ACC shuffle_xor(ACC v, uint lane_mask, uint members) {
    acc_words_t u;
    u.value = v;
    for (uint k = 0; k < sizeof(ACC) / 4; ++k)
        u.words[k] = shuffle_xor_u32(u.words[k], lane_mask, members);
    return u.value;
}

// Butterfly reduction over `width` lanes (a power of two <= 32): every lane ends with the result.
inline ACC warp_reduce(ACC v, uint width, uint members) {
    for (uint offset = width / 2; offset > 0; offset >>= 1)
        v = combine(v, shuffle_xor(v, offset, members));
    return v;
}

__kernel void reduce_warp_shuffle(__global const T* in, __global const T* in2, const ulong n,
                                  __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));

    const uint width = min(local_size, WARP);  // lanes per warp in this work-group
    const uint members = width == WARP ? 0xffffffffu : ((1u << width) - 1u);
    const uint lane = tid % width;
    const uint warp = tid / width;
    const uint warps = local_size / width;

    acc = warp_reduce(acc, width, members);
    if (lane == 0) scratch[warp] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (warp == 0) {  // the whole first warp: every lane in `members` takes part
        ACC v = IDENTITY;
        for (uint k = lane; k < warps; k += width) v = combine(v, scratch[k]);
        v = warp_reduce(v, width, members);
        if (tid == 0) store_group_result(out, v);
    }
}
