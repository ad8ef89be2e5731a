// Latency (enqueue to the value on the host) by how the host orders the read behind the kernel,
// over kernel lengths. Issue 19: on the H200 best's latency is ~7 us over its kernel time up to
// 2^20 but ~11 us from 2^22 on. The question: does a read enqueued while the kernel still runs
// cost more than one enqueued after it ended, and does holding the read back win there?
// Variants, interleaved round by round at each size so that all see the same GPU and host state
// (each round in a rotated order):
//   D  kernel, flush, non-blocking read, flush, spin on the arrival word (the engine's way
//      until it held the read back, fcd33e8: "engine today" in the output means that)
//   G  kernel with an event, flush, spin on the event until complete, then read as D
//   C  kernel, non-blocking read, one flush, spin on the word
//   Q  kernel with an event, flush, read on a second queue that waits for the event, spin
//   E  kernel, blocking read
//   H  kernel, flush, wait by the host's clock for the kernel's median time (events, measured
//      before the rounds), then read as D: is a read enqueued after the kernel ended faster?
// Per size, the kernel's own time by profiling events and the host time of the enqueue first.
// The kernel is a sum of ones over 528 work-groups of 256 whose last group (by ticket) writes
// the total and an arrival word, as best's last group does.
// Build and run: bench/probes/run.sh read_behind [PLATFORM_SUBSTRING]
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

static const char* src =
    "__kernel void k(__global const uint4* in, __global uint* out, uint n4, uint tag,"
    "                volatile __global uint* total, volatile __global uint* ticket) {"
    " __local uint s[256]; __local uint last; size_t l = get_local_id(0); uint v = 0;"
    " for (size_t i = get_global_id(0); i < n4; i += get_global_size(0)) {"
    "   uint4 x = in[i]; v += x.x + x.y + x.z + x.w; }" PROBE_GROUP_SUM_LAST_GROUP
    "   out[0] = t; out[1] = tag; } }";

enum { ROUNDS = 300, VARIANTS = 6, GROUPS = 132 * 4, SIZES = 8 };
static const char* names[VARIANTS] = {
    "D kernel, flush, read, flush, spin (engine today)",
    "G kernel+event, flush, spin on event, read, spin",
    "C kernel, read, flush, spin",
    "Q kernel+event, flush, read on 2nd queue after event",
    "E kernel, blocking read",
    "H kernel, flush, wait kernel's median, read, spin",
};
static const unsigned sizes_log2[SIZES] = {16, 18, 20, 21, 22, 23, 24, 26};
static double kernel_median_us;
static cl_command_queue q, q2, qp;
static cl_kernel kern;
static cl_mem dev_out;
static volatile uint32_t* pinned;  // out[0..1] copied here; out[1] is the arrival word
static unsigned n_items;

static void launch(cl_command_queue queue, unsigned tag, cl_event* ev) {
    unsigned n4 = n_items / 4;
    CHECK(clSetKernelArg(kern, 2, sizeof n4, &n4));
    CHECK(clSetKernelArg(kern, 3, sizeof tag, &tag));
    size_t g = GROUPS * 256, l = 256;
    CHECK(clEnqueueNDRangeKernel(queue, kern, 1, NULL, &g, &l, 0, NULL, ev));
}

// One call by variant v; returns its latency in us (50000 when the value did not come in 50 ms).
static double one_call(int v, unsigned tag, int* wrong) {
    pinned[0] = 0;
    pinned[1] = 0;
    cl_event ev = NULL;
    const int with_event = v == 1 || v == 3;
    double t0 = now_us();
    launch(q, tag, with_event ? &ev : NULL);
    if (v == 4) {
        CHECK(clEnqueueReadBuffer(q, dev_out, CL_TRUE, 0, 8, (void*)pinned, 0, NULL, NULL));
    } else {
        if (v != 2) clFlush(q);
        if (v == 5)
            while (now_us() - t0 < kernel_median_us) continue;
        if (v == 1) {
            cl_int status = CL_QUEUED;
            while (status > CL_COMPLETE)
                clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
        }
        cl_command_queue rq = v == 3 ? q2 : q;
        CHECK(clEnqueueReadBuffer(rq, dev_out, CL_FALSE, 0, 8, (void*)pinned, v == 3 ? 1 : 0,
                                  v == 3 ? &ev : NULL, NULL));
        clFlush(rq);
    }
    double t = probe_watch_tag(pinned, tag, t0, 50000.0);
    if (t < 0) t = 50000.0;
    uint32_t seen = pinned[0];
    CHECK(clFinish(q));
    CHECK(clFinish(q2));
    if (ev) clReleaseEvent(ev);
    if (seen != n_items || pinned[0] != n_items) ++*wrong;
    return t;
}

int main(int argc, char** argv) {
    Probe p;
    const int status = probe_open(argc, argv, src, "k", &p, &kern);
    if (status) return status;
    cl_int e;
    const unsigned max_n = 1u << sizes_log2[SIZES - 1];
    uint32_t* ones = malloc(sizeof(uint32_t) * max_n);
    for (unsigned i = 0; i < max_n; ++i) ones[i] = 1;
    cl_mem in_buf = clCreateBuffer(p.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                   sizeof(uint32_t) * max_n, ones, &e);
    CHECK(e);
    uint32_t zero = 0;
    cl_mem total = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &e);
    cl_mem ticket = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &e);
    dev_out = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, 8, NULL, &e);
    CHECK(e);
    q = clCreateCommandQueueWithProperties(p.ctx, p.dev, NULL, &e);
    q2 = clCreateCommandQueueWithProperties(p.ctx, p.dev, NULL, &e);
    cl_queue_properties profiling[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    qp = clCreateCommandQueueWithProperties(p.ctx, p.dev, profiling, &e);
    CHECK(e);
    clSetKernelArg(kern, 0, sizeof in_buf, &in_buf);
    clSetKernelArg(kern, 1, sizeof dev_out, &dev_out);
    clSetKernelArg(kern, 4, sizeof total, &total);
    clSetKernelArg(kern, 5, sizeof ticket, &ticket);
    cl_mem pinned_buf =
        clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 8, NULL, &e);
    pinned = clEnqueueMapBuffer(q, pinned_buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 8, 0, NULL,
                                NULL, &e);
    CHECK(e);
    printf("%s, %d work-groups of 256, %d rounds per size, every variant once per round\n",
           p.platform_name, GROUPS, ROUNDS);

    static double t[VARIANTS][ROUNDS];
    unsigned tag = 0;
    for (int s = 0; s < SIZES; ++s) {
        n_items = 1u << sizes_log2[s];
        printf("\nn = 2^%u\n", sizes_log2[s]);
        double kernel[ROUNDS], enqueue[ROUNDS];
        for (int r = 0; r < ROUNDS; ++r) {
            cl_event ev;
            double t0 = now_us();
            launch(qp, ++tag, &ev);
            enqueue[r] = now_us() - t0;
            CHECK(clFinish(qp));
            cl_ulong start = 0, end = 0;
            clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL);
            clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL);
            kernel[r] = (double)(end - start) / 1e3;
            clReleaseEvent(ev);
        }
        probe_summary("kernel time (profiling events)", kernel, ROUNDS, 1, 52);
        kernel_median_us = kernel[ROUNDS / 2];  // sorted by probe_summary
        probe_summary("host time of clEnqueueNDRangeKernel", enqueue, ROUNDS, 1, 52);
        int wrong[VARIANTS] = {0};
        for (int r = 0; r < 10; ++r)
            for (int v = 0; v < VARIANTS; ++v) one_call(v, ++tag, &wrong[v]);
        memset(wrong, 0, sizeof wrong);
        // Round r starts at variant r mod VARIANTS, so that each variant follows each other
        // one equally often (a call's cost may depend on how the one before it waited).
        for (int r = 0; r < ROUNDS; ++r)
            for (int i = 0; i < VARIANTS; ++i) {
                const int v = (r + i) % VARIANTS;
                t[v][r] = one_call(v, ++tag, &wrong[v]);
            }
        for (int v = 0; v < VARIANTS; ++v) probe_summary(names[v], t[v], ROUNDS, !wrong[v], 52);
    }
    return 0;
}
