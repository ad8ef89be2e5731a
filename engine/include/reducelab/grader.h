// The grader of exercises (exercise.h): a student's kernel through named checks, each pass, fail
// or skipped with a sentence and the measured figure. Every run of the student's kernel goes
// through the custom-kernel machinery (custom_kernel.h) in a sandbox child
// (custom_kernel_child.h), so a crash, a hang or a compiler failure is a failed check and never
// the caller's end. Blocking: the GUI calls it off its thread, with a progress callback and a
// stop token; the CLI calls it directly. Qt-free.
#pragma once

#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/device_info.h"
#include "reducelab/exercise.h"
#include "reducelab/sandbox.h"
#include "reducelab/trace_types.h"

namespace reducelab {

enum class CheckStatus { Pass, Fail, Skipped };
std::string_view to_string(CheckStatus status);

struct CheckResult {
    CheckName check = CheckName::Correct;
    CheckStatus status = CheckStatus::Skipped;
    std::string sentence;  // what was found, in English: "wrong at n = 1001 ...", "skipped: ..."
    std::string figure;    // the measured figure: "24/24 cases", "max_conflict_degree=2", "0.91x"
};

struct GradeReport {
    std::string exercise;
    std::vector<CheckResult> checks;  // one per check that applies, in kAllChecks order
    // The student's traced work-group (the behaves check), for showing it beside the reference.
    std::optional<StepTrace> trace;
    // False when the kernel did not build, crashed or hung (the correct check says which).
    bool kernel_ran = true;
    bool passed() const;  // no check failed and at least one passed (skipped ones do not fail)
    const CheckResult* find(CheckName check) const;
};

// Progress while grading: which check runs, and which of its steps.
struct GradeProgress {
    CheckName check = CheckName::Correct;
    std::size_t step = 0;   // 0-based
    std::size_t steps = 1;  // of this check
    std::string what;       // "local size 64, fill random"
};

struct GraderOptions {
    std::string worker;  // the sandbox child's program: reducelab-cli
    DeviceInfo device;   // the device to grade on (its index picks it in the child)
    double timeout_seconds = sandbox::kDefaultTimeoutSeconds;  // per child run; 0: none
    // Oclgrind for race-free: empty looks for "oclgrind" on PATH; "none" skips the check.
    std::string oclgrind;
    double oclgrind_timeout_seconds = 300.0;
    int repeat = 5;  // timed runs of the fast check, each side (median and p10-p90 reported)
    // Called on the grading thread before each step.
    std::function<void(const GradeProgress&)> progress;
};

// Grades `kernel_text` against the exercise. Never throws for anything the kernel does (a build
// error, a crash, a timeout, a wrong answer: a failed check with the reason); Error(Cancelled)
// when `stop` is requested, Error(Io) when the worker cannot be started.
GradeReport grade_submission(const Exercise& exercise, std::string_view kernel_text,
                             const GraderOptions& options, std::stop_token stop = {});

// One work-group's trace as the behaves check takes it: the exercise's problem with a random
// fill, its base variant, and the behaviour's local size, warp width and bank count (without a
// behaviour, the largest local size the exercise allows, up to 64). No program text: the caller
// adds the student's kernel, or traces the catalog's variant; the GUI steps both with it.
TraceRequest exercise_trace_request(const Exercise& exercise);

// The figure of a step trace that a behaviour target names, for its first traced work-group.
double behaviour_figure(const StepTrace& trace, BehaviourMetric metric);

// Where oclgrind is: `configured` when it names a file, else the one on PATH; "" when there is
// none (the race-free check is then skipped, saying so).
std::string find_oclgrind(const std::string& configured);

// Whether a run of `request` under Oclgrind's data-race checker reports a race, or an access
// outside a buffer (Oclgrind always checks those).
struct RaceCheck {
    bool race = false;
    std::string report;  // Oclgrind's first message about it
};
struct CustomKernelRequest;
// Runs the check in a sandbox child under Oclgrind; throws Error(OpenCL) when the child fails
// (timeout, crash, no result), Error(Cancelled) on a stop request.
RaceCheck check_races(const CustomKernelRequest& request, const std::string& oclgrind,
                      const std::string& worker, double timeout_seconds, std::stop_token stop);

}  // namespace reducelab
