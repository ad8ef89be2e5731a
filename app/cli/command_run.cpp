// reducelab-cli run: one verified, timed reduction; exit 0 only when it verified.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <ostream>

#include "cli.h"
#include "commands.h"
#include "engine.h"
#include "request_options.h"
#include "result_json.h"

namespace reducelab::cli {
namespace {

std::string fixed(double value, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

void print_text(std::ostream& out, const RunResult& r) {
    const RunRequest& q = r.request;
    out << r.value.to_string();
    if (r.value.index) out << " at index " << *r.value.index;
    out << "\n";
    out << "  " << to_string(q.op) << " of " << r.n << " " << to_string(q.type)
        << (q.input_path.empty() ? " (" + std::string(to_string(q.fill)) + ")" : " from " + q.input_path)
        << ", variant " << q.variant << ", on " << r.device.name << "\n";
    out << "  reference " << r.reference.to_string();
    if (r.reference.index) out << " at index " << *r.reference.index;
    out << ": " << (r.verified ? "verified" : "MISMATCH") << " (" << r.verification_rule;
    if (r.abs_error != 0.0) out << ", |error| " << r.abs_error;
    out << ")\n";
    out << "  accumulator " << r.accumulator << "\n";
    const LaunchConfig& l = r.launched;
    out << "  launched local size " << l.local_size << ", global size " << l.global_size << ", "
        << l.work_groups << " work-groups, " << l.items_per_work_item << " element(s) per work-item, finish "
        << to_string(l.finish) << ", " << l.launches << " launch(es)\n";
    out << "  time " << fixed(r.total_ms, 4) << " ms (median of " << r.repeat_ms.size() << "):";
    for (const auto& s : r.stages) out << " " << s.name << " " << fixed(s.ms, 4);
    out << "\n  bandwidth " << fixed(r.gbps, 2) << " GB/s (" << r.input_bytes << " input bytes)\n";
}

}  // namespace

Command add_run_command(CLI::App& app) {
    auto* sub = app.add_subcommand("run", "run, verify and time one reduction");
    auto options = std::make_shared<RequestOptions>();
    auto json = std::make_shared<bool>(false);
    add_request_options(*sub, *options, true);
    sub->add_flag("--json", *json, "print the result as one JSON object");
    return [options, json](Context& ctx) {
        const RunRequest request = to_request(*options);
        Engine engine(ctx.device_spec);
        const RunResult result = engine.run(request);
        if (*json)
            ctx.out << to_json(result).dump(2) << "\n";
        else
            print_text(ctx.out, result);
        if (!result.verified) {
            ctx.err << "reducelab-cli: the result " << result.value.to_string()
                    << " does not match the CPU reference " << result.reference.to_string() << "\n";
            return static_cast<int>(kNotVerified);
        }
        return static_cast<int>(kOk);
    };
}

}  // namespace reducelab::cli
