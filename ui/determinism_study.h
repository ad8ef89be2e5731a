// The Determinism & accuracy window's side of the study that the engine runs
// (reducelab/determinism_study.h): the form's settings and each variant's outcome in Qt's words,
// converted once on the way to the engine and once per finished variant on the way back. Which
// variants run, their requests and the runs are the engine's, shared with the CLI.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

#include "reducelab/determinism_study.h"
#include "reducelab/device_info.h"
#include "reducelab/host_array.h"
#include "reducelab/types.h"

namespace reducelab::ui {

struct DeterminismSettings {
    Fill fill = Fill::Cancel;
    ElementType type = ElementType::Float32;
    std::uint64_t n = 1 << 16;
    std::uint64_t seed = 1;
    int runs = 3;
    std::vector<std::size_t> localSizes{64, 256};
    std::vector<std::uint64_t> workGroups{3, 16, 128};
    std::vector<DeviceInfo> devices;  // one or two (the same device twice is allowed)
    QStringList variants;             // empty: every catalog variant that can run the sum
    std::optional<Finish> finish;     // empty: each variant's natural finish
    int timedRepeats = 5;             // the frontier's timed run: median of these
};

// One variant of a study: its determinism report and its point on the frontier.
struct VariantStudy {
    int index = 0;  // among the study's variants
    int total = 0;
    QString variant;
    std::optional<DeterminismReport> report;  // empty when the variant failed
    QString error;
    // The frontier: one timed run on the first device, default launch.
    bool timed = false;
    double gbps = 0.0;
    double relativeError = 0.0;  // |result - exact| / |exact| (absolute when the exact sum is 0)
    bool exact = false;          // the result is the exact sum correctly rounded
    QString resultBits;
    QString resultText;
};

struct DeterminismStudy {
    DeterminismSettings settings;
    std::vector<VariantStudy> variants;
};

DeterminismStudySettings toEngine(const DeterminismSettings& settings);
VariantStudy fromEngine(const DeterminismStudyVariant& study);

// The variants a study runs (study_variants): the chosen ones, or every catalog variant that
// can sum the type on every device, in catalog order.
QStringList studyVariants(const DeterminismSettings& settings);

// The frontier's floor for exact results (exact_floor).
double exactFloor(ElementType type);

}  // namespace reducelab::ui
