// Tooltips that follow the mouse over a chart: the text for the pixel under it, or none.
#pragma once

#include <QPointF>
#include <QString>
#include <functional>

class QCustomPlot;

namespace reducelab::ui {

// Shows textAt(pixel) as the tooltip while the mouse moves over `plot` (hidden when empty).
void showHoverTexts(QCustomPlot* plot, std::function<QString(const QPointF&)> textAt);

}  // namespace reducelab::ui
