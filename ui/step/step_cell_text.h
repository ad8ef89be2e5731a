// How the step view writes a cell's value, and how large: shared by the overview (StepCanvas) and
// its magnified window (StepLens), so that both print the same text at a size a class can read.
#pragma once

#include <QFont>
#include <QString>

#include "common/theme.h"
#include "reducelab/step_trace.h"

namespace reducelab::ui::cells {

// The value in full (`compact` false) or in at most about four characters: integers of more
// than four digits get a k/M/G/T suffix ("525k"), never an exponent that is longer than the
// number it stands for.
QString valueText(const Value& value, bool compact);

// Bold digits are about 0.68 em wide in common sans fonts.
constexpr qreal kDigitEm = 0.68;

// The smallest pixel size at which cell numbers are printed at all: below it a cell shows its
// colour only and the lens shows the number. Grows with the theme (presentation mode).
qreal legiblePixelSize(const Theme& theme, const QFont& base);
// The size cell numbers aim for when the cell has room: a little larger than the theme's text.
qreal preferredPixelSize(const Theme& theme, const QFont& base);
// The pixel size of `theme.font(base)`.
qreal themePixelSize(const Theme& theme, const QFont& base);

}  // namespace reducelab::ui::cells
