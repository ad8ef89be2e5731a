// The progress line of long commands: its count, elapsed time and estimate, on a terminal
// (redrawn in place) and in a log (one line per step, the count where scripts look for it).
#include "../../app/cli/progress_meter.h"

#include <gtest/gtest.h>

#include <sstream>

namespace reducelab::cli {
namespace {

using Clock = ProgressMeter::Clock;
using std::chrono::seconds;

TEST(ProgressMeter, ClockAndDurationTexts) {
    EXPECT_EQ(clock_text(0), "0:00");
    EXPECT_EQ(clock_text(7.4), "0:07");
    EXPECT_EQ(clock_text(754), "12:34");
    EXPECT_EQ(clock_text(3723), "1:02:03");
    EXPECT_EQ(about(0.2), "about 1 s");
    EXPECT_EQ(about(45), "about 45 s");
    EXPECT_EQ(about(1200), "about 20 min");
    EXPECT_EQ(about(9000), "about 2.5 h");
}

TEST(ProgressMeter, LogLinesKeepTheCountAndAddTheTimes) {
    std::ostringstream err;
    const Clock::time_point start{};
    ProgressMeter meter(err, "candidates", 10, false, start);
    meter.step(2, "int32 sum L=64", start + seconds(4));
    EXPECT_EQ(err.str(), "[2/10] int32 sum L=64 (0:04 elapsed, about 16 s left)\n");
    meter.step(10, "last", start + seconds(20));
    EXPECT_NE(err.str().find("[10/10] last (0:20 elapsed)\n"), std::string::npos) << err.str();
}

TEST(ProgressMeter, TerminalRedrawsOneLineWithABar) {
    std::ostringstream err;
    const Clock::time_point start{};
    {
        ProgressMeter meter(err, "points", 4, true, start);
        meter.step(1, "a", start + seconds(1));
        meter.step(2, "b", start + seconds(2));
        EXPECT_EQ(err.str().find('\n'), std::string::npos) << "one line, redrawn";
        EXPECT_NE(err.str().find("\r[############............] 2/4 points, 0:02 elapsed, about 2 s "
                                 "left  b\x1b[K"),
                  std::string::npos)
            << err.str();
    }
    EXPECT_EQ(err.str().back(), '\n') << "the line is ended when the meter goes";
}

TEST(ProgressMeter, NoEstimateBeforeTheFirstStep) {
    const Clock::time_point start{};
    std::ostringstream err;
    const ProgressMeter meter(err, "candidates", 100, false, start);
    EXPECT_LT(meter.seconds_left(0, start + seconds(3)), 0);
    EXPECT_EQ(meter.status(0, start + seconds(3)), "0/100 candidates, 0:03 elapsed");
    EXPECT_DOUBLE_EQ(meter.seconds_left(25, start + seconds(10)), 30.0);
}

}  // namespace
}  // namespace reducelab::cli
