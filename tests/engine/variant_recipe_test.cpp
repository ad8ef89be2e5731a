// DEVELOPERS.md's "Adding a kernel", proven on a throw-away variant. This binary's catalog and
// embedded kernels are copies with one kernel file and one row added (variant_recipe.cmake), and
// nothing else of the engine is changed. Built in with it: the catalog matrix restricted to the
// new row (CATALOG_MATRIX_VARIANT) and every check of the catalog's rows. Here: the row is in the
// catalog and its JSON, step mode traces it as the CPU model predicts, and the CLI built on the
// same copies lists, runs and steps it as a user would.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "process.h"
#include "reducelab/catalog.h"
#include "reducelab/catalog_json.h"
#include "reducelab/engine.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/step_trace.h"
#include "test_device.h"

namespace reducelab {
namespace {

constexpr const char* kProbe = "recipe-probe";

Engine& probe_engine() {
    static Engine instance(test::device_spec());
    return instance;
}

test::ProcessResult probe_cli(const std::vector<std::string>& args) {
    return test::run_process(REDUCELAB_RECIPE_CLI, args);
}

TEST(VariantRecipe, TheNewRowIsTheCatalogsLastWithItsKernel) {
    ASSERT_FALSE(catalog().empty());
    const Variant& row = catalog().back();
    EXPECT_EQ(row.name, kProbe);
    EXPECT_EQ(&find_variant(kProbe), &row);
    EXPECT_TRUE(row.steppable()) << "a row's tree is contiguous unless it says otherwise";
    EXPECT_NE(kernel_source(row.file).find(row.kernel), std::string_view::npos);
    const nlohmann::json json = to_json(row, &probe_engine().device());
    EXPECT_EQ(json["name"], kProbe);
    EXPECT_TRUE(json["available"].get<bool>()) << json.dump();
}

TEST(VariantRecipe, StepModeTracesItAsTheModelPredicts) {
    TraceRequest request;
    request.variant = kProbe;
    request.local_size = 1;
    // The largest local size the probe's kernels take on this device, asked before any is used.
    const std::size_t max_local = run_trace(probe_engine(), request).max_local_size;
    for (std::size_t local : {16u, 64u, 256u}) {
        if (local > max_local) break;
        request.local_size = local;
        const StepTrace trace = run_trace(probe_engine(), request);
        const std::string where = "local size " + std::to_string(local);
        ASSERT_EQ(trace.groups.size(), 1u) << where;
        const GroupTrace& group = trace.groups[0];
        EXPECT_TRUE(group.matches_uninstrumented) << where;
        const AnalysisModel model{trace.warp_width, trace.bank_count, trace.bank_width,
                                  trace.element_bytes};
        const auto predicted = predict_rounds(kProbe, local, model);
        ASSERT_EQ(group.rounds.size(), predicted.size()) << where;
        for (std::size_t r = 0; r < predicted.size(); ++r) {
            EXPECT_EQ(group.rounds[r].active_work_items, predicted[r].active_work_items) << where;
            EXPECT_EQ(group.rounds[r].divergent_warps, predicted[r].divergent_warps) << where;
            EXPECT_EQ(group.rounds[r].bank_conflicts, predicted[r].bank_conflicts) << where;
        }
    }
}

TEST(VariantRecipe, TheCliListsRunsAndStepsIt) {
    const auto listed = probe_cli({"variants", "--json"});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    const auto variants = nlohmann::json::parse(listed.out)["variants"];
    EXPECT_TRUE(std::ranges::any_of(variants, [](const auto& v) { return v["name"] == kProbe; }))
        << listed.out;

    const auto run = probe_cli({"run", "--variant", kProbe, "--n", "100003", "--json"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_TRUE(nlohmann::json::parse(run.out)["verified"].get<bool>()) << run.out;

    const auto stepped = probe_cli({"trace", "--variant", kProbe, "--local-size", "16"});
    ASSERT_EQ(stepped.exit_code, 0) << stepped.err;
    EXPECT_NE(stepped.out.find("(match)"), std::string::npos) << stepped.out;
}

}  // namespace
}  // namespace reducelab
