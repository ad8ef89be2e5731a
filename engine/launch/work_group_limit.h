// The largest local size a compiled kernel can really run on a device. CL_KERNEL_WORK_GROUP_SIZE
// is the answer everywhere except where the driver is known to under-report it: NVIDIA's OpenCL
// reports 256 for every kernel, though a 12-register kernel runs at 1024. There the limit is
// derived from the registers ptxas gave the kernel (the -cl-nv-verbose build log).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace reducelab {

// The registers per work-item ptxas reports for `kernel` in a -cl-nv-verbose build log ("ptxas
// info : Compiling entry function 'k' for 'sm_90'" ... "ptxas info : Used 12 registers, ...");
// nullopt when the log has no such line for that kernel.
std::optional<unsigned> ptxas_registers(std::string_view build_log, std::string_view kernel);

// What the device and the build say about one kernel.
struct KernelLimitFacts {
    std::size_t reported = 0;                    // CL_KERNEL_WORK_GROUP_SIZE
    std::size_t device_max = 0;                  // CL_DEVICE_MAX_WORK_GROUP_SIZE
    bool report_under_reports = false;           // the driver is NVIDIA's
    std::optional<unsigned> registers_per_item;  // from the build log
    std::uint64_t registers_per_group = 65536;   // CL_DEVICE_REGISTERS_PER_BLOCK_NV
    std::uint64_t kernel_local_bytes = 0;        // CL_KERNEL_LOCAL_MEM_SIZE (static)
    std::uint64_t device_local_bytes = 0;        // CL_DEVICE_LOCAL_MEM_SIZE
};

// The largest local size the kernel can run: `reported`, unless the driver under-reports and the
// build log gives the register count; then the device maximum bounded by the register file
// (registers rounded up to NVIDIA's allocation unit of 8 per thread, whole warps of 32) and never
// below `reported`. A kernel whose static local memory does not fit keeps `reported`.
std::size_t largest_local_size(const KernelLimitFacts& facts);

}  // namespace reducelab
