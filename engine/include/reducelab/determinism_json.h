// The determinism report as JSON (engine/io/determinism_json.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

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

// The study's settings as the study's JSON holds them ("type", "n", "input", "seed",
// "runs_per_shape", "local_sizes", "work_groups", "finish" (a finish or "auto"),
// "timed_repeats", "devices"): to_json(DeterminismStudyResult) writes them at its top level and
// a GUI session under its study's "settings". The reader is strict about these fields and
// ignores any other (the study's own "schema", "variants", ...).
nlohmann::json to_json(const DeterminismStudySettings& settings);
DeterminismStudySettings study_settings_from_json(const nlohmann::json& json);

// What is known of a study whose settings were not kept (a GUI session saved before it kept
// them), from its variants' reports: the type, input, size, seed, runs and devices of the first
// report. With no report (every variant failed), `known`: what the caller still knows, such as
// the type and input a chart's title names. Either way no local sizes, no work-group counts, no
// finish ("auto") and timed_repeats 0, none of which a report records for the study.
DeterminismStudySettings study_settings_from_reports(
    const std::vector<DeterminismStudyVariant>& variants, DeterminismStudySettings known = {});

// The file `reducelab-cli determinism --json` prints and the GUI's determinism window exports:
// to_json above with "tool" (the program that wrote it, "reducelab-cli 0.1.0") and "created_utc"
// (now). One function, so that the CLI and the GUI write the same document.
nlohmann::json determinism_document(const DeterminismReport& report, const std::string& tool);
nlohmann::json determinism_document(const DeterminismStudyResult& study, const std::string& tool);

}  // namespace reducelab
