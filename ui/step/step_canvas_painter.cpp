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
    if (scene_.hoverColumn >= 0 && scene_.hoverColumn < static_cast<int>(scene_.columns.size())) {
        const canvas::Column& c = scene_.columns[static_cast<std::size_t>(scene_.hoverColumn)];
        p.fillRect(QRectF(scene_.contentLeft + c.x - scene_.pan, scene_.headerHeight - 2, c.width,
                          scene_.rect.height()),
                   withAlpha(scene_.theme.active, 0.07));
    }
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

void StepCanvasPainter::drawRow(QPainter& p, int row, qreal alpha) const {
    const std::vector<Value>& values = scene_.rowValues(row);
    const TraceRound* r = row >= 1 ? scene_.roundAt(row) : nullptr;
    const TraceRound* next = scene_.roundAt(row + 1);
    const bool finalRow = row == scene_.roundCount();
    const qreal top = scene_.place(row).top;
    const qreal h = scene_.cellHeight;
    std::vector<bool> written(values.size(), false);
    if (r)
        for (const Access& a : r->accesses)
            if (a.write < written.size()) written[a.write] = true;

    // One font for the whole panel, sized so the widest value fits its cell; none when that
    // would be too small to read (the lens shows the numbers then).
    const canvas::ValueFont valueSize = scene_.valueFont;
    const bool compact = valueSize.compact;
    const bool showText = valueSize.px > 0;
    const qreal cellWidth = scene_.columns.empty() ? 0 : scene_.columns.front().width;
    QFont f = scene_.theme.font(scene_.font);
    f.setPixelSize(std::max(1, static_cast<int>(valueSize.px)));

    const qreal pen = scene_.theme.lineWidth * (cellWidth > 12 ? 1.0 : 0.5);
    for (const canvas::Column& c : scene_.columns) {
        const qreal x = scene_.contentLeft + c.x - scene_.pan;
        if (x + c.width < scene_.contentLeft - 2 || x > scene_.contentLeft + scene_.viewWidth + 2)
            continue;
        const QRectF cell(x, top, c.width, h);
        if (c.folded) {
            // A fold: a hatched strip standing for the untouched run.
            p.setPen(QPen(withAlpha(scene_.theme.cellBorder, alpha * 0.7), pen, Qt::DotLine));
            p.setBrush(QBrush(withAlpha(scene_.theme.grid, alpha), Qt::Dense6Pattern));
            p.drawRect(cell.adjusted(1, h * 0.2, -1, -h * 0.2));
            continue;
        }
        const std::uint32_t i = c.first;
        QColor fill = scene_.theme.cellFill;
        QColor textColor = scene_.theme.text;
        bool bold = false;
        if (r) {
            if (written[i]) {
                fill = scene_.theme.writtenFill;
                bold = true;
            } else {
                // Stale cells: still in memory, no longer part of the reduction.
                fill = scene_.theme.idleFill;
                textColor = scene_.theme.dimText;
            }
        }
        if (finalRow && i == 0 && row > 0) fill = scene_.theme.resultFill;
        p.setPen(QPen(withAlpha(scene_.theme.cellBorder, alpha), pen));
        p.setBrush(withAlpha(fill, alpha));
        p.drawRect(cell);
        if (finalRow && i == 0 && row > 0) {
            p.setPen(QPen(withAlpha(scene_.theme.text, alpha), 2.5 * scene_.theme.lineWidth));
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
        const qreal d = std::clamp(c.width * 0.16, 2.5, 7.0 * scene_.theme.fontScale);
        auto mark = [&](std::uint32_t degree, qreal y) {
            p.setPen(QPen(withAlpha(Qt::white, alpha), 1));
            p.setBrush(withAlpha(scene_.theme.conflict, alpha));
            drawDiamond(p, QPointF(x + c.width - d - 1, y), d);
            if (c.width > 34) {
                QFont small = scene_.theme.font(scene_.font, 0.7, true);
                p.setFont(small);
                p.setPen(withAlpha(scene_.theme.conflict, alpha));
                p.drawText(QRectF(x + 2, y - d - 2, c.width - 2 * d - 4, 2 * d + 4),
                           Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1×").arg(degree));
            }
        };
        if (r && row == scene_.round &&
            static_cast<std::size_t>(row - 1) < scene_.conflicts.size()) {
            const std::uint32_t degree =
                scene_.conflicts[static_cast<std::size_t>(row - 1)].writeCell[i];
            if (degree >= 2) mark(degree, top + d + 1);
        }
        if (next && row + 1 == scene_.round &&
            static_cast<std::size_t>(row) < scene_.conflicts.size()) {
            const std::uint32_t degree =
                scene_.conflicts[static_cast<std::size_t>(row)].readCell[i];
            if (degree >= 2) mark(degree, top + h - d - 1);
        }
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

void StepCanvasPainter::drawRound(QPainter& p, int round, bool current, qreal progress) const {
    const TraceRound* r = scene_.roundAt(round);
    if (!r) return;
    const auto cells = static_cast<std::uint32_t>(scene_.trace->local_size);
    const qreal strip = scene_.place(round).strip;
    const qreal gap = scene_.place(round).gap;
    const qreal readsDone = current ? ease(clamp01(progress / 0.5)) : 1.0;
    const qreal writeDone = current ? ease(clamp01((progress - 0.5) / 0.5)) : 1.0;
    const qreal fade = current ? 1.0 : 0.22;
    const qreal cellWidth = scene_.columns.empty() ? 1 : scene_.columns.front().width;
    const qreal dot =
        std::clamp(std::min(gap * 0.1, cellWidth * 0.3), 1.2, 7.0 * scene_.theme.fontScale);
    const canvas::ConflictMarks* marks =
        static_cast<std::size_t>(round - 1) < scene_.conflicts.size()
            ? &scene_.conflicts[static_cast<std::size_t>(round - 1)]
            : nullptr;

    // Warps as bands around the work-item strip; divergent ones hatched (pattern, not only hue).
    if (current) {
        const unsigned width = std::max(1u, scene_.trace->warp_width);
        for (std::uint32_t first = 0; first < cells; first += width) {
            const std::uint32_t last = std::min(cells, first + width) - 1;
            unsigned active = 0;
            for (std::uint32_t wi = first; wi <= last && wi < r->active.size(); ++wi)
                active += r->active[wi];
            const unsigned lanes = last - first + 1;
            const qreal left =
                scene_.centers[first] -
                scene_.columns[static_cast<std::size_t>(scene_.columnOf[first])].width / 2 + 1.5;
            const qreal right =
                scene_.centers[last] +
                scene_.columns[static_cast<std::size_t>(scene_.columnOf[last])].width / 2 - 1.5;
            const QRectF band(left, strip - dot - 3, right - left, 2 * dot + 6);
            if (active > 0 && active < lanes) {
                p.setPen(QPen(scene_.theme.divergent, 1.6 * scene_.theme.lineWidth));
                p.setBrush(QBrush(scene_.theme.divergent, Qt::BDiagPattern));
            } else if (active == lanes) {
                p.setPen(QPen(scene_.theme.active, 1.2 * scene_.theme.lineWidth));
                p.setBrush(withAlpha(scene_.theme.writtenFill, 0.35));
            } else {
                p.setPen(QPen(scene_.theme.idle, scene_.theme.lineWidth, Qt::DashLine));
                p.setBrush(Qt::NoBrush);
            }
            p.drawRoundedRect(band, 3, 3);
        }
    }

    // Arrows: both reads into the work-item, then its write down into the next row.
    const qreal penWidth = std::max(0.6, (cellWidth > 14 ? 1.5 : 0.8) * scene_.theme.lineWidth) *
                           (current ? 1.0 : 0.8);
    const bool heads = current && cellWidth > 9;
    for (const Access& a : r->accesses) {
        if (a.work_item >= cells || a.read_a >= cells || a.read_b >= cells || a.write >= cells)
            continue;
        if (!current && (scene_.isFolded(a.read_a) || scene_.isFolded(a.read_b) ||
                         scene_.isFolded(a.write) || scene_.isFolded(a.work_item)))
            continue;
        const QPointF at(scene_.centers[a.work_item], strip);
        const qreal fromY = scene_.place(round - 1).top + scene_.place(round - 1).height;
        const std::uint32_t readIndex[2] = {a.read_a, a.read_b};
        for (int phase = 0; phase < 3; ++phase) {
            const std::uint32_t degree =
                marks ? marks->phaseDegree[a.work_item * kPhases + static_cast<std::size_t>(phase)]
                      : 0;
            QPen pen(withAlpha(degree >= 2 && current ? scene_.theme.conflict : scene_.theme.active,
                               fade),
                     penWidth);
            if (degree >= 2 && current) {
                pen.setStyle(Qt::DashLine);
                pen.setWidthF(penWidth * 1.3);
            }
            p.setPen(pen);
            if (phase < 2) {
                if (phase == 1 && a.read_b == a.read_a) continue;
                drawArrow(p, QPointF(scene_.centers[readIndex[phase]], fromY), at - QPointF(0, dot),
                          readsDone, heads);
            } else {
                drawArrow(p, at + QPointF(0, dot),
                          QPointF(scene_.centers[a.write], scene_.place(round).top), writeDone,
                          heads);
            }
        }
    }

    // Work-items: filled circles when active, hollow when idle, diamonds when in a bank conflict.
    const qreal appear = current ? clamp01(progress * 3) : 1.0;
    for (std::uint32_t wi = 0; wi < cells && wi < r->active.size(); ++wi) {
        if (scene_.isFolded(wi) && !current) continue;
        const bool active = r->active[wi];
        if (!current && !active) continue;
        const QPointF c(scene_.centers[wi], strip);
        bool conflicted = false;
        if (marks && current)
            for (int phase = 0; phase < kPhases; ++phase)
                conflicted =
                    conflicted ||
                    marks->phaseDegree[wi * kPhases + static_cast<std::size_t>(phase)] >= 2;
        if (active) {
            p.setPen(QPen(withAlpha(Qt::white, fade * appear), 0.8));
            p.setBrush(
                withAlpha(conflicted ? scene_.theme.conflict : scene_.theme.active, fade * appear));
            if (conflicted)
                drawDiamond(p, c, dot * 1.35);
            else
                p.drawEllipse(c, dot, dot);
        } else if (!scene_.isFolded(wi)) {
            p.setPen(QPen(withAlpha(scene_.theme.idle, appear),
                          std::max(0.6, 0.8 * scene_.theme.lineWidth)));
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
