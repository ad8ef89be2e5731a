// Per-call cost of the ways to get one reduction's value back to the host through an OpenCL
// driver: with and without a profiling queue, read into pinned or pageable memory, copy into an
// ALLOC_HOST_PTR buffer, the kernel writing a mapped buffer (with a check for stale values), a
// polled flag, a blocking map. Issue 19: the sustained and latency methods of `best` trail CUB by
// 10-15 us per call on the H200; this separates the driver's costs from the engine's.
// Build and run: bench/probes/run.sh result_paths [PLATFORM_SUBSTRING] (default NVIDIA).
// One work-group of 256 reduces 256 ones (a kernel of a few microseconds, so the driver's costs
// dominate), so every correct path reads 256 (+ a tag where the
// kernel writes a mapped buffer, so a stale value shows as STALE/WRONG).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

static const char* wanted_platform = "NVIDIA";

static const char* src =
    "__kernel void k(__global const float* in, __global float* out, uint tag) {"
    " __local float s[256]; size_t l = get_local_id(0); float v = 0;"
    " for (size_t i = get_global_id(0); i < 256; i += get_global_size(0)) v += in[i];"
    " s[l] = v; barrier(CLK_LOCAL_MEM_FENCE);"
    " for (size_t k = 128; k > 0; k >>= 1) { if (l < k) s[l] += s[l+k]; "
    "barrier(CLK_LOCAL_MEM_FENCE);}"
    " if (l == 0 && get_group_id(0) == 0) { out[0] = s[0] + (float)tag; }"
    "}";

#define REPS 31
static cl_context ctx;
static cl_device_id dev;
static cl_program prog;
static cl_mem in_buf, out_buf, pinned_buf, hostout_buf;
static float* pinned_ptr;
static float* host_out;
static float plain_value[1];

static void report(const char* name, double* t, int expect_ok) {
    qsort(t, REPS, sizeof *t, cmp);
    printf("%-58s p10 %7.2f  median %7.2f  p90 %7.2f us  %s\n", name, t[REPS / 10], t[REPS / 2],
           t[REPS * 9 / 10], expect_ok ? "" : "STALE/WRONG");
}

// With `with_event`, asks for the launch's event and releases it, as a profiled engine does.
static int with_event = 0;
static void run_kernel(cl_command_queue q, cl_kernel k, cl_mem out, unsigned tag) {
    clSetKernelArg(k, 1, sizeof out, &out);
    clSetKernelArg(k, 2, sizeof tag, &tag);
    size_t g = 256, l = 256;
    cl_event ev = NULL;
    clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, with_event ? &ev : NULL);
    if (ev) clReleaseEvent(ev);
}

int main(int argc, char** argv) {
    if (argc > 1) wanted_platform = argv[1];
    char platform_name[256];
    dev = probe_device(wanted_platform, platform_name);
    if (!dev) return 2;
    printf("platform %s\n", platform_name);
    cl_int e;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    prog = probe_program(ctx, dev, src, "");
    if (!prog) return 1;
    cl_kernel k = clCreateKernel(prog, "k", &e);
    float* ones = malloc(65536 * 4);
    for (int i = 0; i < 65536; ++i) ones[i] = 1.0f;
    in_buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 65536 * 4, ones, &e);
    out_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    pinned_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4, NULL, &e);
    hostout_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4, NULL, &e);
    clSetKernelArg(k, 0, sizeof in_buf, &in_buf);
    cl_queue_properties prof[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue qp = clCreateCommandQueueWithProperties(ctx, dev, prof, &e);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
    pinned_ptr = clEnqueueMapBuffer(q, pinned_buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 4, 0,
                                    NULL, NULL, &e);
    host_out = clEnqueueMapBuffer(q, hostout_buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 4, 0,
                                  NULL, NULL, &e);
    double t[REPS];
    const int K = 200;
    unsigned tag = 0;
    const float expect = 256.0f;

    // Sustained: K calls, each copying its value back; one wait at the end.
    for (int qi = 0; qi < 2; ++qi) {
        cl_command_queue Q = qi ? q : qp;
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            for (int c = 0; c < K; ++c) {
                run_kernel(Q, k, out_buf, 0);
                clEnqueueReadBuffer(Q, out_buf, CL_FALSE, 0, 4, pinned_ptr, 0, NULL, NULL);
            }
            clFinish(Q);
            if (r >= 3) t[r - 3] = (now_us() - t0) / K;
        }
        report(qi ? "sustained: kernel + read to pinned, no profiling"
                  : "sustained: kernel + read to pinned, profiling",
               t, *pinned_ptr == expect);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            for (int c = 0; c < K; ++c) run_kernel(Q, k, out_buf, 0);
            clFinish(Q);
            if (r >= 3) t[r - 3] = (now_us() - t0) / K;
        }
        report(qi ? "sustained: kernel only, no profiling" : "sustained: kernel only, profiling", t,
               1);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            for (int c = 0; c < K; ++c) {
                run_kernel(Q, k, out_buf, 0);
                clEnqueueReadBuffer(Q, out_buf, CL_FALSE, 0, 4, plain_value, 0, NULL, NULL);
            }
            clFinish(Q);
            if (r >= 3) t[r - 3] = (now_us() - t0) / K;
        }
        report(qi ? "sustained: kernel + read to pageable, no profiling"
                  : "sustained: kernel + read to pageable, profiling",
               t, plain_value[0] == expect);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            for (int c = 0; c < K; ++c) {
                run_kernel(Q, k, out_buf, 0);
                clEnqueueCopyBuffer(Q, out_buf, hostout_buf, 0, 0, 4, 0, NULL, NULL);
            }
            clFinish(Q);
            if (r >= 3) t[r - 3] = (now_us() - t0) / K;
        }
        report(qi ? "sustained: kernel + copy to ALLOC_HOST_PTR buf, no prof"
                  : "sustained: kernel + copy to ALLOC_HOST_PTR buf, prof",
               t, *host_out == expect);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            ++tag;
            for (int c = 0; c < K; ++c) run_kernel(Q, k, hostout_buf, tag);
            clFinish(Q);
            if (r >= 3) t[r - 3] = (now_us() - t0) / K;
        }
        report(qi ? "sustained: kernel writes ALLOC_HOST_PTR (mapped), no prof"
                  : "sustained: kernel writes ALLOC_HOST_PTR (mapped), prof",
               t, *host_out == expect + tag);
    }
    // The engine's profiled path: an event per launch, on the profiling queue.
    with_event = 1;
    for (int r = 0; r < REPS + 3; ++r) {
        double t0 = now_us();
        for (int c = 0; c < K; ++c) {
            run_kernel(qp, k, out_buf, 0);
            clEnqueueReadBuffer(qp, out_buf, CL_FALSE, 0, 4, pinned_ptr, 0, NULL, NULL);
        }
        clFinish(qp);
        if (r >= 3) t[r - 3] = (now_us() - t0) / K;
    }
    report("sustained: kernel WITH EVENT + read to pinned, profiling", t, *pinned_ptr == expect);
    for (int r = 0; r < REPS + 3; ++r) {
        double t0 = now_us();
        run_kernel(qp, k, out_buf, 0);
        clEnqueueReadBuffer(qp, out_buf, CL_TRUE, 0, 4, pinned_ptr, 0, NULL, NULL);
        if (r >= 3) t[r - 3] = now_us() - t0;
    }
    report("latency: kernel WITH EVENT + blocking read to pinned, prof", t, *pinned_ptr == expect);
    with_event = 0;
    // Latency with the host polling the read's status instead of blocking in the driver.
    for (int r = 0; r < REPS + 3; ++r) {
        double t0 = now_us();
        cl_event ev;
        run_kernel(q, k, out_buf, 0);
        clEnqueueReadBuffer(q, out_buf, CL_FALSE, 0, 4, pinned_ptr, 0, NULL, &ev);
        clFlush(q);
        cl_int status = CL_QUEUED;
        while (status > CL_COMPLETE)
            clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
        clReleaseEvent(ev);
        if (r >= 3) t[r - 3] = now_us() - t0;
    }
    report("latency: kernel + read, host polls the read event, no prof", t, *pinned_ptr == expect);
    // Latency: one call, enqueue to value on the host.
    for (int qi = 0; qi < 2; ++qi) {
        cl_command_queue Q = qi ? q : qp;
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            run_kernel(Q, k, out_buf, 0);
            clEnqueueReadBuffer(Q, out_buf, CL_TRUE, 0, 4, pinned_ptr, 0, NULL, NULL);
            if (r >= 3) t[r - 3] = now_us() - t0;
        }
        report(qi ? "latency: kernel + blocking read to pinned, no prof"
                  : "latency: kernel + blocking read to pinned, prof",
               t, *pinned_ptr == expect);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            run_kernel(Q, k, out_buf, 0);
            clEnqueueReadBuffer(Q, out_buf, CL_FALSE, 0, 4, pinned_ptr, 0, NULL, NULL);
            clFinish(Q);
            if (r >= 3) t[r - 3] = now_us() - t0;
        }
        report(qi ? "latency: kernel + read + clFinish, no prof"
                  : "latency: kernel + read + clFinish, prof",
               t, *pinned_ptr == expect);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            run_kernel(Q, k, out_buf, 0);
            clEnqueueReadBuffer(Q, out_buf, CL_TRUE, 0, 4, plain_value, 0, NULL, NULL);
            if (r >= 3) t[r - 3] = now_us() - t0;
        }
        report(qi ? "latency: kernel + blocking read to pageable, no prof"
                  : "latency: kernel + blocking read to pageable, prof",
               t, plain_value[0] == expect);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            ++tag;
            run_kernel(Q, k, hostout_buf, tag);
            clFinish(Q);
            if (r >= 3) t[r - 3] = now_us() - t0;
        }
        report(qi ? "latency: kernel writes mapped ALLOC_HOST_PTR + finish, no prof"
                  : "latency: kernel writes mapped ALLOC_HOST_PTR + finish, prof",
               t, *host_out == expect + tag);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            ++tag;
            run_kernel(Q, k, hostout_buf, tag);
            clFlush(Q);
            volatile float* v = host_out;
            long spins = 0;
            while (*v != expect + tag && spins < 20000000) ++spins;
            if (r >= 3) t[r - 3] = now_us() - t0;
            clFinish(Q);
        }
        report(qi ? "latency: kernel writes mapped buf + host polls, no prof"
                  : "latency: kernel writes mapped buf + host polls, prof",
               t, *host_out == expect + tag);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            cl_event ev;
            run_kernel(Q, k, out_buf, 0);
            clEnqueueReadBuffer(Q, out_buf, CL_FALSE, 0, 4, pinned_ptr, 0, NULL, &ev);
            clFlush(Q);
            clWaitForEvents(1, &ev);
            clReleaseEvent(ev);
            if (r >= 3) t[r - 3] = now_us() - t0;
        }
        report(qi ? "latency: kernel + read + wait on read event, no prof"
                  : "latency: kernel + read + wait on read event, prof",
               t, *pinned_ptr == expect);
        for (int r = 0; r < REPS + 3; ++r) {
            double t0 = now_us();
            run_kernel(Q, k, pinned_buf, 0);
            float* m =
                clEnqueueMapBuffer(Q, pinned_buf, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &e);
            float got = *m;
            clEnqueueUnmapMemObject(Q, pinned_buf, m, 0, NULL, NULL);
            if (r >= 3) t[r - 3] = now_us() - t0;
            clFinish(Q);
            plain_value[0] = got;
        }
        report(qi ? "latency: kernel into ALLOC_HOST_PTR + blocking map, no prof"
                  : "latency: kernel into ALLOC_HOST_PTR + blocking map, prof",
               t, plain_value[0] == expect);
    }
    return 0;
}
