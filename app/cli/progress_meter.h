// --progress for long commands (tune, bench, determinism): on a terminal one line redrawn in
// place, a bar with the count, the elapsed time and an estimate of what is left; elsewhere (a
// pipe, a log file) one plain line per step with the same figures, so that logs stay readable.
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

namespace reducelab::cli {

// "0:07", "12:34", "1:02:03".
std::string clock_text(double seconds);
// "about 20 min", "about 45 s", "about 2.5 h": a duration as a person says it.
std::string about(double seconds);

class ProgressMeter {
  public:
    using Clock = std::chrono::steady_clock;
    // `what`: the steps' plural noun ("candidates"); `terminal`: redraw one line in place.
    ProgressMeter(std::ostream& err, std::string what, std::size_t total, bool terminal,
                  Clock::time_point start = Clock::now());
    ~ProgressMeter();
    ProgressMeter(const ProgressMeter&) = delete;
    ProgressMeter& operator=(const ProgressMeter&) = delete;

    // Step `done` of the total has ended; `detail` says how (a candidate's figures).
    void step(std::size_t done, std::string_view detail, Clock::time_point now = Clock::now());
    // The same where the total is known only as the steps come (a sweep's points).
    void step(std::size_t done, std::size_t total, std::string_view detail) {
        total_ = total;
        step(done, detail);
    }
    // Ends the redrawn line so that what follows starts on its own line.
    void finish();

    // "12/7488 candidates, 0:07 elapsed, about 20 min left" (no estimate before the first step).
    std::string status(std::size_t done, Clock::time_point now) const;
    // Seconds left at the pace so far, or a negative number before the first step.
    double seconds_left(std::size_t done, Clock::time_point now) const;

  private:
    std::ostream& err_;
    std::string what_;
    std::size_t total_;
    bool terminal_;
    bool line_open_ = false;
    Clock::time_point start_;
};

// Whether `err` is the process's standard error and that is a terminal.
bool is_terminal(const std::ostream& err);

}  // namespace reducelab::cli
