// What StepCanvasPainter reads of a StepCanvas, gathered by StepCanvas::paintEvent for one paint:
// the trace and the round shown, the layout of columns and rows, the lens window and the theme.
// The painter sees nothing else of the canvas; the references live as long as the paint.
#pragma once

#include <QFont>
#include <QRect>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/theme.h"
#include "reducelab/step_trace.h"
#include "step/step_canvas_text.h"

namespace reducelab::ui::canvas {

// A column of a panel: one cell, or a fold standing for a run of untouched cells.
struct Column {
    std::uint32_t first = 0;
    std::uint32_t last = 0;  // inclusive; first < last for a fold
    bool folded = false;
    qreal x = 0;  // in content coordinates
    qreal width = 0;
};

// Per round: which phases of which work-items collide, and the cells they hit.
struct ConflictMarks {
    std::vector<std::uint32_t> phaseDegree;  // [work_item * 3 + phase] -> degree (0: none)
    std::vector<std::uint32_t> readCell;     // [index] -> worst degree of a conflicting read
    std::vector<std::uint32_t> writeCell;    // [index] -> worst degree of a conflicting write
};

// Where a row is drawn, and (rows from 1 on) the band above it where its round's arrows run.
struct RowPlace {
    qreal top = 0;
    qreal height = 0;
    qreal gap = 0;    // the band's height
    qreal strip = 0;  // the centre line of the round's work-items
};

}  // namespace reducelab::ui::canvas

namespace reducelab::ui {

struct StepCanvasScene {
    const Theme& theme;
    QRect rect;              // the whole widget
    QFont font;              // the widget's
    const QString& message;  // shown instead when there is no trace
    const StepTrace* trace = nullptr;
    const GroupTrace* group = nullptr;  // null: the message only
    int round = 0;
    qreal progress = 1.0;
    const std::vector<canvas::ConflictMarks>& conflicts;  // per round (0-based)

    // The layout, for the focus round; x in widget coordinates unless said otherwise.
    const std::vector<canvas::Column>& columns;
    const std::vector<int>& columnOf;  // cell index -> column
    qreal contentLeft = 0;
    qreal viewWidth = 0;
    qreal pan = 0;  // content pixels scrolled off to the left
    qreal headerHeight = 0;
    qreal labelWidth = 0;
    qreal cellHeight = 0;  // of a row already shown
    int hoverColumn = -1;
    std::uint32_t lensFirst = 0;
    std::uint32_t lensCount = 0;  // 0: no lens
    // Filled only with a trace:
    std::vector<qreal> centers;               // per cell, sliding while the folding changes
    std::vector<canvas::RowPlace> rows;       // per row, 0 (the load) to the last round
    canvas::ValueFont valueFont;              // of the cell numbers
    std::vector<std::uint32_t> columnLabels;  // the cell indices printed above the first row
    std::vector<canvas::RowLabel> rowLabels;  // the round labels at the left

    int roundCount() const { return group ? static_cast<int>(group->rounds.size()) : 0; }
    const TraceRound* roundAt(int index) const {  // 1-based
        if (index < 1 || index > roundCount()) return nullptr;
        return &group->rounds[static_cast<std::size_t>(index - 1)];
    }
    const std::vector<Value>& rowValues(int row) const {
        return row == 0 ? group->initial : group->rounds[static_cast<std::size_t>(row - 1)].values;
    }
    const canvas::Column& column(std::uint32_t index) const {
        return columns[static_cast<std::size_t>(columnOf[index])];
    }
    bool isFolded(std::uint32_t index) const { return column(index).folded; }
    const canvas::RowPlace& place(int row) const { return rows[static_cast<std::size_t>(row)]; }
};

}  // namespace reducelab::ui
