// The units module: each kind of quantity printed one way, for the CLI, `report` and the GUI.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reducelab/units.h"

namespace units = reducelab::units;

TEST(Units, EachQuantityHasItsDecimalsAndUnit) {
    EXPECT_EQ(units::us(23.8412), "23.84 µs");
    EXPECT_EQ(units::ms(0.24348), "0.2435 ms");
    EXPECT_EQ(units::gbps(4392.1249), "4392.12 GB/s");
    EXPECT_EQ(units::percent(98.6), "99 %");
    EXPECT_EQ(units::fraction_percent(0.0847), "8.5 %");
    EXPECT_EQ(units::us_number(7.0), "7.00");
    EXPECT_EQ(units::ms_number(12.5), "12.5000");
    EXPECT_EQ(units::gbps_number(0.004), "0.00");
    EXPECT_EQ(units::percent_number(100.0), "100");
    EXPECT_EQ(units::speedup(31.456), "31.46×");
    EXPECT_EQ(units::speedup_number(1.0), "1.00");
    EXPECT_EQ(units::share_number(1.0 / 3.0), "33.33");
    EXPECT_EQ(units::share_number(1.0), "100.00");
}

TEST(Units, NumberAndUnitFormsAgree) {
    for (const double v : {0.0, 1e-9, 0.5, 1.0, 3.14159, 1234.5678, 1e9}) {
        EXPECT_EQ(units::us(v), units::us_number(v) + " µs");
        EXPECT_EQ(units::ms(v), units::ms_number(v) + " ms");
        EXPECT_EQ(units::gbps(v), units::gbps_number(v) + " GB/s");
        EXPECT_EQ(units::percent(v), units::percent_number(v) + " %");
        EXPECT_EQ(units::speedup(v), units::speedup_number(v) + "×");
    }
}

// One rate for every GB/s figure: 10^9 bytes per second, nothing when no time passed.
TEST(Units, GigabytesPerSecondOfBytesInMilliseconds) {
    EXPECT_DOUBLE_EQ(units::gbps_of(1e9, 1000.0), 1.0);
    EXPECT_DOUBLE_EQ(units::gbps_of(268435456.0, 0.0916), 268435456.0 / 0.0916 / 1e6);
    EXPECT_EQ(units::gbps_of(4096.0, 0.0), 0.0);
    EXPECT_EQ(units::gbps_of(4096.0, -1.0), 0.0);
}

TEST(Units, NotFiniteIsSpelledOut) {
    EXPECT_EQ(units::ms(std::numeric_limits<double>::quiet_NaN()), "nan ms");
    EXPECT_EQ(units::gbps(std::numeric_limits<double>::infinity()), "inf GB/s");
    EXPECT_EQ(units::fixed(-std::numeric_limits<double>::infinity(), 2), "-inf");
}

TEST(Units, LongValuesAreNeverCut) {
    // snprintf into a fixed buffer cut these; the formatter sizes the text to the value.
    EXPECT_EQ(units::fixed(1e300, 2).size(), 301u + 3u);
    EXPECT_EQ(units::fixed(-0.0, 1), "-0.0");
}

TEST(Units, BytesUseBinaryPrefixes) {
    EXPECT_EQ(units::bytes(0), "0 B");
    EXPECT_EQ(units::bytes(1023), "1023 B");
    EXPECT_EQ(units::bytes(1024), "1 KiB");
    EXPECT_EQ(units::bytes(48 * 1024), "48 KiB");
    EXPECT_EQ(units::bytes(60ull << 20), "60.0 MiB");
    EXPECT_EQ(units::bytes(4ull << 30), "4.0 GiB");
    EXPECT_EQ(units::bytes(16ull << 30), "16.0 GiB");
}

TEST(Units, HexKeepsItsDigits) {
    EXPECT_EQ(units::hex(0x4e055000u, 8), "0x4e055000");
    EXPECT_EQ(units::hex(0x1u, 8), "0x00000001");
    EXPECT_EQ(units::hex(0xffffffffffffffffull, 16), "0xffffffffffffffff");
}
