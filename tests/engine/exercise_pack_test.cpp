// The exercise pack reader (reducelab/exercise.h): the embedded course pack reads, and a
// malformed exercise is refused with its file and field named.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "exercise/child_exchange_json.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/error.h"
#include "reducelab/exercise.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const fs::path kPack = fs::path(REDUCELAB_SOURCE_DIR) / "resources" / "exercises";

json divergence_json() {
    return json::parse(read_text(kPack / "divergence" / "exercise.json"));
}
std::string divergence_starter() {
    return read_text(kPack / "divergence" / "starter.cl");
}

// The message of the refusal of `j` as exercise `id` (the divergence exercise by default).
std::string refusal(const json& j, const std::string& starter = divergence_starter(),
                    const std::string& id = "divergence") {
    try {
        parse_exercise("pack/" + id, id, j.dump(), starter, std::nullopt);
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Io);
        return e.what();
    }
    ADD_FAILURE() << "accepted: " << j.dump();
    return {};
}

TEST(ExercisePack, EmbeddedPackHasTheCourse) {
    const ExercisePack& pack = embedded_exercise_pack();
    ASSERT_GE(pack.exercises.size(), 10u);
    for (const Exercise& e : pack.exercises) {
        SCOPED_TRACE(e.id);
        EXPECT_TRUE(e.solution.has_value());
        EXPECT_FALSE(e.starter_fails.empty());
        EXPECT_TRUE(e.applies(CheckName::Correct));
        ASSERT_GE(e.hints.size(), 1u);
        for (const LocalizedText* text : {&e.title, &e.statement, &e.hints.front()}) {
            EXPECT_NE(text->in("zh_CN"), text->in("en"));
            EXPECT_NE(text->in("zh_TW"), text->in("en"));
        }
        // A short title may read the same in both scripts ("保留 NaN 的最大值"); a statement not.
        EXPECT_NE(e.statement.in("zh_TW"), e.statement.in("zh_CN"));
        EXPECT_EQ(e.title.in("fr"), e.title.in("en"));  // unknown languages fall back to English
    }
    // The embedded pack and the folder are the same pack.
    const ExercisePack disk = read_exercise_pack(kPack);
    ASSERT_EQ(disk.exercises.size(), pack.exercises.size());
    for (std::size_t k = 0; k < disk.exercises.size(); ++k) {
        EXPECT_EQ(disk.exercises[k].id, pack.exercises[k].id);
        EXPECT_EQ(disk.exercises[k].starter, pack.exercises[k].starter);
    }
    EXPECT_THROW(pack.find("no-such-exercise"), Error);
}

TEST(ExercisePack, TheUntouchedJsonIsAccepted) {
    const Exercise e = parse_exercise("pack/divergence", "divergence", divergence_json().dump(),
                                      divergence_starter(), std::nullopt);
    EXPECT_EQ(e.base_variant, "interleaved");
    ASSERT_TRUE(e.behaviour.has_value());
    EXPECT_EQ(e.behaviour->targets.size(), 1u);
}

TEST(ExercisePack, RefusalsNameTheFileAndTheField) {
    struct Case {
        std::string name;
        std::function<void(json&)> change;
        std::string expected;
    };
    const std::vector<Case> cases{
        {"missing", [](json& j) { j.erase("speed_ratio"); }, "field 'speed_ratio': missing"},
        {"unknown", [](json& j) { j["sped_ratio"] = 1; }, "field 'sped_ratio': unknown field"},
        {"format", [](json& j) { j["format"] = 2; }, "field 'format'"},
        {"id", [](json& j) { j["id"] = "other"; }, "field 'id'"},
        {"language", [](json& j) { j["title"].erase("zh_TW"); }, "field 'title.zh_TW': missing"},
        {"hint", [](json& j) { j["hints"][1]["en"] = ""; }, "field 'hints[1].en'"},
        {"operation", [](json& j) { j["operation"] = "median"; }, "field 'operation'"},
        {"base", [](json& j) { j["base_variant"] = "atomic"; }, "field 'base_variant'"},
        {"base-unknown", [](json& j) { j["base_variant"] = "nope"; }, "field 'base_variant'"},
        {"local",
         [](json& j) {
             j["local_sizes"] = {16, 48};
         },
         "field 'local_sizes[1]'"},
        {"sizes", [](json& j) { j["hidden_sizes"] = json::array(); }, "field 'hidden_sizes'"},
        {"size-zero", [](json& j) { j["hidden_sizes"][0] = 0; }, "field 'hidden_sizes[0]'"},
        {"fill", [](json& j) { j["hidden_fills"][0] = "zeros"; }, "field 'hidden_fills[0]'"},
        {"check", [](json& j) { j["checks"].push_back("pretty"); }, "field 'checks[4]'"},
        {"behaviour-missing", [](json& j) { j.erase("behaviour"); }, "field 'behaviour'"},
        {"metric",
         [](json& j) {
             j["behaviour"]["targets"]["speed"] = {{"max", 1}};
         },
         "field 'behaviour.targets.speed'"},
        {"behaviour-local", [](json& j) { j["behaviour"]["local_size"] = 32; },
         "field 'behaviour.local_size'"},
        {"ratio", [](json& j) { j["speed_ratio"] = 0; }, "field 'speed_ratio'"},
        {"reference", [](json& j) { j["reference_variant"] = "single-pass"; },
         "field 'reference_variant'"},
        {"starter-fails", [](json& j) { j["starter_fails"] = {"pretty"}; },
         "field 'starter_fails[0]'"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        json j = divergence_json();
        c.change(j);
        const std::string message = refusal(j);
        EXPECT_NE(message.find("pack/divergence/exercise.json"), std::string::npos) << message;
        EXPECT_NE(message.find(c.expected), std::string::npos) << message;
    }
    json specials = divergence_json();  // an int32 exercise
    specials["hidden_specials"] = {"nan"};
    EXPECT_NE(refusal(specials).find("field 'hidden_specials': NaN, infinities and -0.0 need a "
                                     "float type"),
              std::string::npos);
    EXPECT_NE(
        refusal(divergence_json(), "__kernel void other() {}").find("pack/divergence/starter.cl"),
        std::string::npos);
    try {
        parse_exercise("pack/divergence", "divergence", "{not json", divergence_starter(), {});
        ADD_FAILURE() << "accepted bad JSON";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("exercise.json: not valid JSON"), std::string::npos);
    }
}

TEST(ExercisePack, SpecialValuesReachTheChildAndTheirPlaces) {
    const Exercise& e = embedded_exercise_pack().find("nan-max");
    ASSERT_EQ(e.hidden_specials.size(), 4u);
    EXPECT_TRUE(std::isnan(e.hidden_specials[0]));
    EXPECT_TRUE(std::isinf(e.hidden_specials[2]) && e.hidden_specials[2] < 0);
    EXPECT_TRUE(e.hidden_specials[3] == 0.0 && std::signbit(e.hidden_specials[3]));
    CustomKernelRequest request;
    request.planted = e.hidden_specials;
    const CustomKernelRequest back =
        exchange::request_from(json::parse(exchange::request_json(request).dump()));
    ASSERT_EQ(back.planted.size(), 4u);
    EXPECT_TRUE(std::isnan(back.planted[0]));
    EXPECT_EQ(back.planted[1], std::numeric_limits<double>::infinity());
    EXPECT_EQ(back.planted[2], -std::numeric_limits<double>::infinity());
    EXPECT_TRUE(back.planted[3] == 0.0 && std::signbit(back.planted[3]));
    EXPECT_EQ(planted_positions(4, 1), (std::vector<std::uint64_t>{0, 0, 0, 0}));
    EXPECT_EQ(planted_positions(2, 100), (std::vector<std::uint64_t>{25, 75}));
}

TEST(ExercisePack, TheErrorBoundIsReadAndRefusedNamingItsField) {
    const Exercise& e = embedded_exercise_pack().find("compensated-sum");
    ASSERT_TRUE(e.error_bound.has_value());
    EXPECT_GT(e.error_bound->max_relative, 0.0);
    EXPECT_EQ(e.hidden_fills, std::vector<Fill>{Fill::CancelPairs});
    const json base = json::parse(read_text(kPack / "compensated-sum" / "exercise.json"));
    const std::string starter = read_text(kPack / "compensated-sum" / "starter.cl");
    const auto refused = [&](const json& j) -> std::string {
        try {
            parse_exercise("pack/compensated-sum", "compensated-sum", j.dump(), starter, {});
        } catch (const Error& error) {
            return error.what();
        }
        ADD_FAILURE() << "accepted: " << j.dump();
        return {};
    };
    struct Case {
        std::function<void(json&)> change;
        std::string expected;
    };
    const std::vector<Case> cases{
        {[](json& j) { j["error_bound"]["relative_to"] = "max"; },
         "field 'error_bound.relative_to': expected sum or sum_of_abs"},
        {[](json& j) { j["error_bound"].erase("relative_to"); },
         "field 'error_bound.relative_to': missing"},
        {[](json& j) { j["error_bound"]["max_relative"] = 0; },
         "field 'error_bound.max_relative': must be above 0"},
        {[](json& j) { j["error_bound"]["max_relative"] = "1e-3"; },
         "field 'error_bound.max_relative': expected a number"},
        {[](json& j) { j["error_bound"]["ulps"] = 4; }, "field 'error_bound.ulps': unknown field"},
        {[](json& j) { j["error_bound"] = 1e-3; }, "field 'error_bound': expected an object"},
        {[](json& j) { j["type"] = "int32"; }, "field 'error_bound': an error bound needs a float"},
        {[](json& j) {
             j["checks"] = {"race-free"};
             j["starter_fails"] = {"race-free"};
         },
         "field 'error_bound': given, but correct is not among the checks"},
    };
    for (const Case& c : cases) {
        json j = base;
        c.change(j);
        const std::string message = refused(j);
        EXPECT_NE(message.find("pack/compensated-sum/exercise.json: " + c.expected),
                  std::string::npos)
            << message;
    }
    // An exercise fill: hidden_fills may name it, a run may not.
    EXPECT_EQ(parse_exercise_fill("cancel-pairs"), Fill::CancelPairs);
    EXPECT_FALSE(parse_fill("cancel-pairs").has_value());
}

// A one-launch base (single-pass): its out[0] is the value; it has no tree to trace.
TEST(ExercisePack, AOneLaunchBaseIsReadWithoutBehaviour) {
    const Exercise& e = embedded_exercise_pack().find("single-launch");
    EXPECT_EQ(e.base_variant, "single-pass");
    EXPECT_FALSE(e.applies(CheckName::Behaves));
    json j = divergence_json();
    j["base_variant"] = "single-pass";
    EXPECT_NE(refusal(j, "__kernel void reduce_single_pass() {}")
                  .find("field 'checks': behaves traces a work-group's tree"),
              std::string::npos);
    const json single = json::parse(read_text(kPack / "single-launch" / "exercise.json"));
    const std::string starter = read_text(kPack / "single-launch" / "starter.cl");
    j = single;
    j["hidden_specials"] = {"nan"};
    EXPECT_NE(refusal(j, starter, "single-launch").find("field 'hidden_specials'"),
              std::string::npos);
    // Timed like with like: against the one-launch reference, never a tree variant.
    EXPECT_TRUE(e.applies(CheckName::Fast));
    EXPECT_EQ(e.reference_variant, "single-pass");
    j = single;
    j["reference_variant"] = "interleaved";
    const std::string message = refusal(j, starter, "single-launch");
    EXPECT_NE(message.find("field 'reference_variant'"), std::string::npos) << message;
    EXPECT_NE(message.find("the two must finish the same way"), std::string::npos) << message;
}

TEST(ExercisePack, AFolderWithAMalformedExerciseIsRefused) {
    const fs::path folder =
        fs::temp_directory_path() / ("reducelab-pack-test-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder / "divergence");
    fs::copy_file(kPack / "divergence" / "starter.cl", folder / "divergence" / "starter.cl");
    json j = divergence_json();
    j["hidden_fills"] = "random";
    std::ofstream(folder / "divergence" / "exercise.json") << j.dump();
    try {
        read_exercise_pack(folder);
        ADD_FAILURE() << "accepted";
    } catch (const Error& e) {
        const std::string message = e.what();
        EXPECT_NE(
            message.find((folder / "divergence").string() + "/exercise.json: field 'hidden_fills'"),
            std::string::npos)
            << message;
    }
    fs::remove(folder / "divergence" / "exercise.json");
    EXPECT_THROW(read_exercise_pack(folder), Error);  // no exercise.json
    fs::remove_all(folder);
    EXPECT_THROW(read_exercise_pack(folder), Error);  // no folder
}

}  // namespace
}  // namespace reducelab
