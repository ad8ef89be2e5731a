// Painting of one step-view panel (step_canvas_painter.h).
#include "step/step_canvas_painter.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "step/step_canvas_easing.h"
#include "step/step_canvas_scene.h"
#include "step/step_cell_text.h"

namespace reducelab::ui {
namespace {

using canvas::clamp01;
using canvas::ease;
using canvas::kPhases;

QColor withAlpha(QColor c, qreal alpha) {
    c.setAlphaF(static_cast<float>(clamp01(alpha) * c.alphaF()));
    return c;
}

void drawDiamond(QPainter& p, QPointF c, qreal r) {
    QPolygonF d;
    d << QPointF(c.x(), c.y() - r) << QPointF(c.x() + r, c.y()) << QPointF(c.x(), c.y() + r)
      << QPointF(c.x() - r, c.y());
    p.drawPolygon(d);
}

// Whether any phase of work-item `wi` is caught in a bank conflict (`marks`: of its round).
bool inConflict(const canvas::ConflictMarks* marks, std::uint32_t wi) {
    if (!marks) return false;
    for (int phase = 0; phase < kPhases; ++phase)
        if (marks->phaseDegree[wi * kPhases + static_cast<std::size_t>(phase)] >= 2) return true;
    return false;
}

}  // namespace

void StepCanvasPainter::paint(QPainter& p) const {
    p.fillRect(scene_.rect, scene_.theme.background);
    p.setRenderHint(QPainter::Antialiasing);
    if (!scene_.trace || !scene_.group) {
        p.setPen(scene_.theme.dimText);
        p.setFont(scene_.theme.font(scene_.font, 1.1));
        p.drawText(scene_.rect.adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
                   scene_.message);
        return;
    }
    p.save();
    p.setClipRect(QRectF(scene_.contentLeft - 2, 0, scene_.viewWidth + 6, scene_.rect.height()));
    drawHoverColumn(p);
    drawHeader(p);
    const int rounds = scene_.roundCount();
    // Past rounds first (faint), then the current one on top.
    for (int r = 1; r < scene_.round; ++r) drawRound(p, r, false, 1.0);
    for (int row = 0; row <= rounds; ++row) {
        if (row < scene_.round)
            drawRow(p, row, 1.0);
        else if (row == scene_.round)
            drawRow(p, row, row == 0 ? 1.0 : clamp01((scene_.progress - 0.5) * 2));
        else
            drawPlaceholderRow(p, row);
    }
    if (scene_.round >= 1) drawRound(p, scene_.round, true, scene_.progress);
    drawLensWindow(p);
    p.restore();
    drawLabels(p);
}

void StepCanvasPainter::drawHoverColumn(QPainter& p) const {
    if (scene_.hoverColumn < 0 || scene_.hoverColumn >= static_cast<int>(scene_.columns.size()))
        return;
    const canvas::Column& c = scene_.columns[static_cast<std::size_t>(scene_.hoverColumn)];
    p.fillRect(QRectF(scene_.contentLeft + c.x - scene_.pan, scene_.headerHeight - 2, c.width,
                      scene_.rect.height()),
               withAlpha(scene_.theme.active, 0.07));
}

void StepCanvasPainter::drawHeader(QPainter& p) const {
    const QFont f = scene_.theme.font(scene_.font, 0.8);
    p.setFont(f);
    const QFontMetricsF fm(f);
    p.setPen(scene_.theme.dimText);
    for (std::uint32_t index : scene_.columnLabels) {
        const canvas::Column& c = scene_.columns[static_cast<std::size_t>(scene_.columnOf[index])];
        const QString label = QString::number(index);
        const qreal x = scene_.contentLeft + c.x - scene_.pan;
        p.drawText(
            QPointF(x + (c.width - fm.horizontalAdvance(label)) / 2, scene_.headerHeight - 5),
            label);
    }
}

// One row as drawRow paints it: its values, the rounds that wrote and read it, and its font.
struct StepCanvasPainter::RowLook {
    const std::vector<Value>& values;
    int row = 0;
    qreal alpha = 1;
    const TraceRound* r = nullptr;     // the round that wrote the row (null: the load)
    const TraceRound* next = nullptr;  // the round that reads it
    bool finalRow = false;
    qreal top = 0;
    std::vector<bool> written;  // per cell: written by r
    bool compact = false;
    bool showText = false;
    QFont font;     // of the numbers
    qreal pen = 1;  // of the borders
};

void StepCanvasPainter::drawRow(QPainter& p, int row, qreal alpha) const {
    const RowLook look = rowLook(row, alpha);
    for (const canvas::Column& c : scene_.columns) {
        const qreal x = scene_.contentLeft + c.x - scene_.pan;
        if (x + c.width < scene_.contentLeft - 2 || x > scene_.contentLeft + scene_.viewWidth + 2)
            continue;
        const QRectF cell(x, look.top, c.width, scene_.cellHeight);
        if (c.folded) {
            drawFold(p, look, cell);
            continue;
        }
        drawCell(p, look, c.first, cell);
        drawCellConflicts(p, look, c.first, cell);
    }
}

StepCanvasPainter::RowLook StepCanvasPainter::rowLook(int row, qreal alpha) const {
    RowLook look{.values = scene_.rowValues(row),
                 .row = row,
                 .alpha = alpha,
                 .r = row >= 1 ? scene_.roundAt(row) : nullptr,
                 .next = scene_.roundAt(row + 1),
                 .finalRow = row == scene_.roundCount(),
                 .top = scene_.place(row).top};
    look.written.assign(look.values.size(), false);
    if (look.r)
        for (const Access& a : look.r->accesses)
            if (a.write < look.written.size()) look.written[a.write] = true;
    // One font for the whole panel, sized so the widest value fits its cell; none when that
    // would be too small to read (the lens shows the numbers then).
    look.compact = scene_.valueFont.compact;
    look.showText = scene_.valueFont.px > 0;
    look.font = scene_.theme.font(scene_.font);
    look.font.setPixelSize(std::max(1, static_cast<int>(scene_.valueFont.px)));
    const qreal cellWidth = scene_.columns.empty() ? 0 : scene_.columns.front().width;
    look.pen = scene_.theme.lineWidth * (cellWidth > 12 ? 1.0 : 0.5);
    return look;
}

void StepCanvasPainter::drawFold(QPainter& p, const RowLook& look, const QRectF& cell) const {
    // A fold: a hatched strip standing for the untouched run.
    const qreal h = scene_.cellHeight;
    p.setPen(QPen(withAlpha(scene_.theme.cellBorder, look.alpha * 0.7), look.pen, Qt::DotLine));
    p.setBrush(QBrush(withAlpha(scene_.theme.grid, look.alpha), Qt::Dense6Pattern));
    p.drawRect(cell.adjusted(1, h * 0.2, -1, -h * 0.2));
}

void StepCanvasPainter::drawCell(QPainter& p, const RowLook& look, std::uint32_t i,
                                 const QRectF& cell) const {
    const Theme& theme = scene_.theme;
    QColor fill = theme.cellFill;
    QColor textColor = theme.text;
    bool bold = false;
    if (look.r) {
        if (look.written[i]) {
            fill = theme.writtenFill;
            bold = true;
        } else {
            // Stale cells: still in memory, no longer part of the reduction.
            fill = theme.idleFill;
            textColor = theme.dimText;
        }
    }
    const bool result = look.finalRow && i == 0 && look.row > 0;
    if (result) fill = theme.resultFill;
    p.setPen(QPen(withAlpha(theme.cellBorder, look.alpha), look.pen));
    p.setBrush(withAlpha(fill, look.alpha));
    p.drawRect(cell);
    if (result) {
        p.setPen(QPen(withAlpha(theme.text, look.alpha), 2.5 * theme.lineWidth));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cell.adjusted(1, 1, -1, -1));
    }
    if (look.showText && i < look.values.size()) {
        QFont f = look.font;
        f.setBold(bold);
        p.setFont(f);
        p.setPen(withAlpha(textColor, look.alpha));
        p.drawText(cell, Qt::AlignCenter, cells::valueText(look.values[i], look.compact));
    }
}

void StepCanvasPainter::drawCellConflicts(QPainter& p, const RowLook& look, std::uint32_t i,
                                          const QRectF& cell) const {
    // Bank conflicts on this row's cells: a diamond in the corner (reads of the next round at
    // the bottom, writes of this round at the top), with the n-way degree when it fits.
    const int row = look.row;
    const qreal d = std::clamp(cell.width() * 0.16, 2.5, 7.0 * scene_.theme.fontScale);
    if (look.r && row == scene_.round &&
        static_cast<std::size_t>(row - 1) < scene_.conflicts.size()) {
        const std::uint32_t degree =
            scene_.conflicts[static_cast<std::size_t>(row - 1)].writeCell[i];
        if (degree >= 2) drawConflictMark(p, look.alpha, cell, d, degree, cell.top() + d + 1);
    }
    if (look.next && row + 1 == scene_.round &&
        static_cast<std::size_t>(row) < scene_.conflicts.size()) {
        const std::uint32_t degree = scene_.conflicts[static_cast<std::size_t>(row)].readCell[i];
        if (degree >= 2)
            drawConflictMark(p, look.alpha, cell, d, degree,
                             cell.top() + scene_.cellHeight - d - 1);
    }
}

void StepCanvasPainter::drawConflictMark(QPainter& p, qreal alpha, const QRectF& cell, qreal d,
                                         std::uint32_t degree, qreal y) const {
    const qreal x = cell.x();
    const qreal width = cell.width();
    p.setPen(QPen(withAlpha(Qt::white, alpha), 1));
    p.setBrush(withAlpha(scene_.theme.conflict, alpha));
    drawDiamond(p, QPointF(x + width - d - 1, y), d);
    if (width > 34) {
        QFont small = scene_.theme.font(scene_.font, 0.7, true);
        p.setFont(small);
        p.setPen(withAlpha(scene_.theme.conflict, alpha));
        p.drawText(QRectF(x + 2, y - d - 2, width - 2 * d - 4, 2 * d + 4),
                   Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1×").arg(degree));
    }
}

void StepCanvasPainter::drawPlaceholderRow(QPainter& p, int row) const {
    // Rounds still to come: an outline, so the class sees how many are left.
    const qreal top = scene_.place(row).top;
    if (scene_.columns.empty()) return;
    const canvas::Column& first = scene_.columns.front();
    const canvas::Column& last = scene_.columns.back();
    const QRectF box(scene_.contentLeft + first.x - scene_.pan, top, last.x + last.width - first.x,
                     scene_.place(row).height);
    p.setPen(QPen(scene_.theme.grid, scene_.theme.lineWidth, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(box);
}

void StepCanvasPainter::drawArrow(QPainter& p, QPointF from, QPointF to, qreal fraction,
                                  bool head) const {
    if (fraction <= 0) return;
    const QPointF end = from + (to - from) * fraction;
    p.drawLine(from, end);
    const QPointF d = end - from;
    const qreal length = std::hypot(d.x(), d.y());
    if (!head || length < 8) return;
    const qreal size = std::min<qreal>(7.0 * scene_.theme.lineWidth, length / 3);
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    QPolygonF tip;
    tip << end << end - u * size + n * size * 0.45 << end - u * size - n * size * 0.45;
    const QBrush old = p.brush();
    p.setBrush(p.pen().color());
    QPen solid = p.pen();
    solid.setStyle(Qt::SolidLine);
    p.save();
    p.setPen(solid);
    p.drawPolygon(tip);
    p.restore();
    p.setBrush(old);
}

// One round as drawRound paints it: where its work-items sit and how far it is animated.
struct StepCanvasPainter::RoundLook {
    const TraceRound& r;
    int round = 0;
    bool current = false;  // the round shown, animated; earlier ones are faint
    qreal progress = 1;
    std::uint32_t cells = 0;
    qreal strip = 0;  // the work-items' centre line
    qreal dot = 0;    // a work-item's radius
    qreal fade = 1;
    qreal cellWidth = 1;
    const canvas::ConflictMarks* marks = nullptr;  // null: none recorded
};

void StepCanvasPainter::drawRound(QPainter& p, int round, bool current, qreal progress) const {
    const TraceRound* r = scene_.roundAt(round);
    if (!r) return;
    const qreal gap = scene_.place(round).gap;
    const qreal cellWidth = scene_.columns.empty() ? 1 : scene_.columns.front().width;
    const auto index = static_cast<std::size_t>(round - 1);
    const RoundLook look{
        .r = *r,
        .round = round,
        .current = current,
        .progress = progress,
        .cells = static_cast<std::uint32_t>(scene_.trace->local_size),
        .strip = scene_.place(round).strip,
        .dot = std::clamp(std::min(gap * 0.1, cellWidth * 0.3), 1.2, 7.0 * scene_.theme.fontScale),
        .fade = current ? 1.0 : 0.22,
        .cellWidth = cellWidth,
        .marks = index < scene_.conflicts.size() ? &scene_.conflicts[index] : nullptr};
    if (current) drawWarpBands(p, look);
    drawAccesses(p, look);
    drawWorkItems(p, look);
}

void StepCanvasPainter::drawWarpBands(QPainter& p, const RoundLook& look) const {
    // Warps as bands around the work-item strip; divergent ones hatched (pattern, not only hue).
    const Theme& theme = scene_.theme;
    const unsigned width = std::max(1u, scene_.trace->warp_width);
    for (std::uint32_t first = 0; first < look.cells; first += width) {
        const std::uint32_t last = std::min(look.cells, first + width) - 1;
        unsigned active = 0;
        for (std::uint32_t wi = first; wi <= last && wi < look.r.active.size(); ++wi)
            active += look.r.active[wi];
        const unsigned lanes = last - first + 1;
        const qreal left = scene_.centers[first] - scene_.column(first).width / 2 + 1.5;
        const qreal right = scene_.centers[last] + scene_.column(last).width / 2 - 1.5;
        const QRectF band(left, look.strip - look.dot - 3, right - left, 2 * look.dot + 6);
        if (active > 0 && active < lanes) {
            p.setPen(QPen(theme.divergent, 1.6 * theme.lineWidth));
            p.setBrush(QBrush(theme.divergent, Qt::BDiagPattern));
        } else if (active == lanes) {
            p.setPen(QPen(theme.active, 1.2 * theme.lineWidth));
            p.setBrush(withAlpha(theme.writtenFill, 0.35));
        } else {
            p.setPen(QPen(theme.idle, theme.lineWidth, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
        }
        p.drawRoundedRect(band, 3, 3);
    }
}

void StepCanvasPainter::drawAccesses(QPainter& p, const RoundLook& look) const {
    // Arrows: both reads into the work-item, then its write down into the next row.
    const qreal penWidth =
        std::max(0.6, (look.cellWidth > 14 ? 1.5 : 0.8) * scene_.theme.lineWidth) *
        (look.current ? 1.0 : 0.8);
    const bool heads = look.current && look.cellWidth > 9;
    const qreal readsDone = look.current ? ease(clamp01(look.progress / 0.5)) : 1.0;
    const qreal writeDone = look.current ? ease(clamp01((look.progress - 0.5) / 0.5)) : 1.0;
    const canvas::RowPlace& above = scene_.place(look.round - 1);
    const qreal fromY = above.top + above.height;
    const qreal toY = scene_.place(look.round).top;
    for (const Access& a : look.r.accesses) {
        if (a.work_item >= look.cells || a.read_a >= look.cells || a.read_b >= look.cells ||
            a.write >= look.cells)
            continue;
        if (!look.current && (scene_.isFolded(a.read_a) || scene_.isFolded(a.read_b) ||
                              scene_.isFolded(a.write) || scene_.isFolded(a.work_item)))
            continue;
        const QPointF at(scene_.centers[a.work_item], look.strip);
        const std::uint32_t readIndex[2] = {a.read_a, a.read_b};
        for (int phase = 0; phase < 3; ++phase) {
            p.setPen(arrowPen(look, a.work_item, phase, penWidth));
            if (phase < 2) {
                if (phase == 1 && a.read_b == a.read_a) continue;
                drawArrow(p, QPointF(scene_.centers[readIndex[phase]], fromY),
                          at - QPointF(0, look.dot), readsDone, heads);
            } else {
                drawArrow(p, at + QPointF(0, look.dot), QPointF(scene_.centers[a.write], toY),
                          writeDone, heads);
            }
        }
    }
}

QPen StepCanvasPainter::arrowPen(const RoundLook& look, std::uint32_t workItem, int phase,
                                 qreal width) const {
    // A phase caught in a bank conflict is dashed and wider, in the round being shown.
    const std::uint32_t degree =
        look.marks ? look.marks->phaseDegree[workItem * kPhases + static_cast<std::size_t>(phase)]
                   : 0;
    const bool conflict = degree >= 2 && look.current;
    QPen pen(withAlpha(conflict ? scene_.theme.conflict : scene_.theme.active, look.fade), width);
    if (conflict) {
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(width * 1.3);
    }
    return pen;
}

void StepCanvasPainter::drawWorkItems(QPainter& p, const RoundLook& look) const {
    // Work-items: filled circles when active, hollow when idle, diamonds when in a bank conflict.
    const Theme& theme = scene_.theme;
    const qreal appear = look.current ? clamp01(look.progress * 3) : 1.0;
    const qreal dot = look.dot;
    for (std::uint32_t wi = 0; wi < look.cells && wi < look.r.active.size(); ++wi) {
        if (scene_.isFolded(wi) && !look.current) continue;
        const bool active = look.r.active[wi];
        if (!look.current && !active) continue;
        const QPointF c(scene_.centers[wi], look.strip);
        if (active) {
            const bool conflicted = look.current && inConflict(look.marks, wi);
            p.setPen(QPen(withAlpha(Qt::white, look.fade * appear), 0.8));
            p.setBrush(withAlpha(conflicted ? theme.conflict : theme.active, look.fade * appear));
            if (conflicted)
                drawDiamond(p, c, dot * 1.35);
            else
                p.drawEllipse(c, dot, dot);
        } else if (!scene_.isFolded(wi)) {
            p.setPen(QPen(withAlpha(theme.idle, appear), std::max(0.6, 0.8 * theme.lineWidth)));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, dot * 0.6, dot * 0.6);
        }
    }
}

void StepCanvasPainter::drawLensWindow(QPainter& p) const {
    if (scene_.lensCount == 0 || !scene_.trace || scene_.columnOf.empty()) return;
    const auto last = static_cast<std::uint32_t>(
        std::min<std::size_t>(scene_.lensFirst + scene_.lensCount, scene_.columnOf.size()) - 1);
    if (scene_.lensFirst > last) return;
    const canvas::Column& a =
        scene_.columns[static_cast<std::size_t>(scene_.columnOf[scene_.lensFirst])];
    const canvas::Column& b = scene_.columns[static_cast<std::size_t>(scene_.columnOf[last])];
    const qreal left = scene_.contentLeft + a.x - scene_.pan;
    const qreal right = scene_.contentLeft + b.x + b.width - scene_.pan;
    QPen pen(scene_.theme.text, 1.5 * scene_.theme.lineWidth);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(
        QRectF(std::min(left, right - 3), scene_.headerHeight - 2, std::max<qreal>(3, right - left),
               scene_.rect.height() - scene_.headerHeight),
        3, 3);
}

void StepCanvasPainter::drawLabels(QPainter& p) const {
    p.fillRect(QRectF(0, 0, scene_.labelWidth, scene_.rect.height()), scene_.theme.background);
    for (const canvas::RowLabel& l : scene_.rowLabels) {
        p.setPen(l.bold || !l.small ? scene_.theme.text : scene_.theme.dimText);
        p.setFont(scene_.theme.font(scene_.font, l.small ? 0.8 : 1.0, l.bold));
        p.drawText(l.rect, Qt::AlignLeft | Qt::AlignVCenter, l.text);
    }
}

}  // namespace reducelab::ui
