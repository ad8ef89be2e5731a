// Painting of one step-view panel (step_canvas_painter.h).
#include "step/step_canvas_painter.h"

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

void StepCanvasPainter::paint(QPainter& p) const {
    p.fillRect(canvas_.rect(), canvas_.theme_.background);
    p.setRenderHint(QPainter::Antialiasing);
    if (!canvas_.trace_ || !canvas_.group()) {
        p.setPen(canvas_.theme_.dimText);
        p.setFont(canvas_.theme_.font(canvas_.font(), 1.1));
        p.drawText(canvas_.rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
                   canvas_.message_);
        return;
    }
    p.save();
    p.setClipRect(QRectF(canvas_.contentLeft() - 2, 0, canvas_.viewWidth_ + 6, canvas_.height()));
    if (canvas_.hoverColumn_ >= 0 &&
        canvas_.hoverColumn_ < static_cast<int>(canvas_.columns_.size())) {
        const StepCanvas::Column& c =
            canvas_.columns_[static_cast<std::size_t>(canvas_.hoverColumn_)];
        p.fillRect(QRectF(canvas_.contentLeft() + c.x - canvas_.pan_, canvas_.headerHeight_ - 2,
                          c.width, canvas_.height()),
                   withAlpha(canvas_.theme_.active, 0.07));
    }
    drawHeader(p);
    const int rounds = canvas_.roundCount();
    // Past rounds first (faint), then the current one on top.
    for (int r = 1; r < canvas_.round_; ++r) drawRound(p, r, false, 1.0);
    for (int row = 0; row <= rounds; ++row) {
        if (row < canvas_.round_)
            drawRow(p, row, 1.0);
        else if (row == canvas_.round_)
            drawRow(p, row, row == 0 ? 1.0 : clamp01((canvas_.progress_ - 0.5) * 2));
        else
            drawPlaceholderRow(p, row);
    }
    if (canvas_.round_ >= 1) drawRound(p, canvas_.round_, true, canvas_.progress_);
    drawLensWindow(p);
    p.restore();
    drawLabels(p);
}

void StepCanvasPainter::drawHeader(QPainter& p) const {
    const QFont f = canvas_.theme_.font(canvas_.font(), 0.8);
    p.setFont(f);
    const QFontMetricsF fm(f);
    p.setPen(canvas_.theme_.dimText);
    for (std::uint32_t index : canvas_.columnLabels()) {
        const StepCanvas::Column& c =
            canvas_.columns_[static_cast<std::size_t>(canvas_.columnOf_[index])];
        const QString label = QString::number(index);
        const qreal x = canvas_.contentLeft() + c.x - canvas_.pan_;
        p.drawText(
            QPointF(x + (c.width - fm.horizontalAdvance(label)) / 2, canvas_.headerHeight_ - 5),
            label);
    }
}

void StepCanvasPainter::drawRow(QPainter& p, int row, qreal alpha) const {
    const std::vector<Value>& values = canvas_.rowValues(row);
    const TraceRound* r = row >= 1 ? canvas_.roundAt(row) : nullptr;
    const TraceRound* next = canvas_.roundAt(row + 1);
    const bool finalRow = row == canvas_.roundCount();
    const qreal top = canvas_.rowTop(row);
    const qreal h = canvas_.cellHeight_;
    std::vector<bool> written(values.size(), false);
    if (r)
        for (const Access& a : r->accesses)
            if (a.write < written.size()) written[a.write] = true;

    // One font for the whole panel, sized so the widest value fits its cell; none when that
    // would be too small to read (the lens shows the numbers then).
    const canvas::ValueFont valueSize = canvas_.valueFont();
    const bool compact = valueSize.compact;
    const bool showText = valueSize.px > 0;
    const qreal cellWidth = canvas_.columns_.empty() ? 0 : canvas_.columns_.front().width;
    QFont f = canvas_.theme_.font(canvas_.font());
    f.setPixelSize(std::max(1, static_cast<int>(valueSize.px)));

    const qreal pen = canvas_.theme_.lineWidth * (cellWidth > 12 ? 1.0 : 0.5);
    for (const StepCanvas::Column& c : canvas_.columns_) {
        const qreal x = canvas_.contentLeft() + c.x - canvas_.pan_;
        if (x + c.width < canvas_.contentLeft() - 2 ||
            x > canvas_.contentLeft() + canvas_.viewWidth_ + 2)
            continue;
        const QRectF cell(x, top, c.width, h);
        if (c.folded) {
            // A fold: a hatched strip standing for the untouched run.
            p.setPen(QPen(withAlpha(canvas_.theme_.cellBorder, alpha * 0.7), pen, Qt::DotLine));
            p.setBrush(QBrush(withAlpha(canvas_.theme_.grid, alpha), Qt::Dense6Pattern));
            p.drawRect(cell.adjusted(1, h * 0.2, -1, -h * 0.2));
            continue;
        }
        const std::uint32_t i = c.first;
        QColor fill = canvas_.theme_.cellFill;
        QColor textColor = canvas_.theme_.text;
        bool bold = false;
        if (r) {
            if (written[i]) {
                fill = canvas_.theme_.writtenFill;
                bold = true;
            } else {
                // Stale cells: still in memory, no longer part of the reduction.
                fill = canvas_.theme_.idleFill;
                textColor = canvas_.theme_.dimText;
            }
        }
        if (finalRow && i == 0 && row > 0) fill = canvas_.theme_.resultFill;
        p.setPen(QPen(withAlpha(canvas_.theme_.cellBorder, alpha), pen));
        p.setBrush(withAlpha(fill, alpha));
        p.drawRect(cell);
        if (finalRow && i == 0 && row > 0) {
            p.setPen(QPen(withAlpha(canvas_.theme_.text, alpha), 2.5 * canvas_.theme_.lineWidth));
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
        const qreal d = std::clamp(c.width * 0.16, 2.5, 7.0 * canvas_.theme_.fontScale);
        auto mark = [&](std::uint32_t degree, qreal y) {
            p.setPen(QPen(withAlpha(Qt::white, alpha), 1));
            p.setBrush(withAlpha(canvas_.theme_.conflict, alpha));
            drawDiamond(p, QPointF(x + c.width - d - 1, y), d);
            if (c.width > 34) {
                QFont small = canvas_.theme_.font(canvas_.font(), 0.7, true);
                p.setFont(small);
                p.setPen(withAlpha(canvas_.theme_.conflict, alpha));
                p.drawText(QRectF(x + 2, y - d - 2, c.width - 2 * d - 4, 2 * d + 4),
                           Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1×").arg(degree));
            }
        };
        if (r && row == canvas_.round_ &&
            static_cast<std::size_t>(row - 1) < canvas_.conflicts_.size()) {
            const std::uint32_t degree =
                canvas_.conflicts_[static_cast<std::size_t>(row - 1)].writeCell[i];
            if (degree >= 2) mark(degree, top + d + 1);
        }
        if (next && row + 1 == canvas_.round_ &&
            static_cast<std::size_t>(row) < canvas_.conflicts_.size()) {
            const std::uint32_t degree =
                canvas_.conflicts_[static_cast<std::size_t>(row)].readCell[i];
            if (degree >= 2) mark(degree, top + h - d - 1);
        }
    }
}

void StepCanvasPainter::drawPlaceholderRow(QPainter& p, int row) const {
    // Rounds still to come: an outline, so the class sees how many are left.
    const qreal top = canvas_.rowTop(row);
    if (canvas_.columns_.empty()) return;
    const StepCanvas::Column& first = canvas_.columns_.front();
    const StepCanvas::Column& last = canvas_.columns_.back();
    const QRectF box(canvas_.contentLeft() + first.x - canvas_.pan_, top,
                     last.x + last.width - first.x, canvas_.rowHeight(row));
    p.setPen(QPen(canvas_.theme_.grid, canvas_.theme_.lineWidth, Qt::DashLine));
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
    const qreal size = std::min<qreal>(7.0 * canvas_.theme_.lineWidth, length / 3);
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

void StepCanvasPainter::drawRound(QPainter& p, int round, bool current, qreal progress) const {
    const TraceRound* r = canvas_.roundAt(round);
    if (!r) return;
    const auto cells = static_cast<std::uint32_t>(canvas_.trace_->local_size);
    const qreal strip = canvas_.stripCenter(round);
    const qreal gap = canvas_.gapHeights_[static_cast<std::size_t>(round)];
    const qreal readsDone = current ? ease(clamp01(progress / 0.5)) : 1.0;
    const qreal writeDone = current ? ease(clamp01((progress - 0.5) / 0.5)) : 1.0;
    const qreal fade = current ? 1.0 : 0.22;
    const qreal cellWidth = canvas_.columns_.empty() ? 1 : canvas_.columns_.front().width;
    const qreal dot =
        std::clamp(std::min(gap * 0.1, cellWidth * 0.3), 1.2, 7.0 * canvas_.theme_.fontScale);
    const StepCanvas::ConflictMarks* marks =
        static_cast<std::size_t>(round - 1) < canvas_.conflicts_.size()
            ? &canvas_.conflicts_[static_cast<std::size_t>(round - 1)]
            : nullptr;

    // Warps as bands around the work-item strip; divergent ones hatched (pattern, not only hue).
    if (current) {
        const unsigned width = std::max(1u, canvas_.trace_->warp_width);
        for (std::uint32_t first = 0; first < cells; first += width) {
            const std::uint32_t last = std::min(cells, first + width) - 1;
            unsigned active = 0;
            for (std::uint32_t wi = first; wi <= last && wi < r->active.size(); ++wi)
                active += r->active[wi];
            const unsigned lanes = last - first + 1;
            const qreal left =
                canvas_.centerX(first) -
                canvas_.columns_[static_cast<std::size_t>(canvas_.columnOf_[first])].width / 2 +
                1.5;
            const qreal right =
                canvas_.centerX(last) +
                canvas_.columns_[static_cast<std::size_t>(canvas_.columnOf_[last])].width / 2 - 1.5;
            const QRectF band(left, strip - dot - 3, right - left, 2 * dot + 6);
            if (active > 0 && active < lanes) {
                p.setPen(QPen(canvas_.theme_.divergent, 1.6 * canvas_.theme_.lineWidth));
                p.setBrush(QBrush(canvas_.theme_.divergent, Qt::BDiagPattern));
            } else if (active == lanes) {
                p.setPen(QPen(canvas_.theme_.active, 1.2 * canvas_.theme_.lineWidth));
                p.setBrush(withAlpha(canvas_.theme_.writtenFill, 0.35));
            } else {
                p.setPen(QPen(canvas_.theme_.idle, canvas_.theme_.lineWidth, Qt::DashLine));
                p.setBrush(Qt::NoBrush);
            }
            p.drawRoundedRect(band, 3, 3);
        }
    }

    // Arrows: both reads into the work-item, then its write down into the next row.
    const qreal penWidth = std::max(0.6, (cellWidth > 14 ? 1.5 : 0.8) * canvas_.theme_.lineWidth) *
                           (current ? 1.0 : 0.8);
    const bool heads = current && cellWidth > 9;
    for (const Access& a : r->accesses) {
        if (a.work_item >= cells || a.read_a >= cells || a.read_b >= cells || a.write >= cells)
            continue;
        if (!current && (canvas_.isFolded(a.read_a) || canvas_.isFolded(a.read_b) ||
                         canvas_.isFolded(a.write) || canvas_.isFolded(a.work_item)))
            continue;
        const QPointF at(canvas_.centerX(a.work_item), strip);
        const qreal fromY = canvas_.rowTop(round - 1) + canvas_.rowHeight(round - 1);
        const std::uint32_t readIndex[2] = {a.read_a, a.read_b};
        for (int phase = 0; phase < 3; ++phase) {
            const std::uint32_t degree =
                marks ? marks->phaseDegree[a.work_item * kPhases + static_cast<std::size_t>(phase)]
                      : 0;
            QPen pen(
                withAlpha(degree >= 2 && current ? canvas_.theme_.conflict : canvas_.theme_.active,
                          fade),
                penWidth);
            if (degree >= 2 && current) {
                pen.setStyle(Qt::DashLine);
                pen.setWidthF(penWidth * 1.3);
            }
            p.setPen(pen);
            if (phase < 2) {
                if (phase == 1 && a.read_b == a.read_a) continue;
                drawArrow(p, QPointF(canvas_.centerX(readIndex[phase]), fromY),
                          at - QPointF(0, dot), readsDone, heads);
            } else {
                drawArrow(p, at + QPointF(0, dot),
                          QPointF(canvas_.centerX(a.write), canvas_.rowTop(round)), writeDone,
                          heads);
            }
        }
    }

    // Work-items: filled circles when active, hollow when idle, diamonds when in a bank conflict.
    const qreal appear = current ? clamp01(progress * 3) : 1.0;
    for (std::uint32_t wi = 0; wi < cells && wi < r->active.size(); ++wi) {
        if (canvas_.isFolded(wi) && !current) continue;
        const bool active = r->active[wi];
        if (!current && !active) continue;
        const QPointF c(canvas_.centerX(wi), strip);
        bool conflicted = false;
        if (marks && current)
            for (int phase = 0; phase < kPhases; ++phase)
                conflicted =
                    conflicted ||
                    marks->phaseDegree[wi * kPhases + static_cast<std::size_t>(phase)] >= 2;
        if (active) {
            p.setPen(QPen(withAlpha(Qt::white, fade * appear), 0.8));
            p.setBrush(withAlpha(conflicted ? canvas_.theme_.conflict : canvas_.theme_.active,
                                 fade * appear));
            if (conflicted)
                drawDiamond(p, c, dot * 1.35);
            else
                p.drawEllipse(c, dot, dot);
        } else if (!canvas_.isFolded(wi)) {
            p.setPen(QPen(withAlpha(canvas_.theme_.idle, appear),
                          std::max(0.6, 0.8 * canvas_.theme_.lineWidth)));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(c, dot * 0.6, dot * 0.6);
        }
    }
}

void StepCanvasPainter::drawLensWindow(QPainter& p) const {
    if (canvas_.lensCount_ == 0 || !canvas_.trace_ || canvas_.columnOf_.empty()) return;
    const auto last = static_cast<std::uint32_t>(
        std::min<std::size_t>(canvas_.lensFirst_ + canvas_.lensCount_, canvas_.columnOf_.size()) -
        1);
    if (canvas_.lensFirst_ > last) return;
    const StepCanvas::Column& a =
        canvas_.columns_[static_cast<std::size_t>(canvas_.columnOf_[canvas_.lensFirst_])];
    const StepCanvas::Column& b =
        canvas_.columns_[static_cast<std::size_t>(canvas_.columnOf_[last])];
    const qreal left = canvas_.contentLeft() + a.x - canvas_.pan_;
    const qreal right = canvas_.contentLeft() + b.x + b.width - canvas_.pan_;
    QPen pen(canvas_.theme_.text, 1.5 * canvas_.theme_.lineWidth);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(
        QRectF(std::min(left, right - 3), canvas_.headerHeight_ - 2,
               std::max<qreal>(3, right - left), canvas_.height() - canvas_.headerHeight_),
        3, 3);
}

void StepCanvasPainter::drawLabels(QPainter& p) const {
    p.fillRect(QRectF(0, 0, canvas_.labelWidth_, canvas_.height()), canvas_.theme_.background);
    for (const canvas::RowLabel& l : canvas_.layoutLabels()) {
        p.setPen(l.bold || !l.small ? canvas_.theme_.text : canvas_.theme_.dimText);
        p.setFont(canvas_.theme_.font(canvas_.font(), l.small ? 0.8 : 1.0, l.bold));
        p.drawText(l.rect, Qt::AlignLeft | Qt::AlignVCenter, l.text);
    }
}

}  // namespace reducelab::ui
