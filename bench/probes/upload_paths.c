// How fast does a host -> device copy run, by where its source lies? A split across devices
// uploads each shard before reducing it; the engine's shards lie in ordinary (pageable) host
// memory. This probe copies MIB mebibytes (default 1024) to one device buffer five times after
// a warm-up, by four paths, and prints each one's min / median / max in GB/s (wall clock around
// the whole copy, staging included):
//   pageable   clEnqueueWriteBuffer from malloc'd memory (what the engine does today);
//   pinned     clEnqueueWriteBuffer from a CL_MEM_ALLOC_HOST_PTR buffer mapped once (the
//              link's rate: the source already lies in pinned memory);
//   staged-1   pageable memory copied into two pinned chunks of CHUNK_MIB (default 64) by one
//              host thread while the other chunk's non-blocking write runs;
//   staged-T   the same with each chunk's memcpy split over THREADS host threads (default 8).
// Every path's device buffer is read back at three places and compared with the source.
// Build and run: bench/probes/run.sh upload_paths [PLATFORM_SUBSTRING [MIB [CHUNK_MIB [THREADS]]]]
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "probe_clock.h"
#include "probe_device.h"

enum { RUNS = 5, MAX_THREADS = 64 };

typedef struct {
    unsigned char* to;
    const unsigned char* from;
    size_t bytes;
} CopyPart;

static void* copy_part(void* arg) {
    const CopyPart* part = arg;
    memcpy(part->to, part->from, part->bytes);
    return NULL;
}

// memcpy over `threads` host threads (one: the calling thread alone).
static void parallel_copy(unsigned char* to, const unsigned char* from, size_t bytes, int threads) {
    if (threads <= 1) {
        memcpy(to, from, bytes);
        return;
    }
    pthread_t ids[MAX_THREADS];
    CopyPart parts[MAX_THREADS];
    const size_t step = (bytes / threads + 63) & ~(size_t)63;
    for (int t = 0; t < threads; ++t) {
        const size_t begin = (size_t)t * step;
        if (begin >= bytes) break;
        parts[t] =
            (CopyPart){to + begin, from + begin, begin + step > bytes ? bytes - begin : step};
        if (pthread_create(&ids[t], NULL, copy_part, &parts[t]) != 0) {
            copy_part(&parts[t]);
            ids[t] = 0;
        }
    }
    for (int t = 0; t < threads && (size_t)t * step < bytes; ++t)
        if (ids[t]) pthread_join(ids[t], NULL);
}

typedef struct {
    cl_context ctx;
    cl_command_queue q;
    cl_mem device_buffer;
    const unsigned char* source;   // pageable
    unsigned char* pinned_source;  // mapped ALLOC_HOST_PTR, same contents
    unsigned char* stage[2];       // mapped ALLOC_HOST_PTR chunks
    size_t bytes, chunk;
} Upload;

static void upload_direct(Upload* u, const void* from) {
    CHECK(clEnqueueWriteBuffer(u->q, u->device_buffer, CL_TRUE, 0, u->bytes, from, 0, NULL, NULL));
}

static void upload_staged(Upload* u, int threads) {
    cl_event pending[2] = {NULL, NULL};
    int k = 0;
    for (size_t offset = 0; offset < u->bytes; offset += u->chunk, k ^= 1) {
        const size_t bytes = offset + u->chunk > u->bytes ? u->bytes - offset : u->chunk;
        if (pending[k]) {  // the chunk's previous write must have read it before it is refilled
            CHECK(clWaitForEvents(1, &pending[k]));
            clReleaseEvent(pending[k]);
        }
        parallel_copy(u->stage[k], u->source + offset, bytes, threads);
        CHECK(clEnqueueWriteBuffer(u->q, u->device_buffer, CL_FALSE, offset, bytes, u->stage[k], 0,
                                   NULL, &pending[k]));
        CHECK(clFlush(u->q));
    }
    CHECK(clFinish(u->q));
    for (int i = 0; i < 2; ++i)
        if (pending[i]) clReleaseEvent(pending[i]);
}

// The device buffer against the source at its start, middle and end.
static int uploaded_correctly(Upload* u) {
    const size_t at[3] = {0, u->bytes / 2, u->bytes - 64};
    for (int i = 0; i < 3; ++i) {
        unsigned char back[64];
        CHECK(clEnqueueReadBuffer(u->q, u->device_buffer, CL_TRUE, at[i], 64, back, 0, NULL, NULL));
        if (memcmp(back, u->source + at[i], 64) != 0) return 0;
    }
    return 1;
}

static unsigned char* pinned(Upload* u, size_t bytes, cl_mem* buffer) {
    cl_int e;
    *buffer = clCreateBuffer(u->ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &e);
    CHECK(e);
    if (e != CL_SUCCESS) return NULL;
    void* p = clEnqueueMapBuffer(u->q, *buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0,
                                 NULL, NULL, &e);
    CHECK(e);
    return e == CL_SUCCESS ? p : NULL;
}

int main(int argc, char** argv) {
    char platform_name[256];
    cl_device_id dev = probe_device(argc > 1 ? argv[1] : "NVIDIA", platform_name);
    if (!dev) return 2;
    const size_t mib = argc > 2 ? strtoull(argv[2], NULL, 10) : 1024;
    const size_t chunk_mib = argc > 3 ? strtoull(argv[3], NULL, 10) : 64;
    int threads = argc > 4 ? atoi(argv[4]) : 8;
    if (mib == 0 || chunk_mib == 0 || threads < 1) {
        fprintf(stderr, "MIB, CHUNK_MIB and THREADS must be positive\n");
        return 2;
    }
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    char device_name[256];
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof device_name, device_name, NULL);
    Upload u = {.bytes = mib << 20, .chunk = chunk_mib << 20};
    if (u.chunk > u.bytes) u.chunk = u.bytes;
    cl_int e;
    u.ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    CHECK(e);
    u.q = clCreateCommandQueueWithProperties(u.ctx, dev, NULL, &e);
    CHECK(e);
    u.device_buffer = clCreateBuffer(u.ctx, CL_MEM_READ_ONLY, u.bytes, NULL, &e);
    CHECK(e);
    unsigned char* source = malloc(u.bytes);
    cl_mem pinned_buffer, stage_buffers[2];
    u.pinned_source = pinned(&u, u.bytes, &pinned_buffer);
    u.stage[0] = pinned(&u, u.chunk, &stage_buffers[0]);
    u.stage[1] = pinned(&u, u.chunk, &stage_buffers[1]);
    if (!source || !u.pinned_source || !u.stage[0] || !u.stage[1]) {
        fprintf(stderr, "could not allocate %zu MiB of host memory (pageable and pinned)\n", mib);
        return 1;
    }
    uint64_t x = 0x9e3779b97f4a7c15u;  // every byte set, so the device copy can be checked
    for (size_t i = 0; i + 8 <= u.bytes; i += 8) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        memcpy(source + i, &x, 8);
    }
    memcpy(u.pinned_source, source, u.bytes);
    u.source = source;
    printf("%s on %s: %zu MiB host -> device, %d runs after a warm-up, wall clock (GB/s)\n",
           device_name, platform_name, mib, RUNS);
    const char* names[4] = {"pageable", "pinned", "staged-1", "staged-T"};
    for (int path = 0; path < 4; ++path) {
        double rates[RUNS];
        for (int r = -1; r < RUNS; ++r) {
            CHECK(clFinish(u.q));
            const double t0 = now_us();
            if (path == 0) upload_direct(&u, u.source);
            if (path == 1) upload_direct(&u, u.pinned_source);
            if (path == 2) upload_staged(&u, 1);
            if (path == 3) upload_staged(&u, threads);
            const double us = now_us() - t0;
            if (r >= 0) rates[r] = (double)u.bytes / (us * 1e3);
        }
        const int ok = uploaded_correctly(&u);
        qsort(rates, RUNS, sizeof *rates, cmp);
        char label[32];
        snprintf(label, sizeof label, path == 3 ? "%s (%d threads)" : "%s", names[path], threads);
        printf("%-22s min %6.2f  median %6.2f  max %6.2f GB/s%s  (chunks of %zu MiB)\n", label,
               rates[0], rates[RUNS / 2], rates[RUNS - 1], ok ? "" : "  WRONG CONTENTS",
               path >= 2 ? chunk_mib : mib);
        static const unsigned char zeros[64];  // the next path must write the start again
        CHECK(clEnqueueWriteBuffer(u.q, u.device_buffer, CL_TRUE, 0, 64, zeros, 0, NULL, NULL));
    }
    return 0;
}
