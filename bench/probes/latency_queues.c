// Is the latency mode a property of the queue, the context or the process? Issue 19: on the
// H200 one process's latency medians sit at ~14, ~18 or ~19 us for thousands of calls in a row,
// for ReduceLab and CUB alike, and the next process may land elsewhere. This probe opens
// CONTEXTS contexts with QUEUES queues each and measures every queue in turn, round by round
// (the engine's wait: kernel, flush, read of 4 bytes into pinned memory, flush, watch the
// memory), then prints each queue's median. If the modes follow queues or contexts, one process
// shows several of them; if they follow the process, every queue shows the same one.
// Each queue's kernel reads an input of 2^16 floats and writes one value. Queue k's buffers
// are written from the host by queue WRITER[k] (-1: none writes the output), as the engine
// writes a run's buffers on its first (profiling) queue and runs latency calls on another.
// Build and run: bench/probes/run.sh latency_queues [PLATFORM_SUBSTRING] (default NVIDIA).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

static const char* src =
    "__kernel void k(__global float* out, uint tag, __global const float* in) {"
    " if (get_global_id(0) == 0) out[0] = (float)tag + in[65535] - 1.0f; }";

enum { CONTEXTS = 3, QUEUES = 4, ROUNDS = 300, N = 65536 };
static const int WRITER[QUEUES] = {0, 0, 2, -1};

typedef struct {
    cl_command_queue q;
    cl_kernel kern;
    cl_mem out_buf;
    volatile float* pinned;
} Slot;

static double one_call(Slot* s, unsigned tag, int* ok) {
    *s->pinned = -1.0f;
    clSetKernelArg(s->kern, 1, sizeof tag, &tag);
    size_t g = 256, l = 256;
    const double t0 = now_us();
    clEnqueueNDRangeKernel(s->q, s->kern, 1, NULL, &g, &l, 0, NULL, NULL);
    clFlush(s->q);
    clEnqueueReadBuffer(s->q, s->out_buf, CL_FALSE, 0, 4, (void*)s->pinned, 0, NULL, NULL);
    clFlush(s->q);
    long spins = 0;
    while (*s->pinned < 0.0f && spins < 100000000) ++spins;
    const double t = now_us() - t0;
    clFinish(s->q);
    *ok = *ok && *s->pinned == (float)tag;
    return t;
}

int main(int argc, char** argv) {
    const char* wanted = argc > 1 ? argv[1] : "NVIDIA";
    char platform_name[256];
    cl_device_id dev = probe_device(wanted, platform_name);
    if (!dev) return 2;
    static Slot slots[CONTEXTS * QUEUES];
    static float ones[N];
    for (int i = 0; i < N; ++i) ones[i] = 1.0f;
    for (int c = 0; c < CONTEXTS; ++c) {
        cl_int e;
        cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
        cl_program prog = probe_program(ctx, dev, src, "");
        if (!prog) return 1;
        for (int k = 0; k < QUEUES; ++k) {
            Slot* s = &slots[c * QUEUES + k];
            s->kern = clCreateKernel(prog, "k", &e);
            s->out_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
            cl_mem pinned_buf =
                clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4, NULL, &e);
            clSetKernelArg(s->kern, 0, sizeof s->out_buf, &s->out_buf);
            s->q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
            s->pinned = clEnqueueMapBuffer(s->q, pinned_buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                           4, 0, NULL, NULL, &e);
        }
        for (int k = 0; k < QUEUES; ++k) {  // the input, and the output's first contents
            Slot* s = &slots[c * QUEUES + k];
            cl_command_queue writer = slots[c * QUEUES + (WRITER[k] < 0 ? k : WRITER[k])].q;
            cl_mem in_buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY, sizeof ones, NULL, &e);
            clEnqueueWriteBuffer(writer, in_buf, CL_TRUE, 0, sizeof ones, ones, 0, NULL, NULL);
            clSetKernelArg(s->kern, 2, sizeof in_buf, &in_buf);
            const float zero = 0.0f;
            if (WRITER[k] >= 0)
                clEnqueueWriteBuffer(writer, s->out_buf, CL_TRUE, 0, 4, &zero, 0, NULL, NULL);
        }
    }
    static double t[CONTEXTS * QUEUES][ROUNDS];
    int ok = 1;
    unsigned tag = 0;
    for (int r = 0; r < 5; ++r)
        for (int s = 0; s < CONTEXTS * QUEUES; ++s) one_call(&slots[s], ++tag % 1000, &ok);
    for (int r = 0; r < ROUNDS; ++r)
        for (int s = 0; s < CONTEXTS * QUEUES; ++s)
            t[s][r] = one_call(&slots[s], ++tag % 1000, &ok);
    printf("%d contexts x %d queues, %d rounds, each queue once per round%s\n", CONTEXTS, QUEUES,
           ROUNDS, ok ? "" : " (WRONG VALUE seen)");
    for (int s = 0; s < CONTEXTS * QUEUES; ++s) {
        qsort(t[s], ROUNDS, sizeof(double), cmp);
        printf("context %d queue %d (written by %2d): p10 %6.2f  median %6.2f  p90 %6.2f us\n",
               s / QUEUES, s % QUEUES, WRITER[s % QUEUES], t[s][ROUNDS / 10], t[s][ROUNDS / 2],
               t[s][ROUNDS * 9 / 10]);
    }
    return 0;
}
