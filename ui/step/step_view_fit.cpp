// How the step view fits its room (step_view_fit.h).
#include "step/step_view_fit.h"

#include <QCoreApplication>
#include <algorithm>

namespace reducelab::ui::fit {

Qt::Orientation panelOrientation(PanelLayout layout, const PanelRoom& room) {
    if (layout == PanelLayout::Stacked) return Qt::Vertical;
    if (layout != PanelLayout::Auto) return Qt::Horizontal;
    const qreal needed = std::max(200.0, room.rows * 2.6 * room.legiblePixelSize + 30);
    return room.localSize > 32 && room.stackedCanvasHeight >= needed ? Qt::Vertical
                                                                     : Qt::Horizontal;
}

bool lensShown(const StepTrace* trace, bool valuesFitWidth) {
    return trace && (trace->local_size >= kLensFrom || !valuesFitWidth);
}

// The notice belongs to the step view: its words keep StepView's translation context, and each
// is a literal that lupdate finds.
QString staleReason(const StepTrace* shown, const TraceSettings& settings, bool variantChanged) {
    if (!shown) return {};
    if (shown->local_size != settings.localSize)
        return QCoreApplication::translate(
                   "reducelab::ui::StepView",
                   "Traced at local size %1; the view is set to %2 — press Trace again to see %2.")
            .arg(shown->local_size)
            .arg(settings.localSize);
    if (shown->warp_width != settings.warpWidth)
        return QCoreApplication::translate(
                   "reducelab::ui::StepView",
                   "Traced with warps of %1; the view is set to %2 — press Trace again.")
            .arg(shown->warp_width)
            .arg(settings.warpWidth);
    if (shown->request.fill != settings.fill)
        return QCoreApplication::translate(
            "reducelab::ui::StepView",
            "Traced with another input — press Trace again to see this one.");
    if (variantChanged)
        return QCoreApplication::translate(
            "reducelab::ui::StepView",
            "The variants changed since this trace — press Trace again to see them.");
    return {};
}

}  // namespace reducelab::ui::fit
