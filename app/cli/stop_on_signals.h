// SIGINT and SIGTERM as a cancel: long commands stop between points and keep what they measured.
#pragma once

#include <csignal>
#include <stop_token>
#include <thread>

namespace reducelab::cli {

// While alive, the first SIGINT or SIGTERM requests stop on `source` instead of ending the
// process (the engine checks the token between points and between timed runs); a second one
// ends the process as usual. The previous handlers come back on destruction. One at a time.
class StopOnSignals {
  public:
    explicit StopOnSignals(std::stop_source source);
    ~StopOnSignals();
    StopOnSignals(const StopOnSignals&) = delete;
    StopOnSignals& operator=(const StopOnSignals&) = delete;

    // The signal that came (SIGINT, SIGTERM), 0 when none.
    int received() const;

  private:
    struct sigaction old_int_ {};
    struct sigaction old_term_ {};
    std::jthread watcher_;  // turns the handler's flag into request_stop (not signal-safe)
};

const char* signal_name(int signal);

}  // namespace reducelab::cli
