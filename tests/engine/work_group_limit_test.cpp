// The real local-size limit: ptxas's register count read from a -cl-nv-verbose build log, and the
// decision between the driver's CL_KERNEL_WORK_GROUP_SIZE and the register-derived limit.
#include <gtest/gtest.h>

#include "launch/work_group_limit.h"

namespace reducelab {
namespace {

// The shape of NVIDIA's build log with -cl-nv-verbose (two kernels in one program).
constexpr std::string_view nvidia_log =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'reduce_partials' for 'sm_90'\n"
    "ptxas info    : Function properties for reduce_partials\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 40 registers, 380 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function 'reduce_contiguous' for 'sm_90'\n"
    "ptxas info    : Function properties for reduce_contiguous\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 12 registers, used 1 barriers, 380 bytes cmem[0]\n";

TEST(WorkGroupLimit, ReadsEachKernelsOwnRegisterCount) {
    EXPECT_EQ(ptxas_registers(nvidia_log, "reduce_contiguous"), 12u);
    EXPECT_EQ(ptxas_registers(nvidia_log, "reduce_partials"), 40u);
    EXPECT_EQ(ptxas_registers(nvidia_log, "reduce_interleaved"), std::nullopt);
    // PoCL's log and an empty one have no count.
    EXPECT_EQ(ptxas_registers("", "reduce_contiguous"), std::nullopt);
    EXPECT_EQ(ptxas_registers("warning: unused variable 'x'\n", "reduce_contiguous"), std::nullopt);
    // An entry without a "Used N registers" line does not borrow the next kernel's count.
    EXPECT_EQ(ptxas_registers("ptxas info    : Compiling entry function 'a' for 'sm_90'\n"
                              "ptxas info    : Compiling entry function 'b' for 'sm_90'\n"
                              "ptxas info    : Used 7 registers, 380 bytes cmem[0]\n",
                              "a"),
              std::nullopt);
}

KernelLimitFacts nvidia_facts(unsigned registers) {
    KernelLimitFacts f;
    f.reported = 256;
    f.device_max = 1024;
    f.report_under_reports = true;
    f.registers_per_item = registers;
    f.registers_per_group = 65536;
    f.kernel_local_bytes = 0;
    f.device_local_bytes = 48 * 1024;
    return f;
}

TEST(WorkGroupLimit, NvidiaLimitComesFromTheRegisterFile) {
    // 12 registers (16 allocated) x 1024 = 16 K of 64 K: the device maximum.
    EXPECT_EQ(largest_local_size(nvidia_facts(12)), 1024u);
    // 100 registers round up to 104: 65536 / 104 = 630, whole warps: 608.
    EXPECT_EQ(largest_local_size(nvidia_facts(100)), 608u);
    // 255 registers (256 allocated): 256 work-items, what the driver reports anyway.
    EXPECT_EQ(largest_local_size(nvidia_facts(255)), 256u);
    // A smaller register file per block (CL_DEVICE_REGISTERS_PER_BLOCK_NV = 32 K).
    KernelLimitFacts small = nvidia_facts(32);
    small.registers_per_group = 32768;
    EXPECT_EQ(largest_local_size(small), 1024u);
    small.registers_per_item = 64;
    EXPECT_EQ(largest_local_size(small), 512u);
}

TEST(WorkGroupLimit, NeverBelowTheReportNorAboveTheDevice) {
    KernelLimitFacts f = nvidia_facts(250);
    f.reported = 512;  // the driver knows better than a conservative count
    EXPECT_EQ(largest_local_size(f), 512u);
    f = nvidia_facts(8);
    f.device_max = 512;
    EXPECT_EQ(largest_local_size(f), 512u);
}

TEST(WorkGroupLimit, TheReportStandsWithoutEvidenceOrOffNvidia) {
    KernelLimitFacts f = nvidia_facts(12);
    f.report_under_reports = false;  // PoCL, AMD, Intel: strict
    EXPECT_EQ(largest_local_size(f), 256u);
    f = nvidia_facts(12);
    f.registers_per_item.reset();  // no ptxas line in the log
    EXPECT_EQ(largest_local_size(f), 256u);
    f = nvidia_facts(12);
    f.kernel_local_bytes = 64 * 1024;  // static local memory beyond the device
    EXPECT_EQ(largest_local_size(f), 256u);
}

}  // namespace
}  // namespace reducelab
