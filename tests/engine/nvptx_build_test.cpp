// The NVIDIA-only kernel paths (inline PTX: best.cl's warp shuffles and ld.global.nc loads,
// warp_shuffle.cl) compiled for NVIDIA's target by clang (-target nvptx64-nvidia-nvcl), for every
// operation and element type, since PoCL, the device CI has, never builds them: a typo there
// would otherwise first show on a GPU. The generated PTX is checked for what BEST_PTX promises:
// shuffles for every operation but argmin/argmax, ld.global.nc for the element path's 16-byte
// vectors, neither for argmin/argmax; min.NaN/max.NaN for float32 min/max's vector loop.
// REDUCELAB_NVPTX_CLANG is the clang found at configure time.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "reducelab/accumulator.h"
#include "reducelab/build_options.h"
#include "reducelab/catalog.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/types.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

struct Compiled {
    bool ok = false;
    std::string ptx;  // the PTX, or the compiler's messages when !ok
};

// The kernel's own functions that the PTX calls but does not define. The kernels' helpers are
// C99 `inline` definitions, which a compiler may call instead of inlining without emitting a
// body: with BEST_PTX forced on for argmin/argmax, clang left group_reduce() (and its shuffles)
// as such a call, which no driver could link. OpenCL built-ins (mangled, _Z...) are declared
// without bodies here because nothing links a library into this PTX.
std::string undefined_own_functions(const std::string& ptx) {
    // Each function header (a line starting ".func" or ".extern .func") is a definition when a
    // '{' comes before the next ';', a declaration otherwise; a name declared and defined
    // elsewhere in the file has a body.
    std::set<std::string> declared, defined;
    std::size_t at = 0;
    while (at < ptx.size()) {
        const std::size_t end = std::min(ptx.find('\n', at), ptx.size());
        const std::string line = ptx.substr(at, end - at);
        if (line.rfind(".func", 0) == 0 || line.rfind(".extern .func", 0) == 0) {
            const std::size_t name_at = line.find_last_of(" )") + 1;
            const std::string name = line.substr(name_at, line.find('(', name_at) - name_at);
            const bool body = ptx.find('{', at) < ptx.find(';', at);
            if (!name.empty() && name.rfind("_Z", 0) != 0 && name.rfind("llvm.", 0) != 0)
                (body ? defined : declared).insert(name);
        }
        at = end + 1;
    }
    std::string undefined;
    for (const std::string& name : declared)
        if (!defined.contains(name)) undefined += name + " ";
    return undefined;
}

// How many global buffers the entry point `kernel` takes (its parameter list in the PTX).
int global_buffer_parameters(const std::string& ptx, const std::string& kernel) {
    const std::size_t entry = ptx.find(".entry " + kernel + "(");
    if (entry == std::string::npos) return -1;
    const std::string parameters = ptx.substr(entry, ptx.find(')', entry) - entry);
    int buffers = 0;
    for (std::size_t at = parameters.find(".ptr .global"); at != std::string::npos;
         at = parameters.find(".ptr .global", at + 1))
        ++buffers;
    return buffers;
}

class NvptxBuild : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("reducelab-nvptx-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(dir_, ignored);
    }

    Compiled compile(const std::string& file, const std::string& options) {
        const fs::path source = dir_ / "program.cl", ptx = dir_ / "program.ptx",
                       log = dir_ / "log.txt";
        std::ofstream(source) << program_source(file);
        fs::remove(ptx);
        const std::string command = std::string(REDUCELAB_NVPTX_CLANG) +
                                    " -x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl"
                                    " -fgnu-keywords -Xclang -finclude-default-header -S -O2 " +
                                    options + " -o " + ptx.string() + " " + source.string() +
                                    " > " + log.string() + " 2>&1";
        Compiled out;
        out.ok = std::system(command.c_str()) == 0;
        std::stringstream text;
        text << std::ifstream(out.ok ? ptx : log).rdbuf();
        out.ptx = text.str();
        return out;
    }

    fs::path dir_;
};

// The options the engine builds `variant` with on an NVIDIA device, with vector width `vw`.
std::string nvidia_options(const Variant& variant, Operation op, ElementType type,
                           const AccumulatorSpec& acc, unsigned vw) {
    KernelKnobs knobs{op, type, acc, false, false};
    if (acc.split_halves) knobs.load_part = 1;
    DeviceInfo nvidia;
    nvidia.is_nvidia = true;
    std::string options = build_options(knobs) + variant_build_options(variant, nvidia);
    if (variant.tuned) options += tuned_build_options(vw, 4, AccessLayout::Strided, 1 << 20);
    return options;
}

// Calls check(op, type, accumulator) for every reduction `variant` can do.
template <typename Check>
void for_each_reduction(const Variant& variant, Check check) {
    for (const ElementType type : all_element_types()) {
        for (const Operation op : all_operations()) {
            if (!op_unsupported_reason(variant, op, type).empty()) continue;
            AccumulatorSpec acc;
            try {
                acc = accumulator_for(op, type, AccumulatorMode::Default);
            } catch (const Error&) {
                continue;  // no such reduction (bitwise operations on floats)
            }
            check(op, type, acc);
        }
    }
}

TEST_F(NvptxBuild, BestBuildsForNvidiaWithItsPtxPathsWhereTheyBelong) {
    const Variant& best = find_variant("best");
    ASSERT_NE(best.nvidia_options.find("RL_INLINE_PTX"), std::string_view::npos);
    int built = 0;
    for_each_reduction(best, [&](Operation op, ElementType type, const AccumulatorSpec& acc) {
        // The default 16-byte vectors, the narrow fallback (4 bytes) and the widest (16 lanes).
        const unsigned default_vw = static_cast<unsigned>(16 / size_of(type));
        for (const unsigned vw : {default_vw, 1u, 16u}) {
            SCOPED_TRACE(std::string(to_string(op)) + " " + std::string(to_string(type)) +
                         " VW=" + std::to_string(vw));
            const Compiled c = compile("best.cl", nvidia_options(best, op, type, acc, vw));
            ASSERT_TRUE(c.ok) << c.ptx;
            ++built;
            EXPECT_EQ(undefined_own_functions(c.ptx), "");
            // The one-launch signature (common.cl): in, out and the work buffer, plus dot's
            // second input. Each buffer argument costs time in NVIDIA's enqueue
            // (bench/results/h200/args/).
            EXPECT_EQ(global_buffer_parameters(c.ptx, "reduce_best"), op == Operation::Dot ? 4 : 3);
            const bool shuffles = c.ptx.find("shfl.sync.bfly") != std::string::npos;
            const bool nc_loads = c.ptx.find("ld.global.nc.v4") != std::string::npos;
            EXPECT_EQ(shuffles, !acc.is_pair);
            if (acc.is_pair) {
                EXPECT_FALSE(nc_loads);
            }
            // The element path (not dot's two inputs, not the logical 0/1 test) loads its
            // vectors of 16 bytes or more through ld.global.nc.
            const bool element_path = op != Operation::Dot && op != Operation::LogicalAnd &&
                                      op != Operation::LogicalOr && !acc.is_pair;
            if (element_path && vw > 1 && vw * size_of(type) % 16 == 0) {
                EXPECT_TRUE(nc_loads);
            }
            // Float32 min/max apply the NaN rule in the vector loop with min.NaN/max.NaN.
            const bool nan_ops = c.ptx.find("NaN.f32") != std::string::npos;
            const bool float32_min_max = type == ElementType::Float32 && !acc.is_pair &&
                                         (op == Operation::Min || op == Operation::Max);
            EXPECT_EQ(nan_ops, float32_min_max && vw > 1);
        }
    });
    EXPECT_GT(built, 100);
}

TEST_F(NvptxBuild, WarpShuffleBuildsForNvidiaForEveryOperationAndType) {
    const Variant& warp = find_variant("warp-shuffle");
    int built = 0;
    for_each_reduction(warp, [&](Operation op, ElementType type, const AccumulatorSpec& acc) {
        SCOPED_TRACE(std::string(to_string(op)) + " " + std::string(to_string(type)));
        const Compiled c = compile(std::string(warp.file), nvidia_options(warp, op, type, acc, 1));
        ASSERT_TRUE(c.ok) << c.ptx;
        EXPECT_NE(c.ptx.find("shfl.sync.bfly"), std::string::npos);
        EXPECT_EQ(undefined_own_functions(c.ptx), "");
        ++built;
    });
    EXPECT_GT(built, 40);
}

}  // namespace
}  // namespace reducelab
