// The peer baseline: CUB's DeviceReduce (Sum, Min, Max, ArgMin, ArgMax, and Sum over a
// transform iterator for dot) timed by ReduceLab's three methods on the same sizes and inputs
// as reducelab-cli bench, verified by the host half against ReduceLab's CPU reference.
// Built only where nvcc exists (bench/cub/CMakeLists.txt).
#include <cuda_runtime.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <cub/device/device_reduce.cuh>
#include <cub/version.cuh>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cub_results.h"

namespace {

using reducelab_cub::Element;
using reducelab_cub::Method;
using reducelab_cub::Op;

#define CUDA_CHECK(call)                                               \
    do {                                                               \
        const cudaError_t status_ = (call);                            \
        if (status_ != cudaSuccess) {                                  \
            std::fprintf(stderr, "cub_reduce: %s failed: %s\n", #call, \
                         cudaGetErrorString(status_));                 \
            std::exit(4);                                              \
        }                                                              \
    } while (0)

// a[i] * b[i] in the accumulator type: dot as a sum over a transform iterator.
template <typename T, typename Acc>
struct DotTerm {
    const T* a;
    const T* b;
    __host__ __device__ __forceinline__ Acc operator()(long long i) const {
        return static_cast<Acc>(a[i]) * static_cast<Acc>(b[i]);
    }
};

// Device memory and the L2 flush buffer of one point; freed on scope exit.
struct DeviceBuffer {
    void* ptr = nullptr;
    explicit DeviceBuffer(std::size_t bytes) {
        CUDA_CHECK(cudaMalloc(&ptr, std::max<std::size_t>(bytes, 1)));
    }
    ~DeviceBuffer() { cudaFree(ptr); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

std::size_t l2_bytes() {
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    int l2 = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    return static_cast<std::size_t>(l2);
}

// Output slots: one per call of a sustained batch, one otherwise.
std::size_t slot_count(const reducelab_cub::Request& request) {
    return request.method == Method::Sustained
               ? static_cast<std::size_t>(std::max(1, request.batch))
               : 1;
}

// Times `reduce(temp, temp_bytes, stream, slot)` (a CUB call writing `out_bytes` bytes at slot
// `slot` of d_out, which holds slot_count(request) of them) by the request's method; the last
// result lands in `result`. Sustained runs write each call's value to its own slot and copy them
// all back once after the last call, as ReduceLab's engine does.
template <typename Reduce>
std::vector<double> time_calls(const reducelab_cub::Request& request, Reduce reduce, void* d_out,
                               std::size_t out_bytes, unsigned char* result) {
    // The legacy default stream, as a plain application uses it: cudaMemcpy then waits for the
    // reduction, with no stream synchronise of our own.
    const cudaStream_t stream = 0;
    std::size_t temp_bytes = 0;
    CUDA_CHECK(reduce(nullptr, temp_bytes, stream, 0));
    DeviceBuffer temp(temp_bytes);
    const std::size_t flush_bytes =
        request.cold ? 2 * std::max<std::size_t>(l2_bytes(), 1 << 20) : 0;
    DeviceBuffer flush(flush_bytes);
    const std::size_t slots = slot_count(request);
    unsigned char* pinned = nullptr;  // sustained: the copy's destination, page-locked
    CUDA_CHECK(cudaMallocHost(&pinned, slots * out_bytes));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    using Clock = std::chrono::steady_clock;
    std::vector<double> ms;
    for (int r = 0; r < request.warmup + request.repeat; ++r) {
        if (request.cold) {
            CUDA_CHECK(cudaMemsetAsync(flush.ptr, r & 0xff, flush_bytes, stream));
            CUDA_CHECK(cudaStreamSynchronize(stream));
        }
        double sample = 0.0;
        switch (request.method) {
            case Method::Kernel: {
                CUDA_CHECK(cudaEventRecord(start, stream));
                CUDA_CHECK(reduce(temp.ptr, temp_bytes, stream, 0));
                CUDA_CHECK(cudaEventRecord(stop, stream));
                CUDA_CHECK(cudaEventSynchronize(stop));
                float elapsed = 0.0f;
                CUDA_CHECK(cudaEventElapsedTime(&elapsed, start, stop));
                CUDA_CHECK(cudaMemcpy(result, d_out, out_bytes, cudaMemcpyDeviceToHost));
                sample = elapsed;
                break;
            }
            case Method::Sustained: {
                const auto t0 = Clock::now();
                for (std::size_t c = 0; c < slots; ++c)
                    CUDA_CHECK(reduce(temp.ptr, temp_bytes, stream, c));
                CUDA_CHECK(cudaMemcpy(pinned, d_out, slots * out_bytes, cudaMemcpyDeviceToHost));
                const auto t1 = Clock::now();
                std::memcpy(result, pinned + (slots - 1) * out_bytes, out_bytes);
                sample = std::chrono::duration<double, std::milli>(t1 - t0).count() /
                         static_cast<double>(slots);
                break;
            }
            case Method::Latency: {
                const auto t0 = Clock::now();
                CUDA_CHECK(reduce(temp.ptr, temp_bytes, stream, 0));
                CUDA_CHECK(cudaMemcpy(result, d_out, out_bytes, cudaMemcpyDeviceToHost));
                const auto t1 = Clock::now();
                sample = std::chrono::duration<double, std::milli>(t1 - t0).count();
                break;
            }
        }
        if (r >= request.warmup) ms.push_back(sample);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFreeHost(pinned));
    return ms;
}

template <typename T, typename Acc>
reducelab_cub::Timing time_reduce(const reducelab_cub::Request& request) {
    const std::size_t n = request.n;
    const int items = static_cast<int>(n);
    DeviceBuffer in(n * sizeof(T));
    CUDA_CHECK(cudaMemcpy(in.ptr, request.host, n * sizeof(T), cudaMemcpyHostToDevice));
    const T* d_in = static_cast<const T*>(in.ptr);
    reducelab_cub::Timing timing;
    static_assert(sizeof(Acc) <= 8);
    switch (request.op) {
        case Op::Sum:
        case Op::Min:
        case Op::Max: {
            DeviceBuffer out(sizeof(Acc) * slot_count(request));
            Acc* d_out = static_cast<Acc*>(out.ptr);
            const Op op = request.op;
            auto reduce = [=](void* temp, std::size_t& bytes, cudaStream_t s, std::size_t slot) {
                if (op == Op::Min)
                    return cub::DeviceReduce::Min(temp, bytes, d_in, d_out + slot, items, s);
                if (op == Op::Max)
                    return cub::DeviceReduce::Max(temp, bytes, d_in, d_out + slot, items, s);
                return cub::DeviceReduce::Sum(temp, bytes, d_in, d_out + slot, items, s);
            };
            timing.call = op == Op::Min   ? "cub::DeviceReduce::Min"
                          : op == Op::Max ? "cub::DeviceReduce::Max"
                                          : "cub::DeviceReduce::Sum";
            timing.repeat_ms = time_calls(request, reduce, d_out, sizeof(Acc), timing.result_bytes);
            break;
        }
        case Op::ArgMin:
        case Op::ArgMax: {
            const bool is_min = request.op == Op::ArgMin;
            timing.call = is_min ? "cub::DeviceReduce::ArgMin" : "cub::DeviceReduce::ArgMax";
            T value{};
            std::uint64_t index = 0;
#if CUB_VERSION >= 300000
            // CCCL 3: the extremum and its index through two outputs (the pair form is
            // deprecated). One buffer holds both, so one copy brings the result back.
            struct Out {
                T value;
                long long index;
            };
            DeviceBuffer out(sizeof(Out) * slot_count(request));
            Out* d_out = static_cast<Out*>(out.ptr);
            auto reduce = [=](void* temp, std::size_t& bytes, cudaStream_t s, std::size_t slot) {
                T* d_value = &d_out[slot].value;
                long long* d_index = &d_out[slot].index;
                if (is_min)
                    return cub::DeviceReduce::ArgMin(temp, bytes, d_in, d_value, d_index,
                                                     static_cast<long long>(n), s);
                return cub::DeviceReduce::ArgMax(temp, bytes, d_in, d_value, d_index,
                                                 static_cast<long long>(n), s);
            };
            unsigned char out_bytes[sizeof(Out)] = {};
            timing.repeat_ms = time_calls(request, reduce, d_out, sizeof(Out), out_bytes);
            Out result;
            std::memcpy(&result, out_bytes, sizeof result);
            value = result.value;
            index = static_cast<std::uint64_t>(result.index);
#else
            // CUDA 12's CUB: (index, value) pairs.
            using Pair = cub::KeyValuePair<int, T>;
            DeviceBuffer out(sizeof(Pair) * slot_count(request));
            Pair* d_out = static_cast<Pair*>(out.ptr);
            auto reduce = [=](void* temp, std::size_t& bytes, cudaStream_t s, std::size_t slot) {
                if (is_min)
                    return cub::DeviceReduce::ArgMin(temp, bytes, d_in, d_out + slot, items, s);
                return cub::DeviceReduce::ArgMax(temp, bytes, d_in, d_out + slot, items, s);
            };
            unsigned char pair_bytes[sizeof(Pair)] = {};
            timing.repeat_ms = time_calls(request, reduce, d_out, sizeof(Pair), pair_bytes);
            Pair pair;
            std::memcpy(&pair, pair_bytes, sizeof pair);
            value = pair.value;
            index = static_cast<std::uint64_t>(pair.key);
#endif
            // ReduceLab's layout: the element at offset 0, its 64-bit index at offset 8.
            std::memcpy(timing.result_bytes, &value, sizeof(T));
            std::memcpy(timing.result_bytes + 8, &index, sizeof index);
            break;
        }
        case Op::Dot: {
            DeviceBuffer in2(n * sizeof(T));
            CUDA_CHECK(cudaMemcpy(in2.ptr, request.host2, n * sizeof(T), cudaMemcpyHostToDevice));
            DeviceBuffer out(sizeof(Acc) * slot_count(request));
            Acc* d_out = static_cast<Acc*>(out.ptr);
            const DotTerm<T, Acc> term{d_in, static_cast<const T*>(in2.ptr)};
            // One fused pass: the transform iterator multiplies as CUB loads (what
            // DeviceReduce::TransformReduce does in newer CCCL releases; Thrust's iterators are
            // in every CUDA 12 and 13 toolkit, CUB's own were removed in CCCL 3).
            const auto terms =
                thrust::make_transform_iterator(thrust::make_counting_iterator<long long>(0), term);
            auto reduce = [=](void* temp, std::size_t& bytes, cudaStream_t s, std::size_t slot) {
                return cub::DeviceReduce::Sum(temp, bytes, terms, d_out + slot, items, s);
            };
            timing.call = "cub::DeviceReduce::Sum (transform iterator a[i]*b[i])";
            timing.repeat_ms = time_calls(request, reduce, d_out, sizeof(Acc), timing.result_bytes);
            break;
        }
    }
    return timing;
}

// Integer sums and dots accumulate in 64 bits (ReduceLab's default accumulator; CUB takes the
// output type as its accumulator); min, max and the arg forms keep the element type.
template <typename T, typename Wide>
reducelab_cub::Timing by_op(const reducelab_cub::Request& request) {
    if (request.op == Op::Sum || request.op == Op::Dot) return time_reduce<T, Wide>(request);
    return time_reduce<T, T>(request);
}

}  // namespace

namespace reducelab_cub {

Timing run_cub(const Request& request) {
    switch (request.element) {
        case Element::Int32:
            return by_op<int, long long>(request);
        case Element::Int64:
            return by_op<long long, unsigned long long>(request);
        case Element::UInt64:
            return by_op<unsigned long long, unsigned long long>(request);
        case Element::Float32:
            return by_op<float, float>(request);
        case Element::Float64:
            return by_op<double, double>(request);
    }
    return {};
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
    f.l2_bytes = static_cast<std::size_t>(p.l2CacheSize);
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    f.runtime_version = runtime;
    f.driver_version = driver;
    return f;
}

}  // namespace reducelab_cub
