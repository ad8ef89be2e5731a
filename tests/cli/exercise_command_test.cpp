// reducelab-cli exercise (issue 39) as a teacher calls it: the list and the statements, every
// starter failing the check it is about, every solution passing every check, and the grading of
// a class folder with a crashing, a hanging, a wrong and a correct submission.
// Under the sanitizers (REDUCELAB_TEST_SCOPE=sample) a third of the starters and another third of
// the solutions are checked; the release stage checks them all.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "process.h"
#include "reducelab/device_info.h"
#include "reducelab/devices.h"
#include "reducelab/error.h"
#include "reducelab/exercise.h"
#include "reducelab/grader.h"
#include "test_device.h"
#include "test_scope.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::ProcessResult;
using test::run_process;

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class ExerciseCommand : public ::testing::Test {
  protected:
    void SetUp() override {
        folder_ = fs::temp_directory_path() /
                  ("reducelab-exercise-test-" + std::to_string(::getpid()) + "-" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    void TearDown() override { fs::remove_all(folder_); }
    fs::path write(const fs::path& relative, const std::string& text) {
        const fs::path path = folder_ / relative;
        fs::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    json check(const Exercise& e, const std::string& text) {
        const fs::path file = write(e.id + ".cl", text);
        const ProcessResult r =
            run_process(REDUCELAB_CLI, {"exercise", "check", e.id, file.string(), "--json",
                                        "--repeat", "3", "--timeout", "120"});
        EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 4) << r.err;
        try {
            return json::parse(r.out);
        } catch (const json::exception&) {
            ADD_FAILURE() << e.id << ": no JSON (exit " << r.exit_code << "): " << r.err;
            return {};
        }
    }
    fs::path folder_;
};

std::string status_of(const json& report, CheckName check) {
    for (const json& c : report.value("checks", json::array()))
        if (c.at("check") == to_string(check)) return c.at("status");
    return "absent";
}

TEST_F(ExerciseCommand, ListsAndShowsInEveryLanguage) {
    const ProcessResult list = run_process(REDUCELAB_CLI, {"exercise", "list"});
    ASSERT_EQ(list.exit_code, 0) << list.err;
    for (const Exercise& e : embedded_exercise_pack().exercises)
        EXPECT_NE(list.out.find(e.id), std::string::npos) << e.id;
    const ProcessResult listed =
        run_process(REDUCELAB_CLI, {"exercise", "list", "--json", "--lang", "zh_CN"});
    ASSERT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_GE(json::parse(listed.out).at("exercises").size(), 10u);
    const ProcessResult shown =
        run_process(REDUCELAB_CLI, {"exercise", "show", "divergence", "--lang", "zh_TW"});
    ASSERT_EQ(shown.exit_code, 0) << shown.err;
    EXPECT_NE(shown.out.find("修正發散的歸約樹"), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("reduce_interleaved"), std::string::npos);
    const ProcessResult unknown = run_process(REDUCELAB_CLI, {"exercise", "show", "nope"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("unknown exercise 'nope'"), std::string::npos) << unknown.err;
    const ProcessResult action = run_process(REDUCELAB_CLI, {"exercise", "frobnicate"});
    EXPECT_EQ(action.exit_code, 2) << action.err;
}

TEST_F(ExerciseCommand, EveryStarterFailsTheCheckItIsAbout) {
    std::size_t index = 0;
    for (const Exercise& e : embedded_exercise_pack().exercises) {
        if (!test_scope::includes(index++, 3)) continue;
        SCOPED_TRACE(e.id);
        const json report = check(e, e.starter);
        EXPECT_TRUE(report.value("kernel_ran", false)) << report.dump(2);  // starters compile
        for (CheckName about : e.starter_fails) {
            if (about == CheckName::RaceFree && status_of(report, about) == "skipped") {
                GTEST_LOG_(INFO) << e.id << ": race-free skipped (no Oclgrind here)";
                continue;
            }
            EXPECT_EQ(status_of(report, about), "fail") << report.dump(2);
        }
    }
}

// The error bound's sentence: the starter's measured error above the stated bound, and the
// solution's largest error beside it; the one-launch starter is wrong in its out[0].
TEST_F(ExerciseCommand, TheErrorBoundAndTheOneLaunchSayWhatTheyMeasured) {
    const Exercise& e = embedded_exercise_pack().find("compensated-sum");
    const auto message = [](const json& report) {
        for (const json& c : report.value("checks", json::array()))
            if (c.at("check") == "correct") return c.value("sentence", std::string());
        return std::string();
    };
    const std::string starter = message(check(e, e.starter));
    EXPECT_NE(starter.find("error above the bound at n = "), std::string::npos) << starter;
    EXPECT_NE(starter.find("of |sum|"), std::string::npos) << starter;
    const std::string solution = message(check(e, *e.solution));
    EXPECT_NE(solution.find("the largest error is "), std::string::npos) << solution;
    EXPECT_NE(solution.find("(bound: 0.001)"), std::string::npos) << solution;
    const ProcessResult shown = run_process(REDUCELAB_CLI, {"exercise", "show", e.id});
    ASSERT_EQ(shown.exit_code, 0) << shown.err;
    EXPECT_NE(shown.out.find("correct: an error of at most 0.001 of |sum|"), std::string::npos)
        << shown.out;
    const Exercise& one = embedded_exercise_pack().find("single-launch");
    const std::string wrong = message(check(one, one.starter));
    EXPECT_NE(wrong.find("the device gave "), std::string::npos) << wrong;
    EXPECT_EQ(wrong.find("work-groups differ"), std::string::npos) << wrong;
}

TEST_F(ExerciseCommand, EverySolutionPassesEveryCheck) {
    std::size_t index = 0;
    for (const Exercise& e : embedded_exercise_pack().exercises) {
        if (!test_scope::includes(++index, 3)) continue;  // not the starters' third
        SCOPED_TRACE(e.id);
        ASSERT_TRUE(e.solution.has_value());
        const json report = check(e, *e.solution);
        for (CheckName c : e.checks) {
            const std::string status = status_of(report, c);
            if (c == CheckName::RaceFree && status == "skipped") continue;  // no Oclgrind here
            EXPECT_EQ(status, "pass") << report.dump(2);
        }
    }
}

TEST_F(ExerciseCommand, GradingAClassKeepsGoingPastBadSubmissions) {
    // A pack of one exercise on disk, as a teacher writes it.
    const fs::path source = fs::path(REDUCELAB_SOURCE_DIR) / "resources/exercises/identity-padding";
    for (const char* file : {"exercise.json", "starter.cl", "solution.cl"})
        write(fs::path("pack/identity-padding") / file, read_text(source / file));
    const Exercise& e = embedded_exercise_pack().find("identity-padding");
    const std::string signature =
        "__kernel void reduce_contiguous(__global const T* in, __global const T* in2, "
        "const ulong n, __global ACC* out, __local ACC* scratch TRACE_PARAMS) {\n";
    write("class/alice/identity-padding.cl", *e.solution);
    write("class/bob/identity-padding.cl", e.starter);
    write("class/carol/identity-padding.cl",
          signature +
              "    __global volatile ACC* wild = (__global volatile ACC*)(ulong)16;\n"
              "    wild[get_global_id(0) * 4096] = 1;\n}\n");
    write("class/dave/identity-padding.cl",
          signature + "    volatile __global ACC* o = out;\n    for (;;) o[0] = o[0] + 1;\n}\n");
    write("class/erin/no-such-exercise.cl", *e.solution);
    const fs::path csv = folder_ / "grades.csv";
    const ProcessResult r =
        run_process(REDUCELAB_CLI,
                    {"exercise", "grade", (folder_ / "pack").string(), (folder_ / "class").string(),
                     "--csv", csv.string(), "--timeout", "8", "--oclgrind", "none"});
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    const std::string grades = read_text(csv);
    std::map<std::string, std::string> rows;  // "student,check" -> the line
    std::istringstream lines(grades);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "student,exercise,check,status,figure,message\r");
    while (std::getline(lines, line)) {
        const std::size_t a = line.find(',');
        const std::size_t b = line.find(',', a + 1);
        const std::size_t c = line.find(',', b + 1);
        rows[line.substr(0, a) + "," + line.substr(b + 1, c - b - 1)] = line;
    }
    EXPECT_EQ(rows.size(), 9u) << grades;  // 4 students x 2 checks, and erin's refusal
    EXPECT_NE(rows["alice,correct"].find(",pass,"), std::string::npos) << grades;
    EXPECT_NE(rows["alice,race-free"].find(",skipped,"), std::string::npos) << grades;
    EXPECT_NE(rows["bob,correct"].find(",fail,"), std::string::npos) << grades;
    EXPECT_NE(rows["bob,correct"].find("wrong at n = "), std::string::npos) << grades;
    EXPECT_NE(rows["carol,correct"].find(",fail,"), std::string::npos) << grades;
    EXPECT_NE(rows["carol,correct"].find("signal"), std::string::npos) << grades;
    EXPECT_NE(rows["carol,race-free"].find(",skipped,"), std::string::npos) << grades;
    EXPECT_NE(rows["dave,correct"].find(",fail,"), std::string::npos) << grades;
    EXPECT_NE(rows["dave,correct"].find("did not finish within 8 s"), std::string::npos) << grades;
    EXPECT_NE(rows["erin,submission"].find("no exercise 'no-such-exercise'"), std::string::npos)
        << grades;

    const ProcessResult no_csv = run_process(
        REDUCELAB_CLI,
        {"exercise", "grade", (folder_ / "pack").string(), (folder_ / "class").string()});
    EXPECT_EQ(no_csv.exit_code, 2) << no_csv.err;
}

// A crashing kernel: exit 4, the signal named, the other checks skipped.
TEST_F(ExerciseCommand, ACrashingKernelIsExit4) {
    const Exercise& e = embedded_exercise_pack().find("dot-product");
    const fs::path file =
        write("crash.cl",
              "__kernel void reduce_contiguous(__global const T* in, __global const T* in2, "
              "const ulong n, __global ACC* out, __local ACC* scratch TRACE_PARAMS) {\n"
              "    __global volatile ACC* wild = (__global volatile ACC*)(ulong)16;\n"
              "    wild[get_global_id(0) * 4096] = 1;\n}\n");
    const ProcessResult r = run_process(
        REDUCELAB_CLI, {"exercise", "check", e.id, file.string(), "--oclgrind", "none"});
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.out.find("correct: fail"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("signal"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("race-free: skipped"), std::string::npos) << r.out;
}

// The worker looks the parent's device up by platform, name and position, not by number: a
// device its own process does not list is named in the error, with the devices it does list,
// and a device it lists is found whatever number the parent gave it.
TEST_F(ExerciseCommand, TheWorkerFindsTheParentsDeviceByWhatItIs) {
    const DeviceInfo device = select_device(list_devices(), test::device_spec());
    const auto worker_answer = [&](const json& wanted) {
        const fs::path request = write("request.json", json{{"device", wanted}}.dump());
        const fs::path answer = folder_ / "answer.json";
        const ProcessResult r = run_process(
            REDUCELAB_CLI, {"--custom-kernel-child", "check", request.string(), answer.string()},
            {{"REDUCELAB_SANDBOX_CHILD", "1"}});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return json::parse(read_text(answer));
    };
    const json missing = worker_answer({{"index", device.index},
                                        {"platform", device.platform_name},
                                        {"platform_device_index", device.platform_device_index},
                                        {"name", "No Such Device"}});
    const std::string message = missing.at("error").at("message");
    EXPECT_NE(message.find("does not see the device No Such Device"), std::string::npos) << message;
    EXPECT_NE(message.find(device.name), std::string::npos) << message;

    // Found under another number: the request has no kernel, so the worker gets past the
    // device and fails on the request instead.
    const json renumbered = worker_answer({{"index", device.index + 7},
                                           {"platform", device.platform_name},
                                           {"platform_device_index", device.platform_device_index},
                                           {"name", device.name}});
    const std::string other = renumbered.at("error").at("message");
    EXPECT_EQ(other.find("does not see the device"), std::string::npos) << other;
}

// The engine's API as the GUI calls it: off the caller's thread, with progress, and a stop
// request that kills the sandbox child of a hanging kernel at once.
TEST_F(ExerciseCommand, GradingReportsProgressAndStopsOnRequest) {
    const Exercise& e = embedded_exercise_pack().find("identity-padding");
    GraderOptions options;
    options.worker = REDUCELAB_CLI;
    options.device = select_device(list_devices(), test::device_spec());
    options.timeout_seconds = 300;  // far beyond the stop below
    options.oclgrind = "none";
    std::vector<GradeProgress> steps;
    options.progress = [&steps](const GradeProgress& p) { steps.push_back(p); };
    const GradeReport good = grade_submission(e, *e.solution, options);
    EXPECT_TRUE(good.passed());
    ASSERT_FALSE(steps.empty());
    EXPECT_EQ(steps.front().check, CheckName::Correct);
    EXPECT_EQ(steps.front().steps, e.local_sizes.size() * e.hidden_fills.size());

    const std::string hang =
        "__kernel void reduce_contiguous(__global const T* in, __global const T* in2, "
        "const ulong n, __global ACC* out, __local ACC* scratch TRACE_PARAMS) {\n"
        "    volatile __global ACC* o = out;\n    for (;;) o[0] = o[0] + 1;\n}\n";
    std::stop_source stop;
    std::thread stopper([&stop] {
        std::this_thread::sleep_for(std::chrono::seconds(3));
        stop.request_stop();
    });
    const auto start = std::chrono::steady_clock::now();
    try {
        grade_submission(e, hang, options, stop.get_token());
        ADD_FAILURE() << "a stopped grading returned";
    } catch (const Error& error) {
        EXPECT_EQ(error.kind(), ErrorKind::Cancelled) << error.what();
    }
    stopper.join();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
}

}  // namespace
}  // namespace reducelab
