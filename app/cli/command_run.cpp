// reducelab-cli run: one verified, timed reduction; exit 0 only when it verified.
#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

#include "cli.h"
#include "commands.h"
#include "option_choices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/presets.h"
#include "reducelab/result_json.h"
#include "reducelab/units.h"
#include "request_options.h"
#include "run_split.h"

namespace reducelab::cli {
namespace {

void print_text(std::ostream& out, const RunResult& r) {
    const RunRequest& q = r.request;
    out << r.value.to_string();
    if (r.value.index) out << " at index " << *r.value.index;
    out << "\n";
    out << "  " << to_string(q.op) << " of " << r.n << " " << to_string(q.type)
        << (q.input_path.empty() ? " (" + std::string(to_string(q.fill)) + ")"
                                 : " from " + q.input_path)
        << ", variant " << q.variant << ", on " << r.device.name << "\n";
    out << "  reference " << r.reference.to_string();
    if (r.reference.index) out << " at index " << *r.reference.index;
    out << ": " << (r.verified ? "verified" : "MISMATCH") << " (" << r.verification_rule;
    if (r.abs_error != 0.0) out << ", |error| " << r.abs_error;
    out << ")\n";
    out << "  accumulator " << r.accumulator << "\n";
    const LaunchConfig& l = r.launched;
    out << "  launched local size " << l.local_size << ", global size " << l.global_size << ", "
        << l.work_groups << " work-groups, " << l.items_per_work_item
        << " element(s) per work-item, finish " << to_string(l.finish) << ", " << l.launches
        << " launch(es)\n";
    out << "  time (" << to_string(r.timing_method) << (r.cold ? ", cold" : "") << ") "
        << units::ms(r.total_ms) << ", median of " << r.runs << " (p10 " << units::us(r.p10_us)
        << ", p90 " << units::us(r.p90_us);
    if (r.timing_method == TimingMethod::Sustained) out << ", " << q.batch << " calls per run";
    if (r.timing_method != TimingMethod::Kernel)
        out << ", value "
            << (r.result_path == ResultPath::Mapped ? "via mapped memory" : "read back");
    out << "); kernel stages of the median run:";
    for (const auto& s : r.stages) out << " " << s.name << " " << units::ms(s.ms);
    out << "\n  bandwidth " << units::gbps(r.gbps) << " (" << r.input_bytes << " input bytes)\n";
}

// The request a preset fixes: the options that describe a request cannot be combined with it.
RunRequest preset_request(const CLI::App& sub, const Preset& preset,
                          const RequestOptions& options) {
    for (const char* name :
         {"--op", "--type", "--variant", "--n", "--fill", "--seed", "--input", "--input2",
          "--local-size", "--global-size", "--items-per-thread", "--finish", "--acc"})
        if (sub.count(name) > 0)
            throw Error(ErrorKind::InvalidArgument, std::string("--preset ") + preset.name +
                                                        " fixes the whole request; drop " + name +
                                                        " (or run it without the preset: run " +
                                                        command_line(preset) + ")");
    RunRequest request = preset.request;
    // Only the timing options apply; to_request checks them (with the preset's size).
    RequestOptions timing;
    timing.n = std::to_string(preset.request.n);
    timing.repeat = options.repeat;
    timing.warmup = options.warmup;
    timing.timing = options.timing;
    const RunRequest checked = to_request(timing);
    request.repeat = checked.repeat;
    request.warmup = checked.warmup;
    return request;
}

// run --devices / --mpi: the tuned best on every device unless a variant is named.
int run_split_request(Context& ctx, const CLI::App& sub, const RequestOptions& options,
                      const SplitOptions& split, bool json) {
    if (sub.count("--preset") > 0)
        throw Error(ErrorKind::InvalidArgument,
                    "--preset runs on one device; drop --devices/--mpi");
    if (sub.count("--devices") > 0 && split.mpi)
        throw Error(
            ErrorKind::InvalidArgument,
            "--devices and --mpi exclude each other (under mpirun each rank uses --device)");
    RequestOptions chosen = options;
    if (sub.count("--variant") == 0) chosen.variant = "best";
    const RunRequest request = to_request(chosen);
    if (!split.mpi) return run_on_devices(ctx, request, split, json);
#ifdef REDUCELAB_WITH_MPI
    return run_with_mpi(ctx, request, split, json);
#else
    throw Error(
        ErrorKind::Unsupported,
        "--mpi: this reducelab-cli was built without MPI (configure with -DREDUCELAB_MPI=ON)");
#endif
}

// Prints one result (or adds its JSON to `all`); its exit code.
int report_run(Context& ctx, const RunResult& result, const Preset* preset, bool as_json,
               nlohmann::json& all) {
    const bool as_documented = !preset || matches_expected(*preset, result.value);
    if (as_json) {
        nlohmann::json out = to_json(result);
        if (preset) {
            out["preset"] = {{"name", preset->name},
                             {"expected", value_number(preset->expected)},
                             {"expected_text", preset->expected.to_string()},
                             {"matches_expected", as_documented}};
            if (preset->expected.index) out["preset"]["expected_index"] = *preset->expected.index;
        }
        all.push_back(std::move(out));
    } else {
        print_text(ctx.out, result);
        if (preset)
            ctx.out << "  preset " << preset->name << ": documented answer "
                    << preset->expected.to_string()
                    << (as_documented ? ", matched" : ", NOT MATCHED") << "\n";
    }
    if (!result.verified) {
        ctx.err << "reducelab-cli: the result " << result.value.to_string()
                << " does not match the CPU reference " << result.reference.to_string() << "\n";
        return static_cast<int>(kNotVerified);
    }
    if (!as_documented) {
        ctx.err << "reducelab-cli: the result " << result.value.to_string()
                << " differs from preset " << preset->name << "'s documented answer "
                << preset->expected.to_string() << "\n";
        return static_cast<int>(kNotVerified);
    }
    return static_cast<int>(kOk);
}

}  // namespace

Command add_run_command(CLI::App& app) {
    auto* sub = app.add_subcommand("run", "run, verify and time one reduction");
    auto options = std::make_shared<RequestOptions>();
    auto json = std::make_shared<bool>(false);
    auto preset_name = std::make_shared<std::string>();
    auto split = std::make_shared<SplitOptions>();
    add_request_options(*sub, *options, true);
    sub->add_option("--devices", split->devices,
                    "split the input over several devices: 'all' or indices such as 0,2 (each runs "
                    "the tuned best unless --variant is given)");
    offer(sub->add_option(
              "--split", split->split,
              "with --devices or --mpi: balanced (equal predicted finish times from each "
              "device's measured model; devices that do not pay are left out), even, force "
              "(balanced, every device kept) or end-to-end (balanced with each shard's "
              "upload)"),
          split_choices());
    sub->add_flag("--mpi", split->mpi,
                  "under mpirun: each rank reduces its shard on its device, MPI_Reduce combines");
    sub->add_flag(
        "--json", *json,
        "print the result as one JSON object (an array of them for several --timing methods)");
    offer(sub->add_option("--preset", *preset_name,
                          "run a seed example (see 'presets') and check its documented answer"),
          preset_choices());
    return [sub, options, json, preset_name, split](Context& ctx) {
        if (sub->count("--devices") > 0 || split->mpi)
            return run_split_request(ctx, *sub, *options, *split, *json);
        if (sub->count("--split") > 0)
            throw Error(ErrorKind::InvalidArgument, "--split needs --devices or --mpi");
        const Preset* preset = preset_name->empty() ? nullptr : &find_preset(*preset_name);
        const RunRequest base =
            preset ? preset_request(*sub, *preset, *options) : to_request(*options);
        const std::vector<RunRequest> requests = with_timing(base, options->timing);
        Engine engine(ctx.device_spec);
        // One run per timing method, over one input (uploaded once).
        if (base.input_path.empty() && base.n != 0) check_input_fits(engine.device(), base, base.n);
        const Inputs inputs = make_inputs(base);
        int exit_code = static_cast<int>(kOk);
        nlohmann::json all = nlohmann::json::array();
        for (const RunRequest& request : requests) {
            const int code = report_run(ctx, engine.run(request, inputs), preset, *json, all);
            if (exit_code == static_cast<int>(kOk)) exit_code = code;
        }
        // One method: one JSON object, as before; several: an array of them.
        if (*json) ctx.out << (all.size() == 1 ? all[0] : all).dump(2) << "\n";
        return exit_code;
    };
}

}  // namespace reducelab::cli
