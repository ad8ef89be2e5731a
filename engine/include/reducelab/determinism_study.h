// The determinism and accuracy study (engine/tuning/determinism_study.cpp): for every catalog
// variant that can sum the chosen input on every chosen device, its determinism report over
// runs, launch shapes and devices (reducelab/determinism.h) and one timed run for the
// error-versus-GB/s frontier. The GUI's Determinism & accuracy window and
// `reducelab-cli determinism --variants` run this one function.
#pragma once

#include <cstddef>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "reducelab/determinism_study_types.h"
#include "reducelab/device_info.h"

namespace reducelab {

class Engine;

struct DeterminismStudyHooks {
    // Before each variant: its name, its index and the number of variants.
    std::function<void(const std::string&, std::size_t, std::size_t)> started;
    // After each variant, failed ones included.
    std::function<void(const DeterminismStudyVariant&)> finished;
    // The engine for the timed run on a device (the GUI passes its cached ones); empty: the
    // study opens its own.
    std::function<Engine&(const DeviceInfo&)> engine_for;
};

// The variants a study runs: the chosen ones (unknown names skipped), or every catalog variant
// that can sum `settings.type` and is available on every device, in catalog order.
std::vector<std::string> study_variants(const DeterminismStudySettings& settings);

// Throws Error(InvalidArgument) for settings no study runs: no device, one device chosen twice
// (repeated_device; the message names it and both places), runs < 1. run_determinism_study and
// study_variant check it first; the GUI's form and the CLI's --devices follow the same rule.
void check_study_settings(const DeterminismStudySettings& settings);

// Runs one variant. Failures are reported in the outcome, not thrown, except Error(Cancelled).
DeterminismStudyVariant study_variant(const DeterminismStudySettings& settings,
                                      const std::string& variant, std::stop_token stop = {},
                                      const DeterminismStudyHooks& hooks = {});

// Runs every variant of study_variants in turn. Throws Error(InvalidArgument) for settings
// check_study_settings refuses or no variant to run, Error(Cancelled) on stop (unless
// settings.stop_keeps_measured).
DeterminismStudyResult run_determinism_study(const DeterminismStudySettings& settings,
                                             std::stop_token stop = {},
                                             const DeterminismStudyHooks& hooks = {});

// The relative error's floor on the log-scale frontier, where exact results are drawn: a
// hundredth of the type's unit roundoff.
double exact_floor(ElementType type);

}  // namespace reducelab
