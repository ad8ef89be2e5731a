// Exercise "unroll-race": the CUDA-style "unroll the last warp". Once 32 or fewer work-items are
// active the barriers are dropped, on the belief that a warp runs in lockstep. OpenCL promises no
// such thing: work-item t may read scratch[t + s] before work-item t + s has written it. Find the
// data race and fix it so that the kernel is right on every device; keep the unrolled rounds.
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
    // The "warp-synchronous" tail: no barrier between the rounds.
    if (tid < 32) {
        volatile __local ACC* v = scratch;
        if (local_size >= 64) v[tid] = combine(v[tid], v[tid + 32]);
        if (local_size >= 32 && tid < 16) v[tid] = combine(v[tid], v[tid + 16]);
        if (local_size >= 16 && tid < 8) v[tid] = combine(v[tid], v[tid + 8]);
        if (local_size >= 8 && tid < 4) v[tid] = combine(v[tid], v[tid + 4]);
        if (local_size >= 4 && tid < 2) v[tid] = combine(v[tid], v[tid + 2]);
        if (local_size >= 2 && tid < 1) v[tid] = combine(v[tid], v[tid + 1]);
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
