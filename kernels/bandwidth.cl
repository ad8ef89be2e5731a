// bandwidth.cl: the read-only streaming kernel that measures the device's read bandwidth (the
// ceiling a reduction can reach). Each work-item reads 16-byte vectors in a grid-stride loop and
// writes its xor only when it is a value the input never holds, so the reads cannot be removed.
// Knobs: none. Assumes a 16-byte aligned buffer of `vectors` uint4.

// Four independent loads per iteration keep enough requests in flight to saturate the memory
// system (one at a time measures latency, not bandwidth).
__kernel void read_stream(__global const uint4* restrict in, const ulong vectors,
                          __global uint* sink, const uint impossible) {
    uint4 acc = (uint4)(0);
    const size_t stride = get_global_size(0);
    size_t i = get_global_id(0);
    for (; i + 3 * stride < vectors; i += 4 * stride) {
        const uint4 a = in[i], b = in[i + stride], c = in[i + 2 * stride], d = in[i + 3 * stride];
        acc ^= a ^ b ^ c ^ d;
    }
    for (; i < vectors; i += stride) acc ^= in[i];
    const uint folded = acc.x ^ acc.y ^ acc.z ^ acc.w;
    if (folded == impossible) sink[0] = folded;
}

// The same reads for CPU devices (PoCL): each work-item streams one contiguous chunk. A CPU runs
// a work-group's work-items in a loop on one core, so read_stream's interleaving (neighbouring
// work-items on neighbouring vectors) turns into strided reads there and measured ~2 GB/s on a
// machine that copies at 26 GB/s.
__kernel void read_blocked(__global const uint4* restrict in, const ulong vectors,
                           __global uint* sink, const uint impossible) {
    const ulong items = get_global_size(0);
    const ulong chunk = (vectors + items - 1) / items;
    ulong i = min((ulong)get_global_id(0) * chunk, vectors);
    const ulong end = min(i + chunk, vectors);
    uint4 a = (uint4)(0), b = (uint4)(0), c = (uint4)(0), d = (uint4)(0);
    for (; i + 3 < end; i += 4) {
        a ^= in[i];
        b ^= in[i + 1];
        c ^= in[i + 2];
        d ^= in[i + 3];
    }
    for (; i < end; ++i) a ^= in[i];
    const uint4 acc = a ^ b ^ c ^ d;
    const uint folded = acc.x ^ acc.y ^ acc.z ^ acc.w;
    if (folded == impossible) sink[0] = folded;
}
