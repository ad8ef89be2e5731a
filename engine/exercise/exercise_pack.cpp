// The strict reader of exercise packs: every field present, of its type and range, no field the
// format does not know; every refusal names the file and the field.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "launch/custom_one_launch.h"
#include "reducelab/catalog.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/error.h"
#include "reducelab/exercise.h"
#include "reducelab/host_array.h"
#include "reducelab/kernel_sources.h"

namespace reducelab {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr std::uint64_t kMaxHiddenSize = std::uint64_t{1} << 26;
constexpr std::uint64_t kMaxFileBytes = kMaxKernelOverrideBytes;

// The reader of one exercise.json: messages "<file>: field '<path>': <what>".
class Fields {
  public:
    explicit Fields(std::string file) : file_(std::move(file)) {}

    [[noreturn]] void bad(const std::string& field, const std::string& what) const {
        throw Error(ErrorKind::Io, file_ + ": field '" + field + "': " + what);
    }
    [[noreturn]] void bad_file(const std::string& what) const {
        throw Error(ErrorKind::Io, file_ + ": " + what);
    }

    const json& at(const json& object, const std::string& parent, const char* key) const {
        const auto found = object.find(key);
        if (found == object.end()) bad(path(parent, key), "missing");
        return *found;
    }
    // Refuses a key the format does not know, so a misspelt optional field is not ignored.
    void only(const json& object, const std::string& parent,
              std::initializer_list<std::string_view> keys) const {
        for (const auto& [key, value] : object.items())
            if (std::ranges::find(keys, key) == keys.end())
                bad(path(parent, key.c_str()), "unknown field (known: " + joined(keys) + ")");
    }
    std::string string(const json& o, const std::string& parent, const char* key) const {
        const json& v = at(o, parent, key);
        if (!v.is_string() || v.get<std::string>().empty())
            bad(path(parent, key), "expected a non-empty string");
        return v.get<std::string>();
    }
    double number(const json& o, const std::string& parent, const char* key) const {
        const json& v = at(o, parent, key);
        if (!v.is_number()) bad(path(parent, key), "expected a number");
        return v.get<double>();
    }
    std::uint64_t positive(const json& v, const std::string& field) const {
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0)
            bad(field, "expected a positive integer");
        return v.get<std::uint64_t>();
    }
    const json& array(const json& o, const std::string& parent, const char* key) const {
        const json& v = at(o, parent, key);
        if (!v.is_array() || v.empty()) bad(path(parent, key), "expected a non-empty list");
        return v;
    }
    LocalizedText text(const json& o, const std::string& field) const {
        if (!o.is_object()) bad(field, "expected an object with en, zh_CN and zh_TW");
        only(o, field, {"en", "zh_CN", "zh_TW"});
        LocalizedText text;
        for (std::string_view language : kExerciseLanguages) {
            const std::string key(language);
            text.by_language.emplace(key, string(o, field, key.c_str()));
        }
        return text;
    }
    static std::string path(const std::string& parent, const char* key) {
        return parent.empty() ? std::string(key) : parent + "." + key;
    }

  private:
    static std::string joined(std::initializer_list<std::string_view> keys) {
        std::string text;
        for (std::string_view k : keys) text += (text.empty() ? "" : ", ") + std::string(k);
        return text;
    }
    std::string file_;
};

bool valid_id(std::string_view id) {
    return !id.empty() && id.front() != '-' && std::ranges::all_of(id, [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
}

std::vector<CheckName> checks_of(const Fields& f, const json& o, const char* key) {
    std::vector<CheckName> checks;
    const json& list = f.array(o, "", key);
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string field = std::string(key) + "[" + std::to_string(k) + "]";
        const auto check =
            list[k].is_string() ? parse_check_name(list[k].get<std::string>()) : std::nullopt;
        if (!check) f.bad(field, "expected one of correct, behaves, race-free, fast");
        if (std::ranges::find(checks, *check) != checks.end()) f.bad(field, "named twice");
        checks.push_back(*check);
    }
    std::ranges::sort(checks);
    return checks;
}

ErrorBound error_bound_of(const Fields& f, const json& o, const Exercise& e) {
    const std::string where = "error_bound";
    if ((e.type != ElementType::Float32 && e.type != ElementType::Float64) ||
        (e.op != Operation::Sum && e.op != Operation::Dot))
        f.bad(where, "an error bound needs a float sum or dot");
    if (!o.is_object()) f.bad(where, "expected an object");
    f.only(o, where, {"relative_to", "max_relative"});
    ErrorBound bound;
    const std::string relative_to = f.string(o, where, "relative_to");
    if (relative_to == "sum")
        bound.relative_to = ErrorBound::RelativeTo::Sum;
    else if (relative_to == "sum_of_abs")
        bound.relative_to = ErrorBound::RelativeTo::SumOfAbs;
    else
        f.bad(where + ".relative_to", "expected sum or sum_of_abs");
    bound.max_relative = f.number(o, where, "max_relative");
    if (!(bound.max_relative > 0.0) || bound.max_relative >= 1.0)
        f.bad(where + ".max_relative", "must be above 0 and below 1");
    return bound;
}

BehaviourSetup behaviour_of(const Fields& f, const json& o, const Exercise& e) {
    const std::string where = "behaviour";
    if (!o.is_object()) f.bad(where, "expected an object");
    f.only(o, where, {"local_size", "warp_width", "bank_count", "targets"});
    BehaviourSetup setup;
    setup.local_size = f.positive(f.at(o, where, "local_size"), where + ".local_size");
    if (std::ranges::find(e.local_sizes, setup.local_size) == e.local_sizes.end())
        f.bad(where + ".local_size", "must be one of local_sizes");
    const std::uint64_t warp = f.positive(f.at(o, where, "warp_width"), where + ".warp_width");
    if (warp != 4 && warp != 8 && warp != 16 && warp != 32 && warp != 64)
        f.bad(where + ".warp_width", "expected 4, 8, 16, 32 or 64");
    setup.warp_width = static_cast<unsigned>(warp);
    const std::uint64_t banks = f.positive(f.at(o, where, "bank_count"), where + ".bank_count");
    if (banks > 64 || (banks & (banks - 1)) != 0)
        f.bad(where + ".bank_count", "expected a power of two from 1 to 64");
    setup.bank_count = static_cast<unsigned>(banks);
    const json& targets = f.at(o, where, "targets");
    if (!targets.is_object() || targets.empty())
        f.bad(where + ".targets", "expected an object naming at least one figure");
    for (const auto& [name, bounds] : targets.items()) {
        const std::string field = where + ".targets." + name;
        const auto metric = parse_behaviour_metric(name);
        if (!metric) f.bad(field, "unknown figure (known: " + behaviour_metric_names() + ")");
        if (!bounds.is_object() || bounds.empty())
            f.bad(field, "expected an object with max and/or min");
        f.only(bounds, field, {"max", "min"});
        BehaviourTarget target{*metric, {}, {}};
        if (bounds.contains("max")) target.at_most = f.number(bounds, field, "max");
        if (bounds.contains("min")) target.at_least = f.number(bounds, field, "min");
        setup.targets.push_back(target);
    }
    return setup;
}

// The base and reference variants must be copies a student can edit (custom_kernel.h).
// A variant a student's kernel may stand in for: an editable tree variant, or (base_variant
// only) the one-launch single-pass, whose own out[0] is the value checked.
// A pointer, not a reference: GCC 13 takes a reference returned from a call with a temporary
// argument (the field's name) for a dangling one (-Wdangling-reference).
const Variant* editable(const Fields& f, const std::string& field, const std::string& name,
                        bool one_launch_too = false) {
    const Variant* found = nullptr;
    for (const Variant& v : catalog())
        if (v.name == name) found = &v;
    if (!found) f.bad(field, "'" + name + "' is no catalog variant");
    if (!is_editable_variant(*found) && !(one_launch_too && detail::is_one_launch_editable(*found)))
        f.bad(field, "'" + name +
                         "' cannot be a student's copy: only the tree variants that leave one "
                         "partial per work-group can (interleaved ... vector)" +
                         (one_launch_too ? ", and the one-launch single-pass" : ""));
    return found;
}

}  // namespace

const std::string& LocalizedText::in(std::string_view language) const {
    const auto found = by_language.find(language);
    if (found != by_language.end()) return found->second;
    return by_language.at("en");
}

std::string_view to_string(ErrorBound::RelativeTo relative_to) {
    return relative_to == ErrorBound::RelativeTo::Sum ? "sum" : "sum_of_abs";
}

bool Exercise::applies(CheckName check) const {
    return std::ranges::find(checks, check) != checks.end();
}

const Exercise& ExercisePack::find(std::string_view id) const {
    std::string names;
    for (const Exercise& e : exercises) {
        if (e.id == id) return e;
        names += (names.empty() ? "" : ", ") + e.id;
    }
    throw Error(ErrorKind::InvalidArgument,
                "unknown exercise '" + std::string(id) + "' (known: " + names + ")");
}

Exercise parse_exercise(std::string_view where, std::string_view id, std::string_view json_text,
                        std::string_view starter, std::optional<std::string_view> solution) {
    const Fields f(std::string(where) + "/exercise.json");
    json o;
    try {
        o = json::parse(json_text);
    } catch (const json::exception& e) {
        f.bad_file(std::string("not valid JSON: ") + e.what());
    }
    if (!o.is_object()) f.bad_file("expected a JSON object");
    f.only(o, "", {"format",       "id",
                   "order",        "title",
                   "statement",    "hints",
                   "operation",    "type",
                   "accumulator",  "base_variant",
                   "local_sizes",  "hidden_sizes",
                   "hidden_fills", "hidden_specials",
                   "seed",         "error_bound",
                   "behaviour",    "reference_variant",
                   "speed_ratio",  "timed_size",
                   "checks",       "starter_fails"});
    if (f.at(o, "", "format") != 1) f.bad("format", "expected 1 (the only format there is)");
    Exercise e;
    e.id = f.string(o, "", "id");
    if (!valid_id(e.id)) f.bad("id", "use lower-case letters, digits and '-'");
    if (e.id != id)
        f.bad("id", "'" + e.id + "' differs from its folder's name '" + std::string(id) + "'");
    const json& order = f.at(o, "", "order");
    if (!order.is_number_integer()) f.bad("order", "expected an integer");
    e.order = order.get<int>();
    e.title = f.text(f.at(o, "", "title"), "title");
    e.statement = f.text(f.at(o, "", "statement"), "statement");
    const json& hints = f.array(o, "", "hints");
    for (std::size_t k = 0; k < hints.size(); ++k)
        e.hints.push_back(f.text(hints[k], "hints[" + std::to_string(k) + "]"));

    const auto op = parse_operation(f.string(o, "", "operation"));
    if (!op) f.bad("operation", "unknown operation");
    e.op = *op;
    const auto type = parse_element_type(f.string(o, "", "type"));
    if (!type) f.bad("type", "unknown element type");
    e.type = *type;
    if (o.contains("accumulator")) {
        const auto acc = parse_accumulator_mode(f.string(o, "", "accumulator"));
        if (!acc) f.bad("accumulator", "expected default, wide or same");
        e.accumulator = *acc;
    }
    e.base_variant = f.string(o, "", "base_variant");
    const Variant& base = *editable(f, "base_variant", e.base_variant, true);
    const bool one_launch = detail::is_one_launch_editable(base);
    const std::string unsupported = op_unsupported_reason(base, e.op, e.type);
    if (!unsupported.empty()) f.bad("operation", unsupported);

    const json& locals = f.array(o, "", "local_sizes");
    for (std::size_t k = 0; k < locals.size(); ++k) {
        const std::string field = "local_sizes[" + std::to_string(k) + "]";
        const std::uint64_t local = f.positive(locals[k], field);
        if (local > 1024 || (local & (local - 1)) != 0)
            f.bad(field, "expected a power of two up to 1024 (the tree halves it each round)");
        e.local_sizes.push_back(static_cast<std::size_t>(local));
    }
    const json& sizes = f.array(o, "", "hidden_sizes");
    for (std::size_t k = 0; k < sizes.size(); ++k) {
        const std::string field = "hidden_sizes[" + std::to_string(k) + "]";
        const std::uint64_t n = f.positive(sizes[k], field);
        if (n > kMaxHiddenSize) f.bad(field, "above 2^26: the check would take too long");
        e.hidden_sizes.push_back(n);
    }
    std::ranges::sort(e.hidden_sizes);
    const json& fills = f.array(o, "", "hidden_fills");
    for (std::size_t k = 0; k < fills.size(); ++k) {
        const std::string field = "hidden_fills[" + std::to_string(k) + "]";
        const auto fill =
            fills[k].is_string() ? parse_exercise_fill(fills[k].get<std::string>()) : std::nullopt;
        if (!fill) f.bad(field, "expected one of " + exercise_fill_names());
        e.hidden_fills.push_back(*fill);
    }
    if (o.contains("hidden_specials") && one_launch)
        f.bad("hidden_specials", "not with a one-launch base variant (" + e.base_variant + ")");
    if (o.contains("hidden_specials")) {
        if (e.type != ElementType::Float32 && e.type != ElementType::Float64)
            f.bad("hidden_specials", "NaN, infinities and -0.0 need a float type");
        const json& specials = f.array(o, "", "hidden_specials");
        for (std::size_t k = 0; k < specials.size(); ++k) {
            const std::string field = "hidden_specials[" + std::to_string(k) + "]";
            const std::string name = specials[k].is_string() ? specials[k].get<std::string>() : "";
            if (name == "nan")
                e.hidden_specials.push_back(std::numeric_limits<double>::quiet_NaN());
            else if (name == "inf")
                e.hidden_specials.push_back(std::numeric_limits<double>::infinity());
            else if (name == "-inf")
                e.hidden_specials.push_back(-std::numeric_limits<double>::infinity());
            else if (name == "-0.0")
                e.hidden_specials.push_back(-0.0);
            else
                f.bad(field, "expected nan, inf, -inf or -0.0");
        }
    }
    if (o.contains("seed")) e.seed = f.positive(o.at("seed"), "seed");
    if (o.contains("error_bound")) e.error_bound = error_bound_of(f, o.at("error_bound"), e);

    e.checks = checks_of(f, o, "checks");
    e.starter_fails = checks_of(f, o, "starter_fails");
    for (CheckName check : e.starter_fails)
        if (!e.applies(check))
            f.bad("starter_fails", std::string(to_string(check)) + " is not among the checks");
    if (e.error_bound && !e.applies(CheckName::Correct))
        f.bad("error_bound", "given, but correct is not among the checks");
    if (one_launch && e.applies(CheckName::Behaves))
        f.bad("checks", "behaves traces a work-group's tree, which the one-launch " +
                            e.base_variant + " cannot be traced for");
    if (e.applies(CheckName::Behaves) != o.contains("behaviour"))
        f.bad("behaviour", e.applies(CheckName::Behaves)
                               ? "missing: the behaves check needs its targets"
                               : "given, but behaves is not among the checks");
    if (o.contains("behaviour")) e.behaviour = behaviour_of(f, o.at("behaviour"), e);
    if (e.applies(CheckName::Fast)) {
        e.reference_variant = f.string(o, "", "reference_variant");
        const Variant& reference =
            *editable(f, "reference_variant", e.reference_variant, one_launch);
        // Like with like: a one-launch kernel against the one-launch reference, a tree against
        // a tree (both timed to the value on the host, but the tree's host fold is its own).
        if (detail::is_one_launch_editable(reference) != one_launch)
            f.bad("reference_variant",
                  "'" + e.reference_variant + "' is " +
                      (one_launch ? "a tree variant, but the base variant is the one-launch "
                                  : "one-launch, but the base variant is the tree variant ") +
                      e.base_variant + ": the two must finish the same way");
        if (!op_unsupported_reason(reference, e.op, e.type).empty())
            f.bad("reference_variant", op_unsupported_reason(reference, e.op, e.type));
        e.speed_ratio = f.number(o, "", "speed_ratio");
        if (!(e.speed_ratio > 0.0) || e.speed_ratio > 100.0)
            f.bad("speed_ratio", "must be above 0 and at most 100");
        e.timed_size = f.positive(f.at(o, "", "timed_size"), "timed_size");
        if (e.timed_size > kMaxHiddenSize) f.bad("timed_size", "above 2^26");
    } else {
        for (const char* key : {"reference_variant", "speed_ratio", "timed_size"})
            if (o.contains(key)) f.bad(key, "given, but fast is not among the checks");
    }

    const Fields starter_file(std::string(where) + "/starter.cl");
    if (starter.empty()) starter_file.bad_file("empty");
    if (starter.find(base.kernel) == std::string_view::npos)
        starter_file.bad_file("does not define the base variant's kernel " +
                              std::string(base.kernel));
    e.starter = std::string(starter);
    if (solution) {
        if (solution->find(base.kernel) == std::string_view::npos)
            Fields(std::string(where) + "/solution.cl")
                .bad_file("does not define the base variant's kernel " + std::string(base.kernel));
        e.solution = std::string(*solution);
    }
    return e;
}

namespace {

std::optional<std::string> read_text(const fs::path& path, bool required) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        if (required) throw Error(ErrorKind::Io, path.string() + ": missing");
        return std::nullopt;
    }
    if (!fs::is_regular_file(path, ec))
        throw Error(ErrorKind::Io, path.string() + ": not a regular file");
    if (fs::file_size(path, ec) > kMaxFileBytes)
        throw Error(ErrorKind::Io, path.string() + ": above 1 MiB");
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) throw Error(ErrorKind::Io, path.string() + ": cannot be read");
    return text.str();
}

void sort_and_check(ExercisePack& pack) {
    if (pack.exercises.empty())
        throw Error(ErrorKind::Io, pack.origin + ": no exercise (a folder with exercise.json)");
    std::ranges::sort(pack.exercises, [](const Exercise& a, const Exercise& b) {
        return a.order != b.order ? a.order < b.order : a.id < b.id;
    });
}

}  // namespace

ExercisePack read_exercise_pack(const fs::path& folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        throw Error(ErrorKind::Io, folder.string() + ": not a folder");
    ExercisePack pack;
    pack.origin = folder.string();
    std::vector<fs::path> entries;
    for (const auto& entry : fs::directory_iterator(folder, ec))
        if (entry.is_directory()) entries.push_back(entry.path());
    if (ec) throw Error(ErrorKind::Io, folder.string() + ": " + ec.message());
    std::ranges::sort(entries);
    for (const fs::path& dir : entries) {
        const std::string id = dir.filename().string();
        const std::string json_text = *read_text(dir / "exercise.json", true);
        const std::string starter = *read_text(dir / "starter.cl", true);
        const std::optional<std::string> solution = read_text(dir / "solution.cl", false);
        pack.exercises.push_back(
            parse_exercise(dir.string(), id, json_text, starter,
                           solution ? std::optional<std::string_view>(*solution) : std::nullopt));
    }
    sort_and_check(pack);
    return pack;
}

namespace detail {
struct EmbeddedExerciseFile {
    std::string_view path;  // "<id>/exercise.json"
    std::string_view text;
};
std::span<const EmbeddedExerciseFile> embedded_exercise_files();
}  // namespace detail

const ExercisePack& embedded_exercise_pack() {
    static const ExercisePack pack = [] {
        ExercisePack p;
        p.origin = "embedded";
        std::map<std::string, std::map<std::string, std::string_view>> files;
        for (const auto& file : detail::embedded_exercise_files()) {
            const std::size_t slash = file.path.find('/');
            files[std::string(file.path.substr(0, slash))]
                 [std::string(file.path.substr(slash + 1))] = file.text;
        }
        for (const auto& [id, texts] : files) {
            const auto solution = texts.find("solution.cl");
            p.exercises.push_back(parse_exercise(
                "exercises/" + id, id, texts.at("exercise.json"), texts.at("starter.cl"),
                solution == texts.end() ? std::nullopt
                                        : std::optional<std::string_view>(solution->second)));
        }
        sort_and_check(p);
        return p;
    }();
    return pack;
}

ExercisePack default_exercise_pack() {
    const char* folder = std::getenv("REDUCELAB_EXERCISES");
    if (folder && *folder) return read_exercise_pack(folder);
    return embedded_exercise_pack();
}

}  // namespace reducelab
