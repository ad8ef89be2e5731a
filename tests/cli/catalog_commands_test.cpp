// The catalog through reducelab-cli as users call it: `variants --json` with availability and
// finishes, `presets`, `run --preset` checking the documented answer, `--finish auto`, and the
// specific refusals of the catalog's rules.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "process.h"

namespace reducelab {
namespace {

using test::ProcessResult;

ProcessResult cli(const std::vector<std::string>& args) {
    return test::run_process(REDUCELAB_CLI, args);
}

TEST(CliCatalog, VariantsJsonListsEveryVariantWithAvailabilityAndReason) {
    const ProcessResult r = cli({"variants", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    std::set<std::string> names;
    for (const auto& v : json["variants"]) {
        const std::string name = v["name"];
        names.insert(name);
        ASSERT_TRUE(v.contains("available")) << name;
        if (!v["available"].get<bool>()) {
            EXPECT_FALSE(v["unavailable_reason"].get<std::string>().empty()) << name;
        }
        EXPECT_FALSE(v["finishes"].empty()) << name;
        EXPECT_FALSE(v["explanation"].get<std::string>().empty()) << name;
    }
    for (const char* expected :
         {"interleaved", "interleaved-strided", "contiguous", "first-add", "unroll-last",
          "unroll-last-racy", "unrolled", "grid-stride", "vector", "subgroup", "warp-shuffle",
          "work-group-builtin", "atomic", "atomic-zeroing-racy", "single-pass"})
        EXPECT_TRUE(names.contains(expected)) << expected;
    for (const auto& v : json["variants"]) {
        const std::string name = v["name"];
        if (name == "atomic") {
            EXPECT_EQ(v["finishes"], nlohmann::json::array({"atomic"}));
        } else if (name == "single-pass") {
            EXPECT_EQ(v["finishes"], nlohmann::json::array({"kernel"}));
        } else if (name == "unroll-last-racy") {
            EXPECT_TRUE(v["unsafe"].get<bool>());
        } else if (name == "subgroup") {
            EXPECT_NE(v["unsupported_ops"].dump().find("argmin"), std::string::npos);
        }
    }
}

TEST(CliCatalog, PresetsListTheSeedsWithTheirAnswers) {
    const ProcessResult text = cli({"presets"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    for (const char* fragment :
         {"seed-000", "5242931200", "seed-001", "500500", "seed-002", "358438400"})
        EXPECT_NE(text.out.find(fragment), std::string::npos) << fragment;
    const ProcessResult json = cli({"presets", "--json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const auto parsed = nlohmann::json::parse(json.out);
    ASSERT_EQ(parsed["presets"].size(), 3u);
    EXPECT_EQ(parsed["presets"][0]["expected"].get<std::uint64_t>(), 5242931200u);
}

TEST(CliCatalog, RunPresetChecksTheDocumentedAnswer) {
    for (const auto& [name, answer] : std::vector<std::pair<std::string, std::string>>{
             {"seed-000", "5242931200"}, {"seed-001", "500500"}, {"seed-002", "358438400"}}) {
        const ProcessResult r = cli({"run", "--preset", name});
        EXPECT_EQ(r.exit_code, 0) << name << ": " << r.err;
        EXPECT_EQ(r.out.substr(0, r.out.find('\n')), answer) << name;
        EXPECT_NE(r.out.find("documented answer " + answer + ", matched"), std::string::npos)
            << r.out;
    }
    const ProcessResult json = cli({"run", "--preset", "seed-002", "--json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const auto parsed = nlohmann::json::parse(json.out);
    EXPECT_TRUE(parsed["preset"]["matches_expected"].get<bool>());
    EXPECT_EQ(parsed["launched"]["launches"].get<int>(), 1);
}

TEST(CliCatalog, PresetRefusesRequestOptionsAndUnknownNames) {
    const ProcessResult fixed = cli({"run", "--preset", "seed-000", "--n", "5"});
    EXPECT_EQ(fixed.exit_code, 2);
    EXPECT_NE(fixed.err.find("drop --n"), std::string::npos) << fixed.err;
    const ProcessResult unknown = cli({"run", "--preset", "seed-7"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("seed-000, seed-001, seed-002"), std::string::npos) << unknown.err;
}

TEST(CliCatalog, FinishDefaultsToTheVariantsOwn) {
    const ProcessResult atomic = cli({"run", "--variant", "atomic", "--n", "1000", "--json"});
    ASSERT_EQ(atomic.exit_code, 0) << atomic.err;
    EXPECT_EQ(nlohmann::json::parse(atomic.out)["launched"]["finish"], "atomic");
    const ProcessResult single = cli({"run", "--variant", "single-pass", "--n", "1000", "--json"});
    ASSERT_EQ(single.exit_code, 0) << single.err;
    EXPECT_EQ(nlohmann::json::parse(single.out)["launched"]["finish"], "kernel");
    EXPECT_EQ(nlohmann::json::parse(single.out)["launched"]["launches"].get<int>(), 1);
}

TEST(CliCatalog, CatalogRulesAreSpecificRefusals) {
    const ProcessResult finish =
        cli({"run", "--variant", "single-pass", "--n", "10", "--finish", "host"});
    EXPECT_EQ(finish.exit_code, 2);
    EXPECT_NE(finish.err.find("use --finish kernel"), std::string::npos) << finish.err;
    const ProcessResult pairs = cli({"run", "--variant", "atomic", "--op", "argmin", "--n", "10"});
    EXPECT_EQ(pairs.exit_code, 3);
    EXPECT_NE(pairs.err.find("pairs"), std::string::npos) << pairs.err;
    const ProcessResult local =
        cli({"run", "--variant", "unrolled", "--n", "10", "--local-size", "48"});
    EXPECT_EQ(local.exit_code, 2);
    EXPECT_NE(local.err.find("power of two"), std::string::npos) << local.err;
}

}  // namespace
}  // namespace reducelab
