// Latency (one call, enqueue to the value on the host) on a CPU OpenCL device (PoCL), by the
// ways a host can get a kernel's value back, measured interleaved: round r runs every variant
// once, in turn. Issue 19: best on PoCL answers 2^16 in ~32 us where oneTBB answers in ~20 us,
// while the kernel itself runs in ~8 us; this says where the rest goes. The engine now waits
// by G (launch/reduction_pass.cpp, wait_for_value).
// Build and run: bench/probes/run.sh cpu_latency [PLATFORM_SUBSTRING [N [GROUPS [LOCAL]]]]
// (default Portable, 2^16 floats, 2 work-groups of 64).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

// Each work-group sums its share; the last group to finish (a ticket) adds the partials and
// writes the value, as best's single pass does.
static const char* src =
    "__kernel void k(__global const float* in, __global float* out, uint n, uint tag,"
    "                __global float* partials, volatile __global uint* ticket) {"
    " __local float s[256]; __local uint last; size_t l = get_local_id(0); float v = 0;"
    " size_t per = (n + get_num_groups(0) - 1) / get_num_groups(0);"
    " size_t b = get_group_id(0) * per, e = min((size_t)n, b + per);"
    " for (size_t i = b + l; i < e; i += get_local_size(0)) v += in[i];"
    " s[l] = v; barrier(CLK_LOCAL_MEM_FENCE);"
    " for (size_t k = get_local_size(0) / 2; k > 0; k >>= 1) { if (l < k) s[l] += s[l+k]; "
    "barrier(CLK_LOCAL_MEM_FENCE);}"
    " if (l == 0) { partials[get_group_id(0)] = s[0]; mem_fence(CLK_GLOBAL_MEM_FENCE);"
    "   last = atomic_inc(ticket) == get_num_groups(0) - 1; }"
    " barrier(CLK_LOCAL_MEM_FENCE);"
    " if (last && l == 0) { float t = 0; for (size_t g = 0; g < get_num_groups(0); ++g)"
    "   t += partials[g]; *ticket = 0; out[0] = t + (float)tag; } }";

enum { ROUNDS = 300, VARIANTS = 9 };
static const char* names[VARIANTS] = {
    "A kernel, flush, blocking read (engine before)",
    "B kernel, blocking read",
    "C kernel into SVM, clFinish",
    "D kernel into SVM with event, clWaitForEvents",
    "E kernel into SVM, flush, watch SVM (sched_yield)",
    "F kernel into SVM, flush, watch SVM (spin)",
    "G kernel, read into SVM, flush, watch SVM (yield; engine)",
    "H kernel into SVM w/ event, watch SVM or event (yield)",
    "I kernel, read into pinned, flush, watch pinned (yield)",
};
static cl_command_queue q;
static cl_kernel kern;
static cl_mem out_buf;
static volatile float* pinned;
static volatile float* svm;
static unsigned n_items = 1u << 16;
static size_t groups = 2, local = 64;

static void launch(unsigned tag, int into_svm, cl_event* ev) {
    clSetKernelArg(kern, 3, sizeof tag, &tag);
    if (into_svm)
        clSetKernelArgSVMPointer(kern, 1, (void*)svm);
    else
        clSetKernelArg(kern, 1, sizeof out_buf, &out_buf);
    size_t g = groups * local;
    clEnqueueNDRangeKernel(q, kern, 1, NULL, &g, &local, 0, NULL, ev);
}

static double one_call(int v, unsigned tag, int* ok) {
    const float expect = (float)n_items + (float)tag;
    volatile float* value = v >= 2 && v != 8 ? svm : pinned;
    const int into_svm = (v >= 2 && v < 6) || v == 7;  // G and I copy with a read
    *value = -1.0f;                                    // the sentinel: no correct value is negative
    cl_event ev = NULL;
    double t0 = now_us();
    launch(tag, into_svm, v == 3 || v == 7 ? &ev : NULL);
    switch (v) {
        case 0:
            clFlush(q);  // fall through
        case 1:
            clEnqueueReadBuffer(q, out_buf, CL_TRUE, 0, 4, (void*)pinned, 0, NULL, NULL);
            break;
        case 2:
            clFinish(q);
            break;
        case 3:
            clWaitForEvents(1, &ev);
            break;
        case 6:
        case 8:
            clEnqueueReadBuffer(q, out_buf, CL_FALSE, 0, 4, (void*)value, 0, NULL, NULL);
            clFlush(q);
            while (*value < 0.0f) sched_yield();
            break;
        case 7: {
            clFlush(q);
            cl_int status = CL_QUEUED;
            while (*value < 0.0f && status != CL_COMPLETE) {
                sched_yield();
                clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
            }
            break;
        }
        default:
            clFlush(q);
            while (*value < 0.0f)
                if (v == 4) sched_yield();
    }
    double t = now_us() - t0;
    if (ev) clReleaseEvent(ev);
    clFinish(q);
    if (*value != expect && *ok)
        fprintf(stderr, "variant %d: %g, expected %g\n", v, *value, expect);
    *ok = *ok && *value == expect;
    return t;
}

int main(int argc, char** argv) {
    const char* wanted = argc > 1 ? argv[1] : "Portable";
    if (argc > 2) n_items = (unsigned)strtoul(argv[2], NULL, 0);
    if (argc > 3) groups = strtoul(argv[3], NULL, 0);
    if (argc > 4) local = strtoul(argv[4], NULL, 0);
    if (n_items < 1 || n_items > (1u << 24) || groups < 1 || groups > 4096 || local < 1 ||
        local > 256 || (local & (local - 1)))
        return 2;
    char platform_name[256];
    cl_device_id dev = probe_device(wanted, platform_name);
    if (!dev) return 2;
    cl_int e;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    cl_program prog = probe_program(ctx, dev, src, "-cl-std=CL2.0");
    if (!prog) return 1;
    kern = clCreateKernel(prog, "k", &e);
    float* ones = malloc(sizeof(float) * n_items);
    for (unsigned i = 0; i < n_items; ++i) ones[i] = 1.0f;
    cl_mem in_buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                   sizeof(float) * n_items, ones, &e);
    out_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
    cl_uint zero = 0;
    cl_mem partials = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * groups, NULL, &e);
    cl_mem ticket = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &e);
    cl_mem pinned_buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4, NULL, &e);
    svm = clSVMAlloc(ctx, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 64, 0);
    if (!svm) {
        fprintf(stderr, "no fine-grained SVM buffer on this device\n");
        return 1;
    }
    clSetKernelArg(kern, 0, sizeof in_buf, &in_buf);
    clSetKernelArg(kern, 2, sizeof n_items, &n_items);
    clSetKernelArg(kern, 4, sizeof partials, &partials);
    clSetKernelArg(kern, 5, sizeof ticket, &ticket);
    q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
    pinned = clEnqueueMapBuffer(q, pinned_buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 4, 0, NULL,
                                NULL, &e);
    printf("%s: n = %u, %zu groups of %zu, %d rounds, every variant once per round\n",
           platform_name, n_items, groups, local, ROUNDS);
    static double t[VARIANTS][ROUNDS];
    int ok[VARIANTS];
    for (int v = 0; v < VARIANTS; ++v) ok[v] = 1;
    unsigned tag = 0;
    for (int r = 0; r < 10; ++r)
        for (int v = 0; v < VARIANTS; ++v) one_call(v, ++tag % 1000, &ok[v]);
    for (int r = 0; r < ROUNDS; ++r)
        for (int v = 0; v < VARIANTS; ++v) t[v][r] = one_call(v, ++tag % 1000, &ok[v]);
    for (int v = 0; v < VARIANTS; ++v) probe_summary(names[v], t[v], ROUNDS, ok[v], 52);
    return 0;
}
