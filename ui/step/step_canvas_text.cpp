// The texts of one step-view panel (step_canvas_text.h).
#include "step/step_canvas_text.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

#include "step/step_cell_text.h"

namespace reducelab::ui::canvas {

ValueFont valueFont(const Theme& theme, const QFont& base, const CellRoom& room, bool widthOnly) {
    const qreal legible = cells::legiblePixelSize(theme, base);
    const qreal preferred =
        cells::preferredPixelSize(theme, base) * std::sqrt(std::clamp(room.zoom, 1.0, 4.0));
    const qreal byHeight = widthOnly ? preferred : room.cellHeight * 0.55;
    ValueFont exact{std::min({preferred, byHeight,
                              (room.cellWidth - 4) / (cells::kDigitEm * room.maxTextChars)}),
                    false};
    if (exact.px >= legible) return exact;
    ValueFont compact{std::min({preferred, byHeight,
                                (room.cellWidth - 3) / (cells::kDigitEm * room.maxCompactChars)}),
                      true};
    if (compact.px >= legible) return compact;
    return {};
}

int columnLabelStride(const Theme& theme, const QFont& base, std::size_t localSize,
                      qreal cellWidth) {
    const QFontMetricsF fm(theme.font(base, 0.8));
    const qreal widest =
        fm.horizontalAdvance(QString::number(std::max<std::size_t>(1, localSize) - 1)) +
        fm.horizontalAdvance(QStringLiteral("  "));
    int stride = 1;
    while (stride < static_cast<int>(localSize) && stride * cellWidth < widest) stride *= 2;
    return stride;
}

void RowLabelPlacer::place(qreal center, std::initializer_list<RowLabel> forms) {
    for (RowLabel form : forms) {
        const qreal h = form.rect.height();
        form.rect = QRectF(6, center - h / 2, width_, h);
        if (form.rect.top() >= lastBottom_ + 1) {
            lastBottom_ = form.rect.bottom();
            labels_.push_back(form);
            return;
        }
    }
}

namespace {

unsigned bankOf(const StepTrace& trace, std::uint32_t index) {
    const std::size_t bytes = trace.element_bytes ? trace.element_bytes : 4;
    const unsigned width = trace.bank_width ? trace.bank_width : 4;
    const unsigned banks = trace.bank_count ? trace.bank_count : 32;
    return static_cast<unsigned>((index * bytes / width) % banks);
}

}  // namespace

QString Tips::loadRow() {
    return tr("Local memory right after the load phase");
}

QString Tips::round(const StepTrace& trace, int round, const TraceRound& info) {
    return tr("Round %1, stride %2: %3 active work-items, %4 of %5 warps active, %6 divergent, "
              "%7 bank conflict(s)")
        .arg(round)
        .arg(info.stride)
        .arg(info.active_work_items)
        .arg(info.active_warps)
        .arg((trace.local_size + trace.warp_width - 1) / std::max(1u, trace.warp_width))
        .arg(info.divergent_warps)
        .arg(info.bank_conflicts);
}

QString Tips::fold(std::uint32_t first, std::uint32_t last, int round) {
    return tr("local[%1 … %2]: %3 cells nobody touches in round %4 (folded; zoom in or turn "
              "off folding to see them)")
        .arg(first)
        .arg(last)
        .arg(last - first + 1)
        .arg(round);
}

QString Tips::cell(const StepTrace& trace, std::uint32_t i, int row,
                   const std::vector<Value>& values, const TraceRound* written,
                   const TraceRound* read) {
    const std::size_t bytes = trace.element_bytes ? trace.element_bytes : 4;
    const unsigned bankSpan =
        static_cast<unsigned>(std::max<std::size_t>(1, bytes / std::max(1u, trace.bank_width)));
    const unsigned bank = bankOf(trace, i);
    QString banks = bankSpan > 1 ? tr("banks %1–%2").arg(bank).arg(bank + bankSpan - 1)
                                 : tr("bank %1").arg(bank);
    QString text = tr("local[%1] = %2\n%3 (%4-byte cells, %5 banks × %6 bytes)")
                       .arg(i)
                       .arg(i < values.size() ? QString::fromStdString(values[i].to_string())
                                              : QStringLiteral("?"))
                       .arg(banks)
                       .arg(bytes)
                       .arg(trace.bank_count)
                       .arg(trace.bank_width);
    text += row == 0 ? tr("\nafter the load") : tr("\nafter round %1").arg(row);
    if (written)
        for (const Access& a : written->accesses)
            if (a.write == i)
                text += tr("\nwritten by work-item %1: local[%2] ⊕ local[%3]")
                            .arg(a.work_item)
                            .arg(a.read_a)
                            .arg(a.read_b);
    if (read)
        for (const Access& a : read->accesses)
            if (a.read_a == i || a.read_b == i)
                text += tr("\nread in round %1 by work-item %2").arg(row + 1).arg(a.work_item);
    return text;
}

QString Tips::workItem(const StepTrace& trace, std::uint32_t i, int round, const TraceRound& r) {
    const unsigned width = std::max(1u, trace.warp_width);
    const std::uint32_t warp = i / width;
    const bool active = i < r.active.size() && r.active[i];
    unsigned warpActive = 0, lanes = 0;
    for (std::uint32_t wi = warp * width; wi < (warp + 1) * width && wi < r.active.size();
         ++wi, ++lanes)
        warpActive += r.active[wi];
    QString text = tr("work-item %1 (warp %2, lane %3): %4 in round %5")
                       .arg(i)
                       .arg(warp)
                       .arg(i % width)
                       .arg(active ? tr("active") : tr("idle"))
                       .arg(round);
    for (const Access& a : r.accesses)
        if (a.work_item == i)
            text +=
                tr("\nlocal[%1] ⊕ local[%2] → local[%3]").arg(a.read_a).arg(a.read_b).arg(a.write);
    text += warpActive > 0 && warpActive < lanes
                ? tr("\nwarp %1 is divergent: %2 of %3 lanes active")
                      .arg(warp)
                      .arg(warpActive)
                      .arg(lanes)
                : tr("\nwarp %1: %2 of %3 lanes active").arg(warp).arg(warpActive).arg(lanes);
    for (const BankConflict& bc : r.conflicts)
        if (std::find(bc.work_items.begin(), bc.work_items.end(), i) != bc.work_items.end())
            text += tr("\nbank conflict (%1): bank %2, %3-way")
                        .arg(QString::fromStdString(bc.phase))
                        .arg(bc.bank)
                        .arg(bc.degree);
    return text;
}

}  // namespace reducelab::ui::canvas
