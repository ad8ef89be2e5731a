// Exercise "first-add", a solution: each work-item reads the elements i and i + local_size (a
// work-group's width apart, so that both loads stay coalesced) and adds them before the tree.
__kernel void reduce_first_add(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_group_id(0) * (size_t)(2 * local_size) + tid;
    ACC acc = i < n ? load_item(in, in2, i) : IDENTITY;
    if (i + local_size < n) acc = combine(acc, load_item(in, in2, i + local_size));
    scratch[tid] = acc;
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
