// Paints one step-view panel from a const view of its StepCanvas: the header of cell indices, the
// rows of values with their bank-conflict marks, the warps, work-items and arrows of each round,
// the outline of the cells the lens magnifies and the round labels. The canvas lays out (columns,
// rows, folds, zoom and pan) and keeps the state; the painter only reads them.
#pragma once

#include <QPointF>
#include <QtGlobal>

class QPainter;

namespace reducelab::ui {

class StepCanvas;

class StepCanvasPainter {
  public:
    // The canvas must be laid out for its focus round (StepCanvas::paintEvent sees to it).
    explicit StepCanvasPainter(const StepCanvas& canvas) : canvas_(canvas) {}

    // The whole panel, or the canvas's message when it has no trace.
    void paint(QPainter& p) const;

  private:
    void drawHeader(QPainter& p) const;
    void drawRow(QPainter& p, int row, qreal alpha) const;
    void drawPlaceholderRow(QPainter& p, int row) const;
    void drawRound(QPainter& p, int round, bool current, qreal progress) const;
    void drawArrow(QPainter& p, QPointF from, QPointF to, qreal fraction, bool head) const;
    void drawLensWindow(QPainter& p) const;
    void drawLabels(QPainter& p) const;

    const StepCanvas& canvas_;
};

}  // namespace reducelab::ui
