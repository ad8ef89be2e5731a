// The texts of one step-view panel, laid out from explicit inputs: the size of the cell numbers,
// the stride of the cell indices above the rows, the round labels beside them, placed so that
// nothing prints over anything else, and the tooltips. StepCanvas gathers the inputs from its
// layout and state.
#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QRectF>
#include <QString>
#include <cstddef>
#include <initializer_list>
#include <vector>

#include "common/theme.h"
#include "reducelab/step_trace.h"

namespace reducelab::ui::canvas {

// The cell numbers' pixel size (0: too small to print legibly; the lens shows them), and whether
// they are the compact form ("525k").
struct ValueFont {
    qreal px = 0;
    bool compact = false;
};

// What the cell numbers have room for.
struct CellRoom {
    qreal cellWidth = 0;        // of an unfolded cell
    qreal cellHeight = 0;       // of a row already shown
    qreal zoom = 1;             // larger numbers when zoomed in, up to 4×
    qreal maxTextChars = 1;     // the widest value in full
    qreal maxCompactChars = 1;  // and in its compact form
};

// One font for the whole panel, sized so the widest value fits its cell, in full or compact;
// none when that would be too small to read. `widthOnly`: whatever the rows' height.
ValueFont valueFont(const Theme& theme, const QFont& base, const CellRoom& room, bool widthOnly);

// Every how many cells an index is printed above the first row: the smallest power of two of
// cells that holds the widest index with room on both sides (0 4 8 12 …, or 0 32 64 …).
int columnLabelStride(const Theme& theme, const QFont& base, std::size_t localSize,
                      qreal cellWidth);

// A label beside the rows.
struct RowLabel {
    QRectF rect;
    QString text;
    bool small = false;
    bool bold = false;
};

// Places round labels from the top down, each centred by its row in the first of its forms that
// does not print over the label above; one for which even the last form does not fit is left out
// (its tooltip stays).
class RowLabelPlacer {
  public:
    explicit RowLabelPlacer(qreal width) : width_(width) {}
    // Each form gives its text and height (rect's height); the placer sets its rect.
    void place(qreal center, std::initializer_list<RowLabel> forms);
    std::vector<RowLabel> labels() && { return std::move(labels_); }

  private:
    qreal width_;
    qreal lastBottom_ = -1e9;
    std::vector<RowLabel> labels_;
};

// The tooltips of a panel's parts, in StepCanvas's words (its translation context).
class Tips {
  public:
    // The label of the row right after the load.
    static QString loadRow();
    // The label of `round`: its stride, active work-items and warps, divergence and conflicts.
    static QString round(const StepTrace& trace, int round, const TraceRound& info);
    // A fold of the cells first..last that nobody touches in `round`.
    static QString fold(std::uint32_t first, std::uint32_t last, int round);
    // Cell `i` of `row` (`values`): its value and bank, the work-item that `written` (the row's
    // round; null for the load) has write it, and those that `read` (the next round, null while
    // not shown) has read it.
    static QString cell(const StepTrace& trace, std::uint32_t i, int row,
                        const std::vector<Value>& values, const TraceRound* written,
                        const TraceRound* read);
    // Work-item `i` in `round` (`r`): active or idle, what it combines, its warp, its conflicts.
    static QString workItem(const StepTrace& trace, std::uint32_t i, int round,
                            const TraceRound& r);

    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::StepCanvas)
};

}  // namespace reducelab::ui::canvas
