// reducelab-cli exercise list|show|check|grade: the course's exercises (reducelab/exercise.h)
// and their grader (reducelab/grader.h). Every student kernel runs in a sandbox child of this
// program (--timeout bounds each child run).
#include <CLI/CLI.hpp>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli.h"
#include "commands.h"
#include "option_choices.h"
#include "output_paths.h"
#include "reducelab/class_grading.h"
#include "reducelab/custom_kernel_child.h"
#include "reducelab/device_info.h"
#include "reducelab/error.h"
#include "reducelab/exercise.h"
#include "reducelab/grader.h"
#include "reducelab/kernel_sources.h"

namespace reducelab::cli {
namespace {

struct ExerciseOptions {
    std::string action;
    std::vector<std::string> args;
    std::string pack;
    std::string language = "en";
    std::string csv;
    std::string oclgrind;
    int repeat = 5;
    bool json = false;
};

void want_args(const ExerciseOptions& o, std::size_t count, const char* usage) {
    if (o.args.size() != count)
        throw Error(ErrorKind::InvalidArgument, "exercise " + o.action + " takes " + usage +
                                                    " (got " + std::to_string(o.args.size()) +
                                                    " argument" + (o.args.size() == 1 ? "" : "s") +
                                                    ")");
}

ExercisePack pack_of(const ExerciseOptions& o) {
    return o.pack.empty() ? default_exercise_pack() : read_exercise_pack(o.pack);
}

std::string read_kernel(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw Error(ErrorKind::Io, path + ": no such file (or not a regular file)");
    if (std::filesystem::file_size(path, ec) > kMaxKernelOverrideBytes)
        throw Error(ErrorKind::Io, path + ": above 1 MiB");
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) throw Error(ErrorKind::Io, path + ": cannot be read");
    return text.str();
}

GraderOptions grader_options(const Context& ctx, const ExerciseOptions& o) {
    if (ctx.self_executable.empty())
        throw Error(ErrorKind::Unsupported,
                    "grading needs reducelab-cli's own path to start its sandbox child");
    GraderOptions options;
    options.worker = ctx.self_executable;
    // Listed by a sandbox child, as every kernel of the check runs in one: on some GPU machines
    // a child does not see the GPU once its parent has loaded the GPU's OpenCL driver.
    options.device = select_device(list_devices_isolated(ctx.self_executable, ctx.timeout_seconds),
                                   ctx.device_spec);
    options.timeout_seconds = ctx.timeout_seconds;
    options.oclgrind = o.oclgrind;
    options.repeat = o.repeat;
    return options;
}

nlohmann::json report_json(const GradeReport& report, const std::string& file) {
    nlohmann::json checks = nlohmann::json::array();
    for (const CheckResult& c : report.checks)
        checks.push_back({{"check", to_string(c.check)},
                          {"status", to_string(c.status)},
                          {"figure", c.figure},
                          {"sentence", c.sentence}});
    return {{"exercise", report.exercise},
            {"file", file},
            {"passed", report.passed()},
            {"kernel_ran", report.kernel_ran},
            {"checks", checks}};
}

int list(const Context& ctx, const ExerciseOptions& o) {
    want_args(o, 0, "no argument");
    const ExercisePack pack = pack_of(o);
    if (o.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const Exercise& e : pack.exercises) {
            nlohmann::json checks = nlohmann::json::array();
            for (CheckName c : e.checks) checks.push_back(to_string(c));
            list.push_back({{"id", e.id},
                            {"order", e.order},
                            {"title", e.title.in(o.language)},
                            {"base_variant", e.base_variant},
                            {"operation", to_string(e.op)},
                            {"type", to_string(e.type)},
                            {"checks", checks}});
        }
        ctx.out << nlohmann::json{{"pack", pack.origin}, {"exercises", list}}.dump(2) << "\n";
        return kOk;
    }
    for (const Exercise& e : pack.exercises) {
        std::string checks;
        for (CheckName c : e.checks)
            checks += (checks.empty() ? "" : ", ") + std::string(to_string(c));
        ctx.out << e.order << ". " << e.id << " — " << e.title.in(o.language) << " ["
                << e.base_variant << ", " << to_string(e.op) << " " << to_string(e.type) << "; "
                << checks << "]\n";
    }
    return kOk;
}

int show(const Context& ctx, const ExerciseOptions& o) {
    want_args(o, 1, "NAME");
    const ExercisePack pack = pack_of(o);
    const Exercise& e = pack.find(o.args[0]);
    ctx.out << e.title.in(o.language) << " (" << e.id << ")\n\n"
            << e.statement.in(o.language) << "\n\n";
    for (std::size_t k = 0; k < e.hints.size(); ++k)
        ctx.out << "hint " << k + 1 << ": " << e.hints[k].in(o.language) << "\n";
    ctx.out << "\nbase variant: " << e.base_variant << " (" << to_string(e.op) << ", "
            << to_string(e.type) << "), local sizes:";
    for (std::size_t local : e.local_sizes) ctx.out << " " << local;
    ctx.out << "\nchecks:";
    for (CheckName c : e.checks) ctx.out << " " << to_string(c);
    if (e.error_bound)
        ctx.out << "\ncorrect: an error of at most " << e.error_bound->max_relative << " of "
                << (e.error_bound->relative_to == ErrorBound::RelativeTo::Sum ? "|sum|"
                                                                              : "sum |x|");
    if (e.applies(CheckName::Fast))
        ctx.out << "\nfast: at least " << e.speed_ratio << "x the throughput of "
                << e.reference_variant;
    ctx.out << "\n\n--- starter.cl ---\n" << e.starter;
    return kOk;
}

int check(const Context& ctx, const ExerciseOptions& o) {
    want_args(o, 2, "NAME FILE.cl");
    const ExercisePack pack = pack_of(o);
    const Exercise& e = pack.find(o.args[0]);
    const std::string text = read_kernel(o.args[1]);
    GraderOptions options = grader_options(ctx, o);
    if (!o.json)
        options.progress = [&ctx](const GradeProgress& p) {
            ctx.err << "[" << to_string(p.check) << " " << p.step + 1 << "/" << p.steps << "] "
                    << p.what << "\n";
        };
    const GradeReport report = grade_submission(e, text, options);
    if (o.json) {
        ctx.out << report_json(report, o.args[1]).dump(2) << "\n";
    } else {
        for (const CheckResult& c : report.checks)
            ctx.out << to_string(c.check) << ": " << to_string(c.status)
                    << (c.figure.empty() ? "" : " (" + c.figure + ")") << " — " << c.sentence
                    << "\n";
    }
    if (!report.kernel_ran) return kDeviceFailure;
    return report.passed() ? kOk : kNotVerified;
}

int grade(const Context& ctx, const ExerciseOptions& o) {
    want_args(o, 2, "PACK_DIR SUBMISSIONS_DIR");
    if (o.csv.empty())
        throw Error(ErrorKind::InvalidArgument, "exercise grade needs --csv FILE for the grades");
    check_output_paths({{"--csv", o.csv}});
    const ExercisePack pack = read_exercise_pack(o.args[0]);
    const std::vector<Submission> submissions = find_submissions(o.args[1]);
    if (submissions.empty())
        throw Error(ErrorKind::InvalidArgument,
                    o.args[1] + ": no submission (expected STUDENT/EXERCISE.cl)");
    const GraderOptions options = grader_options(ctx, o);
    std::ostream& report = is_standard_output(o.csv) ? ctx.err : ctx.out;
    const std::vector<GradeRow> rows =
        grade_class(pack, submissions, options, [&](const Submission& s, std::size_t index) {
            report << "grading " << s.student << "/" << s.exercise << " (" << index + 1 << "/"
                   << submissions.size() << ")\n";
        });
    write_output(ctx.out, o.csv, grades_csv(rows));
    std::size_t passed = 0;
    for (const GradeRow& row : rows) passed += row.status == "pass";
    report << rows.size() << " rows, " << passed << " passed, written to " << output_name(o.csv)
           << "\n";
    return kOk;
}

}  // namespace

Command add_exercise_command(CLI::App& app) {
    auto* sub = app.add_subcommand(
        "exercise",
        "the course's exercises: list, show NAME, check NAME FILE.cl (the grader's checks "
        "correct, behaves, race-free, fast), grade PACK_DIR SUBMISSIONS_DIR --csv FILE (one row "
        "per student, exercise and check; SUBMISSIONS_DIR/STUDENT/EXERCISE.cl)");
    auto o = std::make_shared<ExerciseOptions>();
    offer(sub->add_option("action", o->action, bar_list(exercise_action_choices()))->required(),
          exercise_action_choices());
    sub->add_option("args", o->args, "NAME, NAME FILE.cl, or PACK_DIR SUBMISSIONS_DIR");
    path_option(sub->add_option("--pack", o->pack,
                                "a pack folder instead of the embedded one (list, show, check; "
                                "$REDUCELAB_EXERCISES)")
                    ->envname("REDUCELAB_EXERCISES"));
    offer(sub->add_option("--lang", o->language,
                          "the language of titles, statements and hints: " +
                              bar_list(language_choices()) + " (default en)"),
          language_choices());
    path_option(sub->add_option("--csv", o->csv, "grade: the grades' CSV file ('-': stdout)"));
    sub->add_option("--oclgrind", o->oclgrind,
                    "the oclgrind program for race-free (default: on PATH; 'none' skips the "
                    "check)");
    sub->add_option("--repeat", o->repeat, "timed runs of each side of the fast check")
        ->check(CLI::Range(1, 1000));
    sub->add_flag("--json", o->json, "list, check: one JSON object");
    return [o](Context& ctx) {
        if (o->action == "list") return list(ctx, *o);
        if (o->action == "show") return show(ctx, *o);
        if (o->action == "check") return check(ctx, *o);
        return grade(ctx, *o);
    };
}

}  // namespace reducelab::cli
