// Exercise "grid-stride", a solution: each work-item starts at its global id and steps by the
// global size while the index is inside the input; the last, partial grid is covered too.
__kernel void reduce_grid_stride(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, in2, i));
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
