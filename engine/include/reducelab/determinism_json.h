// The determinism report as JSON (engine/io/determinism_json.cpp).
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/determinism_report.h"
#include "reducelab/determinism_study_types.h"

namespace reducelab {

// The report's and the study's version: 2 writes values in the results file's shape (put_value
// in reducelab/result_json.h: "reference", "correctly_rounded", each result's "value",
// "abs_error" and "condition_number" a number, or null spelled "nan"/"inf"/"-inf" in *_text;
// argmin/argmax's index in "index"/"reference_index"/...). Version 1 had no "schema" field, wrote
// values as to_json(Value), errors and condition numbers as a number or "nan"/"inf", and each
// result's "text"; it still reads (determinism_report_from_json).
inline constexpr const char* kDeterminismSchema = "reducelab-determinism/2";

// The report as JSON (engine/io/determinism_json.cpp): what `reducelab-cli determinism --json`
// prints (the CLI adds "tool" and "created_utc") and what a GUI session keeps of a study.
nlohmann::json to_json(const DeterminismReport& report);
// Strict: throws Error(Io) "determinism report: <where>: <why>" for the first missing, mistyped
// or unknown field. The request's shapes are not in the report: only its base, devices and runs.
DeterminismReport determinism_report_from_json(const nlohmann::json& json);

// One variant of a study: its name, its report (to_json above) or its "error", and its timed
// run as "frontier" (gbps, relative_error, exact, verified, result_bits, result_text). A study
// and a GUI session write it alike.
nlohmann::json to_json(const DeterminismStudyVariant& variant);

// A study as JSON: what `reducelab-cli determinism --variants ... --json` prints (the CLI adds
// "tool" and "created_utc"): its settings, then per variant its report (to_json above) or its
// error, and its timed run ("frontier", as a GUI session keeps it, with "verified").
nlohmann::json to_json(const DeterminismStudyResult& study);

}  // namespace reducelab
