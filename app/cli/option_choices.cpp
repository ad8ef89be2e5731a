// Option values from the engine's tables, and the CLI11 check that holds options to them.
#include "option_choices.h"

#include <CLI/CLI.hpp>
#include <map>
#include <mutex>

#include "reducelab/autotune.h"
#include "reducelab/bench_suites.h"
#include "reducelab/catalog.h"
#include "reducelab/exercise.h"
#include "reducelab/host_array.h"
#include "reducelab/presets.h"
#include "reducelab/split_model.h"
#include "reducelab/type_lists.h"
#include "reducelab/types.h"

namespace reducelab::cli {
namespace {

template <typename Range, typename Parse>
Choices named(std::string what, const Range& values, Parse parse) {
    Choices choices{std::move(what), {}, true, [parse](std::string_view text) {
                        return parse(text).has_value();
                    }};
    for (const auto& value : values) choices.names.emplace_back(to_string(value));
    return choices;
}

// Options are registered once per program start, the registry lives as long as the program.
std::map<const CLI::Option*, Choices>& registry() {
    static std::map<const CLI::Option*, Choices> options;
    return options;
}
std::mutex& registry_mutex() {
    static std::mutex mutex;
    return mutex;
}

std::string joined(const Choices& choices, const char* separator) {
    std::string text;
    for (const std::string& name : choices.names) text += (text.empty() ? "" : separator) + name;
    return text;
}

}  // namespace

Choices operation_choices() {
    return named("operation", all_operations(),
                 [](std::string_view t) { return parse_operation(t); });
}
Choices element_type_choices() {
    return named("type", all_element_types(),
                 [](std::string_view t) { return parse_element_type(t); });
}
Choices fill_choices() {
    return named("fill", all_fills(), [](std::string_view t) { return parse_fill(t); });
}
Choices finish_choices() {
    Choices choices =
        named("finish", all_finishes(), [](std::string_view t) { return parse_finish(t); });
    choices.names.insert(choices.names.begin(), "auto");
    return choices;
}
Choices accumulator_choices() {
    return named("accumulator", all_accumulator_modes(),
                 [](std::string_view t) { return parse_accumulator_mode(t); });
}
Choices layout_choices() {
    return named("layout", all_access_layouts(),
                 [](std::string_view t) { return parse_access_layout(t); });
}
Choices timing_method_choices() {
    return named("timing method", all_timing_methods(),
                 [](std::string_view t) { return parse_timing_method(t); });
}
Choices result_path_choices() {
    return named("result path", all_result_paths(),
                 [](std::string_view t) { return parse_result_path(t); });
}
Choices split_choices() {
    return named("split", all_split_policies(),
                 [](std::string_view t) { return parse_split_policy(t); });
}
Choices tuning_scope_choices() {
    return named("scope", all_tuning_scopes(),
                 [](std::string_view t) { return parse_tuning_scope(t); });
}
Choices suite_choices() {
    Choices choices{"suite", {}, true, {}};
    for (std::string_view name : suite_names()) choices.names.emplace_back(name);
    return choices;
}
Choices preset_choices() {
    Choices choices{"preset", {}, true, {}};
    for (const Preset& preset : presets()) choices.names.emplace_back(preset.name);
    return choices;
}
Choices variant_choices() {
    Choices choices{"variant", {}, false, {}};
    for (const Variant& variant : catalog()) choices.names.emplace_back(variant.name);
    return choices;
}
Choices study_variant_choices() {
    Choices choices = variant_choices();
    choices.names.insert(choices.names.begin(), "all");
    return choices;
}
Choices device_choices() {
    return Choices{"device", {"gpu", "cpu"}, false, {}};
}

Choices exercise_action_choices() {
    Choices choices{"exercise action", {"list", "show", "check", "grade"}, true, {}};
    return choices;
}
Choices language_choices() {
    Choices choices{"language", {}, true, {}};
    for (std::string_view language : kExerciseLanguages) choices.names.emplace_back(language);
    return choices;
}

std::string comma_list(const Choices& choices) {
    return joined(choices, ", ");
}
std::string bar_list(const Choices& choices) {
    return joined(choices, "|");
}

CLI::Option* offer(CLI::Option* option, Choices choices) {
    if (choices.checked) {
        // The engine's own parsers decide (they also take aliases such as "double"); the message
        // lists the names the help and the completion show.
        const std::string what = choices.what;
        const std::vector<std::string> names = choices.names;
        const std::string known = comma_list(choices);
        const auto accepts = choices.accepts;
        option->check(CLI::Validator(
            [what, names, known, accepts](std::string& item) -> std::string {
                if (item.empty()) return {};  // "a,,b": the list's own rule forgives it
                for (const std::string& name : names)
                    if (name == item) return {};
                if (accepts && accepts(item)) return {};
                return "unknown " + what + " '" + item + "' (known: " + known + ")";
            },
            ""));
    }
    const std::lock_guard lock(registry_mutex());
    registry()[option] = std::move(choices);
    return option;
}

const Choices* choices_of(const CLI::Option* option) {
    const std::lock_guard lock(registry_mutex());
    const auto found = registry().find(option);
    return found == registry().end() ? nullptr : &found->second;
}

}  // namespace reducelab::cli
