// Exercise "compensated-sum", a solution: Neumaier's compensated sum, as in the catalog's
// kahan.cl. Every addition's rounding error is computed exactly (Fast2Sum, the larger operand
// first) and summed beside the running sum, in the loop and in the tree; a second tree adds up
// the error terms of the work-group, and they are added back once, at the end.

// The rounding error of sum = a + b, exactly (zero once the sum is not finite).
inline ACC addition_error(ACC a, ACC b, ACC sum) {
    const ACC error = fabs(a) >= fabs(b) ? (a - sum) + b : (b - sum) + a;
    return sum - sum == (ACC)0 ? error : (ACC)0;
}

__kernel void reduce_grid_stride(__global const T* in, __global const T* in2, const ulong n,
                                 __global ACC* out, __local ACC* scratch TRACE_PARAMS) {
    const uint tid = get_local_id(0);
    const uint local_size = get_local_size(0);
    const size_t stride = get_global_size(0);
    ACC acc = IDENTITY;
    ACC compensation = (ACC)0;
    for (size_t i = get_global_id(0); i < n; i += stride) {
        const ACC term = load_item(in, in2, i);
        const ACC sum = acc + term;
        compensation += addition_error(acc, term, sum);
        acc = sum;
    }
    scratch[tid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    TRACE_SNAPSHOT(scratch, 0)

    uint round = 1;
    for (uint s = local_size / 2; s > 0; s >>= 1, ++round) {
        if (tid < s) {
            const ACC a = scratch[tid];
            const ACC b = scratch[tid + s];
            const ACC sum = a + b;
            compensation += addition_error(a, b, sum);
            scratch[tid] = sum;
            TRACE_ACCESS(round, tid, tid + s, tid)
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        TRACE_SNAPSHOT(scratch, round)
    }
    // Every error term of the work-group, summed by a second tree and added back once.
    const ACC tree_sum = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    scratch[tid] = compensation;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = local_size / 2; s > 0; s >>= 1) {
        if (tid < s) scratch[tid] += scratch[tid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) store_group_result(out, tree_sum + scratch[0]);
}
