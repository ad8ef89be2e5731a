// The determinism and accuracy study behind the Determinism & accuracy window: for every catalog
// variant that can sum the chosen input, the distinct results it gives over runs, launch shapes
// and devices (reducelab/determinism.h), and one timed run for the error-versus-GB/s frontier.
// Plain values, filled on the engine thread; the variants come from the catalog, so a new
// variant appears without changes here.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

#include "reducelab/determinism.h"
#include "reducelab/device_info.h"
#include "reducelab/host_array.h"
#include "reducelab/types.h"

namespace reducelab::ui {

class EngineCache;

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

// The variants a study runs: the chosen ones (unknown names skipped), or every catalog variant
// that can sum `type` and is available on every device, in catalog order.
QStringList studyVariants(const DeterminismSettings& settings);

// Runs one variant (engine thread). Failures are reported in the outcome, not thrown, except
// Error(Cancelled).
VariantStudy studyVariant(EngineCache& engines, const DeterminismSettings& settings,
                          const QString& variant, std::stop_token stop);

// The relative error's floor on the log-scale frontier, where exact results are drawn: a
// hundredth of the type's unit roundoff.
double exactFloor(ElementType type);

}  // namespace reducelab::ui
