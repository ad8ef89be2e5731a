// Exercise "single-launch": the whole sum in one launch. Each work-group reduces its share of
// the input (a grid-stride loop, then a tree) and publishes its partial in work[] (as 32-bit
// words: publish_partial, read_partial); the ticket after the partials starts at zero. The
// starter stops there and lets work-group 0's partial stand for the whole sum.
// Keep the kernel's name and signature.
__kernel void reduce_single_pass(__global const T* in, SECOND_INPUT_ARG const ulong n,
                                 __global ACC* out, __local ACC* scratch,
                                 volatile __global uint* work) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    const uint groups = get_num_groups(0);
    volatile __global uint* partials = work;
    volatile __global uint* ticket = GROUP_TICKET(work, groups);  // zero at the start

    ACC acc = IDENTITY;
    for (size_t i = get_global_id(0); i < n; i += stride) acc = combine(acc, load_item(in, SECOND_INPUT, i));
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] = combine(scratch[tid], scratch[tid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Every work-group publishes its partial into work[]...
    if (tid == 0) publish_partial(partials, get_group_id(0), scratch[0]);
    // ...but work-group 0 writes its own partial as the result: the others are never added.
    // Finish in this launch: let the last work-group to arrive (a ticket, atomic_inc(ticket)
    // after a fence) reduce every partial into out[0], and set the ticket back to zero.
    if (tid == 0 && get_group_id(0) == 0) out[0] = scratch[0];
}
