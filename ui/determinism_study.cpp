// The study's engine-thread work: one determinism report and one timed run per variant.
#include "determinism_study.h"

#include <cmath>
#include <limits>
#include <string>

#include "engine_session.h"
#include "engine_text.h"
#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"

namespace reducelab::ui {

namespace {

bool runsEverywhere(const Variant& variant, const DeterminismSettings& settings) {
    if (!op_unsupported_reason(variant, Operation::Sum, settings.type).empty()) return false;
    for (const DeviceInfo& device : settings.devices)
        if (!availability(variant, device).available) return false;
    return true;
}

RunRequest baseRequest(const DeterminismSettings& settings, const Variant& variant) {
    RunRequest request;
    request.op = Operation::Sum;
    request.type = settings.type;
    request.n = settings.n;
    request.fill = settings.fill;
    request.seed = settings.seed;
    request.variant = std::string(variant.name);
    request.finish = settings.finish && accepts_finish(variant, *settings.finish)
                         ? *settings.finish
                         : natural_finish(variant);
    return request;
}

double relativeError(const Value& value, const Value& exact) {
    const double v = value.as_double();
    const double e = exact.as_double();
    if (std::isnan(v) || std::isinf(v)) return std::numeric_limits<double>::infinity();
    const double difference = std::fabs(v - e);
    return e != 0.0 ? difference / std::fabs(e) : difference;
}

}  // namespace

QStringList studyVariants(const DeterminismSettings& settings) {
    QStringList names;
    for (const Variant& variant : catalog()) {
        const QString name = qs(variant.name);
        if (!settings.variants.isEmpty() && !settings.variants.contains(name)) continue;
        if (runsEverywhere(variant, settings)) names.push_back(name);
    }
    return names;
}

VariantStudy studyVariant(EngineCache& engines, const DeterminismSettings& settings,
                          const QString& name, std::stop_token stop) {
    VariantStudy study;
    study.variant = name;
    try {
        const Variant& variant = find_variant(name.toStdString());
        DeterminismRequest request;
        request.base = baseRequest(settings, variant);
        request.devices.clear();
        for (const DeviceInfo& device : settings.devices)
            request.devices.push_back(std::to_string(device.index));
        request.local_sizes = settings.localSizes;
        request.work_groups = settings.workGroups;
        request.runs = settings.runs;
        study.report = run_determinism(request, stop);

        RunRequest timed = request.base;
        timed.repeat = settings.timedRepeats;
        timed.warmup = 1;
        const RunResult result = engines.engineFor(settings.devices.front()).run(timed, stop);
        const Value& exact = study.report->correctly_rounded;
        study.timed = true;
        study.gbps = result.gbps;
        study.resultBits = qs(result_bits(result.value));
        study.resultText = qs(result.value.to_string());
        study.exact = result_bits(result.value) == result_bits(exact);
        study.relativeError = study.exact ? 0.0 : relativeError(result.value, exact);
    } catch (const Error& error) {
        if (error.kind() == ErrorKind::Cancelled) throw;
        study.error = QString::fromUtf8(error.what());
    }
    return study;
}

double exactFloor(ElementType type) {
    const double unitRoundoff =
        type == ElementType::Float64 ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24);
    return unitRoundoff / 100.0;
}

}  // namespace reducelab::ui
