// Soak: thousands of random configurations (variant, operation, type, finish, accumulator, n,
// local size, fill) on the test device, each verified against the CPU reference; zero
// mismatches and zero unexpected errors allowed. Not part of the default suite (CTest label
// soak; `ctest --preset soak`). $REDUCELAB_SOAK_CONFIGS sets the count (default 3000),
// $REDUCELAB_SOAK_SEED the random seed (default: the clock; printed, so a failure can be
// replayed), $REDUCELAB_SOAK_MAX_N the largest n (default 2^22).
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <set>

#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "test_device.h"

namespace reducelab {
namespace {

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    return text && *text ? std::strtoull(text, nullptr, 0) : fallback;
}

struct Candidate {
    const Variant* variant;
    Operation op;
    ElementType type;
    Finish finish;
};

// Every combination the catalog promises to run on this device (the racy teaching variants
// excluded: they are wrong on purpose).
std::vector<Candidate> candidates(const DeviceInfo& device) {
    std::vector<Candidate> out;
    for (const Variant& v : catalog()) {
        if (v.unsafe || !availability(v, device).available) continue;
        for (Operation op : all_operations())
            for (ElementType type : all_element_types()) {
                if (is_bitwise(op) && is_float(type)) continue;
                if (type == ElementType::Float64 && !device.has_fp64) continue;
                if (!op_unsupported_reason(v, op, type).empty()) continue;
                for (Finish f : all_finishes()) {
                    if (!accepts_finish(v, f)) continue;
                    if (f == Finish::Atomic && has_index(op)) continue;
                    out.push_back({&v, op, type, f});
                }
            }
    }
    return out;
}

TEST(Soak, RandomConfigurationsAllVerify) {
    Engine engine(test::device_spec());
    const DeviceInfo& device = engine.device();
    const std::uint64_t count = env_or("REDUCELAB_SOAK_CONFIGS", 3000);
    const std::uint64_t seed = env_or(
        "REDUCELAB_SOAK_SEED",
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()));
    const std::uint64_t max_n = env_or("REDUCELAB_SOAK_MAX_N", std::uint64_t{1} << 22);
    std::printf(
        "soak: %llu configurations, seed %llu (REDUCELAB_SOAK_SEED replays), n up to %llu, on %s\n",
        static_cast<unsigned long long>(count), static_cast<unsigned long long>(seed),
        static_cast<unsigned long long>(max_n), device.name.c_str());
    const auto pool = candidates(device);
    ASSERT_FALSE(pool.empty());
    std::mt19937_64 random(seed);
    const auto pick = [&](std::uint64_t below) {
        return std::uniform_int_distribution<std::uint64_t>(0, below - 1)(random);
    };

    std::uint64_t verified = 0, mismatched = 0, refused_kernel_limit = 0, unexpected = 0;
    std::set<std::string> variants_seen;
    std::map<std::string, std::uint64_t> per_variant;
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < count; ++i) {
        const Candidate& c = pool[pick(pool.size())];
        RunRequest r;
        r.variant = std::string(c.variant->name);
        r.op = c.op;
        r.type = c.type;
        r.finish = c.finish;
        r.accumulator = std::array{AccumulatorMode::Default, AccumulatorMode::Wide,
                                   AccumulatorMode::Same}[pick(3)];
        r.fill = std::array{Fill::Random, Fill::Ramp, Fill::Ones, Fill::RandInt}[pick(4)];
        r.seed = random();
        // Sizes log-uniform from 1 to max_n, so that tiny inputs (one partial group) and large
        // ones (several finish passes) both occur.
        const double log_n = std::uniform_real_distribution<double>(
            0.0, std::log2(static_cast<double>(max_n)))(random);
        r.n = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::exp2(log_n)) + pick(3));
        // Products of random data overflow to infinity or zero quickly; keep them meaningful.
        if (r.op == Operation::Product && r.fill != Fill::Ones)
            r.n = std::min<std::uint64_t>(r.n, 64);
        // Local sizes: powers of two from 1 to 1024 (the tree variants need them).
        r.local_size = std::size_t{1} << pick(11);
        if (r.local_size > device.max_work_group_size) r.local_size = device.max_work_group_size;
        if (c.variant->coverage == Coverage::GridStride && !c.variant->tuned && pick(2) == 0)
            r.items_per_work_item = 1 + pick(64);
        const std::string what =
            r.variant + " " + std::string(to_string(r.op)) + " " + std::string(to_string(r.type)) +
            " finish " + std::string(to_string(r.finish)) + " acc " +
            std::string(to_string(r.accumulator)) + " n " + std::to_string(r.n) + " local " +
            std::to_string(r.local_size) + " items " + std::to_string(r.items_per_work_item) +
            " fill " + std::string(to_string(r.fill)) + " seed " + std::to_string(r.seed);
        try {
            const RunResult result = engine.run(r);
            if (result.verified) {
                ++verified;
                ++per_variant[r.variant];
            } else {
                ++mismatched;
                ADD_FAILURE() << "MISMATCH " << what << ": " << result.value.to_string()
                              << " vs reference " << result.reference.to_string() << " ("
                              << result.verification_rule << ")";
            }
        } catch (const Error& e) {
            // The one refusal a random draw may meet: a local size above what the compiled kernel
            // allows (CL_KERNEL_WORK_GROUP_SIZE depends on the build).
            if (e.kind() == ErrorKind::InvalidArgument &&
                std::string(e.what()).find("CL_KERNEL_WORK_GROUP_SIZE") != std::string::npos) {
                ++refused_kernel_limit;
            } else {
                ++unexpected;
                ADD_FAILURE() << "ERROR " << what << ": " << e.what();
            }
        }
        if ((i + 1) % 500 == 0)
            std::printf(
                "soak: %llu / %llu done (%.0f s)\n", static_cast<unsigned long long>(i + 1),
                static_cast<unsigned long long>(count),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "soak: %llu configurations in %.0f s: %llu verified, %llu mismatched, %llu refused (kernel "
        "work-group limit), %llu unexpected errors; %zu programs built; seed %llu\n",
        static_cast<unsigned long long>(count), seconds, static_cast<unsigned long long>(verified),
        static_cast<unsigned long long>(mismatched),
        static_cast<unsigned long long>(refused_kernel_limit),
        static_cast<unsigned long long>(unexpected), engine.programs_built(),
        static_cast<unsigned long long>(seed));
    for (const auto& [variant, n] : per_variant)
        std::printf("soak:   %-20s %llu verified\n", variant.c_str(),
                    static_cast<unsigned long long>(n));
    EXPECT_EQ(mismatched, 0u);
    EXPECT_EQ(unexpected, 0u);
    EXPECT_EQ(verified + refused_kernel_limit, count);
}

}  // namespace
}  // namespace reducelab
