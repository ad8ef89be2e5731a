// Argument parsing and error reporting for reducelab-cli: one line on stderr and an exit code
// for every failure, never an uncaught exception.
#include "cli.h"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include "commands.h"
#include "option_choices.h"
#include "printable.h"
#include "reducelab/custom_kernel_child.h"
#include "reducelab/error.h"
#include "reducelab/memory_limits.h"
#include "reducelab/sandbox.h"
#include "reducelab/version.h"

namespace reducelab::cli {
namespace {

// The commands that build kernels, and so run user kernels when an override directory is set.
bool builds_kernels(const std::string& command) {
    return command == "run" || command == "trace" || command == "bench" || command == "tune" ||
           command == "determinism";
}

bool has_override_dir() {
    const char* dir = std::getenv("REDUCELAB_KERNEL_OVERRIDE_DIR");
    return dir && *dir;
}

// Runs this very command again in a sandbox child (the child sees the marker and runs it
// in-process); its output and exit code pass through, a timeout or a crash becomes exit 4.
int run_in_child(std::string_view self, int argc, const char* const* argv, double timeout,
                 std::ostream& out, std::ostream& err) {
    sandbox::ChildOptions options;
    std::error_code ec;
    const std::filesystem::path resolved = std::filesystem::read_symlink(self, ec);
    // A real argv[0]; /proc/self/exe itself when the file was replaced since it started.
    options.program =
        !ec && std::filesystem::exists(resolved, ec) ? resolved.string() : std::string(self);
    for (int i = 1; i < argc; ++i) options.args.emplace_back(argv[i]);
    options.timeout_seconds = timeout;
    options.forward_interrupts = true;
    out.flush();
    err.flush();
    const sandbox::ChildOutcome outcome = sandbox::run_child(options);
    switch (outcome.end) {
        case sandbox::ChildEnd::Exited:
            return outcome.exit_code;
        case sandbox::ChildEnd::Signalled:
            if (outcome.signal_was_forwarded) return 128 + outcome.signal;
            err << "reducelab-cli: error: the process building and running the kernels of "
                   "REDUCELAB_KERNEL_OVERRIDE_DIR crashed with "
                << sandbox::describe_signal(outcome.signal) << "\n";
            return kDeviceFailure;
        case sandbox::ChildEnd::TimedOut:
        case sandbox::ChildEnd::Stopped:
            break;
    }
    err << "reducelab-cli: error: the kernels of REDUCELAB_KERNEL_OVERRIDE_DIR did not finish "
           "within the timeout of "
        << timeout << " s (--timeout " << timeout
        << "); the process was killed. Use --timeout SECONDS for a longer limit, 0 for none\n";
    return kDeviceFailure;
}

// CLI11's NonNegativeNumber names its range as 0 to 1.79769e+308 written out in full: say what
// the option takes instead. Empty when `text` is a finite number of seconds, 0 or more.
std::string seconds_error(std::string& text) {
    char* end = nullptr;
    errno = 0;
    const double value = std::strtod(text.c_str(), &end);
    if (!text.empty() && end == text.c_str() + text.size() && errno == 0 && std::isfinite(value) &&
        value >= 0)
        return {};
    return "give a number of seconds, 0 (no limit) or more, such as 60 (got '" + text + "')";
}

// CLI11 2.1 reads a list option whose value holds only delimiters (`--sizes ,,`, `--sizes=,`) as
// no value, and then takes the next argument as its value (`--sizes ,, --out x` blamed --out).
// Such a value, or an empty one, names nothing: refused here, before CLI11 parses, naming the
// option. Empty items between others ("2^16,,2^20") are still forgiven.
std::string empty_list_error(const CLI::App& app, int argc, const char* const* argv) {
    // The command's own list options only: run's --devices is a plain value, determinism's a list.
    const CLI::App* command = nullptr;
    for (int i = 1; i < argc && !command; ++i)
        for (const CLI::App* sub : app.get_subcommands({}))
            if (sub->get_name() == argv[i]) command = sub;
    if (!command) return {};
    std::vector<std::pair<std::string, char>> lists;  // "--sizes", ','
    for (const CLI::Option* option : command->get_options())
        if (option->get_delimiter() != '\0')
            for (const std::string& name : option->get_lnames())
                lists.emplace_back("--" + name, option->get_delimiter());
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--") break;
        for (const auto& [name, delimiter] : lists) {
            std::optional<std::string_view> value;
            if (arg == name && i + 1 < argc)
                value = argv[i + 1];
            else if (arg.starts_with(name + "="))
                value = arg.substr(name.size() + 1);
            if (value && value->find_first_not_of(delimiter) == std::string_view::npos)
                return name + ": '" + std::string(*value) + "' lists nothing; give " +
                       std::string(name == "--sizes" ? "sizes such as 2^16,2^20"
                                                     : "at least one value") +
                       " separated by '" + delimiter + "'";
        }
    }
    return {};
}

}  // namespace

int exit_code_for(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::InvalidArgument:
            return kUsage;
        case ErrorKind::Unsupported:
            return kUnsupported;
        case ErrorKind::NoPlatform:
            return kNoPlatform;
        case ErrorKind::Build:
        case ErrorKind::OutOfResources:
        case ErrorKind::OpenCL:
            return kDeviceFailure;
        case ErrorKind::Io:
            return kIoError;
        case ErrorKind::Cancelled:
            return kCancelled;
    }
    return kDeviceFailure;
}

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
            std::string_view self_executable) {
    if (sandbox::is_child()) {
        sandbox::prepare_child();
        // The GUI's "Try your own kernel" check (engine/custom_kernel_child.h), not for users.
        if (argc == 5 && std::string_view(argv[1]) == kCustomKernelWorkerArgument)
            return custom_kernel_child_main(argv[2], argv[3], argv[4]);
    }
    CLI::App app{"reducelab-cli: run, verify and time OpenCL reductions", "reducelab-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version",
                         std::string("reducelab-cli ") + kVersion + "\n" + kLicenseNotice);
    app.set_help_all_flag("--help-all", "print every command with all its options and exit");
    app.fallthrough();
    Context context{out, err, {}, std::string(self_executable)};
    offer(app.add_option(
                 "--device", context.device_spec,
                 "device: index, 'gpu', 'cpu' or part of its name (default: first GPU, else the "
                 "first device; $REDUCELAB_DEVICE)")
              ->envname("REDUCELAB_DEVICE"),
          device_choices());
    double timeout = sandbox::kDefaultTimeoutSeconds;
    app.add_option("--timeout", timeout,
                   "with REDUCELAB_KERNEL_OVERRIDE_DIR set, run/trace/bench/tune/determinism run "
                   "in a child process that is killed after SECONDS, exit 4 (default 60; 0: no "
                   "time limit). The child always dies with the CLI, however the CLI ends")
        ->option_text("SECONDS")
        ->check(CLI::Validator(seconds_error, "SECONDS"));

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
    add(add_determinism_command);
    add(add_replay_command);
    add(add_exercise_command);
    add(add_completion_command);

    // A first word that is no option and no command: name it, and list the commands.
    if (argc > 1 && argv[1][0] != '-') {
        bool known = false;
        std::string names;
        for (const auto& [sub, command] : commands) {
            known = known || sub->get_name() == argv[1];
            if (sub->get_group().empty()) continue;  // hidden (completion)
            names += (names.empty() ? "" : ", ") + sub->get_name();
        }
        if (!known) {
            print_error(err,
                        "unknown command '" + std::string(argv[1]) + "' (commands: " + names + ")");
            return kUsage;
        }
    }
    if (const std::string error = empty_list_error(app, argc, argv); !error.empty()) {
        print_error(err, error);
        return kUsage;
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
        print_error(err, e.what());
        return kUsage;
    }

    if (!std::isfinite(timeout)) {
        print_error(err, "--timeout must be a finite number of seconds");
        return kUsage;
    }
    context.timeout_seconds = timeout;

    try {
        for (auto& [sub, command] : commands) {
            if (!sub->parsed()) continue;
            // User kernels run isolated: a hang or a crash cannot take the CLI with it.
            if (!self_executable.empty() && !sandbox::is_child() && has_override_dir() &&
                builds_kernels(sub->get_name()))
                return run_in_child(self_executable, argc, argv, timeout, out, err);
            return command(context);
        }
        print_error(err, "no command given (try --help)");
        return kUsage;
    } catch (const Error& e) {
        print_error(err, e.what());
        if (!e.build_log().empty()) err << "build log:\n" << e.build_log() << "\n";
        return exit_code_for(e.kind());
    } catch (const std::bad_alloc&) {
        print_error(err, out_of_memory_message());
        return kDeviceFailure;
    } catch (const std::exception& e) {
        print_error(err, e.what());
        return kDeviceFailure;
    }
}

std::string out_of_memory_message() {
    const std::string what = AllocationScope::current();
    return "out of memory while " + (what.empty() ? std::string("running the command") : what);
}

}  // namespace reducelab::cli
