// The interface between the CUDA half (cub_reduce.cu, nvcc) and the host half (cub_main.cpp,
// the C++ compiler with ReduceLab's engine) of the CUB peer baseline. Plain C++17: nvcc compiles
// it too, so it names no ReduceLab header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reducelab_cub {

enum class Element { Int32, Int64, UInt64, Float32, Float64 };
enum class Op { Sum, Min, Max, ArgMin, ArgMax, Dot };
// The three timing methods of ReduceLab (reducelab/types.h, TimingMethod), applied to CUB:
// Kernel: CUDA events recorded around the CUB call alone (its two kernels and the gap between
// them); Sustained: `batch` calls back to back, each writing its result to its own slot in device
// memory, then one cudaMemcpy of all the slots to pinned host memory, host wall time / batch;
// Latency: one call and a cudaMemcpy of the result to the host, host wall time.
enum class Method { Kernel, Sustained, Latency };

struct Request {
    const void* host = nullptr;
    const void* host2 = nullptr;  // dot: the second input
    std::size_t n = 0;
    Element element = Element::Float32;
    Op op = Op::Sum;
    Method method = Method::Kernel;
    int repeat = 50;
    int warmup = 5;
    int batch = 20;
    bool cold = false;  // write twice the L2 (cudaDeviceProp::l2CacheSize) before each timed run
};

struct Timing {
    std::vector<double> repeat_ms;
    // The result in ReduceLab's device layout: the accumulator value at offset 0, for argmin and
    // argmax the 64-bit index at offset 8.
    unsigned char result_bytes[16] = {};
    std::string call;  // "cub::DeviceReduce::Sum", ...
};

struct DeviceFacts {
    std::string name;
    unsigned compute_units = 0;
    std::size_t global_mem_bytes = 0;
    unsigned max_threads_per_block = 0;
    std::size_t shared_mem_per_block = 0;
    std::size_t l2_bytes = 0;
    int runtime_version = 0;
    int driver_version = 0;
};

Timing run_cub(const Request& request);
DeviceFacts device_facts();

}  // namespace reducelab_cub
