// The determinism lab: repeated runs over launch shapes and devices, and their classification.
#include "reducelab/determinism.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>

#include "reducelab/catalog.h"
#include "reducelab/device_info.h"
#include "reducelab/devices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/reference.h"

namespace reducelab {
namespace {

// Counts results in first-seen order.
class Tally {
  public:
    void add(const Value& value, double abs_error) {
        const std::string bits = result_bits(value);
        for (DistinctResult& r : results_)
            if (r.bits == bits) {
                ++r.count;
                return;
            }
        results_.push_back({bits, value, 1, abs_error});
    }
    const std::vector<DistinctResult>& results() const { return results_; }

  private:
    std::vector<DistinctResult> results_;
};

double error_against(const Value& value, const Value& exact) {
    if (value.kind != Value::Kind::Float) return std::fabs(value.as_double() - exact.as_double());
    if (std::isnan(value.f) && std::isnan(exact.f)) return 0.0;
    if (value.f == exact.f) return 0.0;  // also equal infinities
    return std::fabs(value.f - exact.f);
}

// The shapes to launch: (local size, global size or 0).
std::vector<std::pair<std::size_t, std::uint64_t>> shapes_of(const DeterminismRequest& request) {
    const bool grid_stride = find_variant(request.base.variant).coverage == Coverage::GridStride;
    std::vector<std::pair<std::size_t, std::uint64_t>> shapes;
    for (std::size_t local : request.local_sizes) {
        if (!grid_stride) {
            shapes.emplace_back(local, 0);
            continue;
        }
        for (std::uint64_t groups : request.work_groups) shapes.emplace_back(local, groups * local);
    }
    return shapes;
}

}  // namespace

// One device named twice ("0,0", or "0,cpu" on a machine whose device 0 is the CPU) would count
// its bits twice and could call a single device device-invariant.
void check_distinct_devices(const std::vector<std::string>& specs) {
    if (specs.size() < 2) return;
    const std::vector<DeviceInfo> listed = list_devices();
    std::vector<DeviceInfo> chosen;
    for (const std::string& spec : specs) chosen.push_back(select_device(listed, spec));
    const auto twice = repeated_device(chosen);
    if (!twice) return;
    const DeviceInfo& device = chosen[*twice];
    const auto first = std::find_if(chosen.begin(), chosen.end(),
                                    [&](const DeviceInfo& d) { return d.index == device.index; });
    const auto shown = [](const std::string& spec) {
        return spec.empty() ? std::string("the default device") : "'" + spec + "'";
    };
    throw Error(ErrorKind::InvalidArgument,
                "--devices names device " + std::to_string(device.index) + " (" + device.name +
                    ") twice, as " +
                    shown(specs[static_cast<std::size_t>(first - chosen.begin())]) + " and " +
                    shown(specs[*twice]) + "; name each device once");
}

DeterminismReport run_determinism(
    const DeterminismRequest& request, std::stop_token stop,
    const std::function<void(const ShapeOutcome&, std::size_t, std::size_t)>& shape_done) {
    if (request.runs < 1)
        throw Error(ErrorKind::InvalidArgument,
                    "runs must be at least 1 (got " + std::to_string(request.runs) + ")");
    if (request.local_sizes.empty())
        throw Error(ErrorKind::InvalidArgument, "give at least one local size");
    if (request.work_groups.empty())
        throw Error(ErrorKind::InvalidArgument, "give at least one work-group count");
    if (request.devices.empty())
        throw Error(ErrorKind::InvalidArgument, "give at least one device");
    for (std::uint64_t groups : request.work_groups)
        if (groups == 0)
            throw Error(ErrorKind::InvalidArgument, "a launch needs at least 1 work-group (got 0)");
    for (std::size_t local : request.local_sizes)
        if (local == 0)
            throw Error(ErrorKind::InvalidArgument, "local size must be at least 1 (got 0)");

    DeterminismReport report;
    report.request = request;
    RunRequest base = request.base;
    base.repeat = 1;
    base.warmup = 0;
    const Inputs inputs = make_inputs(base);
    report.n = inputs.first->size();
    const AccumulatorSpec spec = accumulator_for(base.op, base.type, base.accumulator);
    const Reference reference =
        compute_reference(base.op, spec, *inputs.first, inputs.second.get());
    report.reference = reference.value;
    report.exact_sum_known = reference.exact_sum_known && base.op != Operation::Mean;
    const bool single = spec.value_type == ElementType::Float32;
    report.correctly_rounded = report.exact_sum_known
                                   ? Value::of_float(reference.correctly_rounded, single)
                                   : reference.value;
    if (report.exact_sum_known)
        report.condition_number = reference.value.f != 0.0
                                      ? reference.magnitude / std::fabs(reference.value.f)
                                      : std::numeric_limits<double>::infinity();
    const Value& exact = report.exact_sum_known ? report.correctly_rounded : reference.value;

    const auto shapes = shapes_of(request);
    Tally everything;
    std::vector<std::vector<std::vector<std::string>>> bits;
    const std::size_t total_shapes = request.devices.size() * shapes.size();
    std::size_t shapes_done = 0;
    bool stopped = false;  // stopped early, keeping the runs measured
    // A stop: thrown on, or (stop_keeps_measured) remembered so the loops end with what they have.
    const auto stop_here = [&] {
        if (!request.stop_keeps_measured)
            throw Error(ErrorKind::Cancelled, "determinism runs cancelled");
        stopped = true;
    };
    for (const std::string& spec_text : request.devices) {
        if (stopped) break;
        Engine engine(spec_text);
        DeviceOutcome device;
        device.device = engine.device().name;
        device.info = engine.device();
        Tally device_tally;
        auto& device_bits = bits.emplace_back();
        for (const auto& [local, global] : shapes) {
            if (stopped) break;
            RunRequest run = base;
            run.local_size = local;
            run.global_size = global;
            ShapeOutcome shape;
            Tally shape_tally;
            auto& runs = device_bits.emplace_back();
            for (int k = 0; k < request.runs; ++k) {
                if (stop.stop_requested()) {
                    stop_here();
                    break;
                }
                RunResult result;
                try {
                    result = engine.run(run, inputs, stop);
                } catch (const Error& e) {
                    if (e.kind() != ErrorKind::Cancelled) throw;
                    stop_here();
                    break;
                }
                shape.local_size = result.launched.local_size;
                shape.work_groups = result.launched.work_groups;
                shape.global_size = result.launched.global_size;
                shape.verified = shape.verified && result.verified;
                const double error = error_against(result.value, exact);
                shape_tally.add(result.value, error);
                device_tally.add(result.value, error);
                everything.add(result.value, error);
                runs.push_back(result_bits(result.value));
                ++report.runs;
            }
            if (runs.empty()) {  // stopped before this shape's first run
                device_bits.pop_back();
                break;
            }
            shape.results = shape_tally.results();
            report.all_verified = report.all_verified && shape.verified;
            device.shapes.push_back(std::move(shape));
            if (shape_done && !stopped)
                shape_done(device.shapes.back(), ++shapes_done, total_shapes);
        }
        if (device.shapes.empty()) {  // stopped before this device's first run
            bits.pop_back();
            break;
        }
        device.results = device_tally.results();
        device.determinism = classify({device_bits});
        report.devices.push_back(std::move(device));
    }
    report.complete = !stopped;
    report.results = everything.results();
    report.determinism = classify(bits);
    report.correctly_rounded_everywhere =
        report.exact_sum_known && report.results.size() == 1 &&
        report.results.front().bits == result_bits(report.correctly_rounded);
    return report;
}

}  // namespace reducelab
