// Exercise "unroll-race", a solution: each unrolled round still ends in a barrier, reached by
// every work-item of the group (the tests on local_size are the same for all of them). The loop's
// bookkeeping goes away; the synchronisation stays.
__kernel void reduce_unroll_last(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_group_id(0) * (size_t)(2 * local_size) + tid;
    ACC first = i < n ? load_item(in, in2, i) : IDENTITY;
    if (i + local_size < n) first = combine(first, load_item(in, in2, i + local_size));
    scratch[tid] = first;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    for (uint s = local_size / 2; s > 32; s >>= 1, ++round) {
        if (tid < s) {
            scratch[tid] = combine(scratch[tid], scratch[tid + s]);
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    for (uint s = 32; s > 0; s >>= 1) {
        if (local_size >= 2 * s) {
            if (tid < s) {
                scratch[tid] = combine(scratch[tid], scratch[tid + s]);
                TRACE_ACCESS(round, tid, tid + s, tid)
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            TRACE_SNAPSHOT(scratch, round)
            ++round;
        }
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
