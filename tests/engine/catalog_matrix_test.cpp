// The kernel catalog's correctness matrix on the test device (PoCL in CI): every
// (variant, operation, element type, finish) either runs and verifies against the CPU
// reference at every size around the work-group boundaries and every local size, or is
// rejected with the specific error its rule names. The unsafe teaching variants are checked
// in racy_variants_test.cpp.
//
// The matrix is split into shards that CTest runs side by side, since PoCL's compile time
// dominates (about 1900 programs): the per-local-size builds of the unrolled variant
// (CATALOG_MATRIX_UNROLLED=1), and the other variants' operations split in
// CATALOG_MATRIX_SHARDS parts (CATALOG_MATRIX_SHARD). CATALOG_MATRIX_VARIANT names the one
// variant to check (engine_variant_recipe_test: the row its recipe added).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <set>
#include <tuple>

#include "catalog_inputs.h"
#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/launch_plan.h"
#include "test_device.h"

#ifndef CATALOG_MATRIX_UNROLLED
#define CATALOG_MATRIX_UNROLLED 0
#endif
#ifndef CATALOG_MATRIX_SHARD
#define CATALOG_MATRIX_SHARD 0
#endif
#ifndef CATALOG_MATRIX_SHARDS
#define CATALOG_MATRIX_SHARDS 1
#endif

namespace reducelab {
namespace {

using Case = std::tuple<Operation, ElementType, std::string, Finish>;

Engine& shared_engine() {
    static Engine engine(test::device_spec());
    return engine;
}

struct Tally {
    int verified_combinations = 0;
    int rejected_combinations = 0;
    long runs = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};
Tally& tally() {
    static Tally t;
    return t;
}

// The rules, stated independently of the engine's code: which combinations must be refused,
// and with which kind of error and which words in the message.
struct Rejection {
    ErrorKind kind;
    std::string fragment;
};

std::optional<Rejection> expected_rejection(const std::string& variant, Operation op,
                                            ElementType type, Finish finish,
                                            const DeviceInfo& device) {
    const Variant& v = find_variant(variant);
    if (!availability(v, device).available) return Rejection{ErrorKind::Unsupported, "unavailable"};
    if (is_bitwise(op) && is_float(type))
        return Rejection{ErrorKind::InvalidArgument, "integer type"};
    // Variants that combine their work-groups themselves take only their own finish.
    const bool atomic_variant = v.group_combine == GroupCombine::Atomics;
    if (atomic_variant && finish != Finish::Atomic)
        return Rejection{ErrorKind::InvalidArgument, "--finish atomic"};
    if (v.group_combine == GroupCombine::LastGroup && finish != Finish::Kernel)
        return Rejection{ErrorKind::InvalidArgument, "--finish kernel"};
    // Built-in collectives only add, take minima and maxima; atomics cannot combine pairs.
    const bool collective_variant =
        v.feature == Feature::SubGroups || v.feature == Feature::WorkGroupCollectives;
    if (collective_variant && (op == Operation::Product || is_bitwise(op) || has_index(op)))
        return Rejection{ErrorKind::Unsupported, std::string(to_string(op))};
    if (atomic_variant && has_index(op)) return Rejection{ErrorKind::Unsupported, "pairs"};
    if (v.correctly_rounded && (!is_float(type) || op != Operation::Sum))
        return Rejection{ErrorKind::Unsupported, "float32 and float64"};
    if ((v.unsupported_ops & op_bit(op)) != 0)
        return Rejection{ErrorKind::Unsupported, "cannot do " + std::string(to_string(op))};
    if (type == ElementType::Float64 && !device.has_fp64)
        return Rejection{ErrorKind::Unsupported, "double precision"};
    if (finish == Finish::Atomic && has_index(op))
        return Rejection{ErrorKind::Unsupported, "pairs"};
    if (finish == Finish::Atomic &&
        accumulator_for(op, type, AccumulatorMode::Default).device_bytes == 8) {
        const bool native = op == Operation::Min || op == Operation::Max || is_bitwise(op);
        if (native && !is_float(type) && !device.has_int64_extended_atomics)
            return Rejection{ErrorKind::Unsupported, "cl_khr_int64_extended_atomics"};
        if (!device.has_int64_base_atomics)
            return Rejection{ErrorKind::Unsupported, "cl_khr_int64_base_atomics"};
    }
    return std::nullopt;
}

// The largest power-of-two local size the combination's kernel takes: the device maximum, or
// less where the compiled kernel allows less (CL_KERNEL_WORK_GROUP_SIZE: NVIDIA gives the
// warp-shuffle kernel 256), which the engine refuses with an InvalidArgument naming it.
std::size_t largest_local_size(Engine& engine, RunRequest r) {
    std::size_t largest = 1;
    while (largest * 2 <= engine.device().max_work_group_size) largest *= 2;
    r.n = 1;
    for (;;) {
        r.local_size = largest;
        try {
            engine.run(r, test::catalog_inputs(r.op, r.type, r.n));
            return largest;
        } catch (const Error& e) {
            const bool kernel_limit =
                e.kind() == ErrorKind::InvalidArgument &&
                std::string(e.what()).find("CL_KERNEL_WORK_GROUP_SIZE") != std::string::npos;
            if (!kernel_limit || largest <= 256) throw;
            largest /= 2;
        }
    }
}

std::vector<std::size_t> local_sizes(Engine& engine, const RunRequest& r) {
    std::vector<std::size_t> sizes{1, 2, 32, 64, 256, largest_local_size(engine, r)};
    std::ranges::sort(sizes);
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    std::erase_if(sizes, [&](std::size_t s) { return s > engine.device().max_work_group_size; });
    return sizes;
}

// Every size around the work-group boundaries for every local size; the 2^20 + 7 one at
// local size 256, and at every local size for int32 and float32 sums (a million work-groups
// at local size 1: the finishes' many-partials paths).
constexpr std::uint64_t kSmallSizes[] = {1, 2, 3, 63, 64, 65, 1000, 4097};
constexpr std::uint64_t kLargeSize = (std::uint64_t{1} << 20) + 7;

void check_run(Engine& engine, const RunRequest& r) {
    SCOPED_TRACE("n=" + std::to_string(r.n) + " local=" + std::to_string(r.local_size));
    const RunResult result = engine.run(r, test::catalog_inputs(r.op, r.type, r.n));
    ++tally().runs;
    EXPECT_TRUE(result.verified)
        << result.value.to_string()
        << (result.value.index ? " at " + std::to_string(*result.value.index) : "")
        << " vs reference " << result.reference.to_string()
        << (result.reference.index ? " at " + std::to_string(*result.reference.index) : "") << " ("
        << result.verification_rule << ")";
    EXPECT_EQ(result.launched.local_size, r.local_size);
    EXPECT_EQ(result.n, r.n);
    const Variant& v = find_variant(r.variant);
    const std::size_t passes =
        v.group_combine == GroupCombine::Partials && r.finish == Finish::Kernel
            ? result.launched.finish_groups.size()
            : 0;
    // The exact mean of 64-bit integers is two reductions (low and high 32-bit halves).
    const bool halves = r.op == Operation::Mean && !is_float(r.type) && size_of(r.type) == 8;
    EXPECT_EQ(result.launched.launches, (halves ? 2 : 1) * (1 + passes));
    if (has_index(r.op)) {
        EXPECT_TRUE(result.value.index.has_value());
    }
}

class CatalogMatrix : public testing::TestWithParam<Case> {};

TEST_P(CatalogMatrix, VerifiesOrIsRejectedWithItsReason) {
    const auto& [op, type, variant, finish] = GetParam();
    Engine& engine = shared_engine();
    const DeviceInfo& device = engine.device();
    RunRequest r;
    r.variant = variant;
    r.op = op;
    r.type = type;
    r.finish = finish;
    r.n = 1000;
    r.local_size = 64;

    if (const auto rejection = expected_rejection(variant, op, type, finish, device)) {
        try {
            engine.run(r, test::catalog_inputs(op, type, r.n));
            ADD_FAILURE() << "expected a rejection mentioning '" << rejection->fragment << "'";
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), rejection->kind) << e.what();
            EXPECT_NE(std::string(e.what()).find(rejection->fragment), std::string::npos)
                << e.what();
        }
        ++tally().rejected_combinations;
        return;
    }

    for (std::size_t local : local_sizes(engine, r)) {
        r.local_size = local;
        for (std::uint64_t n : kSmallSizes) {
            r.n = n;
            check_run(engine, r);
        }
        const bool deep =
            op == Operation::Sum && (type == ElementType::Int32 || type == ElementType::Float32);
        if (local == 256 || deep) {
            r.n = kLargeSize;
            check_run(engine, r);
        }
    }
    if (!HasFailure()) ++tally().verified_combinations;
}

std::vector<Operation> shard_operations() {
    std::vector<Operation> ops;
    const auto all = all_operations();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (CATALOG_MATRIX_UNROLLED ||
            static_cast<int>(i % CATALOG_MATRIX_SHARDS) == CATALOG_MATRIX_SHARD)
            ops.push_back(all[i]);
    return ops;
}

// Every safe variant of the catalog (the unsafe ones: racy_variants_test.cpp), those built
// per local size in their own shard.
std::vector<std::string> safe_variants() {
    std::vector<std::string> names;
    for (const Variant& v : catalog()) {
#ifdef CATALOG_MATRIX_VARIANT
        if (v.name != CATALOG_MATRIX_VARIANT) continue;
#endif
        if (!v.unsafe && v.local_size_is_define == static_cast<bool>(CATALOG_MATRIX_UNROLLED))
            names.emplace_back(v.name);
    }
    return names;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
    const auto& [op, type, variant, finish] = info.param;
    std::string name = std::string(to_string(op)) + "_" + std::string(to_string(type)) + "_" +
                       variant + "_" + std::string(to_string(finish));
    std::ranges::replace(name, '-', '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(Catalog, CatalogMatrix,
                         testing::Combine(testing::ValuesIn(shard_operations()),
                                          testing::ValuesIn(all_element_types()),
                                          testing::ValuesIn(safe_variants()),
                                          testing::ValuesIn(all_finishes())),
                         case_name);

// Prints the tally: the count the closing note asks for, and the time it took.
class TallyReporter : public testing::Environment {
  public:
    void TearDown() override {
        const Tally& t = tally();
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t.start).count();
        std::printf(
            "[catalog matrix %s] %d (variant, op, type, finish) combinations verified, "
            "%d rejected as specified, %ld verified runs, %zu programs built, %.1f s\n",
            CATALOG_MATRIX_UNROLLED ? "per-local-size builds"
                                    : ("shard " + std::to_string(CATALOG_MATRIX_SHARD + 1) + "/" +
                                       std::to_string(CATALOG_MATRIX_SHARDS))
                                          .c_str(),
            t.verified_combinations, t.rejected_combinations, t.runs,
            shared_engine().programs_built(), seconds);
    }
};
[[maybe_unused]] const auto* const reporter = testing::AddGlobalTestEnvironment(new TallyReporter);

}  // namespace
}  // namespace reducelab
