// libFuzzer target: reducelab-cli's argument parsing (app/cli/cli.h run_cli). The input is split
// into arguments at newlines; every command line must end in an exit code with a reason on
// stderr, never a crash or an uncaught exception. No OpenCL work runs: the loader is pointed
// at an empty vendor directory, so the commands that need a device stop at "no OpenCL
// platform" after parsing and checking every option (to_request, size expressions, presets).
#include <sys/stat.h>

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // No platform at all, and no test hooks from the environment.
    static const std::string empty_icd = [] {
        std::string dir = "/tmp/reducelab_fuzz_empty_icd";
        ::mkdir(dir.c_str(), 0700);
        return dir;
    }();
    ::setenv("OCL_ICD_VENDORS", empty_icd.c_str(), 1);
    for (const char* name :
         {"OCL_ICD_FILENAMES", "REDUCELAB_DEVICE", "REDUCELAB_KERNEL_OVERRIDE_DIR",
          "REDUCELAB_TUNING_FILE", "REDUCELAB_DEVICE_LIMITS", "REDUCELAB_HIDE_EXTENSIONS"})
        ::unsetenv(name);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> args{"reducelab-cli"};
    std::string current;
    for (std::size_t i = 0; i < size && args.size() < 64; ++i) {
        const char c = static_cast<char>(data[i]);
        if (c == '\n') {
            args.push_back(current);
            current.clear();
        } else if (c != '\0') {
            current += c;
        }
    }
    if (!current.empty()) args.push_back(current);
    // Options that write files are left out: the fuzzer must not scatter files (they are
    // never reached without a device anyway, but a path is a path).
    for (const auto& a : args)
        if (a.rfind("--out", 0) == 0 || a.rfind("--csv", 0) == 0 || a.rfind("--points", 0) == 0)
            return 0;
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    const int code = reducelab::cli::run_cli(static_cast<int>(argv.size()), argv.data(), out, err);
    if (code != 0 && err.str().empty()) __builtin_trap();  // every failure says why
    if (code < 0 || (code > 6 && code != 130)) __builtin_trap();
    return 0;
}
