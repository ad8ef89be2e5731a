// Exercise "guard-the-load": the global size is n rounded up to the local size, so the last
// work-group has work-items past the end of the input. The starter lets every work-item read
// in[i]: those past the end read outside the buffer. On some devices that reads garbage, on
// others it crashes, on some it even seems to work. Guard the load.
// Keep the kernel's name and signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS
// for each combine: the grader traces your kernel.
__kernel void reduce_contiguous(__global const T* in, __global const T* in2, const ulong n,
    __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t i = get_global_id(0);
    scratch[tid] = load_item(in, in2, i);
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
