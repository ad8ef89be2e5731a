// bandwidth.cl: the read-only streaming kernel that measures the device's read bandwidth (the
// ceiling a reduction can reach). Each work-item reads 16-byte vectors in a grid-stride loop and
// writes its xor only when it is a value the input never holds, so the reads cannot be removed.
// Knobs: none. Assumes a 16-byte aligned buffer of `vectors` uint4.

__kernel void read_stream(__global const uint4* in, const ulong vectors, __global uint* sink,
                          const uint impossible) {
    uint4 acc = (uint4)(0);
    for (size_t i = get_global_id(0); i < vectors; i += get_global_size(0)) acc ^= in[i];
    const uint folded = acc.x ^ acc.y ^ acc.z ^ acc.w;
    if (folded == impossible) sink[0] = folded;
}
