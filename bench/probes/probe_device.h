// The probes' device: the first device of the first OpenCL platform whose name contains
// `wanted` (its name in `platform_name`), or NULL after saying so on stderr; a context's
// program built from `src` with `options`, or NULL after printing the build error; the CHECK
// macro; and probe_open, which does the three.
#ifndef REDUCELAB_PROBE_DEVICE_H
#define REDUCELAB_PROBE_DEVICE_H
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static cl_device_id probe_device(const char* wanted, char platform_name[256]) {
    cl_platform_id platforms[8];
    cl_uint count = 0;
    if (clGetPlatformIDs(8, platforms, &count) != CL_SUCCESS) return NULL;
    for (cl_uint p = 0; p < count; ++p) {
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, 256, platform_name, NULL);
        cl_device_id device = NULL;
        if (strstr(platform_name, wanted) &&
            clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &device, NULL) == CL_SUCCESS)
            return device;
    }
    fprintf(stderr, "no OpenCL platform named like '%s'\n", wanted);
    return NULL;
}

static cl_program probe_program(cl_context ctx, cl_device_id dev, const char* src,
                                const char* options) {
    cl_int e;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
    e = e ? e : clBuildProgram(prog, 1, &dev, options, NULL, NULL);
    if (e == CL_SUCCESS) return prog;
    fprintf(stderr, "building the probe's kernel failed (%d)\n", e);
    return NULL;
}
// Says which call failed (or, as CHECK(e), which create call set e), once per call site, so a
// probe that sees nothing says why.
#define CHECK(call)                                                                             \
    do {                                                                                        \
        static int reported;                                                                    \
        cl_int check_error = (call);                                                            \
        if (check_error != CL_SUCCESS && !reported++)                                           \
            fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #call, check_error); \
    } while (0)

// The part of a probe kernel that best's single pass has too: the work-group's tree over its
// work-items' sums `v` in `s`, the group's sum added to `total`, then the ticket; the last
// work-group takes the total into `t` and resets both (the kernel then stores t, and its tag).
#define PROBE_GROUP_SUM_LAST_GROUP                                             \
    " s[l] = v; barrier(CLK_LOCAL_MEM_FENCE);"                                 \
    " for (size_t k = 128; k > 0; k >>= 1) { if (l < k) s[l] += s[l+k]; "      \
    "barrier(CLK_LOCAL_MEM_FENCE);}"                                           \
    " if (l == 0) { atomic_add(total, s[0]); mem_fence(CLK_GLOBAL_MEM_FENCE);" \
    "   last = atomic_inc(ticket) == get_num_groups(0) - 1; }"                 \
    " barrier(CLK_LOCAL_MEM_FENCE);"                                           \
    " if (last && l == 0) { uint t = atomic_xchg(total, 0); *ticket = 0;"

// What most probes open: the device named by argv[1] (default NVIDIA), a context on it and
// `src` built into a program.
typedef struct {
    char platform_name[256];
    cl_device_id dev;
    cl_context ctx;
    cl_program prog;
} Probe;

// Opens `p` and makes `kernel_name` from its program. Returns 0, or the probe's exit status
// (2: no such device, 1: the build failed) after saying why.
static inline int probe_open(int argc, char** argv, const char* src, const char* kernel_name,
                             Probe* p, cl_kernel* kern) {
    p->dev = probe_device(argc > 1 ? argv[1] : "NVIDIA", p->platform_name);
    if (!p->dev) return 2;
    cl_int e;
    p->ctx = clCreateContext(NULL, 1, &p->dev, NULL, NULL, &e);
    CHECK(e);
    p->prog = probe_program(p->ctx, p->dev, src, "");
    if (!p->prog) return 1;
    *kern = clCreateKernel(p->prog, kernel_name, &e);
    CHECK(e);
    return 0;
}
#endif
