// The grader's checks: correct (the CPU reference on every hidden case), behaves (the step
// trace's counters against the targets), race-free (Oclgrind) and fast (throughput against the
// reference variant, both timed the same way). Each run of the student's kernel is a sandbox child.
#include "reducelab/grader.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "reducelab/catalog.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/custom_kernel_child.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"
#include "reducelab/statistics.h"
#include "reducelab/units.h"

namespace reducelab {

std::string_view to_string(CheckStatus status) {
    switch (status) {
        case CheckStatus::Pass:
            return "pass";
        case CheckStatus::Fail:
            return "fail";
        case CheckStatus::Skipped:
            return "skipped";
    }
    return "?";
}

bool GradeReport::passed() const {
    return std::ranges::none_of(
               checks, [](const CheckResult& c) { return c.status == CheckStatus::Fail; }) &&
           std::ranges::any_of(checks,
                               [](const CheckResult& c) { return c.status == CheckStatus::Pass; });
}

const CheckResult* GradeReport::find(CheckName check) const {
    for (const CheckResult& c : checks)
        if (c.check == check) return &c;
    return nullptr;
}

namespace {

// A value, with its index for argmin/argmax.
std::string shown(const Value& value) {
    return value.index ? value.to_string() + " at index " + std::to_string(*value.index)
                       : value.to_string();
}

using units::fixed;

std::string figure_text(double value) {
    return value == static_cast<double>(static_cast<long long>(value))
               ? std::to_string(static_cast<long long>(value))
               : fixed(value, 2);
}

// What a failed run says: the error's message and, for a build, the first lines of the log.
std::string describe_error(const Error& e) {
    std::string text = e.what();
    if (!e.build_log().empty()) {
        std::istringstream log(e.build_log());
        std::string line;
        int shown = 0;
        while (shown < 3 && std::getline(log, line))
            if (line.find("error") != std::string::npos) {
                text += (shown ? " | " : ": ") + line;
                ++shown;
            }
    }
    return text;
}

class Grader {
  public:
    Grader(const Exercise& exercise, std::string_view text, const GraderOptions& options,
           std::stop_token stop)
        : e_(exercise), text_(text), options_(options), stop_(std::move(stop)) {}

    GradeReport run() {
        GradeReport report;
        report.exercise = e_.id;
        for (CheckName check : e_.checks) {
            if (stop_.stop_requested()) throw Error(ErrorKind::Cancelled, "grading was cancelled");
            report.checks.push_back(run_check(check, report));
        }
        report.kernel_ran = blocked_.empty();
        return report;
    }

  private:
    CheckResult run_check(CheckName check, GradeReport& report) {
        if (!blocked_.empty() && check != CheckName::Correct)
            return {check, CheckStatus::Skipped, "skipped: " + blocked_, ""};
        // A wrong kernel is still traced and checked for races (they often say why it is
        // wrong), but timing it would say nothing.
        if (!wrong_.empty() && check == CheckName::Fast)
            return {check, CheckStatus::Skipped, "skipped: " + wrong_, ""};
        try {
            switch (check) {
                case CheckName::Correct:
                    return correct();
                case CheckName::Behaves:
                    return behaves(report);
                case CheckName::RaceFree:
                    return race_free();
                case CheckName::Fast:
                    return fast();
            }
        } catch (const Error& error) {
            if (error.kind() == ErrorKind::Cancelled) throw;
            return {check, CheckStatus::Fail, describe_error(error), ""};
        }
        return {check, CheckStatus::Skipped, "", ""};
    }

    void progress(CheckName check, std::size_t step, std::size_t steps, std::string what) const {
        if (options_.progress)
            options_.progress(GradeProgress{check, step, steps, std::move(what)});
    }

    CustomKernelIsolation isolation() const {
        return CustomKernelIsolation{options_.worker, options_.device, options_.timeout_seconds};
    }

    CustomKernelRequest request(std::size_t local_size, Fill fill) const {
        CustomKernelRequest r;
        r.op = e_.op;
        r.type = e_.type;
        r.accumulator = e_.accumulator;
        r.seed = e_.seed;
        r.fill = fill;
        r.base_variant = e_.base_variant;
        r.file_text = std::string(text_);
        r.file_name = e_.id + ".cl";
        r.local_size = local_size;
        r.repeat = 1;
        r.warmup = 0;
        return r;
    }

    // One case of the correct check: a local size, a fill, and maybe one special value.
    struct Case {
        std::size_t local_size = 0;
        Fill fill = Fill::Random;
        std::optional<double> special;
        std::string what() const {
            std::string text = "local size " + std::to_string(local_size) + ", fill " +
                               std::string(to_string(fill));
            if (special) text += " with " + special_name(*special);
            return text;
        }
    };

    static std::string special_name(double v) {
        if (std::isnan(v)) return "a NaN";
        if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
        return std::signbit(v) ? "-0.0" : std::to_string(v);
    }

    CheckResult correct() {
        std::vector<Case> runs;
        for (std::size_t local : e_.local_sizes) {
            for (Fill fill : e_.hidden_fills) runs.push_back({local, fill, std::nullopt});
            for (double special : e_.hidden_specials)
                runs.push_back({local, e_.hidden_fills.front(), special});
        }
        const std::size_t cases = runs.size() * e_.hidden_sizes.size();
        std::size_t verified = 0;
        for (std::size_t step = 0; step < runs.size(); ++step) {
            const Case& run = runs[step];
            const std::string what = run.what();
            progress(CheckName::Correct, step, runs.size(), what);
            CustomKernelRequest r = request(run.local_size, run.fill);
            r.sizes = e_.hidden_sizes;
            if (run.special) r.planted = {*run.special};
            CustomKernelResult result;
            try {
                result = run_custom_kernel_isolated(r, isolation(), stop_);
            } catch (const Error& error) {
                if (error.kind() == ErrorKind::Cancelled) throw;
                blocked_ = "your kernel did not run (see correct)";
                return {CheckName::Correct, CheckStatus::Fail,
                        "at " + what + ": " + describe_error(error),
                        std::to_string(verified) + "/" + std::to_string(cases) + " cases"};
            }
            for (const CustomSizeCheck& c : result.checks) {
                std::string problem;
                if (!c.verified || c.mismatched_groups != 0) {
                    problem = mismatch(c, what);
                } else if (e_.error_bound) {
                    const BoundCheck bound = check_bound(*e_.error_bound, c);
                    worst_ = std::max(worst_, bound.relative);
                    if (!bound.holds) problem = bound_missed(bound, c, what);
                }
                if (problem.empty()) {
                    ++verified;
                    continue;
                }
                wrong_ = "your kernel is not correct yet (see correct)";
                return {CheckName::Correct, CheckStatus::Fail, problem,
                        std::to_string(verified) + "/" + std::to_string(cases) +
                            " cases before this one"};
            }
        }
        std::string text = std::string("matches the CPU reference on every hidden size, fill") +
                           (e_.hidden_specials.empty() ? "" : ", special value") +
                           " and local size";
        if (e_.error_bound)
            text += "; the largest error is " + relative_text(worst_) + " of " +
                    scale_name(*e_.error_bound) +
                    " (bound: " + relative_text(e_.error_bound->max_relative) + ")";
        return {CheckName::Correct, CheckStatus::Pass, text,
                std::to_string(verified) + "/" + std::to_string(cases) + " cases"};
    }

    // The exercise's error bound on one size: the partials added exactly against the exact sum.
    struct BoundCheck {
        bool holds = false;
        double error = 0.0;     // |exact sum of the partials - exact sum of the input|
        double relative = 0.0;  // error / the bound's scale
    };

    static BoundCheck check_bound(const ErrorBound& bound, const CustomSizeCheck& c) {
        BoundCheck b;
        if (!c.exact_partials) {  // a NaN or infinite partial
            b.relative = std::numeric_limits<double>::infinity();
            b.error = b.relative;
            return b;
        }
        b.error = std::fabs(*c.exact_partials - c.exact_sum);
        const double scale = bound.relative_to == ErrorBound::RelativeTo::Sum
                                 ? std::fabs(c.exact_sum)
                                 : c.sum_of_abs;
        b.relative = scale > 0.0      ? b.error / scale
                     : b.error == 0.0 ? 0.0
                                      : std::numeric_limits<double>::infinity();
        b.holds = b.relative <= bound.max_relative;
        return b;
    }

    static std::string scale_name(const ErrorBound& bound) {
        return bound.relative_to == ErrorBound::RelativeTo::Sum ? "|sum|" : "sum |x|";
    }

    static std::string relative_text(double value) {
        if (!std::isfinite(value)) return "unbounded";
        std::ostringstream out;
        out.precision(2);
        out << value;
        return out.str();
    }

    std::string bound_missed(const BoundCheck& b, const CustomSizeCheck& c,
                             const std::string& what) const {
        const ErrorBound& bound = *e_.error_bound;
        std::ostringstream out;
        out.precision(9);
        out << "error above the bound at n = " << c.n << " (" << what
            << "): your partials add up to "
            << (c.exact_partials ? *c.exact_partials : std::numeric_limits<double>::quiet_NaN())
            << ", the exact sum is " << c.exact_sum << "; the error " << relative_text(b.error)
            << " is " << relative_text(b.relative) << " of " << scale_name(bound) << " ("
            << relative_text(bound.relative_to == ErrorBound::RelativeTo::Sum
                                 ? std::fabs(c.exact_sum)
                                 : c.sum_of_abs)
            << "), above the bound " << relative_text(bound.max_relative);
        return out.str();
    }

    static std::string mismatch(const CustomSizeCheck& c, const std::string& what) {
        std::string text = "wrong at n = " + std::to_string(c.n) + " (" + what + "): ";
        if (!c.verified)
            text += "the device gave " + shown(c.value) + ", the CPU " + shown(c.reference);
        // A one-launch kernel's partials stay on the device: out[0] is checked alone.
        if (!c.verified && c.mismatched_groups == 0) return text;
        text += (c.verified ? "" : "; ") + std::to_string(c.mismatched_groups) + " of " +
                std::to_string(c.work_groups) + " work-groups differ";
        if (c.first_mismatch) {
            const GroupMismatch& m = *c.first_mismatch;
            text += ", first work-group " + std::to_string(m.group) + " (" +
                    std::to_string(m.elements) + " elements from index " +
                    std::to_string(m.first_element) + "): " + shown(m.device) + " instead of " +
                    shown(m.reference);
        }
        return text;
    }

    CheckResult behaves(GradeReport& report) {
        const BehaviourSetup& setup = *e_.behaviour;
        if (!follows_trace_convention(text_))
            return {CheckName::Behaves, CheckStatus::Fail,
                    "your kernel cannot be traced: keep TRACE_PARAMS in its signature, "
                    "TRACE_SNAPSHOT after each barrier and TRACE_ACCESS for each combine",
                    ""};
        progress(CheckName::Behaves, 0, 1,
                 "tracing a work-group of " + std::to_string(setup.local_size));
        TraceRequest t = exercise_trace_request(e_);
        t.program_text = custom_program_source(text_, e_.id + ".cl");
        StepTrace trace = run_trace_isolated(t, isolation(), stop_);
        bool holds = true;
        std::string found;
        std::string figures;
        for (const BehaviourTarget& target : setup.targets) {
            const double value = behaviour_figure(trace, target.metric);
            const bool ok = (!target.at_most || value <= *target.at_most) &&
                            (!target.at_least || value >= *target.at_least);
            holds = holds && ok;
            const std::string name(to_string(target.metric));
            figures += (figures.empty() ? "" : " ") + name + "=" + figure_text(value);
            std::string wanted;
            if (target.at_most) wanted = "at most " + figure_text(*target.at_most);
            if (target.at_least)
                wanted +=
                    (wanted.empty() ? "" : " and ") + ("at least " + figure_text(*target.at_least));
            found += (found.empty() ? "" : "; ") + name + " is " + figure_text(value) +
                     " (target: " + wanted + ")" + (ok ? "" : " — missed");
        }
        const std::string where = " in a work-group of " + std::to_string(setup.local_size) +
                                  " with " + std::to_string(setup.warp_width) + "-wide warps and " +
                                  std::to_string(setup.bank_count) + " banks";
        report.trace = std::move(trace);
        return {CheckName::Behaves, holds ? CheckStatus::Pass : CheckStatus::Fail, found + where,
                figures};
    }

    CheckResult race_free() {
        const std::string oclgrind = find_oclgrind(options_.oclgrind);
        if (oclgrind.empty())
            return {CheckName::RaceFree, CheckStatus::Skipped,
                    options_.oclgrind == "none"
                        ? "skipped: the race check was turned off"
                        : "skipped: Oclgrind is not installed (Debian 12 and Ubuntu 24.04 package "
                          "it as 'oclgrind')",
                    ""};
        const Variant& base = find_variant(e_.base_variant);
        std::size_t step = 0;
        for (std::size_t local : e_.local_sizes) {
            progress(CheckName::RaceFree, step++, e_.local_sizes.size(),
                     "under Oclgrind, local size " + std::to_string(local));
            CustomKernelRequest r = request(local, Fill::Random);
            // A few work-groups, the last one partial (as tests/race do).
            const std::uint64_t per_group =
                base.coverage == Coverage::TwoPerItem ? 2 * std::uint64_t{local} : local;
            r.sizes = {3 * per_group + 5};
            const RaceCheck found =
                check_races(r, oclgrind, options_.worker, options_.oclgrind_timeout_seconds, stop_);
            if (found.race)
                return {CheckName::RaceFree, CheckStatus::Fail,
                        "Oclgrind reports " +
                            std::string(found.report.find("data race") != std::string::npos
                                            ? "a data race"
                                            : "an access outside a buffer") +
                            " at local size " + std::to_string(local) + ": " + found.report,
                        found.report.find("data race") != std::string::npos ? "race"
                                                                            : "invalid access"};
        }
        return {CheckName::RaceFree, CheckStatus::Pass,
                "Oclgrind reports no data race and no access outside a buffer at any allowed "
                "local size",
                "no race"};
    }

    // The student's kernel and the reference, timed by the same method (a sandbox child each,
    // host finish, warm-up then `repeat` runs) in alternating rounds, so that a change in the
    // machine's load between the two does not decide the ratio.
    CheckResult fast() {
        const std::size_t local = *std::ranges::max_element(e_.local_sizes);
        CustomKernelRequest mine = request(local, Fill::Random);
        mine.sizes = {e_.timed_size};
        mine.repeat = std::max(1, options_.repeat);
        mine.warmup = 1;
        const Variant& reference = find_variant(e_.reference_variant);
        CustomKernelRequest theirs = mine;
        theirs.base_variant = e_.reference_variant;
        theirs.file_text = std::string(kernel_source(reference.file));
        theirs.file_name = std::string(reference.file);
        constexpr int kRounds = 3;
        std::vector<double> yours_ms;
        std::vector<double> ref_ms;
        for (int round = 0; round < kRounds; ++round)
            for (int side = 0; side < 2; ++side) {
                const bool student = (side == 0) == (round % 2 == 0);
                progress(CheckName::Fast, static_cast<std::size_t>(2 * round + side), 2 * kRounds,
                         student ? "timing your kernel"
                                 : "timing the reference " + e_.reference_variant);
                const CustomKernelResult timed =
                    run_custom_kernel_isolated(student ? mine : theirs, isolation(), stop_);
                std::vector<double>& into = student ? yours_ms : ref_ms;
                into.insert(into.end(), timed.repeat_ms.begin(), timed.repeat_ms.end());
            }
        const Spread y = spread_of(yours_ms);
        const Spread r = spread_of(ref_ms);
        const double ratio = y.median > 0 ? r.median / y.median : 0.0;
        // The input's bytes, as custom kernel results count them (dot reads two inputs).
        const double bytes = static_cast<double>(e_.timed_size * size_of(e_.type)) *
                             (e_.op == Operation::Dot ? 2 : 1);
        const auto timing = [bytes](const Spread& s) {
            return units::gbps(units::gbps_of(bytes, s.median)) + " (median " +
                   units::ms(s.median) + ", p10-p90 " + units::ms_number(s.p10) + "-" +
                   units::ms(s.p90) + ", " + std::to_string(s.runs) + " runs)";
        };
        // Slower only when the runs show it: a kernel fails when even its fastest runs (p10)
        // against the reference's slowest (p90) miss the target, so noise on a shared machine
        // never fails a student (nor a test).
        const double best_case = y.p10 > 0 ? r.p90 / y.p10 : 0.0;
        const bool ok = ratio >= e_.speed_ratio || best_case >= e_.speed_ratio;
        const std::string within =
            ok && ratio < e_.speed_ratio
                ? "; below the target at the medians, but within the runs' spread (up to " +
                      fixed(best_case, 2) + "x)"
                : "";
        return {CheckName::Fast, ok ? CheckStatus::Pass : CheckStatus::Fail,
                fixed(ratio, 2) + "x the throughput of " + e_.reference_variant + " (target: " +
                    fixed(e_.speed_ratio, 2) + "x) at n = " + std::to_string(e_.timed_size) +
                    ", local size " + std::to_string(local) + ": yours " + timing(y) +
                    ", reference " + timing(r) + within,
                fixed(ratio, 2) + "x"};
    }

    const Exercise& e_;
    std::string_view text_;
    const GraderOptions& options_;
    std::stop_token stop_;
    std::string blocked_;  // why the later checks cannot run (the kernel did not run)
    std::string wrong_;    // why the fast check is not run (the kernel gave a wrong answer)
    double worst_ = 0.0;   // correct: the largest error relative to the bound's scale so far
};

}  // namespace

TraceRequest exercise_trace_request(const Exercise& exercise) {
    TraceRequest t;
    t.op = exercise.op;
    t.type = exercise.type;
    t.accumulator = exercise.accumulator;
    t.seed = exercise.seed;
    t.fill = Fill::Random;
    t.variant = exercise.base_variant;
    if (exercise.behaviour) {
        t.local_size = exercise.behaviour->local_size;
        t.warp_width = exercise.behaviour->warp_width;
        t.bank_count = exercise.behaviour->bank_count;
    } else {
        t.local_size = exercise.local_sizes.empty() ? 64 : exercise.local_sizes.back();
        t.local_size = std::min<std::size_t>(t.local_size, 64);
    }
    return t;
}

GradeReport grade_submission(const Exercise& exercise, std::string_view kernel_text,
                             const GraderOptions& options, std::stop_token stop) {
    if (kernel_text.empty()) {
        GradeReport report;
        report.exercise = exercise.id;
        report.kernel_ran = false;
        for (CheckName check : exercise.checks)
            report.checks.push_back(
                {check, check == CheckName::Correct ? CheckStatus::Fail : CheckStatus::Skipped,
                 "the kernel is empty", ""});
        return report;
    }
    return Grader(exercise, kernel_text, options, std::move(stop)).run();
}

}  // namespace reducelab
