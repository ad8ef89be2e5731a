// The determinism study: one determinism report and one timed run per variant, in catalog order.
#include "reducelab/determinism_study.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

#include "reducelab/catalog.h"
#include "reducelab/determinism.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"

namespace reducelab {

namespace {

bool runs_everywhere(const Variant& variant, const DeterminismStudySettings& settings) {
    if (!op_unsupported_reason(variant, Operation::Sum, settings.type).empty()) return false;
    for (const DeviceInfo& device : settings.devices)
        if (!availability(variant, device).available) return false;
    return true;
}

RunRequest base_request(const DeterminismStudySettings& settings, const Variant& variant) {
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

double relative_error(const Value& value, const Value& exact) {
    const double v = value.as_double();
    const double e = exact.as_double();
    if (std::isnan(v) || std::isinf(v)) return std::numeric_limits<double>::infinity();
    const double difference = std::fabs(v - e);
    return e != 0.0 ? difference / std::fabs(e) : difference;
}

}  // namespace

void check_study_settings(const DeterminismStudySettings& settings) {
    if (settings.devices.empty())
        throw Error(ErrorKind::InvalidArgument, "give at least one device");
    if (const auto twice = repeated_device(settings.devices)) {
        const DeviceInfo& device = settings.devices[*twice];
        std::size_t first = 0;
        while (settings.devices[first].index != device.index) ++first;
        throw Error(ErrorKind::InvalidArgument,
                    "device " + std::to_string(device.index) + " (" + device.name +
                        ") is chosen twice, as device " + std::to_string(first + 1) +
                        " and device " + std::to_string(*twice + 1) +
                        ": a study would count its bits twice; choose each device once");
    }
    if (settings.runs < 1)
        throw Error(ErrorKind::InvalidArgument,
                    "runs must be at least 1 (got " + std::to_string(settings.runs) + ")");
}

std::vector<std::string> study_variants(const DeterminismStudySettings& settings) {
    std::vector<std::string> names;
    for (const Variant& variant : catalog()) {
        const std::string name(variant.name);
        if (!settings.variants.empty() &&
            std::find(settings.variants.begin(), settings.variants.end(), name) ==
                settings.variants.end())
            continue;
        if (runs_everywhere(variant, settings)) names.push_back(name);
    }
    return names;
}

DeterminismStudyVariant study_variant(const DeterminismStudySettings& settings,
                                      const std::string& name, std::stop_token stop,
                                      const DeterminismStudyHooks& hooks) {
    DeterminismStudyVariant study;
    study.variant = name;
    try {
        check_study_settings(settings);
        const Variant& variant = find_variant(name);
        DeterminismRequest request;
        request.base = base_request(settings, variant);
        request.devices.clear();
        for (const DeviceInfo& device : settings.devices)
            request.devices.push_back(std::to_string(device.index));
        request.local_sizes = settings.local_sizes;
        request.work_groups = settings.work_groups;
        request.runs = settings.runs;
        study.report = run_determinism(request, stop);

        RunRequest timed = request.base;
        timed.repeat = settings.timed_repeats;
        timed.warmup = 1;
        std::unique_ptr<Engine> own;  // only without hooks.engine_for
        Engine& engine = hooks.engine_for
                             ? hooks.engine_for(settings.devices.front())
                             : *(own = std::make_unique<Engine>(settings.devices.front()));
        const RunResult result = engine.run(timed, stop);
        const Value& exact = study.report->correctly_rounded;
        study.timed = true;
        study.gbps = result.gbps;
        study.verified = result.verified;
        study.result_bits = result_bits(result.value);
        study.result_text = result.value.to_string();
        study.exact = study.result_bits == result_bits(exact);
        study.relative_error = study.exact ? 0.0 : relative_error(result.value, exact);
    } catch (const Error& error) {
        if (error.kind() == ErrorKind::Cancelled) throw;
        study.error = error.what();
    }
    return study;
}

DeterminismStudyResult run_determinism_study(const DeterminismStudySettings& settings,
                                             std::stop_token stop,
                                             const DeterminismStudyHooks& hooks) {
    check_study_settings(settings);
    const std::vector<std::string> names = study_variants(settings);
    if (names.empty())
        throw Error(ErrorKind::InvalidArgument,
                    "no variant to study: none of the chosen variants can sum " +
                        std::string(to_string(settings.type)) + " on every chosen device");
    // One engine per device for the timed runs, kept over the variants: programs build once.
    std::map<std::size_t, std::unique_ptr<Engine>> engines;
    DeterminismStudyHooks with_engines = hooks;
    if (!with_engines.engine_for)
        with_engines.engine_for = [&engines](const DeviceInfo& device) -> Engine& {
            auto& engine = engines[device.index];
            if (!engine) engine = std::make_unique<Engine>(device);
            return *engine;
        };
    DeterminismStudyResult study;
    study.settings = settings;
    for (std::size_t i = 0; i < names.size(); ++i) {
        try {
            if (stop.stop_requested())
                throw Error(ErrorKind::Cancelled, "determinism study cancelled");
            if (hooks.started) hooks.started(names[i], i, names.size());
            DeterminismStudyVariant variant = study_variant(settings, names[i], stop, with_engines);
            variant.index = i;
            variant.total = names.size();
            if (hooks.finished) hooks.finished(variant);
            study.variants.push_back(std::move(variant));
        } catch (const Error& error) {
            if (error.kind() != ErrorKind::Cancelled || !settings.stop_keeps_measured) throw;
            study.complete = false;
            break;
        }
    }
    return study;
}

double exact_floor(ElementType type) {
    const double unit_roundoff =
        type == ElementType::Float64 ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24);
    return unit_roundoff / 100.0;
}

}  // namespace reducelab
