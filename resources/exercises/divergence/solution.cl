// Exercise "divergence", a solution: work-item tid handles the pair at index 2*s*tid, so the
// active work-items are always the first ones and whole warps work or idle together.
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
        const uint index = 2 * s * tid;
        if (index < local_size) {
            scratch[index] = combine(scratch[index], scratch[index + s]);
            TRACE_ACCESS(round, index, index + s, index)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
