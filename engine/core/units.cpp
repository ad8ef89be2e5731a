#include "reducelab/units.h"

#include <fmt/format.h>

namespace reducelab::units {

std::string fixed(double value, int decimals) {
    return fmt::format("{:.{}f}", value, decimals);
}

std::string us_number(double us) {
    return fixed(us, kUsDecimals);
}
std::string ms_number(double ms) {
    return fixed(ms, kMsDecimals);
}
std::string gbps_number(double gbps) {
    return fixed(gbps, kGbpsDecimals);
}
std::string percent_number(double percent) {
    return fixed(percent, kPercentDecimals);
}
std::string speedup_number(double ratio) {
    return fixed(ratio, kSpeedupDecimals);
}
std::string share_number(double fraction) {
    return fixed(fraction * 100.0, kShareDecimals);
}

std::string us(double us) {
    return fmt::format("{} {}", us_number(us), kMicroseconds);
}
std::string ms(double ms) {
    return fmt::format("{} {}", ms_number(ms), kMilliseconds);
}
std::string gbps(double gbps) {
    return fmt::format("{} {}", gbps_number(gbps), kGigabytesPerSecond);
}
std::string percent(double percent) {
    return fmt::format("{} %", percent_number(percent));
}
std::string fraction_percent(double fraction) {
    return fixed(fraction * 100.0, 1) + " %";
}
std::string speedup(double ratio) {
    return speedup_number(ratio) + "×";
}

std::string bytes(std::uint64_t bytes) {
    const double b = static_cast<double>(bytes);
    if (bytes >= (1ull << 30)) return fmt::format("{:.1f} GiB", b / (1ull << 30));
    if (bytes >= (1ull << 20)) return fmt::format("{:.1f} MiB", b / (1ull << 20));
    if (bytes >= 1024) return fmt::format("{:.0f} KiB", b / 1024);
    return fmt::format("{} B", bytes);
}

std::string hex(std::uint64_t value, int digits) {
    return fmt::format("0x{:0{}x}", value, digits);
}

}  // namespace reducelab::units
