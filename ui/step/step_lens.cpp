// The lens: layout, following, moving and painting.
#include "step/step_lens.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "step/step_canvas_easing.h"
#include "step/step_cell_text.h"

namespace reducelab::ui {
namespace {

using canvas::clamp01;
using canvas::ease;

QColor faded(QColor c, qreal alpha) {
    c.setAlphaF(static_cast<float>(clamp01(alpha)));
    return c;
}

}  // namespace

StepLens::StepLens(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("stepLens"));
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    followButton_ = new QToolButton(this);
    followButton_->setObjectName(QStringLiteral("stepLensFollow"));
    followButton_->setCheckable(true);
    followButton_->setChecked(true);
    followButton_->setAutoRaise(true);
    retranslateUi();
    connect(followButton_, &QToolButton::toggled, this, [this](bool on) {
        setFollowing(on);
        emit followToggled(on);
    });
}

void StepLens::retranslateUi() {
    setToolTip(
        tr("The lens: these cells magnified. Drag, scroll or press Shift+Left/Right to "
           "move it, or click a cell in the overview above."));
    followButton_->setText(tr("follow"));
    followButton_->setToolTip(tr("Keep the lens on the active work-items of each round"));
}

void StepLens::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        update();
    }
    QWidget::changeEvent(event);
}

void StepLens::setTrace(std::shared_ptr<const StepTrace> trace) {
    trace_ = std::move(trace);
    round_ = 0;
    progress_ = 1.0;
    first_ = 0;
    maxExactChars_ = maxCompactChars_ = 1;
    if (trace_ && !trace_->groups.empty()) {
        auto widen = [this](const std::vector<Value>& values) {
            for (const Value& v : values) {
                maxExactChars_ = std::max<int>(maxExactChars_,
                                               static_cast<int>(cells::valueText(v, false).size()));
                maxCompactChars_ = std::max<int>(
                    maxCompactChars_, static_cast<int>(cells::valueText(v, true).size()));
            }
        };
        widen(trace_->groups[0].initial);
        for (const TraceRound& r : trace_->groups[0].rounds) widen(r.values);
    }
    relayout();
    if (following_) follow();
    update();
}

void StepLens::setRound(int round, qreal progress) {
    const bool changed = round != round_;
    round_ = round;
    progress_ = progress;
    if (changed && following_) follow();
    update();
}

void StepLens::setTheme(const Theme& theme) {
    theme_ = theme;
    followButton_->setFont(theme.font(QWidget::font(), 0.8));
    relayout();
    updateGeometry();
    update();
}

void StepLens::setFollowing(bool follow) {
    following_ = follow;
    {
        const QSignalBlocker block(followButton_);
        followButton_->setChecked(follow);
    }
    if (follow) this->follow();
}

void StepLens::moveTo(std::uint32_t first) {
    setFollowing(false);
    setFirst(first);
    emit movedByUser(first_);
}

void StepLens::centerOn(std::uint32_t index) {
    moveTo(index > count_ / 2 ? index - count_ / 2 : 0);
}

void StepLens::setFirst(std::uint32_t first) {
    const std::uint32_t cells = trace_ ? static_cast<std::uint32_t>(trace_->local_size) : 0;
    first = std::min(first, cells > count_ ? cells - count_ : 0);
    if (first == first_) return;
    first_ = first;
    emit windowChanged(first_, count_);
    update();
}

qreal StepLens::labelWidth() const {
    const QFontMetricsF fm(theme_.font(font(), 0.8));
    return std::max<qreal>(fm.horizontalAdvance(tr("round %1").arg(10)),
                           followButton_->sizeHint().width()) +
           8;
}

qreal StepLens::indexHeight() const {
    return QFontMetricsF(theme_.font(font(), 0.8)).height() + 2;
}

void StepLens::relayout() {
    const std::uint32_t before = count_;
    const qreal preferred = std::max(cells::preferredPixelSize(theme_, font()),
                                     cells::legiblePixelSize(theme_, font()));
    const qreal available = std::max<qreal>(20, width() - labelWidth() - 6);
    const std::uint32_t cells = trace_ ? static_cast<std::uint32_t>(trace_->local_size) : 16;
    // As many cells as hold their full value at the preferred size (a power of two, so that the
    // window lines up with warps); the compact form when that would leave fewer than 16.
    auto fitting = [&](int chars) {
        const qreal need = cells::kDigitEm * chars * preferred + 8;
        std::uint32_t n = 1;
        while (n * 2 <= cells && n * 2 * need <= available) n *= 2;
        return n;
    };
    compact_ = false;
    count_ = fitting(maxExactChars_);
    if (count_ < 16 && fitting(maxCompactChars_) > count_) {
        compact_ = true;
        count_ = fitting(maxCompactChars_);
    }
    cellWidth_ = available / count_;
    const int chars = compact_ ? maxCompactChars_ : maxExactChars_;
    px_ = std::min(preferred, (cellWidth_ - 6) / (cells::kDigitEm * chars));
    followButton_->move(2, 0);
    followButton_->resize(followButton_->sizeHint());
    if (count_ != before) {
        setFirst(std::min(first_, cells > count_ ? cells - count_ : 0));
        emit windowChanged(first_, count_);
        if (following_) follow();
    }
}

void StepLens::follow() {
    if (!trace_ || trace_->groups.empty() || count_ == 0) return;
    const auto cells = static_cast<std::uint32_t>(trace_->local_size);
    const auto& rounds = trace_->groups[0].rounds;
    if (round_ < 1 || round_ > static_cast<int>(rounds.size())) return setFirst(0);
    std::vector<int> touched(cells + 1, 0);  // prefix sums of the touched cells
    std::vector<bool> used(cells, false);
    for (const Access& a : rounds[static_cast<std::size_t>(round_ - 1)].accesses)
        for (std::uint32_t i : {a.work_item, a.read_a, a.read_b, a.write})
            if (i < cells) used[i] = true;
    for (std::uint32_t i = 0; i < cells; ++i) touched[i + 1] = touched[i] + (used[i] ? 1 : 0);
    // Windows half a window apart; the first of the busiest wins.
    const std::uint32_t step = std::max(1u, count_ / 2);
    std::uint32_t best = 0;
    int bestCount = -1;
    for (std::uint32_t start = 0; start + count_ <= cells || start == 0; start += step) {
        const int n = touched[std::min(cells, start + count_)] - touched[start];
        if (n > bestCount) {
            bestCount = n;
            best = start;
        }
        if (start + count_ >= cells) break;
    }
    setFirst(best);
}

const std::vector<Value>* StepLens::rowValues(int row) const {
    if (!trace_ || trace_->groups.empty()) return nullptr;
    const GroupTrace& g = trace_->groups[0];
    if (row == 0) return &g.initial;
    if (row < 0 || row > static_cast<int>(g.rounds.size())) return nullptr;
    return &g.rounds[static_cast<std::size_t>(row - 1)].values;
}

QString StepLens::shownText(bool after, std::uint32_t index) const {
    if (index < first_ || index >= first_ + count_) return {};
    const int row = round_ == 0 ? 0 : (after ? round_ : round_ - 1);
    if (round_ == 0 && after) return {};
    const std::vector<Value>* values = rowValues(row);
    if (!values || index >= values->size()) return {};
    return cells::valueText((*values)[index], compact_);
}

QSize StepLens::sizeHint() const {
    return {640, minimumSizeHint().height()};
}

QSize StepLens::minimumSizeHint() const {
    const qreal px = std::max(cells::preferredPixelSize(theme_, font()),
                              cells::legiblePixelSize(theme_, font()));
    return {200, static_cast<int>(std::ceil(indexHeight() + px * (1.8 * 2 + 1.7) + 6))};
}

void StepLens::resizeEvent(QResizeEvent*) {
    relayout();
}

qreal StepLens::cellX(std::uint32_t index) const {
    return labelWidth() + 2 + (static_cast<qreal>(index) - first_) * cellWidth_;
}

// ---- moving ----------------------------------------------------------------------------------

void StepLens::keyPressEvent(QKeyEvent* event) {
    const std::uint32_t half = std::max(1u, count_ / 2);
    if (event->modifiers() & Qt::ShiftModifier) {
        if (event->key() == Qt::Key_Left) return moveTo(first_ > half ? first_ - half : 0);
        if (event->key() == Qt::Key_Right) return moveTo(first_ + half);
    }
    if (event->key() == Qt::Key_PageUp) return moveTo(first_ > count_ ? first_ - count_ : 0);
    if (event->key() == Qt::Key_PageDown) return moveTo(first_ + count_);
    QWidget::keyPressEvent(event);
}

void StepLens::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    const int steps = (delta.x() != 0 ? delta.x() : delta.y()) / 120;
    if (steps == 0 || !trace_) return QWidget::wheelEvent(event);
    const auto cells = static_cast<long long>(steps) * std::max(1u, count_ / 4);
    moveTo(static_cast<std::uint32_t>(std::max<long long>(0, first_ - cells)));
    event->accept();
}

void StepLens::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !trace_) return QWidget::mousePressEvent(event);
    dragging_ = true;
    dragX_ = event->position().x();
    firstAtDrag_ = first_;
    setCursor(Qt::ClosedHandCursor);
}

void StepLens::mouseMoveEvent(QMouseEvent* event) {
    if (!dragging_ || cellWidth_ <= 0) return;
    const auto shift =
        static_cast<long long>(std::lround((dragX_ - event->position().x()) / cellWidth_));
    if (shift == 0) return;
    moveTo(static_cast<std::uint32_t>(std::max<long long>(0, firstAtDrag_ + shift)));
}

void StepLens::mouseReleaseEvent(QMouseEvent*) {
    dragging_ = false;
    unsetCursor();
}

// ---- painting --------------------------------------------------------------------------------

// What one paint of the lens shares: where its rows are, the cells shown and the round.
struct StepLens::PaintLook {
    std::uint32_t last = 0;             // one past the last cell shown
    QFont small;                        // of the indices, labels and out-of-window reads
    QFont numbers;                      // of the values
    qreal topRow = 0;                   // the values before the round
    qreal stripTop = 0;                 // the work-items between the rows
    qreal strip = 0;                    // their centre line
    qreal bottomRow = 0;                // the values after the round
    qreal left = 0;                     // where the cells begin
    const TraceRound* round = nullptr;  // null: the load, no round yet
    qreal reveal = 1.0;                 // how far the row after the round has appeared
    std::vector<bool> written;          // per cell, by the round
    std::vector<bool> read;
    bool finalRound = false;
};

void StepLens::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), theme_.background);
    if (!trace_ || trace_->groups.empty() || count_ == 0) return;
    p.setRenderHint(QPainter::Antialiasing);
    const PaintLook look = paintLook();
    drawIndices(p, look);
    drawRowLabels(p, look);
    drawCells(p, look, look.topRow, false, 1.0);
    if (!look.round) return;
    drawCells(p, look, look.bottomRow, true, look.reveal);
    // Work-items between the rows, with their reads and write.
    drawAccesses(p, look);
    drawWorkItems(p, look);
}

StepLens::PaintLook StepLens::paintLook() const {
    PaintLook look;
    const auto cells = static_cast<std::uint32_t>(trace_->local_size);
    const std::vector<TraceRound>& rounds = trace_->groups[0].rounds;
    look.last = std::min(cells, first_ + count_);
    look.small = theme_.font(font(), 0.8);
    look.numbers = theme_.font(font());
    look.numbers.setPixelSize(std::max(1, static_cast<int>(px_)));
    look.topRow = indexHeight();
    look.stripTop = look.topRow + cellHeight();
    look.strip = look.stripTop + stripHeight() / 2;
    look.bottomRow = look.stripTop + stripHeight();
    look.left = labelWidth() + 2;
    if (round_ >= 1 && round_ <= static_cast<int>(rounds.size()))
        look.round = &rounds[static_cast<std::size_t>(round_ - 1)];
    look.reveal = look.round ? clamp01((progress_ - 0.5) * 2) : 1.0;
    look.written.assign(cells, false);
    look.read.assign(cells, false);
    if (look.round)
        for (const Access& a : look.round->accesses) {
            if (a.write < cells) look.written[a.write] = true;
            if (a.read_a < cells) look.read[a.read_a] = true;
            if (a.read_b < cells) look.read[a.read_b] = true;
        }
    look.finalRound = look.round && round_ == static_cast<int>(rounds.size());
    return look;
}

void StepLens::drawIndices(QPainter& p, const PaintLook& look) const {
    // Indices: every cell where they fit, else every second, fourth … (regular).
    p.setFont(look.small);
    p.setPen(theme_.dimText);
    std::uint32_t stride = 1;
    const qreal widest =
        QFontMetricsF(look.small).horizontalAdvance(QString::number(look.last - 1)) + 6;
    while (stride < count_ && stride * cellWidth_ < widest) stride *= 2;
    for (std::uint32_t i = first_; i < look.last; ++i)
        if (i % stride == 0)
            p.drawText(QRectF(cellX(i), 0, cellWidth_ * stride, look.topRow),
                       Qt::AlignLeft | Qt::AlignVCenter, QString::number(i));
}

void StepLens::drawRowLabels(QPainter& p, const PaintLook& look) const {
    // In the indices' font and colour.
    p.setFont(look.small);
    p.setPen(theme_.dimText);
    p.drawText(QRectF(0, look.topRow, look.left - 4, cellHeight()),
               Qt::AlignRight | Qt::AlignVCenter,
               round_ <= 1 ? tr("loaded") : tr("round %1").arg(round_ - 1));
    if (look.round)
        p.drawText(QRectF(0, look.bottomRow, look.left - 4, cellHeight()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("round %1").arg(round_));
}

void StepLens::drawCells(QPainter& p, const PaintLook& look, qreal top, bool after,
                         qreal alpha) const {
    const TraceRound* round = look.round;
    for (std::uint32_t i = first_; i < look.last; ++i) {
        const QRectF cell(cellX(i), top, cellWidth_, cellHeight());
        QColor fill = theme_.cellFill;
        if (after && round) fill = look.written[i] ? theme_.writtenFill : theme_.idleFill;
        if (after && look.finalRound && i == 0) fill = theme_.resultFill;
        const bool highlighted = !after && round && look.read[i];
        p.setPen(QPen(faded(highlighted ? theme_.active : theme_.cellBorder, alpha),
                      (highlighted ? 2.0 : 1.0) * theme_.lineWidth));
        p.setBrush(faded(fill, alpha));
        p.drawRect(cell);
        const QString text = shownText(after, i);
        if (text.isEmpty()) continue;
        QFont numbers = look.numbers;
        numbers.setBold(after && round && look.written[i]);
        p.setFont(numbers);
        p.setPen(faded(after && round && !look.written[i] ? theme_.dimText : theme_.text, alpha));
        p.drawText(cell, Qt::AlignCenter, text);
    }
}

void StepLens::drawAccesses(QPainter& p, const PaintLook& look) const {
    // A read from outside the window comes in at the edge, labelled with its cell; one label per
    // edge (the first read from beyond it): many would print over each other.
    const QFontMetricsF metrics(look.small);
    const qreal reads = ease(clamp01(progress_ / 0.5));
    const qreal write = ease(look.reveal);
    p.setFont(look.small);
    bool labelled[2] = {false, false};
    for (const Access& a : look.round->accesses) {
        if (a.work_item < first_ || a.work_item >= look.last) continue;
        const QPointF at(cellCenter(a.work_item), look.strip);
        p.setPen(QPen(theme_.active, 1.5 * theme_.lineWidth));
        for (std::uint32_t r : {a.read_a, a.read_b}) {
            if (r == a.read_b && a.read_b == a.read_a) continue;
            const bool inside = r >= first_ && r < look.last;
            const QPointF from =
                inside ? QPointF(cellCenter(r), look.stripTop)
                       : QPointF(r < first_ ? look.left : cellX(look.last), look.stripTop);
            p.drawLine(from, from + (at - from) * reads);
            if (inside || labelled[r < first_ ? 0 : 1]) continue;
            labelled[r < first_ ? 0 : 1] = true;
            const QString label = QStringLiteral("[%1]").arg(r);
            const qreal w = metrics.horizontalAdvance(label);
            p.drawText(QPointF(r < first_ ? look.left + 2 : cellX(look.last) - w - 2,
                               look.stripTop + metrics.ascent()),
                       label);
        }
        if (a.write >= first_ && a.write < look.last)
            p.drawLine(at, at + (QPointF(cellCenter(a.write), look.bottomRow) - at) * write);
    }
}

void StepLens::drawWorkItems(QPainter& p, const PaintLook& look) const {
    const TraceRound& round = *look.round;
    const qreal dot = std::clamp(px_ * 0.3, 2.5, 8.0);
    for (std::uint32_t wi = first_; wi < look.last && wi < round.active.size(); ++wi) {
        const QPointF c(cellCenter(wi), look.strip);
        p.setPen(QPen(round.active[wi] ? Qt::white : theme_.idle, 1));
        p.setBrush(round.active[wi] ? QBrush(theme_.active) : QBrush(Qt::NoBrush));
        p.drawEllipse(c, round.active[wi] ? dot : dot * 0.6, round.active[wi] ? dot : dot * 0.6);
    }
}

}  // namespace reducelab::ui
