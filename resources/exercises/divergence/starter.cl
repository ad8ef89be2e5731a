// Exercise "divergence": the naive tree. In round s only the work-items with tid % (2*s) == 0
// work, so the active lanes are spread over every warp and every warp diverges.
// Change which work-item handles which pair so that the active work-items are the first ones.
// Keep the kernel's name and signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS for
// each combine: the grader traces your kernel.
__kernel void reduce_interleaved(__global const T* in, __global const T* in2, const ulong n,
                                 __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_global_id(0);
    scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    for (uint s = 1; s < local_size; s *= 2, ++round) {
        if (tid % (2 * s) == 0) {
            scratch[tid] = combine(scratch[tid], scratch[tid + s]);
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
