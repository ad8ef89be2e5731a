// posix_spawn, a process group per child, and a polling wait that watches the clock, the stop
// token and forwarded interrupts; in the child, a watch on the parent.
#include "reducelab/sandbox.h"

#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>

#include "reducelab/error.h"

extern char** environ;

namespace reducelab::sandbox {
namespace {

constexpr int kForwarded[] = {SIGINT, SIGTERM, SIGHUP};
volatile std::sig_atomic_t g_pending_signal = 0;

extern "C" void sandbox_remember_signal(int signal) {
    g_pending_signal = signal;
}

// Installs the forwarding handlers for the lifetime of a wait, and puts the old ones back.
class InterruptForwarding {
  public:
    explicit InterruptForwarding(bool enabled) : enabled_(enabled) {
        if (!enabled_) return;
        g_pending_signal = 0;
        struct sigaction action {};
        action.sa_handler = sandbox_remember_signal;
        sigemptyset(&action.sa_mask);
        for (std::size_t i = 0; i < std::size(kForwarded); ++i)
            sigaction(kForwarded[i], &action, &old_[i]);
    }
    ~InterruptForwarding() {
        if (!enabled_) return;
        for (std::size_t i = 0; i < std::size(kForwarded); ++i)
            sigaction(kForwarded[i], &old_[i], nullptr);
    }
    InterruptForwarding(const InterruptForwarding&) = delete;
    InterruptForwarding& operator=(const InterruptForwarding&) = delete;

  private:
    bool enabled_;
    struct sigaction old_[std::size(kForwarded)]{};
};

// The child's parent, as the parent saw itself before the spawn: the child compares getppid()
// with it to learn that its parent has gone (the orphan is adopted by another process).
constexpr const char* kParentVariable = "REDUCELAB_SANDBOX_PARENT";
// An orphan's exit status, which no one reads.
constexpr int kOrphanExitCode = 4;

std::string_view name_of(std::string_view entry) {
    return entry.substr(0, entry.find('='));
}

// The OpenCL stack edits its own process's environment as it loads: on the lent NVIDIA machines
// OCL_ICD_FILENAMES lost its NVIDIA entry and HWLOC_PLUGINS_PATH appeared, and a child that
// inherited that environment listed no NVIDIA device (docs/sandbox.md). A child gets these
// variables as the program had them when it started.
bool rewritten_by_opencl(std::string_view name) {
    return name.starts_with("OCL_ICD_") || name.starts_with("HWLOC_");
}

std::vector<std::string> opencl_variables_now() {
    std::vector<std::string> found;
    for (char** entry = environ; entry && *entry; ++entry)
        if (rewritten_by_opencl(name_of(*entry))) found.emplace_back(*entry);
    return found;
}

// Taken while the program loads, single-threaded and before any OpenCL call.
const std::vector<std::string> opencl_variables_at_start = opencl_variables_now();

std::vector<std::string> child_environment(const ChildOptions& options) {
    std::vector<std::pair<std::string, std::string>> added = options.env;
    added.emplace_back(kChildMarker, "1");
    added.emplace_back(kParentVariable, std::to_string(::getpid()));
    const auto replaced = [&added](std::string_view name) {
        for (const auto& [key, value] : added)
            if (key == name) return true;
        return false;
    };
    std::vector<std::string> env;
    for (char** entry = environ; entry && *entry; ++entry) {
        const std::string_view name = name_of(*entry);
        if (!replaced(name) && !rewritten_by_opencl(name)) env.emplace_back(*entry);
    }
    for (const std::string& entry : opencl_variables_at_start)
        if (!replaced(name_of(entry))) env.push_back(entry);
    for (const auto& [key, value] : added) env.push_back(key + "=" + value);
    return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> result;
    for (std::string& s : strings) result.push_back(s.data());
    result.push_back(nullptr);
    return result;
}

void kill_group(pid_t pid, int signal) {
    if (::kill(-pid, signal) != 0) ::kill(pid, signal);
}

// Kills the child's group and reaps the child before returning: when this returns, the child's
// pid no longer exists.
void kill_and_reap(pid_t pid) {
    kill_group(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

// The child's side of the parent's death: PR_SET_PDEATHSIG kills the child when the thread that
// spawned it ends; the watchdog's poll of getppid() catches what that misses and takes the
// child's own helpers (its process group) along.
void watch_parent(pid_t parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) std::_Exit(kOrphanExitCode);  // gone before the prctl
    std::thread([parent] {
        for (;;) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (::getppid() != parent) {
                ::kill(0, SIGKILL);
                std::_Exit(kOrphanExitCode);
            }
        }
    }).detach();
}

}  // namespace

ChildOutcome run_child(const ChildOptions& options) {
    std::vector<std::string> argv_strings{options.program};
    argv_strings.insert(argv_strings.end(), options.args.begin(), options.args.end());
    std::vector<std::string> env_strings = child_environment(options);
    std::vector<char*> argv = pointers(argv_strings);
    std::vector<char*> envp = pointers(env_strings);

    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // Its own process group (killed as one), default signal handling and an empty signal mask
    // (the caller's handlers and blocked signals are not the child's business).
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGSEGV, SIGABRT, SIGBUS, SIGFPE})
        sigaddset(&defaults, s);
    sigset_t empty;
    sigemptyset(&empty);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &empty);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(
        &attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

    InterruptForwarding forwarding(options.forward_interrupts);
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    const int spawned =
        posix_spawn(&pid, options.program.c_str(), nullptr, &attr, argv.data(), envp.data());
    posix_spawnattr_destroy(&attr);
    if (spawned != 0)
        throw Error(ErrorKind::Io,
                    "cannot start " + options.program + ": " + std::strerror(spawned));

    ChildOutcome outcome;
    const auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    int forwarded = 0;
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) {
            outcome.seconds = elapsed();
            if (WIFEXITED(status)) {
                outcome.end = ChildEnd::Exited;
                outcome.exit_code = WEXITSTATUS(status);
            } else {
                outcome.end = ChildEnd::Signalled;
                outcome.signal = WTERMSIG(status);
                outcome.signal_was_forwarded = forwarded != 0 && forwarded == outcome.signal;
            }
            // Helpers it started in its group (a compiler, a linker) go with it.
            ::kill(-pid, SIGKILL);
            return outcome;
        }
        if (done < 0 && errno != EINTR)
            throw Error(ErrorKind::Io,
                        "waiting for " + options.program + ": " + std::strerror(errno));
        if (const int signal = g_pending_signal; options.forward_interrupts && signal != 0) {
            g_pending_signal = 0;
            forwarded = signal;
            kill_group(pid, signal);
        }
        const bool stopped = options.stop.stop_requested();
        if (stopped || (options.timeout_seconds > 0 && elapsed() > options.timeout_seconds)) {
            kill_and_reap(pid);
            outcome.end = stopped ? ChildEnd::Stopped : ChildEnd::TimedOut;
            outcome.seconds = elapsed();
            return outcome;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

bool is_child() {
    const char* marker = std::getenv(kChildMarker);
    return marker && *marker;
}

void prepare_child() {
    if (const char* parent = std::getenv(kParentVariable); parent && *parent)
        watch_parent(static_cast<pid_t>(std::atoll(parent)));
    const struct rlimit no_core { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    // A crash ends the child by its signal, which the parent reports: a sanitizer's handler
    // (the dev-asan preset) would turn it into a report and exit 1 instead.
    for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(signal, SIG_DFL);
    if (const char* test_signal = std::getenv("REDUCELAB_SANDBOX_TEST_SIGNAL")) {
        const int signal = std::atoi(test_signal);
        if (signal > 0) std::raise(signal);
    }
}

std::string describe_signal(int signal) {
    const char* name = strsignal(signal);
    return "signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")";
}

}  // namespace reducelab::sandbox
