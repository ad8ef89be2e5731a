// The texts of one step-view panel: the size of the cell numbers, the cell indices above the
// rows and the round labels beside them, laid out so that nothing prints over anything else, and
// the outline of the cells the lens magnifies.
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "step/step_canvas.h"
#include "step/step_cell_text.h"

namespace reducelab::ui {

StepCanvas::ValueFont StepCanvas::valueFont(bool widthOnly) const {
    if (!trace_ || columns_.empty()) return {};
    const qreal cellWidth = columns_.front().width;  // local[0] is never folded
    const qreal legible = cells::legiblePixelSize(theme_, font());
    const qreal preferred =
        cells::preferredPixelSize(theme_, font()) * std::sqrt(std::clamp(zoom_, 1.0, 4.0));
    const qreal byHeight = widthOnly ? preferred : cellHeight_ * 0.55;
    ValueFont exact{
        std::min({preferred, byHeight, (cellWidth - 4) / (cells::kDigitEm * maxTextChars_)}),
        false};
    if (exact.px >= legible) return exact;
    ValueFont compact{
        std::min({preferred, byHeight, (cellWidth - 3) / (cells::kDigitEm * maxCompactChars_)}),
        true};
    if (compact.px >= legible) return compact;
    return {};
}

int StepCanvas::columnLabelStride() const {
    if (!trace_ || columns_.empty()) return 1;
    // The widest index with room on both sides, and the smallest power of two of cells that
    // holds it: 0 4 8 12 …, or 0 32 64 … (whole warps of 32), never an irregular run.
    const QFontMetricsF fm(theme_.font(font(), 0.8));
    const qreal widest =
        fm.horizontalAdvance(QString::number(std::max<std::size_t>(1, trace_->local_size) - 1)) +
        fm.horizontalAdvance(QStringLiteral("  "));
    const qreal cellWidth = columns_.front().width;
    int stride = 1;
    while (stride < static_cast<int>(trace_->local_size) && stride * cellWidth < widest)
        stride *= 2;
    return stride;
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

void StepCanvas::drawHeader(QPainter& p) const {
    const QFont f = theme_.font(font(), 0.8);
    p.setFont(f);
    const QFontMetricsF fm(f);
    p.setPen(theme_.dimText);
    for (std::uint32_t index : columnLabels()) {
        const Column& c = columns_[static_cast<std::size_t>(columnOf_[index])];
        const QString label = QString::number(index);
        const qreal x = contentLeft() + c.x - pan_;
        p.drawText(QPointF(x + (c.width - fm.horizontalAdvance(label)) / 2, headerHeight_ - 5),
                   label);
    }
}

std::vector<StepCanvas::RowLabel> StepCanvas::layoutLabels() const {
    std::vector<RowLabel> labels;
    if (!trace_ || !group()) return labels;
    const QFontMetricsF fm(theme_.font(font()));
    const QFontMetricsF small(theme_.font(font(), 0.8));
    const qreal width = labelWidth_ - 8;
    qreal lastBottom = -1e9;
    // Each label wants a place by its row; one that would print over the label above takes a
    // shorter form, and is left out (its tooltip stays) when even that does not fit.
    auto place = [&](qreal center, std::initializer_list<RowLabel> forms) {
        for (RowLabel form : forms) {
            const qreal h = form.rect.height();
            form.rect = QRectF(6, center - h / 2, width, h);
            if (form.rect.top() >= lastBottom + 1) {
                lastBottom = form.rect.bottom();
                labels.push_back(form);
                return;
            }
        }
    };
    for (int row = 0; row <= roundCount(); ++row) {
        const bool bold = row == round_;
        if (row == 0) {
            place(rowTop(0) + rowHeight(0) / 2,
                  {RowLabel{QRectF(0, 0, 0, fm.height()), tr("loaded"), false, bold}});
            continue;
        }
        const TraceRound* r = roundAt(row);
        const QString compact = tr("round %1 · s=%2").arg(row).arg(r->stride);
        if (row > round_) {
            place(rowTop(row) + rowHeight(row) / 2,
                  {RowLabel{QRectF(0, 0, 0, small.height()), compact, true, false}});
            continue;
        }
        place(stripCenter(row), {RowLabel{QRectF(0, 0, 0, 2 * fm.height()),
                                          tr("round %1").arg(row) + QLatin1Char('\n') +
                                              QStringLiteral("s = %1").arg(r->stride),
                                          false, bold},
                                 RowLabel{QRectF(0, 0, 0, small.height()), compact, true, bold}});
    }
    return labels;
}

std::vector<QRectF> StepCanvas::rowLabelRects() const {
    std::vector<QRectF> rects;
    for (const RowLabel& l : layoutLabels()) rects.push_back(l.rect);
    return rects;
}

void StepCanvas::drawLabels(QPainter& p) const {
    p.fillRect(QRectF(0, 0, labelWidth_, height()), theme_.background);
    for (const RowLabel& l : layoutLabels()) {
        p.setPen(l.bold || !l.small ? theme_.text : theme_.dimText);
        p.setFont(theme_.font(font(), l.small ? 0.8 : 1.0, l.bold));
        p.drawText(l.rect, Qt::AlignLeft | Qt::AlignVCenter, l.text);
    }
}

void StepCanvas::setLensWindow(std::uint32_t first, std::uint32_t count) {
    if (first == lensFirst_ && count == lensCount_) return;
    lensFirst_ = first;
    lensCount_ = count;
    update();
}

void StepCanvas::drawLensWindow(QPainter& p) const {
    if (lensCount_ == 0 || !trace_ || columnOf_.empty()) return;
    const auto last = static_cast<std::uint32_t>(
        std::min<std::size_t>(lensFirst_ + lensCount_, columnOf_.size()) - 1);
    if (lensFirst_ > last) return;
    const Column& a = columns_[static_cast<std::size_t>(columnOf_[lensFirst_])];
    const Column& b = columns_[static_cast<std::size_t>(columnOf_[last])];
    const qreal left = contentLeft() + a.x - pan_;
    const qreal right = contentLeft() + b.x + b.width - pan_;
    QPen pen(theme_.text, 1.5 * theme_.lineWidth);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(std::min(left, right - 3), headerHeight_ - 2,
                             std::max<qreal>(3, right - left), height() - headerHeight_),
                      3, 3);
}

}  // namespace reducelab::ui
