// engine/io/session_file: the workspace fields of version 2 (results with their sources, settings)
// and the teaching windows of version 3 (tabs, lesson, determinism study, split) and the exercises
// window of version 4 written and read back unchanged, trace-only sessions still written as
// version 1, and every damaged or newer workspace refused with the field named.
#include "reducelab/session_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "reducelab/determinism.h"
#include "reducelab/determinism_json.h"
#include "reducelab/error.h"
#include "reducelab/multi_device.h"
#include "reducelab/result_json.h"
#include "reducelab/results_file.h"

namespace reducelab {
namespace {

using nlohmann::json;

const std::string kSourceDir = REDUCELAB_SOURCE_DIR;

// A real trace (the fuzz seed, written by reducelab-cli trace) and real measured points.
SessionFile realWorkspace() {
    SessionFile session =
        read_session(kSourceDir + "/tests/fuzz/corpus/fuzz_session_json/interleaved_16.reducelab");
    session.results = read_results(kSourceDir + "/bench/results/pocl/sizes.json");
    for (std::size_t i = 0; i < session.results->points.size(); ++i)
        session.result_sources.push_back(i % 2 ? "sweep" : "run");
    session.settings = {{"controls/variantA", "contiguous"}, {"ui/language", "zh_CN"}};
    return session;
}

std::string messageOf(const json& j) {
    try {
        session_from_json(j);
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::Io);
        return e.what();
    }
    return "(read without error)";
}

TEST(SessionFile, WorkspaceRoundTripsResultsSourcesAndSettings) {
    const SessionFile saved = realWorkspace();
    ASSERT_FALSE(saved.results->points.empty());
    const json written = to_json(saved);
    EXPECT_EQ(written["version"], 2);
    const SessionFile read = session_from_json(json::parse(written.dump()));
    ASSERT_TRUE(read.results);
    EXPECT_EQ(to_json(*read.results), to_json(*saved.results));
    EXPECT_EQ(read.result_sources, saved.result_sources);
    EXPECT_EQ(read.settings, saved.settings);
    ASSERT_EQ(read.traces.size(), saved.traces.size());
    EXPECT_EQ(to_json(read), written);
}

TEST(SessionFile, WorkspaceWithoutTracesReads) {
    SessionFile saved = realWorkspace();
    saved.traces.clear();
    const SessionFile read = session_from_json(to_json(saved));
    EXPECT_TRUE(read.traces.empty());
    EXPECT_EQ(read.results->points.size(), saved.results->points.size());
}

TEST(SessionFile, TraceOnlySessionStaysVersionOne) {
    SessionFile saved = realWorkspace();
    saved.results.reset();
    saved.result_sources.clear();
    saved.settings.clear();
    const json written = to_json(saved);
    EXPECT_EQ(written["version"], 1);
    EXPECT_FALSE(written.contains("results"));
    EXPECT_FALSE(written.contains("settings"));
    // A version 1 file with no trace is still refused: it is a replay.
    json empty = written;
    empty["traces"] = json::array();
    EXPECT_NE(messageOf(empty).find("no trace"), std::string::npos);
}

TEST(SessionFile, CommittedWorkspaceSeedReads) {
    const SessionFile seed =
        read_session(kSourceDir + "/tests/fuzz/corpus/fuzz_session_json/workspace_v2.reducelab");
    ASSERT_TRUE(seed.results);
    EXPECT_EQ(seed.results->points.size(), 3u);
    EXPECT_EQ(seed.result_sources.size(), 3u);
    EXPECT_EQ(seed.settings.at("controls/variantA"), "contiguous");
    EXPECT_EQ(seed.traces.size(), 1u);
}

TEST(SessionFile, DamagedWorkspaceIsRefusedNamingTheField) {
    const json good = to_json(realWorkspace());
    json fewer = good;
    fewer["result_sources"].erase(0);
    EXPECT_NE(messageOf(fewer).find("one source per result"), std::string::npos);
    json noSources = good;
    noSources.erase("result_sources");
    EXPECT_NE(messageOf(noSources).find("result_sources"), std::string::npos);
    json badPoint = good;
    badPoint["results"]["points"][0].erase("gbps");
    EXPECT_NE(messageOf(badPoint).find("results"), std::string::npos);
    json badSetting = good;
    badSetting["settings"]["controls/localSize"] = 256;
    EXPECT_NE(messageOf(badSetting).find("settings.controls/localSize"), std::string::npos);
    json newer = good;
    newer["version"] = kSessionVersion + 1;
    EXPECT_NE(messageOf(newer).find("is newer than this ReduceLab reads"), std::string::npos);
}

// What the GUI's charts and result cards showed (issue 35): written, read back unchanged, and
// each damaged field refused by name.
SessionFile workspaceWithChartsAndCards() {
    SessionFile session = realWorkspace();
    const ResultsFile sizes = read_results(kSourceDir + "/bench/results/pocl/sizes.json");
    session.charts.push_back({"size", "Input-size sweep — PoCL (2026-12-01)", true, sizes});
    ResultsFile ladder = sizes;
    ladder.points.resize(2);
    session.charts.push_back({"ladder", "Ladder", false, ladder});
    ResultsFile cards = sizes;
    cards.points = {sizes.points.at(1)};
    session.cards = cards;
    session.card_slots = {1};
    return session;
}

TEST(SessionFile, ChartsAndCardsRoundTrip) {
    const SessionFile saved = workspaceWithChartsAndCards();
    const json written = to_json(saved);
    EXPECT_EQ(written["version"], 2);
    const SessionFile read = session_from_json(json::parse(written.dump()));
    ASSERT_EQ(read.charts.size(), 2u);
    EXPECT_EQ(read.charts[0].name, "size");
    EXPECT_EQ(read.charts[0].title, saved.charts[0].title);
    EXPECT_TRUE(read.charts[0].log_scale);
    EXPECT_FALSE(read.charts[1].log_scale);
    EXPECT_EQ(to_json(read.charts[1].results), to_json(saved.charts[1].results));
    ASSERT_TRUE(read.cards);
    EXPECT_EQ(read.card_slots, std::vector<unsigned>{1});
    EXPECT_EQ(to_json(*read.cards), to_json(*saved.cards));
    EXPECT_EQ(to_json(read), written);
    // Charts alone make a workspace (version 2) too.
    SessionFile chartsOnly;
    chartsOnly.tool = "t";
    chartsOnly.created_utc = "2026-12-04T00:00:00Z";
    chartsOnly.charts = saved.charts;
    EXPECT_EQ(to_json(chartsOnly)["version"], 2);
    EXPECT_EQ(session_from_json(to_json(chartsOnly)).charts.size(), 2u);
}

TEST(SessionFile, DamagedChartsAndCardsAreRefusedNamingTheField) {
    const json good = to_json(workspaceWithChartsAndCards());
    const auto refused = [&](auto change, const std::string& expected) {
        json bad = good;
        change(bad);
        const std::string message = messageOf(bad);
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    };
    refused([](json& j) { j["charts"] = json::object(); }, "charts: expected an array");
    refused([](json& j) { j["charts"][0].erase("title"); }, "charts[0]");
    refused([](json& j) { j["charts"][1]["log_scale"] = "no"; }, "charts[1].log_scale");
    refused([](json& j) { j["charts"][1]["name"] = "size"; }, "a chart twice");
    refused([](json& j) { j["charts"][0]["results"]["points"][0].erase("gbps"); },
            "charts[0].results");
    refused([](json& j) { j["cards"]["slots"] = json::array({2}); }, "expected 0 (A) or 1 (B)");
    refused([](json& j) { j["cards"]["slots"] = json::array({0, 1}); }, "one slot per card");
    refused([](json& j) { j["cards"].erase("results"); }, "cards");
}

json readJson(const std::string& path) {
    std::ifstream in(kSourceDir + path);
    return json::parse(in);
}

// A determinism report and a split result the CLI wrote (committed with the bench results), read
// by their own strict readers: what the teaching windows hold.
SessionFile workspaceWithTeachingWindows() {
    SessionFile session = workspaceWithChartsAndCards();
    session.tabs = {{"performance", "ladder"}, {"determinism", "frontier"}};
    SessionLesson lesson;
    lesson.step = 3;
    lesson.results = read_results(kSourceDir + "/bench/results/pocl/sizes.json");
    lesson.results->points.resize(2);
    lesson.steps = {0, 2};
    session.lesson = lesson;
    SessionDeterminism study;
    study.input = "random";
    study.device = "NVIDIA H200";
    study.shown = "kahan";
    DeterminismStudyVariant kahan;
    kahan.variant = "kahan";
    kahan.report = determinism_report_from_json(
        readJson("/bench/results/h200/determinism/kahan-float32-random-2p24.json"));
    kahan.timed = true;
    kahan.gbps = 812.5;
    kahan.relative_error = 1.5e-8;
    kahan.result_bits = "0x4e055000";
    kahan.result_text = "5.59e+08";
    kahan.verified = true;
    study.variants.push_back(kahan);
    DeterminismStudyVariant failed;
    failed.variant = "atomic";
    failed.error = "the device has no float atomics";
    study.variants.push_back(failed);
    DeterminismStudySettings settings;
    settings.fill = Fill::Random;
    settings.n = 1 << 24;
    settings.local_sizes = {64, 256};
    settings.work_groups = {3, 128};
    settings.finish = Finish::Atomic;
    settings.timed_repeats = 7;
    settings.devices = {kahan.report->devices.front().info};
    study.settings = settings;
    session.determinism = study;
    session.split = split_result_from_json(
        readJson("/bench/results/h200/multi-device/2p30/split-balanced-2p30.json"));
    return session;
}

TEST(SessionFile, CommittedReportsReadBackAsWritten) {
    // A determinism report: the committed one is version 1 (no schema field, each result's
    // "text"); it reads with the same figures, is written as version 2 (the results file's value
    // shape) and reads back to the same JSON (engine_results_versions_test: a NaN one).
    json report = readJson("/bench/results/h200/determinism/kahan-float32-random-2p24.json");
    ASSERT_FALSE(report.contains("schema"));
    json written = to_json(determinism_report_from_json(report));
    EXPECT_EQ(written["schema"], kDeterminismSchema);
    for (const char* key : {"reference", "correctly_rounded", "condition_number", "class", "runs"})
        EXPECT_EQ(written[key], report[key]) << key;
    EXPECT_EQ(written["reference_text"], "-226.42992");
    const auto same_results = [](const json& w, const json& r) {
        ASSERT_EQ(w.size(), r.size());
        for (std::size_t i = 0; i < w.size(); ++i) {
            for (const char* key : {"bits", "value", "count", "abs_error"})
                EXPECT_EQ(w[i][key], r[i][key]) << key;
            EXPECT_EQ(w[i]["value_text"], r[i]["text"]);
            EXPECT_FALSE(w[i].contains("text"));
        }
    };
    same_results(written["results"], report["results"]);
    ASSERT_EQ(written["devices"].size(), report["devices"].size());
    for (std::size_t i = 0; i < written["devices"].size(); ++i) {
        same_results(written["devices"][i]["results"], report["devices"][i]["results"]);
        ASSERT_EQ(written["devices"][i]["shapes"].size(), report["devices"][i]["shapes"].size());
        for (std::size_t k = 0; k < written["devices"][i]["shapes"].size(); ++k)
            same_results(written["devices"][i]["shapes"][k]["results"],
                         report["devices"][i]["shapes"][k]["results"]);
    }
    EXPECT_EQ(to_json(determinism_report_from_json(json::parse(written.dump()))), written);
    // A split: the committed file is version 1 (ms, no schema field); it reads with the same
    // figures, is written as version 2 (µs) and reads back to the same JSON
    // (engine_split_versions_test checks every field of a small version 1 file).
    json split = readJson("/bench/results/h200/multi-device/2p30/split-balanced-2p30.json");
    ASSERT_FALSE(split.contains("schema"));
    const SplitResult read = split_result_from_json(split);
    EXPECT_EQ(read.combine_ms, split["combine_ms"].get<double>());
    EXPECT_EQ(read.resident_ms, split["resident"]["ms"].get<double>());
    EXPECT_EQ(read.end_to_end_ms, split["end_to_end"]["ms"].get<double>());
    ASSERT_EQ(read.devices.size(), split["devices"].size());
    for (std::size_t i = 0; i < read.devices.size(); ++i) {
        EXPECT_EQ(read.devices[i].run_ms, split["devices"][i]["run_ms"].get<double>());
        EXPECT_EQ(read.devices[i].upload_ms, split["devices"][i]["upload_ms"].get<double>());
        EXPECT_EQ(to_json(read.devices[i].partial), split["devices"][i]["partial"]);
    }
    json splitWritten = to_json(read);
    EXPECT_EQ(splitWritten["schema"], "reducelab-split/2");
    EXPECT_DOUBLE_EQ(splitWritten["resident"]["time_us"].get<double>(),
                     split["resident"]["ms"].get<double>() * 1000.0);
    EXPECT_EQ(to_json(split_result_from_json(json::parse(splitWritten.dump()))), splitWritten);
}

TEST(SessionFile, TeachingWindowsRoundTrip) {
    const SessionFile saved = workspaceWithTeachingWindows();
    const json written = to_json(saved);
    EXPECT_EQ(written["version"], 3);
    const SessionFile read = session_from_json(json::parse(written.dump()));
    EXPECT_EQ(read.tabs, saved.tabs);
    ASSERT_TRUE(read.lesson && read.lesson->results);
    EXPECT_EQ(read.lesson->step, 3u);
    EXPECT_EQ(read.lesson->steps, (std::vector<unsigned>{0, 2}));
    EXPECT_EQ(to_json(*read.lesson->results), to_json(*saved.lesson->results));
    ASSERT_TRUE(read.determinism);
    ASSERT_EQ(read.determinism->variants.size(), 2u);
    EXPECT_EQ(read.determinism->shown, "kahan");
    EXPECT_EQ(to_json(*read.determinism->variants[0].report),
              to_json(*saved.determinism->variants[0].report));
    EXPECT_EQ(read.determinism->variants[0].result_bits, "0x4e055000");
    // The study's own records: place and verdict of the timed run come back too.
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(read.determinism->variants[i].index, i);
        EXPECT_EQ(read.determinism->variants[i].total, 2u);
        EXPECT_EQ(to_json(read.determinism->variants[i]), to_json(saved.determinism->variants[i]));
    }
    EXPECT_TRUE(read.determinism->variants[0].verified);
    // The study's settings, as the study's own JSON holds them (the GUI's export writes them).
    ASSERT_TRUE(read.determinism->settings);
    EXPECT_EQ(to_json(*read.determinism->settings), to_json(*saved.determinism->settings));
    EXPECT_EQ(read.determinism->settings->timed_repeats, 7);
    EXPECT_EQ(read.determinism->settings->finish, Finish::Atomic);
    EXPECT_EQ(written["determinism"]["settings"]["finish"], "atomic");
    // Sessions saved before the settings and "verified" were kept still open.
    json older = written;
    older["determinism"].erase("settings");
    older["determinism"]["variants"][0]["frontier"].erase("verified");
    const SessionFile olderRead = session_from_json(older);
    EXPECT_FALSE(olderRead.determinism->settings);
    EXPECT_FALSE(olderRead.determinism->variants[0].verified);
    EXPECT_FALSE(read.determinism->variants[1].report);
    EXPECT_EQ(read.determinism->variants[1].error, saved.determinism->variants[1].error);
    ASSERT_TRUE(read.split);
    EXPECT_EQ(to_json(*read.split), to_json(*saved.split));
    EXPECT_EQ(to_json(read), written);
    // A step alone makes a version 3 file; charts alone stay version 2 (ChartsAndCardsRoundTrip).
    SessionFile stepOnly;
    stepOnly.tool = "t";
    stepOnly.created_utc = "2026-12-05T00:00:00Z";
    stepOnly.lesson = SessionLesson{};
    EXPECT_EQ(to_json(stepOnly)["version"], 3);
    EXPECT_EQ(session_from_json(to_json(stepOnly)).lesson->step, 0u);
}

TEST(SessionFile, DamagedTeachingWindowsAreRefusedNamingTheField) {
    const json good = to_json(workspaceWithTeachingWindows());
    const auto refused = [&](auto change, const std::string& expected) {
        json bad = good;
        change(bad);
        const std::string message = messageOf(bad);
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    };
    refused([](json& j) { j["version"] = 2u; }, "a version 3 section in a version 2 file");
    refused([](json& j) { j["tabs"]["performance"] = 2; }, "tabs.performance");
    refused([](json& j) { j["lesson"]["step"] = -1; }, "lesson.step");
    refused([](json& j) { j["lesson"]["steps"] = json::array({0u}); }, "one step per result");
    refused([](json& j) { j["lesson"]["steps"] = json::array({2u, 2u}); }, "a step twice");
    refused([](json& j) { j["lesson"].erase("results"); }, "steps without results");
    refused([](json& j) { j["determinism"]["type"] = "float16"; }, "determinism.type");
    refused([](json& j) { j["determinism"]["variants"][0]["report"]["class"] = "sometimes"; },
            "determinism.variants[0].report");
    refused([](json& j) { j["determinism"]["variants"][0]["frontier"].erase("gbps"); },
            "determinism.variants[0].frontier");
    refused([](json& j) { j["determinism"]["variants"][1]["error"] = ""; }, "says why");
    refused([](json& j) { j["determinism"]["settings"]["finish"] = "sideways"; },
            "determinism.settings: determinism study: study.finish");
    refused([](json& j) { j["determinism"]["settings"]["local_sizes"] = json::array({-1}); },
            "study.local_sizes[0]");
    refused([](json& j) { j["determinism"]["variants"][1]["variant"] = "kahan"; },
            "a variant twice");
    refused([](json& j) { j["split"]["devices"][0].erase("run_us"); }, "split");
    refused([](json& j) { j["split"]["split"] = "sideways"; }, "split.split");
    refused([](json& j) { j["split"]["plan"]["fastest_alone_device"] = 99; },
            "not one of the split's devices");
}

// Version 4: the exercises window's progress, hints and edited kernels.
SessionFile sessionWithExercises() {
    SessionFile session;
    session.tool = "t";
    session.created_utc = "2026-12-05T00:00:00Z";
    SessionExercises exercises;
    exercises.current = "bank-conflicts";
    exercises.progress["divergence"] = {ExerciseProgress::Passed, 2, "kernel void k() {}\n"};
    exercises.progress["bank-conflicts"] = {ExerciseProgress::Failing, 0, std::nullopt};
    exercises.progress["first-add"] = {ExerciseProgress::NotTried, 1, std::nullopt};
    session.exercises = exercises;
    return session;
}

TEST(SessionFile, ExercisesRoundTripAsVersionFour) {
    const SessionFile saved = sessionWithExercises();
    const json written = to_json(saved);
    EXPECT_EQ(written["version"], 4);
    EXPECT_EQ(written["exercises"]["progress"]["divergence"]["status"], "passed");
    const SessionFile read = session_from_json(written);
    ASSERT_TRUE(read.exercises);
    EXPECT_EQ(read.exercises->current, "bank-conflicts");
    ASSERT_EQ(read.exercises->progress.size(), 3u);
    const SessionExercise& divergence = read.exercises->progress.at("divergence");
    EXPECT_EQ(divergence.status, ExerciseProgress::Passed);
    EXPECT_EQ(divergence.hints, 2u);
    EXPECT_EQ(divergence.kernel, std::optional<std::string>("kernel void k() {}\n"));
    EXPECT_EQ(read.exercises->progress.at("bank-conflicts").status, ExerciseProgress::Failing);
    EXPECT_FALSE(read.exercises->progress.at("bank-conflicts").kernel);
    EXPECT_EQ(read.exercises->progress.at("first-add").hints, 1u);
    EXPECT_EQ(to_json(read), written);
}

TEST(SessionFile, DamagedExercisesAreRefusedNamingTheField) {
    const json good = to_json(sessionWithExercises());
    const auto refused = [&](auto change, const std::string& expected) {
        json bad = good;
        change(bad);
        const std::string message = messageOf(bad);
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    };
    refused([](json& j) { j["version"] = 3u; }, "a version 4 section in a version 3 file");
    refused([](json& j) { j["exercises"] = json::array(); }, "exercises: expected an object");
    refused([](json& j) { j["exercises"].erase("progress"); }, "exercises");
    refused([](json& j) { j["exercises"]["current"] = "../etc"; }, "exercises.current");
    refused([](json& j) { j["exercises"]["progress"]["divergence"]["status"] = "done"; },
            "exercises.progress.divergence.status");
    refused([](json& j) { j["exercises"]["progress"]["divergence"]["hints"] = -1; },
            "exercises.progress.divergence.hints");
    refused([](json& j) { j["exercises"]["progress"]["divergence"]["hints"] = 1000; },
            "more hints");
    refused([](json& j) { j["exercises"]["progress"]["divergence"]["kernel"] = 3; },
            "exercises.progress.divergence.kernel");
    refused([](json& j) { j["exercises"]["progress"]["Bad Id"] = json::object(); },
            "not an exercise id");
}

}  // namespace
}  // namespace reducelab
