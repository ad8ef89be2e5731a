// Latency (one call, enqueue to the value on the host) through an OpenCL driver, by the ways a
// host can wait for it, measured interleaved: round r runs every variant once, in turn, so that
// the GPU's and the host's state (clocks, caches, the driver's threads) is the same for all of
// them. Issue 19: best's latency on the H200 trails CUB's by up to 7 us at small sizes, and a
// point's median moves between two modes ~7 us apart; this says which wait is fastest and
// whether the modes come with time (medians of successive blocks of one variant).
// Build and run: bench/probes/run.sh latency_paths [PLATFORM_SUBSTRING] (default NVIDIA).
// The kernel: one work-group of 256 reduces `n` floats (1.0 each) into out[0] (n = 256 by
// default, argv[2] to change it; up to 2^20).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

static const char* src =
    "__kernel void k(__global const float* in, __global float* out, uint n, uint tag) {"
    " __local float s[256]; size_t l = get_local_id(0); float v = 0;"
    " for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) v += in[i];"
    " s[l] = v; barrier(CLK_LOCAL_MEM_FENCE);"
    " for (size_t k = 128; k > 0; k >>= 1) { if (l < k) s[l] += s[l+k]; "
    "barrier(CLK_LOCAL_MEM_FENCE);}"
    " if (l == 0) out[0] = s[0] + (float)tag; }";

enum { ROUNDS = 400, VARIANTS = 6 };
static const char* names[VARIANTS] = {
    "A kernel, read+event, flush, poll event (engine today)",
    "B kernel, flush, read+event, flush, poll event",
    "C kernel, read, flush, poll pinned memory",
    "D kernel, flush, read, flush, poll pinned memory",
    "E kernel, blocking read",
    "F kernel, flush, read+event, flush, clWaitForEvents",
};
static cl_command_queue q;
static cl_kernel kern;
static cl_mem out_buf;
static volatile float* pinned;
static unsigned n_items = 256;

static void launch(unsigned tag) {
    clSetKernelArg(kern, 3, sizeof tag, &tag);
    size_t g = 256, l = 256;
    clEnqueueNDRangeKernel(q, kern, 1, NULL, &g, &l, 0, NULL, NULL);
}

// Runs one call by variant v and returns its latency in us; the value lands in `pinned`.
static double one_call(int v, unsigned tag, int* ok) {
    const float expect = (float)n_items + (float)tag;
    *pinned = -1.0f;  // the sentinel: no correct value is negative
    cl_event ev = NULL;
    double t0 = now_us();
    launch(tag);
    if (v == 1 || v == 3 || v == 5) clFlush(q);
    if (v == 4) {
        clEnqueueReadBuffer(q, out_buf, CL_TRUE, 0, 4, (void*)pinned, 0, NULL, NULL);
    } else {
        int with_event = v == 0 || v == 1 || v == 5;
        clEnqueueReadBuffer(q, out_buf, CL_FALSE, 0, 4, (void*)pinned, 0, NULL,
                            with_event ? &ev : NULL);
        clFlush(q);
        if (v == 5) {
            clWaitForEvents(1, &ev);
        } else if (with_event) {
            cl_int status = CL_QUEUED;
            while (status > CL_COMPLETE)
                clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
        } else {
            long spins = 0;
            while (*pinned < 0.0f && spins < 100000000) ++spins;
        }
    }
    double t = now_us() - t0;
    if (ev) clReleaseEvent(ev);
    clFinish(q);
    *ok = *ok && *pinned == expect;
    return t;
}

int main(int argc, char** argv) {
    const char* wanted = argc > 1 ? argv[1] : "NVIDIA";
    if (argc > 2) n_items = (unsigned)strtoul(argv[2], NULL, 0);
    if (n_items < 1 || n_items > (1u << 20)) n_items = 256;
    char platform_name[256];
    cl_device_id dev = probe_device(wanted, platform_name);
    if (!dev) return 2;
    cl_int e;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    cl_program prog = probe_program(ctx, dev, src, "");
    if (!prog) return 1;
    kern = clCreateKernel(prog, "k", &e);
    float* ones = malloc(sizeof(float) << 20);
    for (int i = 0; i < 1 << 20; ++i) ones[i] = 1.0f;
    cl_mem in_buf =
        clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) << 20, ones, &e);
    out_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_mem pinned_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4, NULL, &e);
    clSetKernelArg(kern, 0, sizeof in_buf, &in_buf);
    clSetKernelArg(kern, 1, sizeof out_buf, &out_buf);
    clSetKernelArg(kern, 2, sizeof n_items, &n_items);
    q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
    pinned = clEnqueueMapBuffer(q, pinned_buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 4, 0, NULL,
                                NULL, &e);
    printf("n = %u, %d rounds, every variant once per round\n", n_items, ROUNDS);

    static double t[VARIANTS][ROUNDS];
    int ok[VARIANTS];
    for (int v = 0; v < VARIANTS; ++v) ok[v] = 1;
    unsigned tag = 0;
    for (int r = 0; r < 5; ++r)
        for (int v = 0; v < VARIANTS; ++v) one_call(v, ++tag % 1000, &ok[v]);
    for (int r = 0; r < ROUNDS; ++r)
        for (int v = 0; v < VARIANTS; ++v) t[v][r] = one_call(v, ++tag % 1000, &ok[v]);
    // Medians of successive blocks of 40 rounds of variant A: do the modes come with time?
    printf("A's median per block of 40 rounds:");
    for (int b = 0; b < ROUNDS / 40; ++b) {
        double block[40];
        memcpy(block, &t[0][b * 40], sizeof block);
        qsort(block, 40, sizeof *block, cmp);
        printf(" %.1f", block[20]);
    }
    printf("\n");
    for (int v = 0; v < VARIANTS; ++v) probe_summary(names[v], t[v], ROUNDS, ok[v], 56);
    // The host's share: how long the enqueue calls themselves take.
    double enq_k[ROUNDS], enq_r[ROUNDS];
    for (int r = 0; r < ROUNDS; ++r) {
        double t0 = now_us();
        launch(++tag % 1000);
        double t1 = now_us();
        clEnqueueReadBuffer(q, out_buf, CL_FALSE, 0, 4, (void*)pinned, 0, NULL, NULL);
        double t2 = now_us();
        clFinish(q);
        enq_k[r] = t1 - t0;
        enq_r[r] = t2 - t1;
    }
    probe_summary("host time of clEnqueueNDRangeKernel", enq_k, ROUNDS, 1, 56);
    probe_summary("host time of clEnqueueReadBuffer (non-blocking)", enq_r, ROUNDS, 1, 56);
    return 0;
}
