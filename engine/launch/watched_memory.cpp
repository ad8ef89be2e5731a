// Watching a copy land in host memory (watched_memory.h).
#include "launch/watched_memory.h"

#include <chrono>
#include <string>
#include <thread>

#include "launch/runtime.h"
#include "reducelab/error.h"

namespace reducelab::detail {

bool has_fine_grained_buffers(const cl::Device& device) {
    cl_device_svm_capabilities caps = 0;
    if (clGetDeviceInfo(device(), CL_DEVICE_SVM_CAPABILITIES, sizeof caps, &caps, nullptr) !=
        CL_SUCCESS)
        return false;
    return (caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
}

bool watches_shared_memory(DeviceRuntime& runtime) {
    return !runtime.info().is_gpu() && has_fine_grained_buffers(runtime.device());
}

void watch_arrival(const std::atomic_ref<std::uint64_t>& word, cl::CommandQueue& queue,
                   bool yield) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
    while (word.load(std::memory_order_acquire) == 0 && std::chrono::steady_clock::now() < give_up)
        if (yield) std::this_thread::yield();
    if (word.load(std::memory_order_acquire) == 0) queue.finish();
    if (word.load(std::memory_order_acquire) == 0)
        throw Error(ErrorKind::OpenCL, "the value's arrival word did not come back with it");
}

void SharedMemory::allocate(DeviceRuntime& runtime, std::size_t bytes) {
    bytes_ = static_cast<std::byte*>(clSVMAlloc(
        runtime.context()(), CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, bytes, 0));
    if (!bytes_)
        throw Error(ErrorKind::OutOfResources, "could not allocate " + std::to_string(bytes) +
                                                   " bytes of shared virtual memory on " +
                                                   runtime.info().name);
    runtime_ = &runtime;
}

SharedMemory::~SharedMemory() {
    if (!bytes_) return;
    try {
        runtime_->queue().finish();  // no copy may still be writing into it
        clSVMFree(runtime_->context()(), bytes_);
    } catch (...) {  // a failing device: the run's own error is the one to report
    }
}

}  // namespace reducelab::detail
