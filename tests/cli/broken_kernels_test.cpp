// Deliberately broken kernels must never be "verified". Each is a copy of a catalog kernel with
// one bug, fed to reducelab-cli through REDUCELAB_KERNEL_OVERRIDE_DIR (the racy warp tail is the
// catalog's own unroll-last-racy). Every one must exit 1 (MISMATCH) for float32 and float64,
// random and ones fills, at powers of two and at other sizes; the same runs with the correct
// kernel exit 0, so the verdict depends on the bug and not on the size.
// Under the sanitizers (REDUCELAB_TEST_SCOPE=sample) each matrix runs every 3rd or 5th case, a
// stride that leaves no bug out; the release stage runs them whole.
// Before the staged float check, a zero result, an off-by-one bound and a dropped element were
// all "verified" at float32 random (the error stayed inside gamma(k) * sum |x|).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "process.h"
#include "test_scope.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using test::ProcessResult;
using test::run_process;

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The catalog kernel with `from` replaced by `to` (exactly once).
std::string patched(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = read_text(fs::path(REDUCELAB_KERNEL_DIR) / file);
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << file << " no longer contains: " << from;
    EXPECT_EQ(text.find(from, at + 1), std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

struct Bug {
    std::string name;
    std::string variant;
    std::string file;  // written to the override directory ("" for a catalog variant)
    std::string text;
};

const std::string kLoad = "scratch[tid] = i < n ? load_item(in, in2, i) : IDENTITY;";
const std::string kStore = "if (tid == 0) store_group_result(out, scratch[0]);";

std::vector<Bug> bugs() {
    return {
        {"zero-result", "interleaved", "interleaved.cl",
         patched("interleaved.cl", kStore, "if (tid == 0) store_group_result(out, (ACC)0);")},
        {"off-by-one", "interleaved", "interleaved.cl",
         patched("interleaved.cl", kLoad,
                 "scratch[tid] = i + 1 < n ? load_item(in, in2, i) : IDENTITY;")},
        {"drops-1-in-4096", "interleaved", "interleaved.cl",
         patched("interleaved.cl", kLoad,
                 "scratch[tid] = (i < n && i % 4096 != 4095) ? load_item(in, in2, i) : "
                 "IDENTITY;")},
        {"racy-warp-tail", "unroll-last-racy", "", ""},
    };
}

class BrokenKernels : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("reducelab-broken-" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::create_directories(dir_);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    // Runs `args` with the bug's kernel in the override directory (or none).
    ProcessResult run(const Bug& bug, std::vector<std::string> args) {
        const fs::path bug_dir = dir_ / bug.name;
        fs::create_directories(bug_dir);
        if (!bug.file.empty()) std::ofstream(bug_dir / bug.file) << bug.text;
        args.insert(args.begin(), {"run", "--variant", bug.variant});
        return run_process(REDUCELAB_CLI, args,
                           {{"REDUCELAB_KERNEL_OVERRIDE_DIR", bug_dir.string()}});
    }
    fs::path dir_;
};

std::string joined(const std::vector<std::string>& args) {
    std::string text;
    for (const auto& a : args) text += a + " ";
    return text;
}

// Sizes from 4097 (one element dropped) to 2^20, powers of two and not.
const std::vector<std::string> kSizes{"4097", "100003", "786439", "1048576"};

TEST_F(BrokenKernels, EveryBugExitsOneForEveryFloatTypeFillAndSize) {
    std::size_t case_index = 0;
    for (const Bug& bug : bugs())
        for (const char* type : {"float32", "float64"})
            for (const char* fill : {"random", "ones"})
                for (const std::string& n : kSizes) {
                    if (!test_scope::includes(case_index++, 5)) continue;
                    const std::vector<std::string> args{"--op",   "sum", "--type", type,
                                                        "--fill", fill,  "--n",    n};
                    const ProcessResult r = run(bug, args);
                    EXPECT_EQ(r.exit_code, 1) << bug.name << ": " << joined(args) << "\n"
                                              << r.out << r.err;
                    EXPECT_NE(r.out.find("MISMATCH"), std::string::npos) << bug.name << r.out;
                }
}

TEST_F(BrokenKernels, TheKernelFinishMeansAndDotsAreCheckedToo) {
    std::size_t case_index = 0;
    for (const Bug& bug : bugs())
        for (const char* type : {"float32", "float64"})
            for (const char* fill : {"random", "ones"})
                for (const char* op : {"sum", "mean", "dot"}) {
                    if (!test_scope::includes(case_index++, 5)) continue;
                    const std::vector<std::string> args{"--op",     op,      "--type", type,
                                                        "--fill",   fill,    "--n",    "786439",
                                                        "--finish", "kernel"};
                    const ProcessResult r = run(bug, args);
                    EXPECT_EQ(r.exit_code, 1) << bug.name << ": " << joined(args) << "\n"
                                              << r.out << r.err;
                }
}

TEST_F(BrokenKernels, ExactInputsCatchEveryBugUnderEveryFinish) {
    std::size_t case_index = 0;
    // randint and ones: exact float sums, so even the atomic finish (no partials kept) sees
    // every bug.
    for (const Bug& bug : bugs())
        for (const char* finish : {"host", "kernel", "atomic"})
            for (const char* fill : {"randint", "ones"}) {
                if (!test_scope::includes(case_index++, 3)) continue;
                const std::vector<std::string> args{"--type", "float32", "--fill",   fill,
                                                    "--n",    "100003",  "--finish", finish};
                const ProcessResult r = run(bug, args);
                EXPECT_EQ(r.exit_code, 1) << bug.name << ": " << joined(args) << "\n"
                                          << r.out << r.err;
            }
}

TEST_F(BrokenKernels, TheCorrectKernelPassesTheSameRuns) {
    std::size_t case_index = 0;
    // No false alarm: the unpatched interleaved kernel, through the same override directory.
    const Bug correct{"correct", "interleaved", "interleaved.cl",
                      read_text(fs::path(REDUCELAB_KERNEL_DIR) / "interleaved.cl")};
    for (const char* type : {"float32", "float64"})
        for (const char* fill : {"random", "ones", "randint"})
            for (const std::string& n : kSizes)
                for (const char* finish : {"host", "kernel", "atomic"}) {
                    if (!test_scope::includes(case_index++, 5)) continue;
                    const std::vector<std::string> args{"--op",     "sum", "--type", type,
                                                        "--fill",   fill,  "--n",    n,
                                                        "--finish", finish};
                    const ProcessResult r = run(correct, args);
                    EXPECT_EQ(r.exit_code, 0) << joined(args) << "\n" << r.out << r.err;
                }
}

TEST_F(BrokenKernels, TheCorrectKernelPassesMeansAndDots) {
    std::size_t case_index = 0;
    const Bug correct{"correct", "interleaved", "interleaved.cl",
                      read_text(fs::path(REDUCELAB_KERNEL_DIR) / "interleaved.cl")};
    for (const char* type : {"float32", "float64"})
        for (const char* fill : {"random", "ones"})
            for (const char* op : {"mean", "dot"})
                for (const char* finish : {"host", "kernel", "atomic"}) {
                    if (!test_scope::includes(case_index++, 3)) continue;
                    const std::vector<std::string> args{"--op",     op,    "--type", type,
                                                        "--fill",   fill,  "--n",    "786439",
                                                        "--finish", finish};
                    const ProcessResult r = run(correct, args);
                    EXPECT_EQ(r.exit_code, 0) << joined(args) << "\n" << r.out << r.err;
                }
}

}  // namespace
}  // namespace reducelab
