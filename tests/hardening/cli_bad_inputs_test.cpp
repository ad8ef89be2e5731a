// The bad-input catalogue through reducelab-cli as users run it (a real process), beyond
// tests/cli/cli_test.cpp: every case must exit with its documented code and say what was wrong
// on stderr (one line; a build failure adds the compiler's log), never crash, hang or print a
// sanitizer report. Device limits, missing extensions, broken kernels and driver faults come
// from the test hooks (README, "Testing aids"); driver faults from reducelab_cli_faults, the CLI
// linked with cl_fault_injection.cpp and armed by $REDUCELAB_FAULT.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "cli.h"
#include "reducelab/host_array.h"
#include "reducelab/npy.h"
#include "process.h"

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

void check(const Case& c) {
    ++g_tried;
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
             {"a kernel using more local memory than the device has",
              run_args({"--local-size", "64"}),
              cli::kDeviceFailure,
              "of local memory",
              {{"REDUCELAB_KERNEL_OVERRIDE_DIR", faults_dir("big_local")}}},
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
              "limited to 100000"},
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
    const auto big_endian = temp("big_endian.npy");
    std::string swapped = bytes;
    swapped.replace(swapped.find("<i4"), 3, ">i4");
    write_file(big_endian, swapped);
    const auto fortran = temp("fortran.npy");
    std::string fortran_bytes = bytes;
    fortran_bytes.replace(fortran_bytes.find("False"), 5, "True ");
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
             {"a big-endian .npy", {"run", "--input", big_endian.string()}, cli::kIoError, "dtype"},
             {"a Fortran-ordered .npy",
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
    for (const auto& p :
         {floats, short_file, empty, truncated, big_endian, fortran, corrupt_tuning})
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

TEST(CliBadInputs, Tally) {
    std::printf("CLI bad inputs and faults: %d tried, %d exited as documented with the reason\n",
                g_tried, g_passed);
    EXPECT_EQ(g_tried, g_passed);
}

}  // namespace
}  // namespace reducelab
