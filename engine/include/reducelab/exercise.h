// Exercises: reduction problems for a course, as data. A pack is a folder of exercises, each a
// folder <id>/ with a strict exercise.json (texts in en, zh_CN and zh_TW; the problem; the base
// catalog variant whose kernel name, coverage and launch geometry the student's kernel uses; the
// hidden sizes and fills; the behaviour targets; the reference variant and the speed ratio; the
// checks that apply), starter.cl and optionally solution.cl. The course's own pack is embedded in
// the binary; a teacher's pack is read from disk. docs/exercises.md describes the format. Qt-free.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reducelab/host_array.h"
#include "reducelab/types.h"

namespace reducelab {

// The languages every text of an exercise has.
inline constexpr std::string_view kExerciseLanguages[] = {"en", "zh_CN", "zh_TW"};

// One text in every language: "en", "zh_CN", "zh_TW".
struct LocalizedText {
    std::map<std::string, std::string, std::less<>> by_language;
    // The text in `language`, or the English one when the language is not one of the three.
    const std::string& in(std::string_view language) const;
};

// The named checks of the grader (grader.h), in the order they run.
enum class CheckName { Correct, Behaves, RaceFree, Fast };
std::string_view to_string(CheckName check);
std::optional<CheckName> parse_check_name(std::string_view text);
inline constexpr CheckName kAllChecks[] = {CheckName::Correct, CheckName::Behaves,
                                           CheckName::RaceFree, CheckName::Fast};

// The figures of a step trace that behaviour targets name (behaviour_metrics in grader.h).
enum class BehaviourMetric {
    DivergentWarpRounds,          // warps with active and idle lanes, summed over the rounds
    DivergentWarpRoundsWideTree,  // the same, over the rounds where a warp's worth is active
    MaxConflictDegree,            // the worst bank-conflict degree of any round (1: none)
    BankConflicts,                // sum over rounds of (degree - 1) per conflicting bank
    BarrierRounds,                // rounds of the tree after the load
    FirstRoundActive,             // work-items that combine in the first round
    IdleAtFirstRound,             // work-items that do nothing in the first round
};
std::string_view to_string(BehaviourMetric metric);
std::optional<BehaviourMetric> parse_behaviour_metric(std::string_view text);
// "divergent_warp_rounds, ..." for messages.
std::string behaviour_metric_names();

struct BehaviourTarget {
    BehaviourMetric metric = BehaviourMetric::DivergentWarpRounds;
    std::optional<double> at_most;
    std::optional<double> at_least;
};

// An exercise's own error bound on a float sum or dot (the correct check): the device's partials,
// added exactly on the host, may differ from the exact sum of the input by at most
// max_relative times |exact sum| (relative_to "sum") or sum |x| ("sum_of_abs").
struct ErrorBound {
    enum class RelativeTo { Sum, SumOfAbs };
    RelativeTo relative_to = RelativeTo::SumOfAbs;
    double max_relative = 0.0;
};
std::string_view to_string(ErrorBound::RelativeTo relative_to);

// How the behaviour check traces one work-group of the student's kernel.
struct BehaviourSetup {
    std::size_t local_size = 64;
    unsigned warp_width = 32;
    unsigned bank_count = 32;
    std::vector<BehaviourTarget> targets;
};

struct Exercise {
    std::string id;  // the folder's name: lower case, digits and '-'
    int order = 0;   // place in the course (the list is sorted by it)
    LocalizedText title;
    LocalizedText statement;
    std::vector<LocalizedText> hints;  // revealed one by one
    Operation op = Operation::Sum;
    ElementType type = ElementType::Int32;
    AccumulatorMode accumulator = AccumulatorMode::Default;
    std::string base_variant;              // an editable tree variant (custom_kernel.h)
    std::vector<std::size_t> local_sizes;  // every one is checked
    std::vector<std::uint64_t> hidden_sizes;
    std::vector<Fill> hidden_fills;
    // Special values, each planted alone into the first fill's input in a case of its own
    // (float types only): NaN, +inf, -inf, -0.0 as "nan", "inf", "-inf", "-0.0".
    std::vector<double> hidden_specials;
    std::uint64_t seed = 1;
    std::optional<ErrorBound> error_bound;    // float sums and dots: checked by correct
    std::optional<BehaviourSetup> behaviour;  // present when the behaves check applies
    std::string reference_variant;            // timed against by the fast check
    double speed_ratio = 0.0;       // fast: the student's throughput / the reference's, at least
    std::uint64_t timed_size = 0;   // the size the fast check times
    std::vector<CheckName> checks;  // the checks that apply, in kAllChecks order
    std::vector<CheckName> starter_fails;  // what the starter gets wrong (tests hold it)
    std::string starter;                   // starter.cl
    std::optional<std::string> solution;   // solution.cl, when the pack has one

    bool applies(CheckName check) const;
};

// A pack: its exercises sorted by order, then id.
struct ExercisePack {
    std::string origin;  // "embedded" or the folder it was read from
    std::vector<Exercise> exercises;
    // Throws Error(InvalidArgument) naming the known ids when `id` is not one.
    const Exercise& find(std::string_view id) const;
};

// Parses one exercise from its files' texts; `where` names the folder in messages. Throws
// Error(Io) "<where>/exercise.json: field 'speed_ratio': must be above 0" and the like: every
// refusal names the file and the field.
Exercise parse_exercise(std::string_view where, std::string_view id, std::string_view json_text,
                        std::string_view starter, std::optional<std::string_view> solution);

// Reads every <id>/ folder of `folder` (other files are ignored; a folder without exercise.json
// is refused). Throws Error(Io) naming the file and the field for a malformed exercise, and for
// a pack without any exercise.
ExercisePack read_exercise_pack(const std::filesystem::path& folder);

// The course's pack of resources/exercises/, embedded at build time.
const ExercisePack& embedded_exercise_pack();

// The embedded pack, or the one read from $REDUCELAB_EXERCISES when that is set (the GUI and the
// CLI: a teacher's pack without a rebuild).
ExercisePack default_exercise_pack();

}  // namespace reducelab
