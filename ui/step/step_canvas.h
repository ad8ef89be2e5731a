// One panel of the step view: a work-group's local memory as rows of cells, one row per barrier
// round with the device's real values, each active work-item's reads and write as arrows, warps
// as bands (divergent ones hatched), bank conflicts as diamonds and dashed arrows. Zooms, pans and
// folds runs of untouched cells so that local sizes up to 1024 stay readable.
#pragma once

#include <QPointF>
#include <QWidget>
#include <memory>
#include <vector>

#include "common/theme.h"
#include "reducelab/step_trace.h"
#include "step/step_canvas_scene.h"
#include "step/step_canvas_text.h"

namespace reducelab::ui {

class StepCanvas : public QWidget {
    Q_OBJECT
  public:
    explicit StepCanvas(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const StepTrace> trace, std::size_t group = 0);
    // No trace to draw: shows why (tracing…, cannot be stepped, an error).
    void setMessage(const QString& message);
    QString message() const { return message_; }
    const StepTrace* trace() const { return trace_.get(); }
    const GroupTrace* group() const;
    int roundCount() const;

    int round() const { return round_; }
    qreal progress() const { return progress_; }
    // Shows the state after `round` (0: right after the load), `progress` of the way from the
    // previous round (the animation drives it from 0 to 1).
    void setRound(int round, qreal progress = 1.0);

    void setFoldIdle(bool fold);
    bool foldIdle() const { return foldIdle_; }
    // Whether runs of untouched cells are folded right now (only when cells would be too narrow).
    bool isFolding() const { return folding_; }
    int visibleColumns() const { return static_cast<int>(columns_.size()); }

    qreal zoom() const { return zoom_; }
    void setZoom(qreal zoom, qreal anchorX = -1);
    // Horizontal position as a fraction of the scrollable range (shared between panels).
    qreal panFraction() const;
    void setPanFraction(qreal fraction);
    void setTheme(const Theme& theme);

    // The tooltip text for a point of the widget (cells, work-items, folds, round labels).
    QString describeAt(const QPointF& pos) const;
    // Where cell `index` of `row` is drawn (tests and tooltips); empty when folded or not shown.
    QRectF cellRect(int row, std::uint32_t index) const;

    // The pixel size of the cell numbers in the rows (0: too small to print legibly; the lens
    // shows them).
    qreal valuePixelSize() const { return valueFont().px; }
    // Whether the cells are wide enough for legible numbers (whatever the rows' height).
    bool valuesFitWidth() const { return valueFont(true).px > 0; }
    // Cell indices above the first row: every `columnLabelStride()`-th (a power of two).
    int columnLabelStride() const;
    std::vector<std::uint32_t> columnLabels() const;
    // Where the round labels at the left are drawn (never overlapping).
    std::vector<QRectF> rowLabelRects() const;
    // The cells the lens magnifies, outlined on every row (count 0: no lens).
    void setLensWindow(std::uint32_t first, std::uint32_t count);

    QSize sizeHint() const override { return {640, 420}; }
    QSize minimumSizeHint() const override { return {200, 96}; }

  signals:
    void viewChanged(qreal zoom, qreal panFraction);
    // A click on a cell while the lens is shown: magnify around `index`.
    void lensMoveRequested(std::uint32_t index);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;

  private:
    using Column = canvas::Column;
    using ConflictMarks = canvas::ConflictMarks;

    // What StepCanvasPainter reads, for one paint (laid out for the focus round already).
    StepCanvasScene scene() const;
    void rebuildColumns();
    // Recomputes labels, folding, column positions and row heights.
    void relayout(bool keepPan);
    void clampPan();
    const std::vector<Value>& rowValues(int row) const;
    const TraceRound* roundAt(int round) const;  // 1-based
    int focusRound() const;
    int columnAtX(qreal x) const;
    qreal contentLeft() const;
    qreal centerX(std::uint32_t index) const;  // widget coordinates
    bool isFolded(std::uint32_t index) const;
    void layoutRows();
    qreal gapWeight(int row) const;
    qreal rowTop(int row) const;
    qreal rowHeight(int row) const;
    qreal stripCenter(int round) const;
    // The cell numbers' size from the cells' room (step_canvas_text.h).
    canvas::ValueFont valueFont(bool widthOnly = false) const;
    // The round labels beside the rows, placed so that none prints over another.
    std::vector<canvas::RowLabel> layoutLabels() const;

    std::shared_ptr<const StepTrace> trace_;
    std::size_t group_ = 0;
    std::vector<ConflictMarks> conflicts_;  // per round (0-based)
    QString message_;
    int round_ = 0;
    qreal progress_ = 1.0;
    bool foldIdle_ = true;
    bool folding_ = false;
    qreal zoom_ = 1.0;
    qreal pan_ = 0.0;  // content pixels scrolled off to the left
    Theme theme_;

    std::vector<Column> columns_;
    std::vector<int> columnOf_;           // cell index -> column
    std::vector<qreal> previousCenters_;  // cell centres before the last fold change (animation)
    int builtForRound_ = -1;

    // Geometry, recomputed on resize, zoom and fold changes.
    qreal labelWidth_ = 96;
    qreal headerHeight_ = 20;
    qreal cellHeight_ = 32;          // of a row already shown
    std::vector<qreal> rowTops_;     // per row
    std::vector<qreal> gapHeights_;  // per row: the arrows' band above it
    qreal contentWidth_ = 0;
    qreal viewWidth_ = 0;
    qreal maxTextChars_ = 1;
    qreal maxCompactChars_ = 1;

    std::uint32_t lensFirst_ = 0;
    std::uint32_t lensCount_ = 0;

    bool dragging_ = false;
    bool pressed_ = false;  // a click (no drag) moves the lens
    QPointF dragStart_;
    qreal panAtDrag_ = 0;
    int hoverColumn_ = -1;
};

}  // namespace reducelab::ui
