// The probes' device: the first device of the first OpenCL platform whose name contains
// `wanted` (its name in `platform_name`), or NULL after saying so on stderr; and a context's
// program built from `src` with `options`, or NULL after printing the build error.
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
#endif
