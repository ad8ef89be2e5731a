// The window's settings to the engine's study, and its variants back.
#include "determinism_study.h"

#include "engine_text.h"

namespace reducelab::ui {

DeterminismStudySettings toEngine(const DeterminismSettings& s) {
    DeterminismStudySettings out;
    out.fill = s.fill;
    out.type = s.type;
    out.n = s.n;
    out.seed = s.seed;
    out.runs = s.runs;
    out.local_sizes = s.localSizes;
    out.work_groups = s.workGroups;
    out.devices = s.devices;
    for (const QString& name : s.variants) out.variants.push_back(name.toStdString());
    out.finish = s.finish;
    out.timed_repeats = s.timedRepeats;
    return out;
}

VariantStudy fromEngine(const DeterminismStudyVariant& v) {
    VariantStudy out;
    out.index = static_cast<int>(v.index);
    out.total = static_cast<int>(v.total);
    out.variant = qs(v.variant);
    out.report = v.report;
    out.error = QString::fromStdString(v.error);
    out.timed = v.timed;
    out.gbps = v.gbps;
    out.relativeError = v.relative_error;
    out.exact = v.exact;
    out.resultBits = qs(v.result_bits);
    out.resultText = qs(v.result_text);
    return out;
}

QStringList studyVariants(const DeterminismSettings& settings) {
    QStringList names;
    for (const std::string& name : study_variants(toEngine(settings))) names << qs(name);
    return names;
}

double exactFloor(ElementType type) {
    return exact_floor(type);
}

}  // namespace reducelab::ui
