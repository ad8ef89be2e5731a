// The values an option takes, read from the engine's own tables. Help text, the man page (made
// from the help) and bash completion all take them from here, so the three cannot disagree.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class Option;
}

namespace reducelab::cli {

struct Choices {
    std::string what;                // "operation": the word in "unknown operation 'x'"
    std::vector<std::string> names;  // every value the option takes, in the table's order
    bool checked = true;             // false: completion offers them, others are accepted too
    // The engine's parser, where it takes more than the names (aliases such as "double").
    std::function<bool(std::string_view)> accepts;
};

Choices operation_choices();
Choices element_type_choices();
Choices fill_choices();
Choices finish_choices();  // the engine's finishes and "auto"
Choices accumulator_choices();
Choices layout_choices();
Choices timing_method_choices();
Choices result_path_choices();
Choices split_choices();
Choices tuning_scope_choices();
Choices suite_choices();
Choices preset_choices();
Choices variant_choices();          // unchecked: a kernel folder may add variants
Choices study_variant_choices();    // "all" and the variants (determinism --variants)
Choices device_choices();           // unchecked: also an index or a name
Choices exercise_action_choices();  // list, show, check, grade
Choices language_choices();         // the exercises' languages: en, zh_CN, zh_TW

// "a, b, c" and "a|b|c".
std::string comma_list(const Choices& choices);
std::string bar_list(const Choices& choices);

// Attaches the choices to an option: a checked option refuses any other value (each item of a
// comma list, empty items aside) with "unknown <what> 'x' (known: ...)", and completion offers
// them. Returns the option.
CLI::Option* offer(CLI::Option* option, Choices choices);
// The choices attached to an option, or nullptr when it takes a free value.
const Choices* choices_of(const CLI::Option* option);

}  // namespace reducelab::cli
