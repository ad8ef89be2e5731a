#pragma once
// How ReduceLab prints each kind of quantity: one place, used by the CLI, `report` and the GUI,
// so that one value reads the same everywhere. The unit is in the name (as in the JSON fields);
// the *_number forms give the figure alone, for texts that place the unit themselves (the GUI's
// translated sentences).
#include <cstdint>
#include <string>
#include <string_view>

namespace reducelab::units {

inline constexpr std::string_view kMicroseconds = "µs";
inline constexpr std::string_view kMilliseconds = "ms";
inline constexpr std::string_view kGigabytesPerSecond = "GB/s";

// Decimals per kind of quantity.
inline constexpr int kUsDecimals = 2;       // 23.84 µs
inline constexpr int kMsDecimals = 4;       // 0.2434 ms
inline constexpr int kGbpsDecimals = 2;     // 4392.12 GB/s
inline constexpr int kPercentDecimals = 0;  // 98 % (of a ceiling)
inline constexpr int kSpeedupDecimals = 2;  // 12.34× (one time against another)
inline constexpr int kShareDecimals = 2;    // 33.33 (% of the input a device takes)

// 1 GB/s moves 10^6 bytes in a millisecond.
inline constexpr double kBytesPerMsPerGbps = 1e6;

// The rate of `bytes` moved in `ms` milliseconds, in GB/s (10^9 bytes per second); 0 when no time
// passed. Every GB/s figure of the engine, the CLI and the GUI is this one.
constexpr double gbps_of(double bytes, double ms) {
    return ms > 0 ? bytes / (ms * kBytesPerMsPerGbps) : 0.0;
}

// `value` with `decimals` digits after the point ("nan", "inf", "-inf" where not finite).
std::string fixed(double value, int decimals);

std::string us_number(double us);
std::string ms_number(double ms);
std::string gbps_number(double gbps);
std::string percent_number(double percent);
std::string speedup_number(double ratio);
std::string share_number(double fraction);  // 0.3333 -> "33.33" (percent, no sign)

std::string us(double us);                      // "23.84 µs"
std::string ms(double ms);                      // "0.2434 ms"
std::string gbps(double gbps);                  // "4392.12 GB/s"
std::string percent(double percent);            // "98 %" (a figure against a ceiling)
std::string fraction_percent(double fraction);  // a share, one decimal: 0.0847 -> "8.5 %"
std::string speedup(double ratio);              // "12.34×" (how many times faster)

// Binary prefixes, one decimal: "4.0 GiB", "48.0 MiB", "48 KiB", "512 B".
std::string bytes(std::uint64_t bytes);

// Hexadecimal with a fixed number of digits: hex(0x4e055000, 8) = "0x4e055000".
std::string hex(std::uint64_t value, int digits);

}  // namespace reducelab::units
