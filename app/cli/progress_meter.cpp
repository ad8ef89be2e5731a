// The progress line of long commands: count, elapsed time and the estimate left.
#include "progress_meter.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace reducelab::cli {

std::string clock_text(double seconds) {
    const auto total = static_cast<long long>(std::max(0.0, std::round(seconds)));
    const long long h = total / 3600, m = total / 60 % 60, s = total % 60;
    std::ostringstream text;
    if (h > 0) text << h << ':' << std::setw(2) << std::setfill('0');
    text << m << ':' << std::setw(2) << std::setfill('0') << s;
    return text.str();
}

std::string about(double seconds) {
    std::ostringstream text;
    text << "about " << std::fixed;
    if (seconds < 90)
        text << std::setprecision(0) << std::max(1.0, std::round(seconds)) << " s";
    else if (seconds < 90 * 60)
        text << std::setprecision(0) << std::round(seconds / 60) << " min";
    else
        text << std::setprecision(1) << seconds / 3600 << " h";
    return text.str();
}

ProgressMeter::ProgressMeter(std::ostream& err, std::string what, std::size_t total, bool terminal,
                             Clock::time_point start)
    : err_(err), what_(std::move(what)), total_(total), terminal_(terminal), start_(start) {}

ProgressMeter::~ProgressMeter() {
    finish();
}

double ProgressMeter::seconds_left(std::size_t done, Clock::time_point now) const {
    if (done == 0) return -1.0;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    return elapsed / static_cast<double>(done) *
           static_cast<double>(total_ - std::min(done, total_));
}

std::string ProgressMeter::status(std::size_t done, Clock::time_point now) const {
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    std::string text = std::to_string(done) + "/" + std::to_string(total_) + " " + what_ + ", " +
                       clock_text(elapsed) + " elapsed";
    const double left = seconds_left(done, now);
    if (left >= 0 && done < total_) text += ", " + about(left) + " left";
    return text;
}

void ProgressMeter::step(std::size_t done, std::string_view detail, Clock::time_point now) {
    if (!terminal_) {
        // "[12/7488] <detail> (0:07 elapsed, about 20 min left)": the count stays where logs and
        // scripts look for it.
        const double elapsed = std::chrono::duration<double>(now - start_).count();
        const double left = seconds_left(done, now);
        err_ << "[" << done << "/" << total_ << "] " << detail << " (" << clock_text(elapsed)
             << " elapsed" << (left >= 0 && done < total_ ? ", " + about(left) + " left" : "")
             << ")\n";
        return;
    }
    constexpr int kBarWidth = 24;
    const double fraction =
        total_ == 0 ? 1.0
                    : static_cast<double>(std::min(done, total_)) / static_cast<double>(total_);
    const int filled = static_cast<int>(std::floor(fraction * kBarWidth));
    // \r and "erase to the end of the line": the line is redrawn in place, however long it was.
    err_ << "\r[" << std::string(filled, '#') << std::string(kBarWidth - filled, '.') << "] "
         << status(done, now) << "  " << detail << "\x1b[K" << std::flush;
    line_open_ = true;
}

void ProgressMeter::finish() {
    if (line_open_) err_ << "\n" << std::flush;
    line_open_ = false;
}

bool is_terminal(const std::ostream& err) {
    return &err == &std::cerr && isatty(STDERR_FILENO) == 1;
}

}  // namespace reducelab::cli
