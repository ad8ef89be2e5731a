// Sustained calls of a small reduction (K back to back, each writing its own output slot, one
// read of the slots after the last; wall time / K) by how the host points each call at its
// slot. Issue 19: at 2^10-2^12 best's sustained time on the H200 trails CUB's, and there the
// host's cost of one clEnqueueNDRangeKernel (~6 us) is the bound.
// Variants, interleaved run by run so that all see the same GPU and host state:
//   S  setArg(out, slot k's sub-buffer) before each enqueue (the engine's way)
//   B  setArg(out, slot k as a buffer of its own) before each enqueue
//   C  K kernel objects (clCloneKernel), slot k set once on the k-th: no setArg in the loop
//   F  one kernel, one output for all calls, no setArg in the loop (no slots)
//   T  as S with a kernel of three arguments (in, n, out) instead of best's seven
//   L  as S with best's arguments less the local one (scratch a fixed __local array): 6
//   X  as S with (in, in2, n, out, local scratch): best less partials and ticket, 5
//   D  as S with (in, in2, n, out, work): one work buffer for partials and ticket, fixed
//      local scratch, 5
//   W  as S with (in, n, out, work), fixed local scratch: 4
// (L to W tell which of best's arguments the enqueue pays for.)
// Then each variant's host time of one clEnqueueNDRangeKernel (with its setArg).
// The kernel is best's signature (in, in2, n, out, local scratch, partials, ticket): one
// work-group of 256 sums N floats (ones) and writes out[0].
// Build and run: bench/probes/run.sh enqueue_cost [PLATFORM_SUBSTRING]
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

#define BODY                                                                         \
    " size_t l = get_local_id(0); float v = 0;"                                      \
    " for (size_t i = l; i < n; i += 256) v += in[i];"                               \
    " scratch[l] = v; barrier(CLK_LOCAL_MEM_FENCE);"                                 \
    " for (size_t k = 128; k > 0; k >>= 1) { if (l < k) scratch[l] += scratch[l+k];" \
    " barrier(CLK_LOCAL_MEM_FENCE);}"                                                \
    " if (l == 0) out[0] = scratch[0]; }"
static const char* src =
    "__kernel void k7(__global const float* restrict in, __global const float* restrict in2,"
    " const ulong n, __global float* out, __local float* scratch,"
    " volatile __global uint* partials, volatile __global uint* ticket) {" BODY
    "__kernel void k3(__global const float* restrict in, const ulong n, __global float* out) {"
    " __local float scratch[256];" BODY
    "__kernel void k6(__global const float* restrict in, __global const float* restrict in2,"
    " const ulong n, __global float* out,"
    " volatile __global uint* partials, volatile __global uint* ticket) {"
    " __local float scratch[256];" BODY
    "__kernel void k5x(__global const float* restrict in, __global const float* restrict in2,"
    " const ulong n, __global float* out, __local float* scratch) {" BODY
    "__kernel void k5d(__global const float* restrict in, __global const float* restrict in2,"
    " const ulong n, __global float* out, volatile __global uint* work) {"
    " __local float scratch[256];" BODY
    "__kernel void k4(__global const float* restrict in, const ulong n, __global float* out,"
    " volatile __global uint* work) {"
    " __local float scratch[256];" BODY;

enum { K = 20, RUNS = 300, VARIANTS = 9, N = 1024 };
static const char* names[VARIANTS] = {
    "S setArg(out, sub-buffer k), enqueue (engine today)",
    "B setArg(out, own buffer k), enqueue",
    "C K cloned kernels, slot set once each",
    "F one kernel, one output, no setArg",
    "T as S, kernel of 3 arguments",
    "L as S, 6 arguments: best's less the local one",
    "X as S, 5 arguments: in, in2, n, out, local",
    "D as S, 5 arguments: in, in2, n, out, work",
    "W as S, 4 arguments: in, n, out, work",
};
static cl_command_queue q;
static cl_kernel k7, k3, fixed, clones[K], extra[4];  // extra: L, X, D, W
static const int extra_out[4] = {3, 3, 3, 2};         // index of out
static cl_mem slot_buf, subs[K], owns[K], one_out;
static float host_slots[K * 64];

// Enqueues call k of variant v.
static void enqueue(int v, int k) {
    size_t g = 256, l = 256;
    cl_kernel kern = v >= 5 ? extra[v - 5] : v == 2 ? clones[k] : v == 3 ? fixed : v == 4 ? k3 : k7;
    if (v >= 5) CHECK(clSetKernelArg(kern, extra_out[v - 5], sizeof(cl_mem), &subs[k]));
    if (v == 0) CHECK(clSetKernelArg(kern, 3, sizeof(cl_mem), &subs[k]));
    if (v == 1) CHECK(clSetKernelArg(kern, 3, sizeof(cl_mem), &owns[k]));
    if (v == 4) CHECK(clSetKernelArg(kern, 2, sizeof(cl_mem), &subs[k]));
    CHECK(clEnqueueNDRangeKernel(q, kern, 1, NULL, &g, &l, 0, NULL, NULL));
}

// One sustained run of variant v: K calls, then one read of what they wrote; us per call.
static double one_run(int v, int* wrong) {
    memset(host_slots, 0, sizeof host_slots);
    double t0 = now_us();
    for (int k = 0; k < K; ++k) enqueue(v, k);
    if (v == 1)
        for (int k = 0; k < K; ++k)
            CHECK(clEnqueueReadBuffer(q, owns[k], k == K - 1, 0, 4, &host_slots[k * 64], 0, NULL,
                                      NULL));
    else if (v == 3)
        CHECK(clEnqueueReadBuffer(q, one_out, CL_TRUE, 0, 4, &host_slots[(K - 1) * 64], 0, NULL,
                                  NULL));
    else
        CHECK(clEnqueueReadBuffer(q, slot_buf, CL_TRUE, 0, sizeof host_slots, host_slots, 0, NULL,
                                  NULL));
    double t = (now_us() - t0) / K;
    if (host_slots[(K - 1) * 64] != (float)N) ++*wrong;
    return t;
}

int main(int argc, char** argv) {
    Probe p;
    const int status = probe_open(argc, argv, src, "k7", &p, &k7);
    if (status) return status;
    cl_int e;
    k3 = clCreateKernel(p.prog, "k3", &e);
    CHECK(e);
    float ones[N];
    for (int i = 0; i < N; ++i) ones[i] = 1.0f;
    cl_mem in_buf =
        clCreateBuffer(p.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof ones, ones, &e);
    cl_mem scratch_buf = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, 4096, NULL, &e);
    slot_buf = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, sizeof host_slots, NULL, &e);
    one_out = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    CHECK(e);
    for (int k = 0; k < K; ++k) {
        cl_buffer_region region = {(size_t)k * 256, 4};  // 256-byte steps: the base alignment
        subs[k] = clCreateSubBuffer(slot_buf, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                                    &region, &e);
        CHECK(e);
        owns[k] = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    }
    cl_ulong n = N;
    clSetKernelArg(k7, 0, sizeof in_buf, &in_buf);
    clSetKernelArg(k7, 1, sizeof in_buf, &in_buf);
    clSetKernelArg(k7, 2, sizeof n, &n);
    clSetKernelArg(k7, 3, sizeof one_out, &one_out);
    clSetKernelArg(k7, 4, 256 * sizeof(float), NULL);
    clSetKernelArg(k7, 5, sizeof scratch_buf, &scratch_buf);
    clSetKernelArg(k7, 6, sizeof scratch_buf, &scratch_buf);
    fixed = clCloneKernel(k7, &e);
    CHECK(e);
    for (int k = 0; k < K; ++k) {
        clones[k] = clCloneKernel(k7, &e);
        CHECK(e);
        CHECK(clSetKernelArg(clones[k], 3, sizeof(cl_mem), &subs[k]));
    }
    clSetKernelArg(k3, 0, sizeof in_buf, &in_buf);
    clSetKernelArg(k3, 1, sizeof n, &n);
    const char* extra_names[4] = {"k6", "k5x", "k5d", "k4"};
    for (int x = 0; x < 4; ++x) {
        extra[x] = clCreateKernel(p.prog, extra_names[x], &e);
        CHECK(e);
        cl_kernel kx = extra[x];
        const int o = extra_out[x];
        CHECK(clSetKernelArg(kx, 0, sizeof in_buf, &in_buf));
        if (o == 3) CHECK(clSetKernelArg(kx, 1, sizeof in_buf, &in_buf));
        CHECK(clSetKernelArg(kx, o - 1, sizeof n, &n));
        CHECK(clSetKernelArg(kx, o, sizeof one_out, &one_out));
        if (x == 0) {  // partials, ticket
            CHECK(clSetKernelArg(kx, 4, sizeof scratch_buf, &scratch_buf));
            CHECK(clSetKernelArg(kx, 5, sizeof scratch_buf, &scratch_buf));
        } else if (x == 1) {
            CHECK(clSetKernelArg(kx, 4, 256 * sizeof(float), NULL));
        } else {
            CHECK(clSetKernelArg(kx, o + 1, sizeof scratch_buf, &scratch_buf));
        }
    }
    q = clCreateCommandQueueWithProperties(p.ctx, p.dev, NULL, &e);
    CHECK(e);
    printf("%s, N = %d floats, one work-group of 256, K = %d calls per run, %d runs\n",
           p.platform_name, N, K, RUNS);

    static double t[VARIANTS][RUNS];
    int wrong[VARIANTS] = {0};
    for (int r = 0; r < 20; ++r)
        for (int v = 0; v < VARIANTS; ++v) one_run(v, &wrong[v]);
    memset(wrong, 0, sizeof wrong);
    for (int r = 0; r < RUNS; ++r)
        for (int v = 0; v < VARIANTS; ++v) t[v][r] = one_run(v, &wrong[v]);
    for (int v = 0; v < VARIANTS; ++v) probe_summary(names[v], t[v], RUNS, !wrong[v], 56);
    printf("host time of one enqueue (with its setArg), %d calls back to back:\n", K);
    for (int v = 0; v < VARIANTS; ++v) {
        static double h[RUNS];
        for (int r = 0; r < RUNS; ++r) {
            int k = r % K;
            double t0 = now_us();
            enqueue(v, k);
            h[r] = now_us() - t0;
            if (k == K - 1) CHECK(clFinish(q));
        }
        probe_summary(names[v], h, RUNS, 1, 56);
    }
    return 0;
}
