// Exercise "first-add": this kernel is launched with half as many work-items as elements: each
// work-group covers 2 * local_size elements, from get_group_id(0) * 2 * local_size. The starter
// still loads one element per work-item, so half of the input is never read. Combine both of
// the work-item's elements during the load, before the tree.
// Keep the kernel's name and signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS
// for each combine: the grader traces your kernel.
__kernel void reduce_first_add(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_group_id(0) * (size_t)(2 * local_size) + tid;
    scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;
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
