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

__kernel void reduce_warp_shuffle(__global const T* in, __global const T* in2, const ulong n,
                                  __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));

    const uint width = min(local_size, RL_WARP);  // lanes per warp in this work-group
    const uint members = width == RL_WARP ? 0xffffffffu : ((1u << width) - 1u);
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
