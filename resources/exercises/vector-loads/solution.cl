// Exercise "vector-loads", a solution: after the vector loop, the last n % 4 elements are
// grid-strided from work-item 0 one by one (the global size may be smaller than 3).
__kernel void reduce_vector(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t gid = get_global_id(0);
    const size_t stride = get_global_size(0);
    const size_t vectors = n / 4;
    __global const T4* in4 = (__global const T4*)in;
    __global const T4* in24 = (__global const T4*)in2;
    ACC4 acc4 = (ACC4)(IDENTITY);
    for (size_t v = gid; v < vectors; v += stride) acc4 = combine4(acc4, load_item4(in4, in24, v));
    ACC acc = combine_lanes(acc4);
    for (size_t t = 4 * vectors + gid; t < n; t += stride) acc = combine(acc, load_item(in, in2, t));
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
