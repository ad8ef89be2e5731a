// Exercise "identity-padding": the minimum. The last work-group is only partly inside the input,
// and the starter pads the work-items past the end with 0, which is the identity of a sum but not
// of a minimum: a positive input then has the minimum 0. Pad with the identity of the operation.
// Keep the kernel's name and signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS
// for each combine: the grader traces your kernel.
__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_global_id(0);
    scratch[tid] = i < n ? load_item(in, in2, i) : 0;
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
