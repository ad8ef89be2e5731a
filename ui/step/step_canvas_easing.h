// What the step canvas's layout and painting share: the phases of a combine and the easing of
// the animation between rounds.
#pragma once

#include <QtGlobal>
#include <algorithm>

namespace reducelab::ui::canvas {

constexpr int kPhases = 3;  // read a, read b, write

inline qreal clamp01(qreal v) {
    return std::clamp(v, 0.0, 1.0);
}

// Smoothstep: no jolt at either end.
inline qreal ease(qreal t) {
    return t * t * (3 - 2 * t);
}

}  // namespace reducelab::ui::canvas
