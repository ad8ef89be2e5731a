// The peer baseline: CUB's DeviceReduce::Sum and ::Max timed on the same sizes, inputs and
// method as reducelab-cli bench (CUDA events, median of --repeat after --warmup, input bytes /
// time), verified against ReduceLab's CPU reference, written in ReduceLab's results schema.
// Built only where nvcc exists (bench/cub/CMakeLists.txt).
#include <cub/device/device_reduce.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cub_results.h"

namespace {

#define CUDA_CHECK(call)                                                                      \
    do {                                                                                      \
        const cudaError_t status_ = (call);                                                   \
        if (status_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "cub_reduce: %s failed: %s\n", #call, cudaGetErrorString(status_)); \
            std::exit(4);                                                                     \
        }                                                                                     \
    } while (0)

struct MaxOp {
    template <typename T>
    __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a > b ? a : b; }
};

template <typename T, typename Acc>
reducelab_cub::Timing time_reduce(const void* host, std::size_t n, bool is_max, int repeat, int warmup) {
    T* d_in = nullptr;
    Acc* d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof(Acc)));
    CUDA_CHECK(cudaMemcpy(d_in, host, n * sizeof(T), cudaMemcpyHostToDevice));
    std::size_t temp_bytes = 0;
    const auto reduce = [&](void* temp) {
        if (is_max)
            return cub::DeviceReduce::Max(temp, temp_bytes, d_in, d_out, static_cast<int>(n));
        return cub::DeviceReduce::Sum(temp, temp_bytes, d_in, d_out, static_cast<int>(n));
    };
    CUDA_CHECK(reduce(nullptr));
    void* temp = nullptr;
    CUDA_CHECK(cudaMalloc(&temp, std::max<std::size_t>(temp_bytes, 1)));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    std::vector<double> ms;
    for (int r = 0; r < warmup + repeat; ++r) {
        CUDA_CHECK(cudaEventRecord(start));
        CUDA_CHECK(reduce(temp));
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float elapsed = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&elapsed, start, stop));
        if (r >= warmup) ms.push_back(elapsed);
    }
    reducelab_cub::Timing timing;
    timing.repeat_ms = ms;
    Acc result{};
    CUDA_CHECK(cudaMemcpy(&result, d_out, sizeof(Acc), cudaMemcpyDeviceToHost));
    static_assert(sizeof(Acc) <= sizeof(timing.result_bytes));
    std::memcpy(timing.result_bytes, &result, sizeof(Acc));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(temp));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_in));
    return timing;
}

}  // namespace

namespace reducelab_cub {

Timing run_cub(const void* host, std::size_t n, bool is_float, bool is_max, int repeat, int warmup) {
    // int32 sums go to a 64-bit output, which CUB also uses as its accumulator: the same as
    // ReduceLab's default accumulator for int32 sums.
    if (is_float) return time_reduce<float, float>(host, n, is_max, repeat, warmup);
    if (is_max) return time_reduce<int, int>(host, n, true, repeat, warmup);
    return time_reduce<int, long long>(host, n, false, repeat, warmup);
}

DeviceFacts device_facts() {
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    cudaDeviceProp p{};
    CUDA_CHECK(cudaGetDeviceProperties(&p, device));
    DeviceFacts f;
    f.name = p.name;
    f.compute_units = static_cast<unsigned>(p.multiProcessorCount);
    f.global_mem_bytes = p.totalGlobalMem;
    f.max_threads_per_block = static_cast<unsigned>(p.maxThreadsPerBlock);
    f.shared_mem_per_block = p.sharedMemPerBlock;
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    f.runtime_version = runtime;
    f.driver_version = driver;
    return f;
}

}  // namespace reducelab_cub
