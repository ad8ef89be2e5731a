// Argument parsing and error reporting for reducelab-cli: one line on stderr and an exit code
// for every failure, never an uncaught exception.
#include "cli.h"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdlib>
#include <new>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include "commands.h"
#include "reducelab/error.h"
#include "reducelab/version.h"

namespace reducelab::cli {
namespace {

int exit_code_for(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::InvalidArgument: return kUsage;
        case ErrorKind::Unsupported: return kUnsupported;
        case ErrorKind::NoPlatform: return kNoPlatform;
        case ErrorKind::Build:
        case ErrorKind::OutOfResources:
        case ErrorKind::OpenCL: return kDeviceFailure;
        case ErrorKind::Io: return kIoError;
        case ErrorKind::Cancelled: return kCancelled;
    }
    return kDeviceFailure;
}

// Output that never reached standard output (a full disk, /dev/full, a closed pipe) is an error.
int flushed(int code, std::ostream& out, std::ostream& err) {
    errno = 0;
    if (out.flush()) return code;
    const int reason = errno;
    err << "reducelab-cli: error: standard output: cannot write"
        << (reason ? ": " + std::error_code(reason, std::generic_category()).message() : "")
        << "\n";
    return kIoError;
}

}  // namespace

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    CLI::App app{"reducelab-cli: run, verify and time OpenCL reductions", "reducelab-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("reducelab-cli ") + kVersion);
    app.fallthrough();
    Context context{out, err, {}};
    if (const char* env = std::getenv("REDUCELAB_DEVICE")) context.device_spec = env;
    app.add_option("--device", context.device_spec,
                   "device: index, 'gpu', 'cpu' or part of its name (default: first GPU, else the "
                   "first device; $REDUCELAB_DEVICE)");

    std::vector<std::pair<CLI::App*, Command>> commands;
    const auto add = [&](Command (*adder)(CLI::App&)) {
        const std::size_t before = app.get_subcommands({}).size();
        Command command = adder(app);
        commands.emplace_back(app.get_subcommands({})[before], std::move(command));
    };
    add(add_devices_command);
    add(add_variants_command);
    add(add_run_command);
    add(add_presets_command);
    add(add_trace_command);
    add(add_bench_command);
    add(add_tune_command);
    add(add_report_command);

    // A first word that is no option and no command: name it, and list the commands.
    if (argc > 1 && argv[1][0] != '-') {
        bool known = false;
        std::string names;
        for (const auto& [sub, command] : commands) {
            known = known || sub->get_name() == argv[1];
            names += (names.empty() ? "" : ", ") + sub->get_name();
        }
        if (!known) {
            err << "reducelab-cli: unknown command '" << argv[1] << "' (commands: " << names << ")\n";
            return kUsage;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        out << app.help();
        return kOk;
    } catch (const CLI::CallForVersion& e) {
        out << e.what() << "\n";
        return kOk;
    } catch (const CLI::CallForAllHelp&) {
        out << app.help("", CLI::AppFormatMode::All);
        return kOk;
    } catch (const CLI::ParseError& e) {
        err << "reducelab-cli: " << e.what() << "\n";
        return kUsage;
    }

    try {
        for (auto& [sub, command] : commands)
            if (sub->parsed()) return flushed(command(context), out, err);
        err << "reducelab-cli: no command given (try --help)\n";
        return kUsage;
    } catch (const Error& e) {
        err << "reducelab-cli: error: " << e.what() << "\n";
        if (!e.build_log().empty()) err << "build log:\n" << e.build_log() << "\n";
        return exit_code_for(e.kind());
    } catch (const std::bad_alloc&) {
        err << "reducelab-cli: error: out of host memory\n";
        return kDeviceFailure;
    } catch (const std::exception& e) {
        err << "reducelab-cli: error: " << e.what() << "\n";
        return kDeviceFailure;
    }
}

}  // namespace reducelab::cli
