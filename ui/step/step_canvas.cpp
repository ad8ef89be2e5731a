// Layout and interaction of one step-view panel (its painting: step_canvas_painter.cpp).
#include "step/step_canvas.h"

#include "step/step_canvas_easing.h"
#include "step/step_canvas_painter.h"
#include "step/step_canvas_text.h"
#include "step/step_cell_text.h"

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

using canvas::clamp01;
using canvas::ease;
using canvas::kPhases;

constexpr qreal kMinZoom = 1.0;
constexpr qreal kMaxZoom = 96.0;
// Below this cell width (pixels) runs of untouched cells are folded, when folding is on.
constexpr qreal kFoldBelow = 16.0;
constexpr qreal kFoldWidthRatio = 0.8;
constexpr qreal kFutureGap = 0.3;   // share of a full gap above a round not yet shown
constexpr qreal kFutureCell = 0.5;  // share of a full row height for a round not yet shown

int phaseIndex(const std::string& phase) {
    if (phase == "read a") return 0;
    if (phase == "read b") return 1;
    return 2;
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
                maxTextChars_ = std::max<qreal>(maxTextChars_, cells::valueText(v, false).size());
                maxCompactChars_ =
                    std::max<qreal>(maxCompactChars_, cells::valueText(v, true).size());
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
    // Zooming in gives the rows room for larger numbers, up to twice the height.
    const qreal grow = std::sqrt(std::clamp(zoom_, 1.0, 4.0));
    // A row's cells take 42% of a unit, the arrows and work-items above it the rest; but a row
    // stays tall enough for the theme's numbers (presentation mode) while the arrows keep at
    // least 60% of a row.
    const qreal unit =
        std::min(available / (0.42 * cells + 0.58 * gaps), 130.0 * theme_.fontScale * grow);
    const qreal wanted = 1.7 * cells::preferredPixelSize(theme_, font()) * grow;
    cellHeight_ = std::min(std::max(unit * 0.42, std::min(wanted, 46.0 * theme_.fontScale * grow)),
                           available / (cells + 0.6 * gaps));
    const qreal gapUnit =
        gaps > 0 ? std::min((available - cellHeight_ * cells) / gaps, unit - unit * 0.42) : 0;
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

// ---- interaction ------------------------------------------------------------------------------

void StepCanvas::paintEvent(QPaintEvent*) {
    if (trace_ && group() && builtForRound_ != focusRound()) relayout(true);
    QPainter p(this);
    StepCanvasPainter(scene()).paint(p);
}

StepCanvasScene StepCanvas::scene() const {
    StepCanvasScene s{.theme = theme_,
                      .rect = rect(),
                      .font = font(),
                      .message = message_,
                      .trace = trace_.get(),
                      .group = group(),
                      .round = round_,
                      .progress = progress_,
                      .conflicts = conflicts_,
                      .columns = columns_,
                      .columnOf = columnOf_,
                      .contentLeft = contentLeft(),
                      .viewWidth = viewWidth_,
                      .pan = pan_,
                      .headerHeight = headerHeight_,
                      .labelWidth = labelWidth_,
                      .cellHeight = cellHeight_,
                      .hoverColumn = hoverColumn_,
                      .lensFirst = lensFirst_,
                      .lensCount = lensCount_,
                      .centers = {},
                      .rows = {},
                      .valueFont = {},
                      .columnLabels = {},
                      .rowLabels = {}};
    if (!s.trace || !s.group) return s;
    // The same figures the canvas's own geometry gives, computed once per paint.
    for (std::uint32_t i = 0; i < columnOf_.size(); ++i) s.centers.push_back(centerX(i));
    for (int row = 0; row <= roundCount(); ++row) {
        const auto r = static_cast<std::size_t>(row);
        s.rows.push_back({rowTop(row), rowHeight(row), r < gapHeights_.size() ? gapHeights_[r] : 0,
                          row >= 1 ? stripCenter(row) : 0});
    }
    s.valueFont = valueFont();
    s.columnLabels = columnLabels();
    s.rowLabels = layoutLabels();
    return s;
}

canvas::ValueFont StepCanvas::valueFont(bool widthOnly) const {
    if (!trace_ || columns_.empty()) return {};
    // local[0] is never folded: its width is every unfolded cell's.
    return canvas::valueFont(
        theme_, font(),
        {columns_.front().width, cellHeight_, zoom_, maxTextChars_, maxCompactChars_}, widthOnly);
}

int StepCanvas::columnLabelStride() const {
    if (!trace_ || columns_.empty()) return 1;
    return canvas::columnLabelStride(theme_, font(), trace_->local_size, columns_.front().width);
}

std::vector<std::uint32_t> StepCanvas::columnLabels() const {
    std::vector<std::uint32_t> labels;
    if (!trace_) return labels;
    const auto stride = static_cast<std::uint32_t>(columnLabelStride());
    const QFontMetricsF fm(theme_.font(font(), 0.8));
    qreal lastRight = -1e9;
    for (const Column& c : columns_) {
        if (c.folded || c.first % stride != 0) continue;
        const qreal x = contentLeft() + c.x - pan_;
        if (x + c.width < contentLeft() - 2 || x > contentLeft() + viewWidth_ + 2) continue;
        const qreal w = fm.horizontalAdvance(QString::number(c.first));
        const qreal left = x + (c.width - w) / 2;
        // Folding can bring two multiples of the stride close together: keep the first.
        if (left < lastRight + 4) continue;
        labels.push_back(c.first);
        lastRight = left + w;
    }
    return labels;
}

std::vector<canvas::RowLabel> StepCanvas::layoutLabels() const {
    using canvas::RowLabel;
    if (!trace_ || !group()) return {};
    const QFontMetricsF fm(theme_.font(font()));
    const QFontMetricsF small(theme_.font(font(), 0.8));
    // Each label wants a place by its row; one that would print over the label above takes a
    // shorter form, and is left out (its tooltip stays) when even that does not fit.
    canvas::RowLabelPlacer placer(labelWidth_ - 8);
    for (int row = 0; row <= roundCount(); ++row) {
        const bool bold = row == round_;
        if (row == 0) {
            placer.place(rowTop(0) + rowHeight(0) / 2,
                         {RowLabel{QRectF(0, 0, 0, fm.height()), tr("loaded"), false, bold}});
            continue;
        }
        const TraceRound* r = roundAt(row);
        const QString compact = tr("round %1 · s=%2").arg(row).arg(r->stride);
        if (row > round_) {
            placer.place(rowTop(row) + rowHeight(row) / 2,
                         {RowLabel{QRectF(0, 0, 0, small.height()), compact, true, false}});
            continue;
        }
        placer.place(stripCenter(row),
                     {RowLabel{QRectF(0, 0, 0, 2 * fm.height()),
                               tr("round %1").arg(row) + QLatin1Char('\n') +
                                   QStringLiteral("s = %1").arg(r->stride),
                               false, bold},
                      RowLabel{QRectF(0, 0, 0, small.height()), compact, true, bold}});
    }
    return std::move(placer).labels();
}

std::vector<QRectF> StepCanvas::rowLabelRects() const {
    std::vector<QRectF> rects;
    for (const canvas::RowLabel& l : layoutLabels()) rects.push_back(l.rect);
    return rects;
}

void StepCanvas::setLensWindow(std::uint32_t first, std::uint32_t count) {
    if (first == lensFirst_ && count == lensCount_) return;
    lensFirst_ = first;
    lensCount_ = count;
    update();
}

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
    pressed_ = event->button() == Qt::LeftButton;
    dragStart_ = event->position();
    if (event->button() == Qt::LeftButton && zoom_ > 1.0) {
        dragging_ = true;
        dragStart_ = event->position();
        panAtDrag_ = pan_;
        setCursor(Qt::ClosedHandCursor);
    }
    QWidget::mousePressEvent(event);
}

void StepCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (pressed_ && (event->position() - dragStart_).manhattanLength() > 4) pressed_ = false;
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
    // A click, not a drag, on a cell moves the lens there.
    if (pressed_ && lensCount_ > 0 && event->position().x() >= contentLeft()) {
        const int column = columnAtX(event->position().x());
        if (column >= 0) emit lensMoveRequested(columns_[static_cast<std::size_t>(column)].first);
    }
    pressed_ = false;
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
    using canvas::Tips;
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
        if (!info) return row == 0 ? Tips::loadRow() : QString();
        return Tips::round(*trace_, r, *info);
    }
    const int column = columnAtX(pos.x());
    if (column < 0) return {};
    const Column& c = columns_[static_cast<std::size_t>(column)];
    if (c.folded) return Tips::fold(c.first, c.last, focusRound());
    const std::uint32_t i = c.first;
    if (row >= 0 && row <= round_) {
        const TraceRound* next = roundAt(row + 1);
        return Tips::cell(*trace_, i, row, rowValues(row), roundAt(row),
                          next && row + 1 <= round_ ? next : nullptr);
    }
    if (gapRound >= 1 && gapRound <= round_)
        return Tips::workItem(*trace_, i, gapRound, *roundAt(gapRound));
    return {};
}

}  // namespace reducelab::ui
