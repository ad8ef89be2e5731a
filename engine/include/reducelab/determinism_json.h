// The determinism report as JSON (engine/io/determinism_json.cpp).
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/determinism_report.h"

namespace reducelab {

// The report as JSON (engine/io/determinism_json.cpp): what `reducelab-cli determinism --json`
// prints (the CLI adds "tool" and "created_utc") and what a GUI session keeps of a study.
nlohmann::json to_json(const DeterminismReport& report);
// Strict: throws Error(Io) "determinism report: <where>: <why>" for the first missing, mistyped
// or unknown field. The request's shapes are not in the report: only its base, devices and runs.
DeterminismReport determinism_report_from_json(const nlohmann::json& json);

}  // namespace reducelab
