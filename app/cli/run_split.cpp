// run --devices: the split over this host's devices, its table and its JSON.
#include "run_split.h"

#include <cstdio>
#include <ostream>

#include "cli.h"
#include "reducelab/error.h"
#include "stop_on_signals.h"

namespace reducelab::cli {
std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

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
        char row[192];
        std::snprintf(row, sizeof row, "%12llu %8.2f%% %10.4f %9.4f %9.4f %9.2f %9.2f %9.4f",
                      static_cast<unsigned long long>(d.count), d.fraction * 100.0, d.upload_ms,
                      d.run_ms, d.kernel_ms, d.resident_gbps, d.end_to_end_gbps, d.predicted_ms);
        out << "  " << padded(name, 34) << row << "\n";
    }
    for (const DeviceShare& d : r.devices)
        if (shard_from_cache(d))
            out << "  from cache: " << name_of(d) << " reduced its shard ("
                << format_bytes(d.input_bytes) << ") at " << fixed(d.resident_gbps, 2)
                << " GB/s, above its rate from memory (" << fixed(d.model->gbps, 2)
                << " GB/s): the shard sat in the device's cache\n";
    // The upload's rate and where it read from: pinned memory runs at the link's rate, pageable
    // (where the device gave no pinned memory) through the driver's bounce buffers.
    for (const DeviceShare& d : r.devices) {
        if (d.count == 0 || d.upload_ms <= 0) continue;
        out << "  upload to " << name_of(d) << ": "
            << fixed(static_cast<double>(d.input_bytes) / (d.upload_ms * 1e6), 2) << " GB/s from "
            << (d.upload_pinned
                    ? "pinned host memory (the shard staged there once in " +
                          fixed(d.staging_ms, 2) + " ms)"
                    : std::string("pageable host memory (no pinned memory of that size)"))
            << "\n";
    }
    if (r.planned) {
        out << "  models, t(n) = alpha + n*bytes/B from calibration runs on each device alone:\n";
        for (const DeviceShare& d : r.devices) {
            if (!d.model) continue;
            out << "    " << name_of(d) << ": alpha " << fixed(d.model->alpha_ms, 4) << " ms, B "
                << fixed(d.model->gbps, 2) << " GB/s, spread " << fixed(d.model->spread * 100, 1)
                << " %, upload " << fixed(d.model->upload_gbps, 2) << " GB/s\n";
        }
        for (const DeviceShare& d : r.devices)
            if (!d.plan_note.empty()) out << "  " << name_of(d) << ": " << d.plan_note << "\n";
        out << "  plan (" << (r.predicted_with_upload ? "with upload" : "data resident")
            << "): predicted " << fixed(r.predicted_ms, 4) << " ms, measured "
            << fixed(r.measured_ms(), 4) << " ms";
        if (r.fastest_alone && *r.fastest_alone < r.devices.size())
            out << "; fastest device alone (" << name_of(r.devices[*r.fastest_alone])
                << ") predicted " << fixed(r.fastest_alone_predicted_ms, 4) << " ms";
        out << "\n";
    }
    out << "  total: data resident " << fixed(r.resident_ms, 4) << " ms ("
        << fixed(r.resident_gbps, 2) << " GB/s), with upload " << fixed(r.end_to_end_ms, 4)
        << " ms (" << fixed(r.end_to_end_gbps, 2) << " GB/s), combine " << fixed(r.combine_ms, 4)
        << " ms\n";
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
