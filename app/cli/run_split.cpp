// run --devices: the split over this host's devices, its table and its JSON.
#include "run_split.h"

#include <fmt/format.h>
#include <ostream>

#include "cli.h"
#include "reducelab/devices.h"
#include "reducelab/error.h"
#include "reducelab/units.h"
#include "stop_on_signals.h"

namespace reducelab::cli {
namespace {

std::string padded(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

}  // namespace

SplitPolicy parse_split_option(const std::string& text) {
    if (const auto policy = parse_split_policy(text)) return *policy;
    throw Error(ErrorKind::InvalidArgument, "--split: '" + text + "' is not a split (use " +
                                                std::string(split_policy_names()) + ")");
}

void print_split_text(std::ostream& out, const SplitResult& r) {
    const RunRequest& q = r.request;
    out << r.value.to_string();
    if (r.value.index) out << " at index " << *r.value.index;
    out << "\n  " << to_string(q.op) << " of " << r.n << " " << to_string(q.type)
        << (q.input_path.empty() ? " (" + std::string(to_string(q.fill)) + ")"
                                 : " from " + q.input_path)
        << ", variant " << q.variant << ", split " << to_string(r.split) << " over "
        << r.devices.size() << " device(s)\n";
    out << "  reference " << r.reference.to_string();
    if (r.reference.index) out << " at index " << *r.reference.index;
    out << ": " << (r.verified ? "verified" : "MISMATCH") << " (" << r.check.rule;
    if (r.check.abs_error != 0.0) out << ", |error| " << r.check.abs_error;
    out << ")\n  accumulator " << r.accumulator << "\n";
    out << "  " << padded("device", 34) << " elements     share  upload ms    run ms kernel ms"
        << "  GB/s res  GB/s e2e   pred ms\n";
    const auto name_of = [](const DeviceShare& d) {
        return (d.rank >= 0 ? "rank " + std::to_string(d.rank) + ": " : "") +
               std::to_string(d.device.index) + " " + d.device.name;
    };
    for (const DeviceShare& d : r.devices) {
        std::string name = name_of(d);
        if (name.size() > 33) name.resize(33);
        out << "  " << padded(name, 34)
            << fmt::format("{:>12} {:>8}% {:>10} {:>9} {:>9} {:>9} {:>9} {:>9}", d.count,
                           units::share_number(d.fraction), units::ms_number(d.upload_ms),
                           units::ms_number(d.run_ms), units::ms_number(d.kernel_ms),
                           units::gbps_number(d.resident_gbps),
                           units::gbps_number(d.end_to_end_gbps), units::ms_number(d.predicted_ms))
            << "\n";
    }
    for (const DeviceShare& d : r.devices)
        if (shard_from_cache(d))
            out << "  from cache: " << name_of(d) << " reduced its shard ("
                << units::bytes(d.input_bytes) << ") at " << units::gbps(d.resident_gbps)
                << ", above its rate from memory (" << units::gbps(d.model->gbps)
                << "): the shard sat in the device's cache\n";
    // The upload's rate and where it read from: pinned memory runs at the link's rate, pageable
    // (where the device gave no pinned memory) through the driver's bounce buffers.
    for (const DeviceShare& d : r.devices) {
        if (d.count == 0 || d.upload_ms <= 0) continue;
        out << "  upload to " << name_of(d) << ": "
            << units::gbps(units::gbps_of(static_cast<double>(d.input_bytes), d.upload_ms))
            << " from "
            << (d.upload_pinned
                    ? "pinned host memory (the shard staged there once in " +
                          units::ms(d.staging_ms) + ")"
                    : std::string("pageable host memory (no pinned memory of that size)"))
            << "\n";
    }
    if (r.planned) {
        out << "  models, t(n) = alpha + n*bytes/B from calibration runs on each device alone:\n";
        for (const DeviceShare& d : r.devices) {
            if (!d.model) continue;
            out << "    " << name_of(d) << ": alpha " << units::ms(d.model->alpha_ms) << ", B "
                << units::gbps(d.model->gbps) << ", spread "
                << units::fraction_percent(d.model->spread) << ", upload "
                << units::gbps(d.model->upload_gbps) << "\n";
        }
        for (const DeviceShare& d : r.devices)
            if (!d.plan_note.empty()) out << "  " << name_of(d) << ": " << d.plan_note << "\n";
        out << "  plan (" << (r.predicted_with_upload ? "with upload" : "data resident")
            << "): predicted " << units::ms(r.predicted_ms) << ", measured "
            << units::ms(r.measured_ms());
        if (r.fastest_alone && *r.fastest_alone < r.devices.size())
            out << "; fastest device alone (" << name_of(r.devices[*r.fastest_alone])
                << ") predicted " << units::ms(r.fastest_alone_predicted_ms);
        out << "\n";
    }
    out << "  total: data resident " << units::ms(r.resident_ms) << " ("
        << units::gbps(r.resident_gbps) << "), with upload " << units::ms(r.end_to_end_ms) << " ("
        << units::gbps(r.end_to_end_gbps) << "), combine " << units::ms(r.combine_ms) << "\n";
}

int report_split(Context& ctx, const SplitResult& result, bool json) {
    if (json)
        ctx.out << to_json(result).dump(2) << "\n";
    else
        print_split_text(ctx.out, result);
    if (!result.verified) {
        ctx.err << "reducelab-cli: the split result " << result.value.to_string()
                << " does not match the CPU reference " << result.reference.to_string() << "\n";
        return static_cast<int>(kNotVerified);
    }
    return static_cast<int>(kOk);
}

int run_on_devices(Context& ctx, const RunRequest& request, const SplitOptions& options,
                   bool json) {
    SplitRequest split;
    split.run = request;
    split.split = parse_split_option(options.split);
    split.devices = select_devices(list_devices(), options.devices);
    // Ctrl-C or SIGTERM abandons the split: it is one measurement, so nothing partial is kept.
    std::stop_source stop;
    const StopOnSignals signals(stop);
    try {
        return report_split(ctx, run_split(split, stop.get_token()), json);
    } catch (const Error& e) {
        if (e.kind() != ErrorKind::Cancelled || !signals.received()) throw;
        ctx.err << "reducelab-cli: interrupted by " << signal_name(signals.received())
                << " before the split finished; nothing to report\n";
        return static_cast<int>(kCancelled);
    }
}

}  // namespace reducelab::cli
