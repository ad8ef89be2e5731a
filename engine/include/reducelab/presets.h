// The seed articles' examples as named presets: a complete request and the answer the article
// (or the arithmetic behind it) documents, so that any device can be checked against it.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "reducelab/accumulator.h"
#include "reducelab/run_types.h"

namespace reducelab {

struct Preset {
    std::string name;         // "seed-000"
    std::string title;        // one line for lists
    std::string source;       // the article it reproduces
    std::string description;  // what it shows and why the expected answer is what it is
    RunRequest request;
    Value expected;  // the documented answer
};

std::span<const Preset> presets();
// Throws Error(InvalidArgument) naming the known presets when `name` is not one.
const Preset& find_preset(std::string_view name);
// The device's value is the documented one (integers exactly; the presets are integer sums).
bool matches_expected(const Preset& preset, const Value& value);
// The equivalent `reducelab-cli run` options, for people who want to vary the example.
std::string command_line(const Preset& preset);

}  // namespace reducelab
