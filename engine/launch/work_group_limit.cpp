// The real local-size limit of a compiled kernel (NVIDIA under-reports it).
#include "launch/work_group_limit.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "launch/work_group_limit_cl.h"

namespace reducelab {
namespace {

constexpr unsigned register_allocation_unit =
    8;  // per thread, on every NVIDIA generation since Fermi
constexpr std::size_t warp_size = 32;

}  // namespace

std::optional<unsigned> ptxas_registers(std::string_view log, std::string_view kernel) {
    const std::string entry = "Compiling entry function '" + std::string(kernel) + "'";
    std::size_t at = log.find(entry);
    if (at == std::string_view::npos) return std::nullopt;
    at += entry.size();
    // The count belongs to this entry only up to the next entry function.
    const std::size_t next = log.find("Compiling entry function '", at);
    const std::string_view section =
        log.substr(at, next == std::string_view::npos ? log.npos : next - at);
    const std::string_view used = "Used ";
    for (std::size_t u = section.find(used); u != std::string_view::npos;
         u = section.find(used, u + 1)) {
        const char* first = section.data() + u + used.size();
        const char* last = section.data() + section.size();
        unsigned count = 0;
        const auto [end, ec] = std::from_chars(first, last, count);
        if (ec != std::errc{} ||
            std::string_view(end, static_cast<std::size_t>(last - end)).starts_with(" register") ==
                false)
            continue;
        return count;
    }
    return std::nullopt;
}

std::size_t largest_local_size(const KernelLimitFacts& f) {
    if (!f.report_under_reports || !f.registers_per_item || f.device_max == 0) return f.reported;
    if (f.device_local_bytes != 0 && f.kernel_local_bytes > f.device_local_bytes) return f.reported;
    const std::uint64_t per_item =
        (std::max(*f.registers_per_item, 1u) + register_allocation_unit - 1) /
        register_allocation_unit * register_allocation_unit;
    std::uint64_t by_registers = f.registers_per_group / per_item;
    by_registers -= by_registers % warp_size;
    const std::size_t derived =
        static_cast<std::size_t>(std::min<std::uint64_t>(by_registers, f.device_max));
    return std::max(f.reported, derived);
}

}  // namespace reducelab

namespace reducelab::detail {

std::size_t kernel_work_group_limit(DeviceRuntime& runtime, const cl::Kernel& kernel) {
    const cl::Device& device = runtime.device();
    KernelLimitFacts facts;
    facts.reported = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    const DeviceInfo& info = runtime.info();
    if (!info.is_nvidia) return facts.reported;
    facts.report_under_reports = true;
    facts.device_max = info.max_work_group_size;
    facts.device_local_bytes = info.local_mem_bytes;
    facts.kernel_local_bytes = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
    // CL_DEVICE_REGISTERS_PER_BLOCK_NV (cl_nv_device_attribute_query); 64 K on every NVIDIA GPU
    // since Kepler when the query is missing.
    constexpr cl_device_info registers_per_block_nv = 0x4002;
    cl_uint registers = 0;
    if (clGetDeviceInfo(device(), registers_per_block_nv, sizeof registers, &registers, nullptr) ==
            CL_SUCCESS &&
        registers > 0)
        facts.registers_per_group = registers;
    const std::string log =
        kernel.getInfo<CL_KERNEL_PROGRAM>().getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
    facts.registers_per_item =
        ptxas_registers(log, kernel.getInfo<CL_KERNEL_FUNCTION_NAME>().c_str());
    return largest_local_size(facts);
}

}  // namespace reducelab::detail
