// Exercise "single-launch", a solution: the catalog's single_pass.cl. After publishing its
// partial and a global memory fence, work-item 0 of each work-group takes a ticket with
// atomic_inc; the work-group that draws num_groups - 1 is the last one, and every other partial
// is in place: it reduces them all into out[0] and sets the ticket back to zero.
__kernel void reduce_single_pass(__global const T* in, SECOND_INPUT_ARG const ulong n,
                                 __global ACC* out, __local ACC* scratch,
                                 volatile __global uint* work) {
    __local uint is_last;
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    const uint groups = get_num_groups(0);
    volatile __global uint* partials = work;
    volatile __global uint* ticket = GROUP_TICKET(work, groups);

    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, SECOND_INPUT, i));
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (tid == 0) {
        publish_partial(partials, get_group_id(0), scratch[0]);
        mem_fence(CLK_GLOBAL_MEM_FENCE);  // the partial before the ticket
        is_last = atomic_inc(ticket) == groups - 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (!is_last) return;  // uniform: the whole work-group leaves or stays

    // The last work-group: every partial has been published.
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    acc = IDENTITY;
    for (uint g = tid; g < groups; g += local_size) acc = combine(acc, read_partial(partials, g));
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        out[0] = scratch[0];
        atomic_xchg(ticket, 0u);  // ready for the next launch: no host command in between
    }
}
