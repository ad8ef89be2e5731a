// Paints one step-view panel from the scene its StepCanvas gathers (step_canvas_scene.h): the
// header of cell indices, the rows of values with their bank-conflict marks, the warps,
// work-items and arrows of each round, the outline of the cells the lens magnifies and the round
// labels. The canvas lays out (columns, rows, folds, zoom and pan) and keeps the state; the
// painter only reads the scene.
#pragma once

#include <QPointF>
#include <QtGlobal>

class QPainter;

namespace reducelab::ui {

struct StepCanvasScene;

class StepCanvasPainter {
  public:
    // The scene must be laid out for its focus round (StepCanvas::paintEvent sees to it).
    explicit StepCanvasPainter(const StepCanvasScene& scene) : scene_(scene) {}

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

    const StepCanvasScene& scene_;
};

}  // namespace reducelab::ui
