// The interface between the CUDA half (cub_reduce.cu, nvcc) and the host half (cub_main.cpp,
// the C++ compiler with ReduceLab's engine) of the CUB peer baseline.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reducelab_cub {

struct Timing {
    std::vector<double> repeat_ms;
    unsigned char result_bytes[16] = {};
};

struct DeviceFacts {
    std::string name;
    unsigned compute_units = 0;
    std::size_t global_mem_bytes = 0;
    unsigned max_threads_per_block = 0;
    std::size_t shared_mem_per_block = 0;
    int runtime_version = 0;
    int driver_version = 0;
};

Timing run_cub(const void* host, std::size_t n, bool is_float, bool is_max, int repeat, int warmup);
DeviceFacts device_facts();

}  // namespace reducelab_cub
