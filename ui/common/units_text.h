#pragma once
// The engine's units (reducelab/units.h) as QStrings: the GUI prints every time, rate and share
// as the CLI and `report` do. The *Number forms are the figure alone, for translated sentences
// that place the unit ("%1 GB/s").
#include <QString>

#include "reducelab/units.h"

namespace reducelab::ui::units_text {

inline QString msNumber(double ms) {
    return QString::fromStdString(units::ms_number(ms));
}
inline QString usNumber(double us) {
    return QString::fromStdString(units::us_number(us));
}
inline QString gbpsNumber(double gbps) {
    return QString::fromStdString(units::gbps_number(gbps));
}
inline QString percentNumber(double percent) {
    return QString::fromStdString(units::percent_number(percent));
}
inline QString speedupNumber(double ratio) {
    return QString::fromStdString(units::speedup_number(ratio));
}
inline QString speedup(double ratio) {
    return QString::fromStdString(units::speedup(ratio));
}
inline QString shareNumber(double fraction) {
    return QString::fromStdString(units::share_number(fraction));
}
inline QString bytes(std::uint64_t bytes) {
    return QString::fromStdString(units::bytes(bytes));
}

}  // namespace reducelab::ui::units_text
