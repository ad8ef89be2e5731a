// The handler only stores the signal number; a watcher thread requests the stop.
#include "stop_on_signals.h"

#include <chrono>

namespace reducelab::cli {
namespace {

volatile std::sig_atomic_t g_received = 0;

extern "C" void stop_remember_signal(int signal) {
    g_received = signal;
}

}  // namespace

StopOnSignals::StopOnSignals(std::stop_source source) {
    g_received = 0;
    struct sigaction action {};
    action.sa_handler = stop_remember_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;  // the second Ctrl-C quits at once
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
    watcher_ = std::jthread([source](std::stop_token done) mutable {
        while (!done.stop_requested()) {
            if (g_received != 0) {
                source.request_stop();
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
}

StopOnSignals::~StopOnSignals() {
    watcher_.request_stop();
    if (watcher_.joinable()) watcher_.join();
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
}

int StopOnSignals::received() const {
    return g_received;
}

const char* signal_name(int signal) {
    switch (signal) {
        case SIGINT:
            return "SIGINT";
        case SIGTERM:
            return "SIGTERM";
        default:
            return "a signal";
    }
}

}  // namespace reducelab::cli
