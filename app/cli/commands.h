// The reducelab-cli subcommands: each registers its options on a CLI11 app and runs.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace reducelab::cli {

struct Context {
    std::ostream& out;
    std::ostream& err;
    std::string device_spec;        // --device, else $REDUCELAB_DEVICE, else the default device
    std::string self_executable;    // the CLI's own path: the sandbox child for student kernels
    double timeout_seconds = 60.0;  // --timeout: the limit on one sandbox child
};

using Command = std::function<int(Context&)>;

Command add_devices_command(CLI::App& app);
Command add_variants_command(CLI::App& app);
Command add_run_command(CLI::App& app);
Command add_presets_command(CLI::App& app);
Command add_trace_command(CLI::App& app);
Command add_bench_command(CLI::App& app);
Command add_tune_command(CLI::App& app);
Command add_report_command(CLI::App& app);
Command add_determinism_command(CLI::App& app);
Command add_replay_command(CLI::App& app);
Command add_exercise_command(CLI::App& app);
Command add_completion_command(CLI::App& app);

}  // namespace reducelab::cli
