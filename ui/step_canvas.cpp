// Drawing and interaction of one step-view panel.
#include "step_canvas.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace reducelab::ui {
namespace {

constexpr qreal kMinZoom = 1.0;
constexpr qreal kMaxZoom = 96.0;
// Below this cell width (pixels) runs of untouched cells are folded, when folding is on.
constexpr qreal kFoldBelow = 16.0;
constexpr qreal kFoldWidthRatio = 0.8;
constexpr int kPhases = 3;          // read a, read b, write
constexpr qreal kFutureGap = 0.3;   // share of a full gap above a round not yet shown
constexpr qreal kFutureCell = 0.5;  // share of a full row height for a round not yet shown

int phaseIndex(const std::string& phase) {
    if (phase == "read a") return 0;
    if (phase == "read b") return 1;
    return 2;
}

qreal clamp01(qreal v) {
    return std::clamp(v, 0.0, 1.0);
}
qreal ease(qreal t) {
    return t * t * (3 - 2 * t);
}  // smoothstep: no jolt at either end

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

StepCanvas::StepCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::ClickFocus);
    setMessage(tr("Press Trace (Ctrl+T) to read a work-group's local memory after every round."));
}

void StepCanvas::setTrace(std::shared_ptr<const StepTrace> trace, std::size_t group) {
    trace_ = std::move(trace);
    group_ = group;
    message_.clear();
    conflicts_.clear();
    round_ = 0;
    progress_ = 1.0;
    zoom_ = 1.0;
    pan_ = 0.0;
    previousCenters_.clear();
    builtForRound_ = -1;
    maxTextChars_ = 1;
    maxCompactChars_ = 1;
    if (const GroupTrace* g = this->group()) {
        const std::size_t cells = trace_->local_size;
        for (const TraceRound& r : g->rounds) {
            ConflictMarks marks;
            marks.phaseDegree.assign(cells * kPhases, 0);
            marks.readCell.assign(cells, 0);
            marks.writeCell.assign(cells, 0);
            for (const BankConflict& c : r.conflicts) {
                const int phase = phaseIndex(c.phase);
                for (std::size_t k = 0; k < c.work_items.size(); ++k) {
                    const std::uint32_t wi = c.work_items[k];
                    if (wi < cells) {
                        auto& d = marks.phaseDegree[wi * kPhases + static_cast<std::size_t>(phase)];
                        d = std::max(d, c.degree);
                    }
                    if (k < c.indices.size() && c.indices[k] < cells) {
                        auto& cell = phase == 2 ? marks.writeCell[c.indices[k]]
                                                : marks.readCell[c.indices[k]];
                        cell = std::max(cell, c.degree);
                    }
                }
            }
            conflicts_.push_back(std::move(marks));
        }
        // The widest value decides the font size of the whole panel, so rows do not jitter.
        auto widen = [this](const std::vector<Value>& values) {
            for (const Value& v : values) {
                maxTextChars_ = std::max<qreal>(maxTextChars_, valueText(v, false).size());
                maxCompactChars_ = std::max<qreal>(maxCompactChars_, valueText(v, true).size());
            }
        };
        widen(g->initial);
        for (const TraceRound& r : g->rounds) widen(r.values);
    }
    relayout(false);
    update();
}

void StepCanvas::setMessage(const QString& message) {
    trace_.reset();
    conflicts_.clear();
    columns_.clear();
    columnOf_.clear();
    message_ = message;
    round_ = 0;
    update();
}

const GroupTrace* StepCanvas::group() const {
    if (!trace_ || group_ >= trace_->groups.size()) return nullptr;
    return &trace_->groups[group_];
}

int StepCanvas::roundCount() const {
    const GroupTrace* g = group();
    return g ? static_cast<int>(g->rounds.size()) : 0;
}

void StepCanvas::setRound(int round, qreal progress) {
    round = std::clamp(round, 0, roundCount());
    progress = clamp01(progress);
    if (round == round_ && qFuzzyCompare(progress, progress_)) return;
    const bool focusChanges = round != round_;
    round_ = round;
    progress_ = progress;
    if (focusChanges) {
        // Remember where cells were, so that a change of folding slides instead of jumping.
        previousCenters_.clear();
        if (folding_)
            for (int column : columnOf_) {
                const Column& c = columns_[static_cast<std::size_t>(column)];
                previousCenters_.push_back(c.x + c.width / 2);
            }
        relayout(true);
    } else {
        layoutRows();  // the revealed round grows with the animation
    }
    update();
}

void StepCanvas::setFoldIdle(bool fold) {
    if (fold == foldIdle_) return;
    foldIdle_ = fold;
    previousCenters_.clear();
    relayout(true);
    update();
}

void StepCanvas::setZoom(qreal zoom, qreal anchorX) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(zoom, zoom_)) return;
    // Keep the content under the anchor (the mouse) where it is.
    if (anchorX < 0) anchorX = contentLeft() + viewWidth_ / 2;
    const qreal contentX = anchorX - contentLeft() + pan_;
    const qreal ratio = zoom / zoom_;
    zoom_ = zoom;
    previousCenters_.clear();
    relayout(true);
    pan_ = contentX * ratio - (anchorX - contentLeft());
    clampPan();
    update();
    emit viewChanged(zoom_, panFraction());
}

qreal StepCanvas::panFraction() const {
    const qreal range = contentWidth_ - viewWidth_;
    return range > 0 ? pan_ / range : 0.0;
}

void StepCanvas::setPanFraction(qreal fraction) {
    const qreal range = std::max<qreal>(0, contentWidth_ - viewWidth_);
    const qreal pan = clamp01(fraction) * range;
    if (qFuzzyCompare(pan + 1, pan_ + 1)) return;
    pan_ = pan;
    update();
}

void StepCanvas::setTheme(const Theme& theme) {
    theme_ = theme;
    relayout(true);
    update();
}

int StepCanvas::focusRound() const {
    // Before the first round the layout already shows round 1, so that stepping does not jump.
    return std::clamp(round_, std::min(1, roundCount()), roundCount());
}

void StepCanvas::rebuildColumns() {
    columns_.clear();
    columnOf_.clear();
    folding_ = false;
    if (!trace_) return;
    const auto cells = static_cast<std::uint32_t>(trace_->local_size);
    columnOf_.assign(cells, 0);
    const qreal availableWidth = viewWidth_ * zoom_;
    const bool fold = foldIdle_ && availableWidth / cells < kFoldBelow && roundCount() > 0;
    std::vector<bool> used(cells, !fold);
    if (fold) {
        used[0] = true;
        const TraceRound* r = roundAt(focusRound());
        for (const Access& a : r->accesses)
            for (std::uint32_t i : {a.read_a, a.read_b, a.write, a.work_item})
                if (i < cells) used[i] = true;
    }
    for (std::uint32_t i = 0; i < cells;) {
        if (used[i]) {
            columnOf_[i] = static_cast<int>(columns_.size());
            columns_.push_back({i, i, false});
            ++i;
            continue;
        }
        std::uint32_t end = i;
        while (end + 1 < cells && !used[end + 1]) ++end;
        // A single untouched cell costs as much room as its fold marker: keep it.
        const bool foldRun = end > i;
        if (foldRun) folding_ = true;
        if (foldRun) {
            for (std::uint32_t k = i; k <= end; ++k)
                columnOf_[k] = static_cast<int>(columns_.size());
            columns_.push_back({i, end, true});
        } else {
            columnOf_[i] = static_cast<int>(columns_.size());
            columns_.push_back({i, i, false});
        }
        i = end + 1;
    }
    builtForRound_ = focusRound();
}

void StepCanvas::relayout(bool keepPan) {
    const QFontMetricsF fm(theme_.font(font()));
    const QFontMetricsF small(theme_.font(font(), 0.8));
    labelWidth_ = std::max(fm.horizontalAdvance(QStringLiteral("round 10 ")),
                           small.horizontalAdvance(QStringLiteral("round 10 · s=512"))) +
                  16;
    headerHeight_ = fm.height() + 6;
    viewWidth_ = std::max<qreal>(1, width() - labelWidth_ - 8);
    // Folding depends on the width, the zoom and the round: decide it again every time.
    rebuildColumns();
    if (!trace_ || columns_.empty()) return;

    std::size_t plain = 0, folds = 0;
    for (const Column& c : columns_) (c.folded ? folds : plain)++;
    contentWidth_ = viewWidth_ * zoom_;
    const qreal cellWidth =
        contentWidth_ / (static_cast<qreal>(plain) + kFoldWidthRatio * static_cast<qreal>(folds));
    qreal x = 0;
    for (Column& c : columns_) {
        c.x = x;
        c.width = c.folded ? cellWidth * kFoldWidthRatio : cellWidth;
        x += c.width;
    }
    layoutRows();
    if (!keepPan) pan_ = 0;
    clampPan();
}

qreal StepCanvas::gapWeight(int row) const {
    // Rounds still to come are thin outlines; the one being revealed grows as it animates, so
    // the room goes to the rounds the class has seen.
    if (row < round_) return 1.0;
    if (row == round_) return kFutureGap + (1.0 - kFutureGap) * ease(progress_);
    return kFutureGap;
}

void StepCanvas::layoutRows() {
    const int rows = roundCount() + 1;
    rowTops_.assign(static_cast<std::size_t>(rows) + 1, headerHeight_);
    gapHeights_.assign(static_cast<std::size_t>(rows), 0.0);
    if (!trace_) return;
    const qreal available = std::max<qreal>(40, height() - headerHeight_ - 8);
    qreal cells = 0, gaps = 0;
    for (int r = 0; r < rows; ++r) {
        cells += r <= round_ ? 1.0 : kFutureCell;
        if (r >= 1) gaps += gapWeight(r);
    }
    // A row's cells take 42% of a unit, the arrows and work-items above it the rest.
    const qreal unit = std::min(available / (0.42 * cells + 0.58 * gaps), 130.0 * theme_.fontScale);
    cellHeight_ = std::min(unit * 0.42, 46.0 * theme_.fontScale);
    const qreal gapUnit = unit - cellHeight_;
    for (int r = 1; r < rows; ++r) {
        gapHeights_[static_cast<std::size_t>(r)] = gapUnit * gapWeight(r);
        rowTops_[static_cast<std::size_t>(r)] = rowTops_[static_cast<std::size_t>(r - 1)] +
                                                rowHeight(r - 1) +
                                                gapHeights_[static_cast<std::size_t>(r)];
    }
}

qreal StepCanvas::rowHeight(int row) const {
    return row <= round_ ? cellHeight_ : cellHeight_ * kFutureCell;
}

void StepCanvas::clampPan() {
    pan_ = std::clamp<qreal>(pan_, 0, std::max<qreal>(0, contentWidth_ - viewWidth_));
}

const std::vector<Value>& StepCanvas::rowValues(int row) const {
    const GroupTrace* g = group();
    return row == 0 ? g->initial : g->rounds[static_cast<std::size_t>(row - 1)].values;
}

const TraceRound* StepCanvas::roundAt(int round) const {
    const GroupTrace* g = group();
    if (!g || round < 1 || round > static_cast<int>(g->rounds.size())) return nullptr;
    return &g->rounds[static_cast<std::size_t>(round - 1)];
}

qreal StepCanvas::contentLeft() const {
    return labelWidth_ + 4;
}

qreal StepCanvas::centerX(std::uint32_t index) const {
    const Column& c = columns_[static_cast<std::size_t>(columnOf_[index])];
    qreal x = c.x + c.width / 2;
    if (progress_ < 1.0 && previousCenters_.size() == columnOf_.size())
        x = previousCenters_[index] + (x - previousCenters_[index]) * ease(progress_);
    return contentLeft() + x - pan_;
}

bool StepCanvas::isFolded(std::uint32_t index) const {
    return columns_[static_cast<std::size_t>(columnOf_[index])].folded;
}

qreal StepCanvas::rowTop(int row) const {
    return static_cast<std::size_t>(row) < rowTops_.size() ? rowTops_[static_cast<std::size_t>(row)]
                                                           : headerHeight_;
}

qreal StepCanvas::stripCenter(int round) const {
    // The work-item strip sits in the lower part of the gap above the round's row.
    const qreal gap = static_cast<std::size_t>(round) < gapHeights_.size()
                          ? gapHeights_[static_cast<std::size_t>(round)]
                          : 0;
    return rowTop(round - 1) + rowHeight(round - 1) + gap * 0.72;
}

unsigned StepCanvas::bankOf(std::uint32_t index) const {
    const std::size_t bytes = trace_->element_bytes ? trace_->element_bytes : 4;
    const unsigned width = trace_->bank_width ? trace_->bank_width : 4;
    const unsigned banks = trace_->bank_count ? trace_->bank_count : 32;
    return static_cast<unsigned>((index * bytes / width) % banks);
}

QString StepCanvas::valueText(const Value& value, bool compact) const {
    if (value.kind == Value::Kind::Float) return QString::number(value.f, 'g', compact ? 3 : 6);
    const QString exact = QString::fromStdString(value.to_string());
    if (!compact || exact.size() <= 4) return exact;
    return QString::number(value.as_double(), 'g', 2);
}

int StepCanvas::columnAtX(qreal x) const {
    const qreal cx = x - contentLeft() + pan_;
    const auto it = std::upper_bound(columns_.begin(), columns_.end(), cx,
                                     [](qreal v, const Column& c) { return v < c.x; });
    if (it == columns_.begin()) return -1;
    const auto& c = *(it - 1);
    if (cx > c.x + c.width) return -1;
    return static_cast<int>(it - 1 - columns_.begin());
}

QRectF StepCanvas::cellRect(int row, std::uint32_t index) const {
    if (!trace_ || index >= columnOf_.size() || row < 0 || row > roundCount()) return {};
    const Column& c = columns_[static_cast<std::size_t>(columnOf_[index])];
    if (c.folded) return {};
    return {contentLeft() + c.x - pan_, rowTop(row), c.width, rowHeight(row)};
}

// ---- painting ---------------------------------------------------------------------------------

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
    p.restore();
    drawLabels(p);
}

void StepCanvas::drawHeader(QPainter& p) const {
    // Cell indices above the first row, as many as fit.
    QFont f = theme_.font(font(), 0.8);
    p.setFont(f);
    const QFontMetricsF fm(f);
    p.setPen(theme_.dimText);
    qreal lastRight = -1e9;
    for (const Column& c : columns_) {
        const qreal x = contentLeft() + c.x - pan_;
        if (x + c.width < contentLeft() - 2 || x > contentLeft() + viewWidth_ + 2) continue;
        const QString label = c.folded ? QStringLiteral("…") : QString::number(c.first);
        const qreal w = fm.horizontalAdvance(label);
        const qreal left = x + (c.width - w) / 2;
        if (left < lastRight + 4) continue;
        p.drawText(QPointF(left, headerHeight_ - 5), label);
        lastRight = left + w;
    }
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

    // One font for the whole panel, sized so the widest value fits its cell.
    const qreal cellWidth =
        columns_.empty()
            ? 0
            : std::max_element(columns_.begin(), columns_.end(),
                               [](const Column& a, const Column& b) { return a.width < b.width; })
                  ->width;
    QFont f = theme_.font(font());
    // Bold digits are about 0.68 em wide in common sans fonts.
    qreal px = std::min(h * 0.5, (cellWidth - 4) / (0.68 * maxTextChars_));
    bool compact = false;
    if (px < 8) {
        compact = true;
        px = std::min(h * 0.5, (cellWidth - 3) / (0.68 * maxCompactChars_));
    }
    const bool showText = px >= 6.5;
    f.setPixelSize(std::max(1, static_cast<int>(px)));

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
            p.drawText(cell, Qt::AlignCenter, valueText(values[i], compact));
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

void StepCanvas::drawLabels(QPainter& p) const {
    p.fillRect(QRectF(0, 0, labelWidth_, height()), theme_.background);
    const QFont f = theme_.font(font());
    const QFont small = theme_.font(font(), 0.8);
    const QFontMetricsF fm(f);
    for (int row = 0; row <= roundCount(); ++row) {
        const bool reached = row <= round_;
        p.setPen(reached ? theme_.text : theme_.dimText);
        p.setFont(theme_.font(font(), 1.0, row == round_));
        if (row == 0) {
            p.drawText(QRectF(6, rowTop(0), labelWidth_ - 8, rowHeight(0)),
                       Qt::AlignLeft | Qt::AlignVCenter, tr("loaded"));
            continue;
        }
        const TraceRound* r = roundAt(row);
        if (row > round_) {
            // A round to come: one small line beside its outline.
            p.setFont(small);
            p.drawText(QRectF(6, rowTop(row) - 2, labelWidth_ - 8, rowHeight(row) + 4),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       tr("round %1 · s=%2").arg(row).arg(r->stride));
            continue;
        }
        const QRectF box(6, stripCenter(row) - fm.height(), labelWidth_ - 8, 2 * fm.height());
        p.drawText(box, Qt::AlignLeft | Qt::AlignTop, tr("round %1").arg(row));
        p.setFont(small);
        p.drawText(box, Qt::AlignLeft | Qt::AlignBottom, QStringLiteral("s = %1").arg(r->stride));
    }
}

// ---- interaction ------------------------------------------------------------------------------

void StepCanvas::resizeEvent(QResizeEvent*) {
    const qreal fraction = panFraction();
    relayout(true);
    setPanFraction(fraction);
}

void StepCanvas::wheelEvent(QWheelEvent* event) {
    if (!trace_) return QWidget::wheelEvent(event);
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        setZoom(zoom_ * std::pow(1.0015, delta.y()), event->position().x());
        event->accept();
        return;
    }
    if (zoom_ > 1.0) {
        pan_ -= (delta.x() != 0 ? delta.x() : delta.y()) * 0.5;
        clampPan();
        update();
        emit viewChanged(zoom_, panFraction());
        event->accept();
        return;
    }
    QWidget::wheelEvent(event);
}

void StepCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && zoom_ > 1.0) {
        dragging_ = true;
        dragStart_ = event->position();
        panAtDrag_ = pan_;
        setCursor(Qt::ClosedHandCursor);
    }
    QWidget::mousePressEvent(event);
}

void StepCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (dragging_) {
        pan_ = panAtDrag_ - (event->position().x() - dragStart_.x());
        clampPan();
        update();
        emit viewChanged(zoom_, panFraction());
    }
    const int column =
        event->position().x() >= contentLeft() ? columnAtX(event->position().x()) : -1;
    if (column != hoverColumn_) {
        hoverColumn_ = column;
        update();
    }
}

void StepCanvas::mouseReleaseEvent(QMouseEvent* event) {
    dragging_ = false;
    unsetCursor();
    QWidget::mouseReleaseEvent(event);
}

void StepCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    // Double-click: zoom in on the spot, or back to the whole work-group when zoomed.
    setZoom(zoom_ > 1.0 ? 1.0 : 4.0, event->position().x());
}

void StepCanvas::leaveEvent(QEvent* event) {
    hoverColumn_ = -1;
    update();
    QWidget::leaveEvent(event);
}

bool StepCanvas::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

QString StepCanvas::describeAt(const QPointF& pos) const {
    if (!trace_ || !group()) return message_;
    const int rounds = roundCount();
    // Which row (cells) or round (the gap above a row) is under the point?
    int row = -1, gapRound = -1;
    for (int r = 0; r <= rounds; ++r) {
        if (pos.y() >= rowTop(r) && pos.y() <= rowTop(r) + rowHeight(r)) row = r;
        if (r >= 1 && pos.y() > rowTop(r - 1) + rowHeight(r - 1) && pos.y() < rowTop(r))
            gapRound = r;
    }
    if (pos.x() < contentLeft()) {
        const int r = gapRound >= 1 ? gapRound : row;
        const TraceRound* info = roundAt(r);
        if (!info) return row == 0 ? tr("Local memory right after the load phase") : QString();
        return tr("Round %1, stride %2: %3 active work-items, %4 of %5 warps active, %6 divergent, "
                  "%7 bank conflict(s)")
            .arg(r)
            .arg(info->stride)
            .arg(info->active_work_items)
            .arg(info->active_warps)
            .arg((trace_->local_size + trace_->warp_width - 1) / std::max(1u, trace_->warp_width))
            .arg(info->divergent_warps)
            .arg(info->bank_conflicts);
    }
    const int column = columnAtX(pos.x());
    if (column < 0) return {};
    const Column& c = columns_[static_cast<std::size_t>(column)];
    if (c.folded)
        return tr("local[%1 … %2]: %3 cells nobody touches in round %4 (folded; zoom in or turn "
                  "off folding to see them)")
            .arg(c.first)
            .arg(c.last)
            .arg(c.last - c.first + 1)
            .arg(focusRound());
    const std::uint32_t i = c.first;
    if (row >= 0 && row <= round_) {
        const std::vector<Value>& values = rowValues(row);
        const std::size_t bytes = trace_->element_bytes ? trace_->element_bytes : 4;
        const unsigned bankSpan = static_cast<unsigned>(
            std::max<std::size_t>(1, bytes / std::max(1u, trace_->bank_width)));
        QString bank = bankSpan > 1 ? tr("banks %1–%2").arg(bankOf(i)).arg(bankOf(i) + bankSpan - 1)
                                    : tr("bank %1").arg(bankOf(i));
        QString text = tr("local[%1] = %2\n%3 (%4-byte cells, %5 banks × %6 bytes)")
                           .arg(i)
                           .arg(i < values.size() ? QString::fromStdString(values[i].to_string())
                                                  : QStringLiteral("?"))
                           .arg(bank)
                           .arg(bytes)
                           .arg(trace_->bank_count)
                           .arg(trace_->bank_width);
        text += row == 0 ? tr("\nafter the load") : tr("\nafter round %1").arg(row);
        if (const TraceRound* r = roundAt(row))
            for (const Access& a : r->accesses)
                if (a.write == i)
                    text += tr("\nwritten by work-item %1: local[%2] ⊕ local[%3]")
                                .arg(a.work_item)
                                .arg(a.read_a)
                                .arg(a.read_b);
        if (const TraceRound* next = roundAt(row + 1); next && row + 1 <= round_)
            for (const Access& a : next->accesses)
                if (a.read_a == i || a.read_b == i)
                    text += tr("\nread in round %1 by work-item %2").arg(row + 1).arg(a.work_item);
        return text;
    }
    if (gapRound >= 1 && gapRound <= round_) {
        const TraceRound* r = roundAt(gapRound);
        const unsigned width = std::max(1u, trace_->warp_width);
        const std::uint32_t warp = i / width;
        const bool active = i < r->active.size() && r->active[i];
        unsigned warpActive = 0, lanes = 0;
        for (std::uint32_t wi = warp * width; wi < (warp + 1) * width && wi < r->active.size();
             ++wi, ++lanes)
            warpActive += r->active[wi];
        QString text = tr("work-item %1 (warp %2, lane %3): %4 in round %5")
                           .arg(i)
                           .arg(warp)
                           .arg(i % width)
                           .arg(active ? tr("active") : tr("idle"))
                           .arg(gapRound);
        for (const Access& a : r->accesses)
            if (a.work_item == i)
                text += tr("\nlocal[%1] ⊕ local[%2] → local[%3]")
                            .arg(a.read_a)
                            .arg(a.read_b)
                            .arg(a.write);
        text += warpActive > 0 && warpActive < lanes
                    ? tr("\nwarp %1 is divergent: %2 of %3 lanes active")
                          .arg(warp)
                          .arg(warpActive)
                          .arg(lanes)
                    : tr("\nwarp %1: %2 of %3 lanes active").arg(warp).arg(warpActive).arg(lanes);
        for (const BankConflict& bc : r->conflicts)
            if (std::find(bc.work_items.begin(), bc.work_items.end(), i) != bc.work_items.end())
                text += tr("\nbank conflict (%1): bank %2, %3-way")
                            .arg(QString::fromStdString(bc.phase))
                            .arg(bc.bank)
                            .arg(bc.degree);
        return text;
    }
    return {};
}

}  // namespace reducelab::ui
