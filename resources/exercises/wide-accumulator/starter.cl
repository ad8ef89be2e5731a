// Exercise "wide-accumulator": the sum of int32 elements is kept in a 64-bit accumulator (ACC),
// because a sum of int32 values leaves the int32 range long before n does. The starter's
// grid-stride loop adds in the element type T, which wraps after 2^31. Accumulate in ACC.
// Keep the kernel's name and signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS
// for each combine: the grader traces your kernel.
__kernel void reduce_grid_stride(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    T acc = 0;
    for (size_t i = get_global_id(0); i < n; i += stride) acc += in[i];
    scratch[tid] = (ACC)acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    for (uint s = local_size / 2; s > 0; s >>= 1, ++round) {
        if (tid < s) {
            scratch[tid] = combine(scratch[tid], scratch[tid + s]);
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
