// Exercise "argmax-ties", a solution: a strictly larger value wins; on equal values the lower
// index wins, whichever side it came from.
// The better of two (value, index) pairs for argmax.
inline ACC better_of(ACC a, ACC b) {
    if (b.value > a.value) return b;
    if (a.value > b.value) return a;
    return b.index < a.index ? b : a;
}

__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_global_id(0);
    scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    for (uint s = local_size / 2; s > 0; s >>= 1, ++round) {
        if (tid < s) {
            scratch[tid] = better_of(scratch[tid], scratch[tid + s]);
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    if (tid == 0) store_group_result(out, scratch[0]);
}
