// A child process with a watchdog, for running user kernels (REDUCELAB_KERNEL_OVERRIDE_DIR, the
// GUI's "Try your own kernel") where a hang or a crash in the kernel or the compiler cannot take
// the caller with it. The child is a fresh program (posix_spawn, never a bare fork: the caller may
// already have OpenCL's threads) in its own process group, so a timeout or a cancel ends it and
// whatever it started. The child dies with its parent, however the parent ends (prepare_child).
// docs/sandbox.md states the guarantees. Qt-free.
#pragma once

#include <atomic>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

namespace reducelab::sandbox {

// The default limit on one user-kernel command or check, in seconds (--timeout in the CLI).
inline constexpr double kDefaultTimeoutSeconds = 60.0;

// Set in the child's environment: the program is running as a sandbox child.
inline constexpr const char* kChildMarker = "REDUCELAB_SANDBOX_CHILD";

struct ChildOptions {
    std::string program;                                   // the executable's path
    std::vector<std::string> args;                         // argv[1..]
    std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing) the caller's
    double timeout_seconds = 0.0;                          // 0: no time limit
    std::stop_token stop;  // a request kills the child; run_child returns once it is reaped
    // Pass SIGINT, SIGTERM and SIGHUP that the caller receives on to the child's process group
    // while it runs (the CLI: Ctrl-C reaches a child that is not in the terminal's group).
    bool forward_interrupts = false;
};

enum class ChildEnd {
    Exited,     // exit_code holds its status
    Signalled,  // ended by `signal` (a crash, or a forwarded interrupt)
    TimedOut,   // ran past timeout_seconds and was killed
    Stopped,    // the stop token was requested and the child was killed
};

struct ChildOutcome {
    ChildEnd end = ChildEnd::Exited;
    int exit_code = 0;
    int signal = 0;
    bool signal_was_forwarded = false;  // `signal` is an interrupt the caller passed on
    double seconds = 0.0;
};

// Starts the child and waits for it; a timeout or a stop request kills the child's process group
// and reaps the child before returning. Throws Error(Io) when it cannot be started. The child
// dies with the thread that calls this (PR_SET_PDEATHSIG), which waits here until it ends.
ChildOutcome run_child(const ChildOptions& options);

// True in a process started by run_child.
bool is_child();

// Called first thing in a sandbox child: it dies with its parent (PR_SET_PDEATHSIG, SIGKILL; it
// ends at once if the parent went before that was set, and a watchdog thread kills its process
// group when getppid() no longer names the parent that started it), no core dumps (a crashing
// student kernel should not leave a core file behind), and the default action for crash signals, so
// that the parent sees and names the signal. Testing aid: $REDUCELAB_SANDBOX_TEST_SIGNAL=N makes
// the child raise signal N here, to test how a crash is reported without depending on the driver
// crashing.
void prepare_child();

// "signal 11 (Segmentation fault)".
std::string describe_signal(int signal);

}  // namespace reducelab::sandbox
