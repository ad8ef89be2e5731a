// The bad-input catalogue through reducelab-cli as users run it (a real process), beyond
// tests/cli/cli_test.cpp: every case must exit with its documented code and say what was wrong
// on stderr (one line; a build failure adds the compiler's log), never crash, hang or print a
// sanitizer report. Device limits, missing extensions, broken kernels and driver faults come
// from the test hooks (README, "Testing aids"); driver faults from reducelab_cli_faults, the CLI
// linked with cl_fault_injection.cpp and armed by $REDUCELAB_FAULT.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "cli.h"
#include "process.h"
#include "reducelab/device_info.h"
#include "reducelab/devices.h"
#include "reducelab/host_array.h"
#include "reducelab/npy.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using Env = std::map<std::string, std::string>;

struct Case {
    std::string name;
    std::vector<std::string> args;
    int code;
    std::string fragment;
    Env env = {};
    bool multi_line = false;  // a build log follows the reason
    std::string program = REDUCELAB_CLI;
};

fs::path temp(const std::string& name) {
    return fs::temp_directory_path() / ("reducelab_cli_hardening_" + name);
}

std::string faults_dir(const std::string& name) {
    return std::string(HARDENING_SOURCE_DIR) + "/faults/" + name;
}

void write_file(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

int g_tried = 0;
int g_passed = 0;
std::map<std::string, int> g_by_category;  // the TEST's name: one category of the catalogue

// REDUCELAB_CATALOGUE_LIST=1 lists the cases without running them (the README's tally).
bool listing_only() {
    const char* list = std::getenv("REDUCELAB_CATALOGUE_LIST");
    return list && *list && std::string(list) != "0";
}

void check(const Case& c) {
    ++g_tried;
    const std::string category = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    ++g_by_category[category];
    std::printf("catalogue case %s: %s (exit %d)\n", category.c_str(), c.name.c_str(), c.code);
    if (listing_only()) {
        ++g_passed;
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    const test::ProcessResult r = test::run_process(c.program, c.args, c.env);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto lines = std::count(r.err.begin(), r.err.end(), '\n');
    bool ok = true;
    const auto expect = [&](bool condition, const std::string& why) {
        EXPECT_TRUE(condition) << c.name << ": " << why << "\nexit " << r.exit_code
                               << "\nstderr: " << r.err;
        ok = ok && condition;
    };
    expect(r.exit_code == c.code, "expected exit " + std::to_string(c.code));
    expect(r.err.find(c.fragment) != std::string::npos, "stderr lacks '" + c.fragment + "'");
    expect(r.err.find("terminate called") == std::string::npos, "uncaught exception");
    expect(r.err.find("Sanitizer") == std::string::npos &&
               r.err.find("runtime error:") == std::string::npos,
           "sanitizer report");
    expect(c.multi_line || lines <= 1, "more than one line on stderr");
    expect(seconds < 120, "took " + std::to_string(seconds) + " s");
    if (ok) ++g_passed;
}

// Whether the driver of the CLI's default device counts a kernel's own __local arrays in
// CL_KERNEL_LOCAL_MEM_SIZE, as the engine's check before a launch needs: PoCL 3 does, PoCL 6
// reports 0. Asked of the driver directly, with a kernel holding a 64-byte table.
struct StaticLocalReport {
    bool reported = true;
    std::uint64_t device_local_bytes = 0;
};

StaticLocalReport static_local_report() {
    StaticLocalReport report;
    const char* spec = std::getenv("REDUCELAB_DEVICE");
    const DeviceInfo info = select_device(list_devices(), spec ? spec : "");
    report.device_local_bytes = info.local_mem_bytes;
    cl_uint count = 0;
    clGetPlatformIDs(0, nullptr, &count);
    std::vector<cl_platform_id> platforms(count);
    clGetPlatformIDs(count, platforms.data(), nullptr);
    clGetDeviceIDs(platforms.at(info.platform_index), CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
    std::vector<cl_device_id> devices(count);
    clGetDeviceIDs(platforms.at(info.platform_index), CL_DEVICE_TYPE_ALL, count, devices.data(),
                   nullptr);
    cl_device_id device = devices.at(info.platform_device_index);
    cl_int status = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
    const char* source =
        "__kernel void probe(__global uint* out) { __local uint table[16];"
        " table[get_local_id(0) % 16] = 1; barrier(CLK_LOCAL_MEM_FENCE);"
        " out[get_global_id(0)] = table[0]; }";
    cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &status);
    EXPECT_EQ(clBuildProgram(program, 1, &device, "", nullptr, nullptr), CL_SUCCESS);
    cl_kernel kernel = clCreateKernel(program, "probe", &status);
    cl_ulong bytes = 0;
    EXPECT_EQ(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof bytes,
                                       &bytes, nullptr),
              CL_SUCCESS);
    report.reported = bytes >= 64;
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseContext(context);
    return report;
}

// The case of a user kernel whose own __local table is more than the device has. Where the
// driver reports the table, the engine refuses before the launch (a small REDUCELAB_DEVICE_LIMITS
// makes 16 KiB too much on every device). Where it does not (PoCL 6), no check before the launch
// can see the table: a table of twice the device's real local memory (PoCL's own limit is a little
// above the one it reports) is then refused by PoCL, which aborts the process, and the sandbox
// child that ran it ends with the CLI saying so (exit 4).
Case big_local_kernel_case(const std::vector<std::string>& args) {
    Case c{"a kernel using more local memory than the device has",
           args,
           cli::kDeviceFailure,
           "of local memory",
           {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("big_local")},
            {"REDUCELAB_DEVICE_LIMITS", "local_mem=8K"}}};
    if (listing_only()) return c;
    const StaticLocalReport report = static_local_report();
    if (report.reported) return c;
    std::ifstream in(faults_dir("big_local") + "/contiguous.cl");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string table = "__local uint table[4096];";
    const auto at = text.find(table);
    EXPECT_NE(at, std::string::npos);
    if (at == std::string::npos) return c;
    text.replace(at, table.size(),
                 "__local uint table[" + std::to_string(report.device_local_bytes / 2) + "];");
    const fs::path dir = temp("big_local_real");
    fs::create_directories(dir);
    write_file(dir / "contiguous.cl", text);
    c.fragment = "crashed";
    c.env = {{"REDUCELAB_KERNEL_OVERRIDE_DIR", dir.string()}};
    c.multi_line = true;  // PoCL's own line, then the CLI's
    return c;
}

std::vector<std::string> run_args(std::initializer_list<std::string> extra) {
    std::vector<std::string> args{"run", "--n", "1000"};
    args.insert(args.end(), extra);
    return args;
}

TEST(CliBadInputs, SizesAndLimitsOfTheDevice) {
    const Env small{{"REDUCELAB_DEVICE_LIMITS",
                     "max_alloc=64K,global_mem=96K,local_mem=2K,max_work_group_size=8192"}};
    for (const Case& c : std::vector<Case>{
             {"n = 2^62 int64 (a heap overflow before the fix)",
              {"run", "--n", "2^62", "--type", "int64"},
              cli::kDeviceFailure,
              "CL_DEVICE_MAX_MEM_ALLOC_SIZE"},
             {"n = 2^40 int32",
              {"run", "--n", "2^40"},
              cli::kDeviceFailure,
              "CL_DEVICE_MAX_MEM_ALLOC_SIZE"},
             {"n = 2^64", {"run", "--n", "2^64"}, cli::kUsage, "not a size"},
             {"n = 0^99999999999999 (a hang before the fix)",
              {"run", "--n", "0^99999999999999"},
              cli::kUsage,
              "n must be at least 1"},
             {"n above a small device's largest buffer",
              {"run", "--n", "16K+1"},
              cli::kDeviceFailure,
              "CL_DEVICE_MAX_MEM_ALLOC_SIZE",
              small},
             {"dot above a small device's global memory",
              {"run", "--op", "dot", "--n", "13K"},
              cli::kDeviceFailure,
              "CL_DEVICE_GLOBAL_MEM_SIZE",
              small},
             {"local size above the kernel's CL_KERNEL_WORK_GROUP_SIZE",
              run_args({"--local-size", "8192"}), cli::kUsage, "CL_KERNEL_WORK_GROUP_SIZE", small},
             {"more local memory than the device has", run_args({"--local-size", "512"}),
              cli::kDeviceFailure, "of local memory", small},
             big_local_kernel_case(run_args({"--local-size", "64"})),
             {"a bad REDUCELAB_DEVICE_LIMITS",
              run_args({}),
              cli::kUsage,
              "REDUCELAB_DEVICE_LIMITS",
              {{"REDUCELAB_DEVICE_LIMITS", "local_mem=lots"}}},
         })
        check(c);
}

TEST(CliBadInputs, LaunchOptions) {
    for (const Case& c : std::vector<Case>{
             {"items per work-item 0",
              run_args({"--variant", "grid-stride", "--items-per-thread", "0"}), cli::kUsage,
              "must be at least 1"},
             {"items per work-item on a fixed-coverage variant",
              run_args({"--items-per-thread", "4"}), cli::kUsage, "grid-stride variant"},
             {"global size not a multiple of the local size",
              run_args({"--variant", "grid-stride", "--global-size", "100", "--local-size", "64"}),
              cli::kUsage, "not a multiple of the local size"},
             {"global size and items per work-item",
              run_args({"--global-size", "256", "--items-per-thread", "4"}), cli::kUsage,
              "not both"},
             {"a global size of 2^62",
              run_args({"--variant", "grid-stride", "--global-size", "2^62", "--local-size", "64"}),
              cli::kDeviceFailure, "work-groups"},
             {"local size 2^63", run_args({"--local-size", "2^63"}), cli::kUsage,
              "above the maximum"},
             {"local size 1^99999999999999 (a hang before the fix)",
              run_args({"--local-size", "1^99999999999999"}), cli::kOk, ""},
             {"vector width 3 on best", run_args({"--variant", "best", "--vector-width", "3"}),
              cli::kUsage, "not 1, 2, 4, 8 or 16"},
             {"unroll on a variant that is not tuned",
              run_args({"--variant", "vector", "--unroll", "2"}), cli::kUsage,
              "only to tuned variants"},
             {"a host finish on single-pass",
              run_args({"--variant", "single-pass", "--finish", "host"}), cli::kUsage, "kernel"},
             {"repeat above the limit", run_args({"--repeat", "100001"}), cli::kUsage,
              "--repeat: 100001 is out of range (1 to 100000)"},
             {"a negative warmup", run_args({"--warmup", "-1"}), cli::kUsage, "negative"},
             {"a negative seed", run_args({"--seed", "-5"}), cli::kUsage, "negative"},
         })
        check(c);
}

TEST(CliBadInputs, UnknownNamesAndUnsupportedRequests) {
    for (const Case& c : std::vector<Case>{
             {"an unknown fill", run_args({"--fill", "zebra"}), cli::kUsage,
              "unknown fill 'zebra'"},
             {"an unknown accumulator", run_args({"--acc", "huge"}), cli::kUsage,
              "unknown accumulator 'huge'"},
             {"an unknown layout", run_args({"--variant", "best", "--layout", "diagonal"}),
              cli::kUsage, "unknown layout 'diagonal'"},
             {"an unknown preset",
              {"run", "--preset", "seed-999"},
              cli::kUsage,
              "unknown preset 'seed-999'"},
             {"an unknown suite",
              {"bench", "--suite", "fastest"},
              cli::kUsage,
              "unknown suite 'fastest'"},
             {"a device index out of range", run_args({"--device", "99"}), cli::kUsage,
              "out of range"},
             {"a variant step mode cannot trace",
              {"trace", "--variant", "atomic"},
              cli::kUsage,
              "cannot be stepped"},
             {"xor on float32", run_args({"--op", "xor", "--type", "float32"}), cli::kUsage,
              "integer type"},
             {"argmin with an atomic finish", run_args({"--op", "argmin", "--finish", "atomic"}),
              cli::kUnsupported, "pairs"},
             {"a 64-bit atomic finish without 64-bit atomics",
              run_args({"--finish", "atomic"}),
              cli::kUnsupported,
              "cl_khr_int64_base_atomics",
              {{"REDUCELAB_HIDE_EXTENSIONS", "cl_khr_int64_base_atomics"}}},
             {"the wide float32 accumulator without fp64",
              run_args({"--type", "float32", "--acc", "wide"}),
              cli::kUnsupported,
              "cl_khr_fp64",
              {{"REDUCELAB_HIDE_EXTENSIONS", "cl_khr_fp64"}}},
         })
        check(c);
}

TEST(CliBadInputs, Files) {
    const auto floats = temp("floats.npy");
    write_npy(floats, generate(ElementType::Float32, 1000, Fill::Ones, 0));
    const auto short_file = temp("short.npy");
    write_npy(short_file, generate(ElementType::Float32, 10, Fill::Ones, 0));
    const auto empty = temp("empty.npy");
    write_npy(empty, HostArray(ElementType::Float32, 0));
    std::string bytes = to_npy(generate(ElementType::Int32, 100, Fill::Ones, 0));
    const auto truncated = temp("truncated.npy");
    write_file(truncated, bytes.substr(0, bytes.size() - 1));
    const auto half = temp("half.npy");  // numpy reads float16; ReduceLab does not reduce it
    std::string half_bytes = bytes;
    half_bytes.replace(half_bytes.find("<i4"), 3, "<f2");
    write_file(half, half_bytes);
    const auto fortran = temp("fortran.npy");  // 2-D Fortran order: a transposed layout
    std::string fortran_bytes = bytes;
    fortran_bytes.replace(fortran_bytes.find("False"), 5, "True ");
    fortran_bytes.replace(fortran_bytes.find("(100,)"), 6, "(4,25)");
    write_file(fortran, fortran_bytes);
    const auto corrupt_tuning = temp("tuning.json");
    write_file(corrupt_tuning,
               "{\"schema\": \"reducelab-tuning/1\", \"vendor\": \"*\", \"device\": \"*\", "
               "\"entries\": [{\"type\"");
    for (const Case& c : std::vector<Case>{
             {"--n and --input",
              {"run", "--n", "10", "--input", floats.string()},
              cli::kUsage,
              "not both"},
             {"an empty array",
              {"run", "--input", empty.string()},
              cli::kUsage,
              "holds no elements"},
             {"a truncated .npy",
              {"run", "--input", truncated.string()},
              cli::kIoError,
              "but the file holds"},
             {"a float16 .npy", {"run", "--input", half.string()}, cli::kIoError, "dtype '<f2'"},
             {"a 2-D Fortran-ordered .npy",
              {"run", "--input", fortran.string()},
              cli::kIoError,
              "Fortran"},
             {"float32 data for an int32 run",
              {"run", "--input", floats.string(), "--type", "int32"},
              cli::kUsage,
              "holds float32"},
             {"dot inputs of different lengths",
              {"run", "--op", "dot", "--input", floats.string(), "--input2", short_file.string()},
              cli::kUsage,
              "same length"},
             {"/dev/zero as input (endless)",
              {"run", "--input", "/dev/zero"},
              cli::kIoError,
              "not a regular file"},
             {"a directory as input",
              {"run", "--input", fs::temp_directory_path().string()},
              cli::kIoError,
              "not a regular file"},
             {"a corrupt tuning file",
              run_args({"--variant", "best"}),
              cli::kIoError,
              "not valid JSON",
              {{"REDUCELAB_TUNING_FILE", corrupt_tuning.string()}}},
             {"a missing tuning file",
              run_args({"--variant", "best"}),
              cli::kIoError,
              "cannot open",
              {{"REDUCELAB_TUNING_FILE", "/nonexistent/tuning.json"}}},
             {"a kernel override directory that is not one",
              run_args({}),
              cli::kIoError,
              "not a directory",
              {{"REDUCELAB_KERNEL_OVERRIDE_DIR", "/nonexistent/kernels"}}},
         })
        check(c);
    for (const auto& p : {floats, short_file, empty, truncated, half, fortran, corrupt_tuning})
        fs::remove(p);
}

TEST(CliBadInputs, DeviceFaults) {
    const auto empty_icd = temp("empty_icd");
    fs::create_directories(empty_icd);
    const Env no_platform{{"OCL_ICD_VENDORS", empty_icd.string()}};
    for (const Case& c : std::vector<Case>{
             {"a kernel that does not build",
              run_args({}),
              cli::kDeviceFailure,
              "this_identifier_is_not_declared",
              {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("broken")}},
              true},
             {"the driver refusing a buffer (CL_INVALID_BUFFER_SIZE)",
              run_args({"--variant", "grid-stride", "--global-size", "2^40", "--local-size", "64"}),
              cli::kDeviceFailure,
              "CL_INVALID_BUFFER_SIZE",
              {{"REDUCELAB_DEVICE_LIMITS", "max_alloc=1024G"}}},
             {"CL_OUT_OF_RESOURCES at the launch",
              run_args({}),
              cli::kDeviceFailure,
              "CL_OUT_OF_RESOURCES",
              {{"REDUCELAB_FAULT", "clEnqueueNDRangeKernel:-5:0"}},
              false,
              REDUCELAB_CLI_FAULTS},
             {"CL_OUT_OF_RESOURCES in the finish kernel",
              {"run", "--finish", "kernel", "--n", "2^20"},
              cli::kDeviceFailure,
              "CL_OUT_OF_RESOURCES",
              {{"REDUCELAB_FAULT", "clEnqueueNDRangeKernel:-5:1"}},
              false,
              REDUCELAB_CLI_FAULTS},
             {"CL_MEM_OBJECT_ALLOCATION_FAILURE for the input",
              run_args({}),
              cli::kDeviceFailure,
              "CL_MEM_OBJECT_ALLOCATION_FAILURE",
              {{"REDUCELAB_FAULT", "clCreateBuffer:-4:0"}},
              false,
              REDUCELAB_CLI_FAULTS},
             {"CL_MEM_OBJECT_ALLOCATION_FAILURE in a step trace",
              {"trace", "--variant", "interleaved"},
              cli::kDeviceFailure,
              "CL_MEM_OBJECT_ALLOCATION_FAILURE",
              {{"REDUCELAB_FAULT", "clCreateBuffer:-4:2"}},
              false,
              REDUCELAB_CLI_FAULTS},
             {"no OpenCL platform: run", run_args({}), cli::kNoPlatform, "no OpenCL platform",
              no_platform},
             {"no OpenCL platform: trace",
              {"trace"},
              cli::kNoPlatform,
              "no OpenCL platform",
              no_platform},
             {"no OpenCL platform: bench",
              {"bench", "--suite", "ladder", "--out", temp("x.json").string()},
              cli::kNoPlatform,
              "no OpenCL platform",
              no_platform},
             {"no OpenCL platform: tune",
              {"tune", "--out", temp("t.json").string()},
              cli::kNoPlatform,
              "no OpenCL platform",
              no_platform},
         })
        check(c);
    EXPECT_FALSE(fs::exists(temp("x.json")));
    EXPECT_FALSE(fs::exists(temp("t.json")));
    // The build log follows the one-line reason.
    const test::ProcessResult broken = test::run_process(
        REDUCELAB_CLI, run_args({}), {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("broken")}});
    EXPECT_NE(broken.err.find("CL_BUILD_PROGRAM_FAILURE"), std::string::npos) << broken.err;
    EXPECT_NE(broken.err.find("build log:"), std::string::npos) << broken.err;
    fs::remove_all(empty_icd);
}

// Numbers that do not fit their option are refused with the option and its range, never
// narrowed (tune read --vector-widths 4294967300 as 4 and --repeat 2^32+1 as 1) or clamped.
TEST(CliBadInputs, NumbersThatDoNotFitTheirOption) {
    const std::string out = temp("never.json").string();
    const auto tune = [&](std::initializer_list<std::string> extra) {
        std::vector<std::string> args{"tune", "--out", out};
        args.insert(args.end(), extra);
        return args;
    };
    const auto bench = [&](std::initializer_list<std::string> extra) {
        std::vector<std::string> args{"bench", "--suite", "ladder", "--out", out};
        args.insert(args.end(), extra);
        return args;
    };
    const auto trace = [](std::initializer_list<std::string> extra) {
        std::vector<std::string> args{"trace"};
        args.insert(args.end(), extra);
        return args;
    };
    for (const Case& c : std::vector<Case>{
             {"tune --vector-widths 4294967300 (read as 4 before the fix)",
              tune({"--vector-widths", "4294967300"}), cli::kUsage,
              "--vector-widths: 4294967300 is out of range (1 to 16)"},
             {"tune --vector-widths 2^32+4 in a list", tune({"--vector-widths", "1,2^32+4"}),
              cli::kUsage, "--vector-widths: 4294967300 is out of range"},
             {"tune --repeat 2^32+1 (read as 1 before the fix)", tune({"--repeat", "2^32+1"}),
              cli::kUsage, "--repeat: 4294967297 is out of range (1 to 100000)"},
             {"tune --repeat 100001", tune({"--repeat", "100001"}), cli::kUsage,
              "--repeat: 100001 is out of range"},
             {"tune --repeat 0", tune({"--repeat", "0"}), cli::kUsage, "--repeat"},
             {"tune --unrolls 2^32+2", tune({"--unrolls", "2^32+2"}), cli::kUsage,
              "--unrolls: 4294967298 is out of range (1 to 16)"},
             {"tune --unrolls 17", tune({"--unrolls", "17"}), cli::kUsage,
              "--unrolls: 17 is out of range"},
             {"tune --groups-per-cu 2^40", tune({"--groups-per-cu", "2^40"}), cli::kUsage,
              "--groups-per-cu: 1099511627776 is out of range (1 to 65536)"},
             {"tune --local-sizes 2^33", tune({"--local-sizes", "2^33"}), cli::kUsage,
              "--local-sizes: 8589934592 is out of range"},
             {"tune --vector-widths 0", tune({"--vector-widths", "0"}), cli::kUsage,
              "not a positive size"},
             {"tune --sizes abc", tune({"--sizes", "abc"}), cli::kUsage, "--sizes"},
             {"run --vector-width 2^32+4 (clamped to 1024 before the fix)",
              run_args({"--variant", "best", "--vector-width", "2^32+4"}), cli::kUsage,
              "--vector-width: 4294967300 is out of range (1 to 16)"},
             {"run --unroll 17", run_args({"--variant", "best", "--unroll", "17"}), cli::kUsage,
              "--unroll: 17 is out of range (1 to 16)"},
             {"run --unroll 0", run_args({"--variant", "best", "--unroll", "0"}), cli::kUsage,
              "--unroll: 0 is out of range"},
             {"run --repeat 2^32+1", run_args({"--repeat", "2^32+1"}), cli::kUsage,
              "--repeat: 4294967297 is out of range"},
             {"run --repeat 0", run_args({"--repeat", "0"}), cli::kUsage,
              "--repeat: 0 is out of range"},
             {"run --warmup 2^31", run_args({"--warmup", "2^31"}), cli::kUsage,
              "--warmup: 2147483648 is out of range (0 to 100000)"},
             {"run --seed 2^64", run_args({"--seed", "2^64"}), cli::kUsage, "--seed"},
             {"run --local-size abc", run_args({"--local-size", "abc"}), cli::kUsage,
              "--local-size"},
             {"bench --repeat 2^32+1 (clamped before the fix)", bench({"--repeat", "2^32+1"}),
              cli::kUsage, "--repeat: 4294967297 is out of range (1 to 100000)"},
             {"bench --warmup 100001 (clamped before the fix)", bench({"--warmup", "100001"}),
              cli::kUsage, "--warmup: 100001 is out of range (0 to 100000)"},
             {"bench --time-limit nan", bench({"--time-limit", "nan"}), cli::kUsage,
              "--time-limit"},
             {"bench --time-limit inf", bench({"--time-limit", "inf"}), cli::kUsage,
              "--time-limit"},
             {"bench --time-limit -1", bench({"--time-limit", "-1"}), cli::kUsage, "--time-limit"},
             {"bench --sizes 0", bench({"--sizes", "0"}), cli::kUsage, "--sizes"},
             {"trace --warp-width 2^32+32", trace({"--warp-width", "2^32+32"}), cli::kUsage,
              "--warp-width"},
             {"trace --banks 2^33", trace({"--banks", "2^33"}), cli::kUsage, "--banks"},
             {"trace --bank-width 2^40", trace({"--bank-width", "2^40"}), cli::kUsage,
              "--bank-width"},
             {"trace --local-size 0", trace({"--local-size", "0"}), cli::kUsage,
              "local size must be at least 1"},
         })
        check(c);
    EXPECT_FALSE(fs::exists(out));
}

// .npy files numpy refuses (tests/npy_parity compares the whole corpus with numpy itself): the
// CLI refuses them too, exit 6 with the reason; and files numpy reads that ReduceLab refuses on
// purpose.
TEST(CliBadInputs, NpyFilesNumpyRefuses) {
    const std::string header_prefix("\x93NUMPY\x01\x00", 8);
    const auto npy_file = [&](const std::string& name, const std::string& dict,
                              const std::string& data, char major = 1, char minor = 0) {
        std::string header = dict;
        header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
        header.push_back('\n');
        std::string bytes("\x93NUMPY", 6);
        bytes.push_back(major);
        bytes.push_back(minor);
        if (major == 1) {
            bytes.push_back(static_cast<char>(header.size() & 0xff));
            bytes.push_back(static_cast<char>(header.size() >> 8));
        } else {
            for (int b = 0; b < 4; ++b)
                bytes.push_back(static_cast<char>(header.size() >> (8 * b)));
        }
        const auto path = temp(name + ".npy");
        write_file(path, bytes + header + data);
        return path.string();
    };
    const std::string three(12, '\x01');
    const auto dict = [](const std::string& descr, const std::string& fortran,
                         const std::string& shape) {
        return "{'descr': " + descr + ", 'fortran_order': " + fortran + ", 'shape': " + shape +
               ", }";
    };
    const auto run_file = [](const std::string& path) {
        return std::vector<std::string>{"run", "--input", path};
    };
    for (const Case& c : std::vector<Case>{
             {"version 1.9 (accepted before the fix)",
              run_file(npy_file("v19", dict("'<f4'", "False", "(3,)"), three, 1, 9)), cli::kIoError,
              "unsupported format version 1.9"},
             {"version 4.0", run_file(npy_file("v40", dict("'<f4'", "False", "(3,)"), three, 4)),
              cli::kIoError, "unsupported format version 4.0"},
             {"an extra header key (accepted before the fix)",
              run_file(npy_file("extra_key",
                                "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'x': 1}",
                                three)),
              cli::kIoError, "unexpected header key 'x'"},
             {"junk after the shape (accepted before the fix)",
              run_file(npy_file("junk_shape",
                                "{'descr': '<f4', 'fortran_order': False, 'shape': (3,) junk}",
                                three)),
              cli::kIoError, "not a Python literal"},
             {"junk after the dict (accepted before the fix)",
              run_file(npy_file("junk_dict", dict("'<f4'", "False", "(3,)") + " junk", three)),
              cli::kIoError, "not a Python literal"},
             {"a shape that is an int, not a tuple (accepted before the fix)",
              run_file(npy_file("shape_int", dict("'<f4'", "False", "(3)"), three)), cli::kIoError,
              "'shape' must be a tuple"},
             {"a shape list",
              run_file(npy_file("shape_list", dict("'<f4'", "False", "[3]"), three)), cli::kIoError,
              "'shape' must be a tuple"},
             {"a float dimension",
              run_file(npy_file("shape_float", dict("'<f4'", "False", "(3.0,)"), three)),
              cli::kIoError, "decimal integers"},
             {"a negative dimension (numpy reads the whole file)",
              run_file(npy_file("shape_negative", dict("'<f4'", "False", "(-1,)"), three)),
              cli::kIoError, "negative dimension"},
             {"a header over numpy's 10000 characters (accepted before the fix)",
              run_file(npy_file("long_header",
                                dict("'<f4'", "False", "(3,)") + std::string(10050, ' '), three)),
              cli::kIoError, "longer than 10000"},
             {"a NUL byte in the header",
              run_file(
                  npy_file("nul", dict("'<f4'", "False", "(3,)") + std::string(1, '\0'), three)),
              cli::kIoError, "NUL"},
             {"fortran_order 'False' as a string (accepted before the fix)",
              run_file(npy_file("fortran_string", dict("'<f4'", "'False'", "(3,)"), three)),
              cli::kIoError, "malformed 'fortran_order'"},
             {"a Python 2 'L' suffix in a version 3.0 header",
              run_file(npy_file("long_suffix_v3", dict("'<f4'", "False", "(3L,)"), three, 3)),
              cli::kIoError, "decimal integers"},
             {"duplicate keys whose last 'descr' does not fit the data (first one read before)",
              run_file(npy_file("duplicate_descr",
                                "{'descr': '<f4', 'descr': '<f8', 'fortran_order': False, "
                                "'shape': (3,)}",
                                three)),
              cli::kIoError, "needs 3 x 8 bytes"},
             {"trailing bytes after the data (numpy ignores them)",
              run_file(npy_file("trailing", dict("'<f4'", "False", "(3,)"), three + "junk")),
              cli::kIoError, "trailing bytes"},
             {"an unclosed header dict",
              run_file(npy_file("unclosed", "{'descr': '<f4', 'fortran_order': False, ", three)),
              cli::kIoError, "not a Python literal"},
             {"an object array", run_file(npy_file("object", dict("'|O'", "False", "(3,)"), three)),
              cli::kIoError, "dtype '|O'"},
         })
        check(c);
}

// The environment: REDUCELAB_* variables with bad values, and a HOME in which PoCL cannot keep
// its kernel cache (reported as "no OpenCL device found ... install a driver" before the fix).
TEST(CliBadInputs, EnvironmentVariables) {
    const auto not_a_dir = temp("plain_file");
    write_file(not_a_dir, "x");
    for (const Case& c : std::vector<Case>{
             {"REDUCELAB_DEVICE out of range",
              run_args({}),
              cli::kUsage,
              "out of range",
              {{"REDUCELAB_DEVICE", "99"}}},
             {"REDUCELAB_DEVICE index beyond 64 bits (looked up as a name before the fix)",
              run_args({}),
              cli::kUsage,
              "device index 99999999999999999999 is out of range",
              {{"REDUCELAB_DEVICE", "99999999999999999999"}}},
             {"REDUCELAB_DEVICE naming no device",
              run_args({}),
              cli::kUsage,
              "no-such-device-anywhere",
              {{"REDUCELAB_DEVICE", "no-such-device-anywhere"}}},
             {"REDUCELAB_DEVICE_LIMITS with an unknown limit",
              run_args({}),
              cli::kUsage,
              "REDUCELAB_DEVICE_LIMITS",
              {{"REDUCELAB_DEVICE_LIMITS", "warp_speed=9"}}},
             {"REDUCELAB_DEVICE_LIMITS without a value",
              run_args({}),
              cli::kUsage,
              "REDUCELAB_DEVICE_LIMITS",
              {{"REDUCELAB_DEVICE_LIMITS", "local_mem"}}},
             {"REDUCELAB_DEVICE_LIMITS with a negative size",
              run_args({}),
              cli::kUsage,
              "REDUCELAB_DEVICE_LIMITS",
              {{"REDUCELAB_DEVICE_LIMITS", "max_alloc=-1"}}},
             {"REDUCELAB_DEVICE_LIMITS beyond 64 bits",
              run_args({}),
              cli::kUsage,
              "REDUCELAB_DEVICE_LIMITS",
              {{"REDUCELAB_DEVICE_LIMITS", "global_mem=99999999999999999999999"}}},
             {"REDUCELAB_TUNING_FILE naming a directory",
              run_args({"--variant", "best"}),
              cli::kIoError,
              fs::temp_directory_path().string(),
              {{"REDUCELAB_TUNING_FILE", fs::temp_directory_path().string()}}},
             {"REDUCELAB_TUNING_FILE naming /dev/zero",
              run_args({"--variant", "best"}),
              cli::kIoError,
              "/dev/zero",
              {{"REDUCELAB_TUNING_FILE", "/dev/zero"}}},
             {"REDUCELAB_KERNEL_OVERRIDE_DIR naming a file",
              run_args({}),
              cli::kIoError,
              "not a directory",
              {{"REDUCELAB_KERNEL_OVERRIDE_DIR", not_a_dir.string()}}},
             {"HOME is a file: PoCL cannot create its cache (no 'install a driver')",
              run_args({}),
              cli::kNoPlatform,
              "PoCL cannot create its kernel cache /dev/null/.cache/pocl/kcache "
              "(from $HOME)",
              {{"HOME", "/dev/null"}, {"XDG_CACHE_HOME", ""}, {"POCL_CACHE_DIR", ""}}},
             {"XDG_CACHE_HOME under a file",
              {"devices"},
              cli::kNoPlatform,
              "(from $XDG_CACHE_HOME)",
              {{"HOME", "/dev/null"},
               {"XDG_CACHE_HOME", not_a_dir.string() + "/cache"},
               {"POCL_CACHE_DIR", ""}}},
             {"POCL_CACHE_DIR set but empty (PoCL aborted with SIGABRT before the fix)",
              run_args({}),
              cli::kOk,
              "",
              {{"POCL_CACHE_DIR", ""}}},
             {"POCL_CACHE_DIR under a file",
              {"trace"},
              cli::kNoPlatform,
              "set POCL_CACHE_DIR to one",
              {{"HOME", "/dev/null"}, {"POCL_CACHE_DIR", not_a_dir.string() + "/kcache"}}},
         })
        check(c);
    fs::remove(not_a_dir);
}

// Results and tuning JSON read back by report and the best variant.
TEST(CliBadInputs, ResultsAndTuningJson) {
    const auto file = [](const std::string& name, const std::string& text) {
        const auto path = temp(name);
        write_file(path, text);
        return path.string();
    };
    const std::string tuning_head =
        "{\"schema\": \"reducelab-tuning/1\", \"vendor\": \"*\", \"device\": \"*\", ";
    const auto tuning_env = [&](const std::string& name, const std::string& text) {
        return Env{{"REDUCELAB_TUNING_FILE", file(name, text)}};
    };
    for (const Case& c : std::vector<Case>{
             {"report: a missing results file",
              {"report", "/nonexistent/results.json"},
              cli::kIoError,
              "cannot open"},
             {"report: an empty results file",
              {"report", file("empty.json", "")},
              cli::kIoError,
              "not valid JSON"},
             {"report: a truncated results file",
              {"report", file("cut.json", "{\"schema\": \"reducelab-results/1\", \"po")},
              cli::kIoError,
              "not valid JSON"},
             {"report: a JSON array",
              {"report", file("array.json", "[1, 2, 3]")},
              cli::kIoError,
              "results file"},
             {"report: another schema",
              {"report", file("schema.json", "{\"schema\": \"something-else/9\"}")},
              cli::kIoError,
              "schema"},
             {"report: a directory",
              {"report", fs::temp_directory_path().string()},
              cli::kIoError,
              fs::temp_directory_path().string()},
             {"report: /dev/zero", {"report", "/dev/zero"}, cli::kIoError, "/dev/zero"},
             {"report --compare with a missing peer",
              {"report", file("empty2.json", ""), "--compare", "/nonexistent/peer.json"},
              cli::kIoError,
              "not valid JSON"},
             {"tuning: entries not an array", run_args({"--variant", "best"}), cli::kIoError,
              "tuning file", tuning_env("t1.json", tuning_head + "\"entries\": 7}")},
             {"tuning: a local size that is not a power of two", run_args({"--variant", "best"}),
              cli::kIoError, "power of two",
              tuning_env("t2.json", tuning_head +
                                        "\"entries\": [{\"type\": \"int32\", \"op\": \"sum\", "
                                        "\"local_size\": 100, \"groups_per_compute_unit\": 1, "
                                        "\"vector_width\": 1, \"unroll\": 1}]}")},
             {"tuning: a vector width of 2^32+4", run_args({"--variant", "best"}), cli::kIoError,
              "vector_width",
              tuning_env("t3.json", tuning_head +
                                        "\"entries\": [{\"type\": \"int32\", \"op\": \"sum\", "
                                        "\"local_size\": 64, \"groups_per_compute_unit\": 1, "
                                        "\"vector_width\": 4294967300, \"unroll\": 1}]}")},
             {"tuning: a negative unroll", run_args({"--variant", "best"}), cli::kIoError, "unroll",
              tuning_env("t4.json", tuning_head +
                                        "\"entries\": [{\"type\": \"int32\", \"op\": \"sum\", "
                                        "\"local_size\": 64, \"groups_per_compute_unit\": 1, "
                                        "\"vector_width\": 1, \"unroll\": -2}]}")},
         })
        check(c);
}

// Runs that cannot start: trace checks the device's limits before it builds the input (it built
// all of it first before the fix: 2^40 elements ended in "out of host memory"), and a bench where
// no point ran says so and writes no file (it wrote a 0-point file and exit 1 before the fix).
TEST(CliBadInputs, NothingToMeasure) {
    const auto out = temp("nothing.json");
    fs::remove(out);
    for (const Case& c : std::vector<Case>{
             {"trace --n 2^40: above the largest buffer, refused before building the input",
              {"trace", "--variant", "interleaved", "--n", "2^40"},
              cli::kDeviceFailure,
              "CL_DEVICE_MAX_MEM_ALLOC_SIZE"},
             {"trace --n 2^28 on a small device: refused before building 1 GiB",
              {"trace", "--variant", "interleaved", "--n", "2^28"},
              cli::kDeviceFailure,
              "CL_DEVICE_MAX_MEM_ALLOC_SIZE",
              {{"REDUCELAB_DEVICE_LIMITS", "max_alloc=64K,global_mem=96K"}}},
             {"bench where every point fails: nothing ran, no file",
              {"bench", "--suite", "tuning", "--sizes", "1K", "--local-sizes", "8192", "--repeat",
               "1", "--warmup", "0", "--no-ceiling", "--out", out.string()},
              cli::kUsage,
              "nothing ran: all",
              {{"REDUCELAB_DEVICE_LIMITS", "max_work_group_size=8192"}}},
         })
        check(c);
    EXPECT_FALSE(fs::exists(out)) << "a bench that measured nothing wrote " << out;
}

TEST(CliBadInputs, Tally) {
    for (const auto& [category, count] : g_by_category)
        std::printf("catalogue category %s: %d cases\n", category.c_str(), count);
    std::printf("CLI bad inputs and faults: %d tried, %d exited as documented with the reason\n",
                g_tried, g_passed);
    EXPECT_EQ(g_tried, g_passed);
}

}  // namespace
}  // namespace reducelab
