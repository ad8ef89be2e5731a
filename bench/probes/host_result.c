// Latency (enqueue to the value on the host) when the kernel writes its value straight into
// host-visible memory, against the engine's way (the value lands in a device buffer, and a read
// copies it and an arrival word into pinned memory the host watches). Issue 19: best's latency
// overhead on the H200 is ~7 us over the kernel up to 2^20 but ~11 us from 2^22 on, where the
// read waits on a kernel that is still running; CUDA's copy costs CUB ~9 us.
// Variants, interleaved round by round so that all see the same GPU and host state:
//   R  device buffer + non-blocking read into mapped pinned memory, host spins on the word
//   A  kernel writes into a CL_MEM_ALLOC_HOST_PTR buffer mapped once, host spins on it
//   U  kernel writes into a CL_MEM_USE_HOST_PTR buffer over page-aligned host memory
//   S  kernel writes into coarse-grained SVM (clSVMAlloc), host spins on it
// A, U and S read or write a buffer the host holds mapped, which OpenCL leaves undefined: the
// probe reports how often the value arrived within 2 ms, and whether it was right (after a call
// that missed, what the host saw once clFinish returned is printed on stderr).
// Build and run: bench/probes/run.sh host_result [PLATFORM_SUBSTRING [N]] (N up to 2^26).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

// Every work-group adds its sum of ones to `total`; the last one (by ticket) writes the total
// and an arrival word (the tag, never zero) into out[0..1], as best's last group does.
static const char* src =
    "__kernel void k(__global const uint* in, volatile __global uint* out, uint n, uint tag,"
    "                volatile __global uint* total, volatile __global uint* ticket) {"
    " __local uint s[256]; __local uint last; size_t l = get_local_id(0); uint v = 0;"
    " for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) v += "
    "in[i];" PROBE_GROUP_SUM_LAST_GROUP
    "   out[0] = t; mem_fence(CLK_GLOBAL_MEM_FENCE); out[1] = tag; } }";

enum { ROUNDS = 300, VARIANTS = 4, GROUPS = 132 * 4 };
static const char* names[VARIANTS] = {
    "R device buffer, read into pinned memory, spin",
    "A kernel writes ALLOC_HOST_PTR mapped once, spin",
    "U kernel writes USE_HOST_PTR, spin",
    "S kernel writes coarse-grained SVM, spin",
};
static cl_command_queue q;
static cl_kernel kern, svm_kern;  // NVIDIA refuses a cl_mem argument once an SVM one was set
static cl_mem dev_out;
static volatile uint32_t* watched[VARIANTS];  // where the host looks, per variant
static cl_mem out_mem[VARIANTS];              // the kernel's out, per variant (S: NULL)
static void* svm_out;
static unsigned n_items = 1u << 16;

// One call by variant v; returns its latency in us, or -1 when the value did not arrive in 2 ms.
static double one_call(int v, unsigned tag, int* wrong) {
    volatile uint32_t* w = watched[v];
    w[0] = 0;
    w[1] = 0;
    cl_kernel k = v == 3 ? svm_kern : kern;
    if (v == 3)
        CHECK(clSetKernelArgSVMPointer(k, 1, svm_out));
    else
        CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &out_mem[v]));
    CHECK(clSetKernelArg(k, 3, sizeof tag, &tag));
    size_t g = GROUPS * 256, l = 256;
    double t0 = now_us();
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
    clFlush(q);
    if (v == 0) {
        CHECK(clEnqueueReadBuffer(q, dev_out, CL_FALSE, 0, 8, (void*)w, 0, NULL, NULL));
        clFlush(q);
    }
    const double t = probe_watch_tag(w, tag, t0, 2000.0);
    uint32_t seen = w[0];
    CHECK(clFinish(q));
    static int shown[VARIANTS];
    if (t < 0 && !shown[v]++)
        fprintf(stderr, "variant %d: after clFinish the host sees %u, %u (tag %u)\n", v, w[0], w[1],
                tag);
    if (t >= 0 && seen != n_items) ++*wrong;
    return t;
}

int main(int argc, char** argv) {
    if (argc > 2) n_items = (unsigned)strtoul(argv[2], NULL, 0);
    if (n_items < 1 || n_items > (1u << 26)) n_items = 1u << 16;
    Probe p;
    const int status = probe_open(argc, argv, src, "k", &p, &kern);
    if (status) return status;
    cl_int e;
    uint32_t* ones = malloc(sizeof(uint32_t) * n_items);
    for (unsigned i = 0; i < n_items; ++i) ones[i] = 1;
    cl_mem in_buf = clCreateBuffer(p.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                   sizeof(uint32_t) * n_items, ones, &e);
    CHECK(e);
    uint32_t zero = 0;
    cl_mem total = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &e);
    CHECK(e);
    cl_mem ticket = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &e);
    CHECK(e);
    q = clCreateCommandQueueWithProperties(p.ctx, p.dev, NULL, &e);
    CHECK(e);
    svm_kern = clCreateKernel(p.prog, "k", &e);
    for (int i = 0; i < 2; ++i) {
        cl_kernel k = i ? svm_kern : kern;
        clSetKernelArg(k, 0, sizeof in_buf, &in_buf);
        clSetKernelArg(k, 2, sizeof n_items, &n_items);
        clSetKernelArg(k, 4, sizeof total, &total);
        clSetKernelArg(k, 5, sizeof ticket, &ticket);
    }

    dev_out = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, 8, NULL, &e);
    CHECK(e);
    out_mem[0] = dev_out;
    cl_mem pinned = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 8, NULL, &e);
    CHECK(e);
    watched[0] =
        clEnqueueMapBuffer(q, pinned, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 8, 0, NULL, NULL, &e);
    CHECK(e);
    out_mem[1] = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 8, NULL, &e);
    CHECK(e);
    watched[1] = clEnqueueMapBuffer(q, out_mem[1], CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 8, 0,
                                    NULL, NULL, &e);
    CHECK(e);
    void* host = aligned_alloc(4096, 4096);
    out_mem[2] = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 4096, host, &e);
    CHECK(e);
    watched[2] = host;
    cl_device_svm_capabilities svm = 0;
    clGetDeviceInfo(p.dev, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL);
    svm_out = svm ? clSVMAlloc(p.ctx, CL_MEM_READ_WRITE, 4096, 0) : NULL;
    watched[3] = svm_out;
    int variants = svm_out ? VARIANTS : VARIANTS - 1;
    printf(
        "%s, n = %u, %d work-groups of 256, %d rounds, every variant once per round; SVM "
        "capabilities 0x%llx\n",
        p.platform_name, n_items, GROUPS, ROUNDS, (unsigned long long)svm);

    static double t[VARIANTS][ROUNDS];
    int wrong[VARIANTS] = {0}, late[VARIANTS] = {0};
    unsigned tag = 0;
    for (int r = 0; r < 5; ++r)
        for (int v = 0; v < variants; ++v) one_call(v, ++tag, &wrong[v]);
    for (int r = 0; r < ROUNDS; ++r)
        for (int v = 0; v < variants; ++v) {
            t[v][r] = one_call(v, ++tag, &wrong[v]);
            if (t[v][r] < 0) {
                ++late[v];
                t[v][r] = 2000.0;
            }
        }
    for (int v = 0; v < variants; ++v) {
        probe_summary(names[v], t[v], ROUNDS, wrong[v] == 0, 52);
        if (late[v])
            printf("    %s: %d of %d calls not seen within 2 ms\n", names[v], late[v], ROUNDS);
    }
    return 0;
}
