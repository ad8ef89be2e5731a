// How the step view fits its room, decided from explicit inputs: the panels side by side or
// stacked from the size they really get, the lens of a panel from 64 work-items on, and why the
// traces shown no longer match the settings. StepView gathers the inputs and applies the answers.
#pragma once

#include <QString>
#include <QtGlobal>
#include <cstddef>

#include "reducelab/step_trace.h"

namespace reducelab::ui::fit {

// From this many work-items on, a panel shows the overview (colours) and the lens (numbers).
inline constexpr std::size_t kLensFrom = 64;

// The panels' layout, in the order of the step view's "panels" choice.
enum class PanelLayout { Auto = 0, SideBySide = 1, Stacked = 2 };

// What the automatic choice weighs.
struct PanelRoom {
    std::size_t localSize = 0;     // the largest local size of the traces shown (0: none)
    int rows = 1;                  // the most rows of a panel: its rounds and the loaded one
    int stackedCanvasHeight = 0;   // a canvas's height, in pixels, were the panels stacked
    qreal legiblePixelSize = 0.0;  // cells::legiblePixelSize of the canvas's font
};

// Stacked panels get twice the width per cell but half the height: `Auto` stacks them only for
// many cells, and only when each panel then still has rows tall enough to read.
Qt::Orientation panelOrientation(PanelLayout layout, const PanelRoom& room);

// Whether a panel shows its lens: for a trace of 64 work-items or more, and also below when its
// cells are too narrow for their numbers (a narrow window). Never without a trace.
bool lensShown(const StepTrace* trace, bool valuesFitWidth);

// The settings the step view would trace with now.
struct TraceSettings {
    std::size_t localSize = 0;
    unsigned warpWidth = 0;
    Fill fill = Fill::Random;
};

// Why `shown` no longer matches `settings` ("traced at local size 16"), or that the variants
// changed since; empty when it matches or nothing is shown. In StepView's words (its
// translation context).
QString staleReason(const StepTrace* shown, const TraceSettings& settings, bool variantChanged);

}  // namespace reducelab::ui::fit
