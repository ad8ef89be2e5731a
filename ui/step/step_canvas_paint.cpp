// Painting of one step-view panel: the header, the rows of values with their bank and conflict
// marks, the arrows of each round and the labels (the layout is in step_canvas.cpp).
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "step/step_canvas.h"
#include "step/step_canvas_easing.h"
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

}  // namespace

void StepCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), theme_.background);
    p.setRenderHint(QPainter::Antialiasing);
    if (!trace_ || !group()) {
        p.setPen(theme_.dimText);
        p.setFont(theme_.font(font(), 1.1));
        p.drawText(rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap, message_);
        return;
    }
    if (builtForRound_ != focusRound()) relayout(true);
    p.save();
    p.setClipRect(QRectF(contentLeft() - 2, 0, viewWidth_ + 6, height()));
    if (hoverColumn_ >= 0 && hoverColumn_ < static_cast<int>(columns_.size())) {
        const Column& c = columns_[static_cast<std::size_t>(hoverColumn_)];
        p.fillRect(QRectF(contentLeft() + c.x - pan_, headerHeight_ - 2, c.width, height()),
                   withAlpha(theme_.active, 0.07));
    }
    drawHeader(p);
    const int rounds = roundCount();
    // Past rounds first (faint), then the current one on top.
    for (int r = 1; r < round_; ++r) drawRound(p, r, false, 1.0);
    for (int row = 0; row <= rounds; ++row) {
        if (row < round_)
            drawRow(p, row, 1.0);
        else if (row == round_)
            drawRow(p, row, row == 0 ? 1.0 : clamp01((progress_ - 0.5) * 2));
        else
            drawPlaceholderRow(p, row);
    }
    if (round_ >= 1) drawRound(p, round_, true, progress_);
    drawLensWindow(p);
    p.restore();
    drawLabels(p);
}

void StepCanvas::drawRow(QPainter& p, int row, qreal alpha) const {
    const std::vector<Value>& values = rowValues(row);
    const TraceRound* r = row >= 1 ? roundAt(row) : nullptr;
    const TraceRound* next = roundAt(row + 1);
    const bool finalRow = row == roundCount();
    const qreal top = rowTop(row);
    const qreal h = cellHeight_;
    std::vector<bool> written(values.size(), false);
    if (r)
        for (const Access& a : r->accesses)
            if (a.write < written.size()) written[a.write] = true;

    // One font for the whole panel, sized so the widest value fits its cell; none when that
    // would be too small to read (the lens shows the numbers then).
    const ValueFont valueSize = valueFont();
    const bool compact = valueSize.compact;
    const bool showText = valueSize.px > 0;
    const qreal cellWidth = columns_.empty() ? 0 : columns_.front().width;
    QFont f = theme_.font(font());
    f.setPixelSize(std::max(1, static_cast<int>(valueSize.px)));

    const qreal pen = theme_.lineWidth * (cellWidth > 12 ? 1.0 : 0.5);
    for (const Column& c : columns_) {
        const qreal x = contentLeft() + c.x - pan_;
        if (x + c.width < contentLeft() - 2 || x > contentLeft() + viewWidth_ + 2) continue;
        const QRectF cell(x, top, c.width, h);
        if (c.folded) {
            // A fold: a hatched strip standing for the untouched run.
            p.setPen(QPen(withAlpha(theme_.cellBorder, alpha * 0.7), pen, Qt::DotLine));
            p.setBrush(QBrush(withAlpha(theme_.grid, alpha), Qt::Dense6Pattern));
            p.drawRect(cell.adjusted(1, h * 0.2, -1, -h * 0.2));
            continue;
        }
        const std::uint32_t i = c.first;
        QColor fill = theme_.cellFill;
        QColor textColor = theme_.text;
        bool bold = false;
        if (r) {
            if (written[i]) {
                fill = theme_.writtenFill;
                bold = true;
            } else {
                // Stale cells: still in memory, no longer part of the reduction.
                fill = theme_.idleFill;
                textColor = theme_.dimText;
            }
        }
        if (finalRow && i == 0 && row > 0) fill = theme_.resultFill;
        p.setPen(QPen(withAlpha(theme_.cellBorder, alpha), pen));
        p.setBrush(withAlpha(fill, alpha));
        p.drawRect(cell);
        if (finalRow && i == 0 && row > 0) {
            p.setPen(QPen(withAlpha(theme_.text, alpha), 2.5 * theme_.lineWidth));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cell.adjusted(1, 1, -1, -1));
        }
        if (showText && i < values.size()) {
            f.setBold(bold);
            p.setFont(f);
            p.setPen(withAlpha(textColor, alpha));
            p.drawText(cell, Qt::AlignCenter, cells::valueText(values[i], compact));
        }
        // Bank conflicts on this row's cells: a diamond in the corner (reads of the next round
        // at the bottom, writes of this round at the top), with the n-way degree when it fits.
        const qreal d = std::clamp(c.width * 0.16, 2.5, 7.0 * theme_.fontScale);
        auto mark = [&](std::uint32_t degree, qreal y) {
            p.setPen(QPen(withAlpha(Qt::white, alpha), 1));
            p.setBrush(withAlpha(theme_.conflict, alpha));
            drawDiamond(p, QPointF(x + c.width - d - 1, y), d);
            if (c.width > 34) {
                QFont small = theme_.font(font(), 0.7, true);
                p.setFont(small);
                p.setPen(withAlpha(theme_.conflict, alpha));
                p.drawText(QRectF(x + 2, y - d - 2, c.width - 2 * d - 4, 2 * d + 4),
                           Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1×").arg(degree));
            }
        };
        if (r && row == round_ && static_cast<std::size_t>(row - 1) < conflicts_.size()) {
            const std::uint32_t degree = conflicts_[static_cast<std::size_t>(row - 1)].writeCell[i];
            if (degree >= 2) mark(degree, top + d + 1);
        }
        if (next && row + 1 == round_ && static_cast<std::size_t>(row) < conflicts_.size()) {
            const std::uint32_t degree = conflicts_[static_cast<std::size_t>(row)].readCell[i];
            if (degree >= 2) mark(degree, top + h - d - 1);
        }
    }
}

void StepCanvas::drawPlaceholderRow(QPainter& p, int row) const {
    // Rounds still to come: an outline, so the class sees how many are left.
    const qreal top = rowTop(row);
    if (columns_.empty()) return;
    const Column& first = columns_.front();
    const Column& last = columns_.back();
    const QRectF box(contentLeft() + first.x - pan_, top, last.x + last.width - first.x,
                     rowHeight(row));
    p.setPen(QPen(theme_.grid, theme_.lineWidth, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(box);
}

void StepCanvas::drawArrow(QPainter& p, QPointF from, QPointF to, qreal fraction, bool head) const {
    if (fraction <= 0) return;
    const QPointF end = from + (to - from) * fraction;
    p.drawLine(from, end);
    const QPointF d = end - from;
    const qreal length = std::hypot(d.x(), d.y());
    if (!head || length < 8) return;
    const qreal size = std::min<qreal>(7.0 * theme_.lineWidth, length / 3);
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

void StepCanvas::drawRound(QPainter& p, int round, bool current, qreal progress) const {
    const TraceRound* r = roundAt(round);
    if (!r) return;
    const auto cells = static_cast<std::uint32_t>(trace_->local_size);
    const qreal strip = stripCenter(round);
    const qreal gap = gapHeights_[static_cast<std::size_t>(round)];
    const qreal readsDone = current ? ease(clamp01(progress / 0.5)) : 1.0;
    const qreal writeDone = current ? ease(clamp01((progress - 0.5) / 0.5)) : 1.0;
    const qreal fade = current ? 1.0 : 0.22;
    const qreal cellWidth = columns_.empty() ? 1 : columns_.front().width;
    const qreal dot = std::clamp(std::min(gap * 0.1, cellWidth * 0.3), 1.2, 7.0 * theme_.fontScale);
    const ConflictMarks* marks = static_cast<std::size_t>(round - 1) < conflicts_.size()
                                     ? &conflicts_[static_cast<std::size_t>(round - 1)]
                                     : nullptr;

    // Warps as bands around the work-item strip; divergent ones hatched (pattern, not only hue).
    if (current) {
        const unsigned width = std::max(1u, trace_->warp_width);
        for (std::uint32_t first = 0; first < cells; first += width) {
            const std::uint32_t last = std::min(cells, first + width) - 1;
            unsigned active = 0;
            for (std::uint32_t wi = first; wi <= last && wi < r->active.size(); ++wi)
                active += r->active[wi];
            const unsigned lanes = last - first + 1;
            const qreal left = centerX(first) -
                               columns_[static_cast<std::size_t>(columnOf_[first])].width / 2 + 1.5;
            const qreal right =
                centerX(last) + columns_[static_cast<std::size_t>(columnOf_[last])].width / 2 - 1.5;
            const QRectF band(left, strip - dot - 3, right - left, 2 * dot + 6);
            if (active > 0 && active < lanes) {
                p.setPen(QPen(theme_.divergent, 1.6 * theme_.lineWidth));
                p.setBrush(QBrush(theme_.divergent, Qt::BDiagPattern));
            } else if (active == lanes) {
                p.setPen(QPen(theme_.active, 1.2 * theme_.lineWidth));
                p.setBrush(withAlpha(theme_.writtenFill, 0.35));
            } else {
                p.setPen(QPen(theme_.idle, theme_.lineWidth, Qt::DashLine));
                p.setBrush(Qt::NoBrush);
            }
            p.drawRoundedRect(band, 3, 3);
        }
    }

    // Arrows: both reads into the work-item, then its write down into the next row.
    const qreal penWidth =
        std::max(0.6, (cellWidth > 14 ? 1.5 : 0.8) * theme_.lineWidth) * (current ? 1.0 : 0.8);
    const bool heads = current && cellWidth > 9;
    for (const Access& a : r->accesses) {
        if (a.work_item >= cells || a.read_a >= cells || a.read_b >= cells || a.write >= cells)
            continue;
        if (!current && (isFolded(a.read_a) || isFolded(a.read_b) || isFolded(a.write) ||
                         isFolded(a.work_item)))
            continue;
        const QPointF at(centerX(a.work_item), strip);
        const qreal fromY = rowTop(round - 1) + rowHeight(round - 1);
        const std::uint32_t readIndex[2] = {a.read_a, a.read_b};
        for (int phase = 0; phase < 3; ++phase) {
            const std::uint32_t degree =
                marks ? marks->phaseDegree[a.work_item * kPhases + static_cast<std::size_t>(phase)]
                      : 0;
            QPen pen(withAlpha(degree >= 2 && current ? theme_.conflict : theme_.active, fade),
                     penWidth);
            if (degree >= 2 && current) {
                pen.setStyle(Qt::DashLine);
                pen.setWidthF(penWidth * 1.3);
            }
            p.setPen(pen);
            if (phase < 2) {
                if (phase == 1 && a.read_b == a.read_a) continue;
                drawArrow(p, QPointF(centerX(readIndex[phase]), fromY), at - QPointF(0, dot),
                          readsDone, heads);
            } else {
                drawArrow(p, at + QPointF(0, dot), QPointF(centerX(a.write), rowTop(round)),
                          writeDone, heads);
            }
        }
    }

    // Work-items: filled circles when active, hollow when idle, diamonds when in a bank conflict.
    const qreal appear = current ? clamp01(progress * 3) : 1.0;
    for (std::uint32_t wi = 0; wi < cells && wi < r->active.size(); ++wi) {
        if (isFolded(wi) && !current) continue;
        const bool active = r->active[wi];
        if (!current && !active) continue;
        const QPointF c(centerX(wi), strip);
        bool conflicted = false;
        if (marks && current)
            for (int phase = 0; phase < kPhases; ++phase)
                conflicted =
                    conflicted ||
                    marks->phaseDegree[wi * kPhases + static_cast<std::size_t>(phase)] >= 2;
        if (active) {
            p.setPen(QPen(withAlpha(Qt::white, fade * appear), 0.8));
            p.setBrush(withAlpha(conflicted ? theme_.conflict : theme_.active, fade * appear));
            if (conflicted)
                drawDiamond(p, c, dot * 1.35);
            else
                p.drawEllipse(c, dot, dot);
        } else if (!isFolded(wi)) {
            p.setPen(QPen(withAlpha(theme_.idle, appear), std::max(0.6, 0.8 * theme_.lineWidth)));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, dot * 0.6, dot * 0.6);
        }
    }
}

}  // namespace reducelab::ui
