// The determinism report as JSON (engine/io/determinism_json.cpp).
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/determinism_report.h"
#include "reducelab/determinism_study_types.h"

namespace reducelab {

// The report as JSON (engine/io/determinism_json.cpp): what `reducelab-cli determinism --json`
// prints (the CLI adds "tool" and "created_utc") and what a GUI session keeps of a study.
nlohmann::json to_json(const DeterminismReport& report);
// Strict: throws Error(Io) "determinism report: <where>: <why>" for the first missing, mistyped
// or unknown field. The request's shapes are not in the report: only its base, devices and runs.
DeterminismReport determinism_report_from_json(const nlohmann::json& json);

// A study as JSON: what `reducelab-cli determinism --variants ... --json` prints (the CLI adds
// "tool" and "created_utc"): its settings, then per variant its report (to_json above) or its
// error, and its timed run ("frontier", as a GUI session keeps it, with "verified").
nlohmann::json to_json(const DeterminismStudyResult& study);

}  // namespace reducelab
