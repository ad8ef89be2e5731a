// Exercise "compensated-sum": a float32 sum whose input cancels. Each block of four elements is
// b, -b, s, s' with b up to 2^24 and s, s' in [-1, 1): the exact sum is the small terms' sum,
// but this plain grid-stride loop and tree add the large terms together first, and each of
// those additions rounds away far more than the small terms are worth.
// Keep the sum in float (ACC), but carry the rounding error of every addition beside it
// (Kahan's or Neumaier's compensation) and add it back once at the end.
// Keep the kernel's name and signature.
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
