// Paints one step-view panel from the scene its StepCanvas gathers (step_canvas_scene.h): the
// header of cell indices, the rows of values with their bank-conflict marks, the warps,
// work-items and arrows of each round, the outline of the cells the lens magnifies and the round
// labels. The canvas lays out (columns, rows, folds, zoom and pan) and keeps the state; the
// painter only reads the scene.
#pragma once

#include <QPointF>
#include <QtGlobal>
#include <cstdint>

class QPainter;
class QPen;
class QRectF;

namespace reducelab::ui {

struct StepCanvasScene;

class StepCanvasPainter {
  public:
    // The scene must be laid out for its focus round (StepCanvas::paintEvent sees to it).
    explicit StepCanvasPainter(const StepCanvasScene& scene) : scene_(scene) {}

    // The whole panel, or the canvas's message when it has no trace.
    void paint(QPainter& p) const;

  private:
    struct RowLook;    // step_canvas_painter.cpp
    struct RoundLook;  // step_canvas_painter.cpp

    void drawHoverColumn(QPainter& p) const;
    void drawHeader(QPainter& p) const;
    // A row of cells: the values after round `row` (0: after the load).
    void drawRow(QPainter& p, int row, qreal alpha) const;
    RowLook rowLook(int row, qreal alpha) const;
    void drawFold(QPainter& p, const RowLook& look, const QRectF& cell) const;
    void drawCell(QPainter& p, const RowLook& look, std::uint32_t i, const QRectF& cell) const;
    void drawCellConflicts(QPainter& p, const RowLook& look, std::uint32_t i,
                           const QRectF& cell) const;
    void drawConflictMark(QPainter& p, qreal alpha, const QRectF& cell, qreal d,
                          std::uint32_t degree, qreal y) const;
    void drawPlaceholderRow(QPainter& p, int row) const;
    // A round in the band above its row: warps (current round only), arrows, work-items.
    void drawRound(QPainter& p, int round, bool current, qreal progress) const;
    void drawWarpBands(QPainter& p, const RoundLook& look) const;
    void drawAccesses(QPainter& p, const RoundLook& look) const;
    QPen arrowPen(const RoundLook& look, std::uint32_t workItem, int phase, qreal width) const;
    void drawWorkItems(QPainter& p, const RoundLook& look) const;
    void drawArrow(QPainter& p, QPointF from, QPointF to, qreal fraction, bool head) const;
    void drawLensWindow(QPainter& p) const;
    void drawLabels(QPainter& p) const;

    const StepCanvasScene& scene_;
};

}  // namespace reducelab::ui
