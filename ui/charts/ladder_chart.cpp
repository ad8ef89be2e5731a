// Bars and the classic table of the optimization ladder.
#include "charts/ladder_chart.h"

#include <qcustomplot.h>
#include <QApplication>
#include <QHeaderView>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "charts/chart_scale.h"
#include "charts/plot_hover.h"
#include "charts/text_ticks.h"
#include "common/units_text.h"
#include "reducelab/bench_suites.h"

namespace reducelab::ui {

LadderChart::LadderChart(QWidget* parent) : ResultsChart(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal);
    plot_ = new QCustomPlot;
    plot_->setObjectName(QStringLiteral("ladderPlot"));
    // Small enough that the step view and a chart fit one above the other on 1280×720.
    plot_->setMinimumSize(320, 180);
    plot_->setMouseTracking(true);
    table_ = new QTableWidget(0, 7);
    table_->setObjectName(QStringLiteral("ladderTable"));
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    splitter->addWidget(plot_);
    splitter->addWidget(table_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter);

    plot_->plotLayout()->insertRow(0);
    titleElement_ = new QCPTextElement(plot_, tr("Optimization ladder"),
                                       QFont(font().family(), 11, QFont::Bold));
    plot_->plotLayout()->addElement(0, 0, titleElement_);
    bars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    unverifiedBars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    setTexts();
    // The names are fitted to the bars' spacing after each layout (the spacing is known then);
    // a changed fit is drawn by one more replot, after which the fit no longer changes.
    connect(plot_, &QCustomPlot::afterLayout, this, [this] {
        if (fitLabels()) plot_->replot(QCustomPlot::rpQueuedReplot);
    });
    plot_->xAxis->grid()->setVisible(false);
    copyLine_ = new QCPItemStraightLine(plot_);
    copyLabel_ = new QCPItemText(plot_);
    copyLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    copyLabel_->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    cacheNote_ = new QCPItemText(plot_);
    cacheNote_->setObjectName(QStringLiteral("ladderCacheNote"));
    cacheNote_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    cacheNote_->setTextAlignment(Qt::AlignLeft);
    cacheNote_->position->setType(QCPItemPosition::ptAxisRectRatio);
    cacheNote_->position->setCoords(0.01, 0.01);
    cacheNote_->setVisible(false);

    // The plot shares its width with the table: its title wraps to the plot's own width.
    plot_->installEventFilter(this);
    showHoverTexts(plot_, [this](const QPointF& pixel) { return hoverTextAt(pixel); });
    setTheme(Theme::standard());
    rebuild();
}

void LadderChart::setTitle(const QString& title) {
    titleElement_->setText(title);
    fitTitles();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString LadderChart::title() const {
    return titleElement_->text();
}

void LadderChart::addPoint(const RunResult& point) {
    auto same = std::find_if(
        results_.points.begin(), results_.points.end(),
        [&](const RunResult& p) { return p.request.variant == point.request.variant; });
    if (same != results_.points.end())
        *same = point;
    else
        results_.points.push_back(point);
    rebuild();
}

void LadderChart::setCeiling(const std::optional<BandwidthCeiling>& ceiling) {
    results_.ceiling = ceiling;
    rebuild();
}

std::vector<LadderChart::Row> LadderChart::rows() const {
    // One rung per variant of one problem: a file with several ops, types or sizes shows the first.
    std::vector<RunResult> rungs;
    for (const RunResult& p : results_.points) {
        const RunResult& first = results_.points.front();
        if (p.request.op == first.request.op && p.request.type == first.request.type &&
            p.n == first.n)
            rungs.push_back(p);
    }
    // The classic table (engine/include/reducelab/bench_suites.h, as `reducelab-cli bench` prints
    // it), plus the share of the measured ceiling.
    const double ceiling = results_.ceiling ? results_.ceiling->copy_gbps : 0;
    std::vector<Row> rows;
    for (const LadderRow& l : ladder_table(rungs)) {
        Row r;
        r.variant = QString::fromStdString(l.variant);
        r.timeMs = l.time_ms;
        r.gbps = l.gbps;
        r.stepSpeedup = l.step_speedup;
        r.cumulativeSpeedup = l.cumulative_speedup;
        r.verified = l.verified;
        r.percentOfCeiling = ceiling > 0 ? 100.0 * l.gbps / ceiling : 0;
        const auto rung = std::find_if(rungs.begin(), rungs.end(), [&](const RunResult& p) {
            return p.launched.variant == l.variant;
        });
        if (rung != rungs.end() && ChartScale::fromCache(*rung, results_.ceiling)) {
            r.fromCache = true;
            r.fromCacheReason = ChartScale::fromCacheReason(*rung, *results_.ceiling);
        }
        rows.push_back(r);
    }
    return rows;
}

void LadderChart::setTexts() {
    table_->setHorizontalHeaderLabels({tr("Variant"), tr("Time (ms)"), tr("GB/s"),
                                       tr("Step\nspeed-up"), tr("Cumulative\nspeed-up"),
                                       tr("% of\nceiling"), tr("Verified")});
    bars_->setName(tr("verified"));
    unverifiedBars_->setName(tr("NOT verified"));
    plot_->yAxis->setLabel(tr("GB/s (input bytes ÷ time)"));
}

void LadderChart::retranslateUi() {
    setTexts();
    rebuild();
}

void LadderChart::rebuild() {
    const std::vector<Row> table = rows();
    QVector<double> keys, values, badKeys, badValues;
    double top = 1;
    names_.clear();
    for (std::size_t i = 0; i < table.size(); ++i) {
        const double x = static_cast<double>(i + 1);
        names_ << table[i].variant;
        (table[i].verified ? keys : badKeys) << x;
        (table[i].verified ? values : badValues) << table[i].gbps;
        top = std::max(top, table[i].gbps);
    }
    bars_->setData(keys, values, true);
    unverifiedBars_->setData(badKeys, badValues, true);
    shownNames_.clear();  // fitted again below
    plot_->xAxis->setRange(0.3, static_cast<double>(std::max<std::size_t>(table.size(), 3)) + 0.7);

    for (QCPItemText* label : valueLabels_) plot_->removeItem(label);
    valueLabels_.clear();
    for (std::size_t i = 0; i < table.size(); ++i) {
        auto* label = new QCPItemText(plot_);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->position->setCoords(static_cast<double>(i + 1), table[i].gbps);
        QString text = QString::number(table[i].gbps, 'f', table[i].gbps < 10 ? 2 : 1);
        if (table[i].percentOfCeiling > 0)
            text +=
                QStringLiteral("\n%1%").arg(units_text::percentNumber(table[i].percentOfCeiling));
        if (table[i].fromCache) text += tr("\nfrom cache");
        label->setText(text);
        label->setFont(theme_.font(QApplication::font(), 0.9, true));
        label->setColor(theme_.text);
        valueLabels_.push_back(label);
    }
    const auto& c = results_.ceiling;
    const bool hasCeiling = c && c->copy_gbps > 0;
    copyLine_->setVisible(hasCeiling);
    copyLabel_->setVisible(hasCeiling);
    if (hasCeiling) {
        copyLine_->point1->setCoords(0, c->copy_gbps);
        copyLine_->point2->setCoords(1, c->copy_gbps);
        copyLabel_->position->setCoords(0.99, c->copy_gbps);
        copyLabel_->setText(
            ChartScale::ceilingText(tr("copy ceiling"), c->copy_gbps, c->copy_spread(), c->runs));
    }
    std::vector<double> all(values.begin(), values.end());
    all.insert(all.end(), badValues.begin(), badValues.end());
    fitYAxis(all, hasCeiling ? c->copy_gbps : 0.0);
    // Room above the tallest bar for its two-line label.
    if (!logScale_) plot_->yAxis->setRangeUpper(std::max(plot_->yAxis->range().upper, top * 1.3));
    if (hasCeiling && c->copy_gbps > plot_->yAxis->range().upper) {
        copyLabel_->position->setCoords(0.99, plot_->yAxis->range().upper);
        copyLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        copyLabel_->setText(tr("▲ %1, above the scale").arg(copyLabel_->text()));
    } else {
        copyLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    }
    cacheNote_->setText(cacheNote());
    cacheNote_->setVisible(!cacheNote_->text().isEmpty());
    plot_->legend->setVisible(!badKeys.isEmpty());
    fitLabels();
    plot_->replot(QCustomPlot::rpQueuedReplot);

    table_->setRowCount(static_cast<int>(table.size()));
    for (std::size_t i = 0; i < table.size(); ++i) {
        const Row& r = table[i];
        const int row = static_cast<int>(i);
        auto set = [&](int column, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(column == 0 ? Qt::AlignLeft | Qt::AlignVCenter
                                               : Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(row, column, item);
        };
        set(0, r.variant);
        set(1, units_text::msNumber(r.timeMs));
        set(2, units_text::gbpsNumber(r.gbps));
        set(3, i == 0 ? QStringLiteral("—") : units_text::speedup(r.stepSpeedup));
        set(4, i == 0 ? units_text::speedup(1.0) : units_text::speedup(r.cumulativeSpeedup));
        set(5, r.percentOfCeiling > 0
                   ? QStringLiteral("%1%").arg(units_text::percentNumber(r.percentOfCeiling))
                   : QStringLiteral("—"));
        set(6, r.verified ? tr("✔ yes") : tr("✖ NO"));
    }
}

bool LadderChart::eventFilter(QObject* watched, QEvent* event) {
    if (watched == plot_ && event->type() == QEvent::Resize) fitTitles();
    return ResultsChart::eventFilter(watched, event);
}

double LadderChart::barSpacing() const {
    return std::abs(plot_->xAxis->coordToPixel(2) - plot_->xAxis->coordToPixel(1));
}

bool LadderChart::fitLabels() {
    const QFontMetricsF names(plot_->xAxis->tickLabelFont());
    const double spacing = barSpacing();
    const double gap = names.averageCharWidth();
    double widest = 0;
    for (const QString& name : names_) widest = std::max(widest, names.horizontalAdvance(name));
    // Level when every name fits its bar's width; else upright, one line of text per bar, every
    // k-th bar named when even that is too close, and long names elided (the hover and the
    // table name every bar in full).
    const bool upright = widest + gap > spacing;
    const int stride =
        upright ? std::max(1, static_cast<int>(std::ceil((names.height() + gap) / spacing))) : 1;
    const double longest = std::max(6 * names.averageCharWidth(), 0.35 * plot_->height());
    QStringList shown;
    for (int i = 0; i < names_.size(); ++i)
        shown << (i % stride != 0 ? QString()
                  : upright       ? names.elidedText(names_[i], Qt::ElideMiddle, longest)
                                  : names_[i]);
    // The values above the bars: drawn only where they fit the bar's spacing.
    bool valuesChanged = false;
    for (QCPItemText* label : valueLabels_) {
        const double width = QFontMetricsF(label->font())
                                 .boundingRect(QRectF(), Qt::AlignCenter, label->text())
                                 .width();
        const bool fits = width + gap <= spacing;
        valuesChanged = valuesChanged || label->visible() != fits;
        label->setVisible(fits);
    }
    if (shown == shownNames_ && upright == upright_ && !valuesChanged) return false;
    shownNames_ = shown;
    upright_ = upright;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < shown.size(); ++i) ticker->addTick(i + 1, shown[i]);
    setTextTicks(plot_->xAxis, ticker);
    plot_->xAxis->setTickLabelRotation(upright ? 90 : 0);
    return true;
}

std::vector<QRectF> LadderChart::tickLabelRects() const {
    const QFontMetricsF metrics(plot_->xAxis->tickLabelFont());
    const double top = plot_->xAxis->axisRect()->bottom() + plot_->xAxis->tickLabelPadding();
    std::vector<QRectF> rects;
    for (int i = 0; i < shownNames_.size(); ++i) {
        if (shownNames_[i].isEmpty()) continue;
        const double x = plot_->xAxis->coordToPixel(i + 1);
        const double length = metrics.horizontalAdvance(shownNames_[i]);
        const QSizeF size =
            upright_ ? QSizeF(metrics.height(), length) : QSizeF(length, metrics.height());
        rects.emplace_back(x - size.width() / 2, top, size.width(), size.height());
    }
    return rects;
}

std::vector<QRectF> LadderChart::valueLabelRects() const {
    std::vector<QRectF> rects;
    for (const QCPItemText* label : valueLabels_) {
        if (!label->visible()) continue;
        const QRectF text =
            QFontMetricsF(label->font()).boundingRect(QRectF(), Qt::AlignCenter, label->text());
        const QPointF anchor = label->position->pixelPosition();  // bottom centre
        rects.emplace_back(anchor.x() - text.width() / 2, anchor.y() - text.height(), text.width(),
                           text.height());
    }
    return rects;
}

QString LadderChart::cacheNote() const {
    QStringList cached;
    for (const Row& r : rows())
        if (r.fromCache) cached << r.variant;
    if (cached.isEmpty() || !results_.ceiling) return {};
    return tr("from cache: %1\nran faster than the device's memory was measured (%2 GB/s):\n"
              "the input sat in a cache, so these percentages exceed 100%")
        .arg(cached.join(QStringLiteral(", ")))
        .arg(units_text::gbpsNumber(cache_threshold_gbps(*results_.ceiling)));
}

QString LadderChart::hoverTextAt(const QPointF& pixel) const {
    const double x = plot_->xAxis->pixelToCoord(pixel.x());
    const auto table = rows();
    const long index = std::lround(x) - 1;
    if (index < 0 || index >= static_cast<long>(table.size()) ||
        std::abs(x - static_cast<double>(index + 1)) > 0.4)
        return {};
    const Row& r = table[static_cast<std::size_t>(index)];
    QString text = tr("%1: %2 GB/s, %3 ms")
                       .arg(r.variant)
                       .arg(units_text::gbpsNumber(r.gbps))
                       .arg(units_text::msNumber(r.timeMs));
    if (r.percentOfCeiling > 0)
        text += tr("\n%1% of the measured copy ceiling")
                    .arg(units_text::percentNumber(r.percentOfCeiling));
    if (r.fromCache) text += QLatin1Char('\n') + r.fromCacheReason;
    if (index > 0)
        text += tr("\n%1× the step before, %2× the first rung")
                    .arg(units_text::speedupNumber(r.stepSpeedup),
                         units_text::speedupNumber(r.cumulativeSpeedup));
    return text;
}

void LadderChart::setTheme(const Theme& theme) {
    theme_ = theme;
    const qreal w = theme.lineWidth;
    plot_->setBackground(QBrush(theme.background));
    bars_->setPen(QPen(theme.active.darker(130), w));
    bars_->setBrush(theme.active);
    unverifiedBars_->setPen(QPen(theme.conflict, 1.5 * w));
    unverifiedBars_->setBrush(QBrush(theme.conflict, Qt::BDiagPattern));
    copyLine_->setPen(QPen(theme.ceiling, 1.6 * w, Qt::DashLine));
    copyLabel_->setFont(theme.font(QApplication::font(), 0.95));
    cacheNote_->setFont(theme.font(QApplication::font(), 0.9));
    cacheNote_->setColor(theme.text);
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setLabelFont(theme.font(QApplication::font(), 1.0));
        a->setTickLabelFont(theme.font(QApplication::font(), 0.95));
        a->setBasePen(QPen(theme.text, w));
        a->setTickPen(QPen(theme.text, w));
    }
    titleElement_->setFont(theme.font(QApplication::font(), 1.15, true));
    fitTitles();
    table_->setFont(theme.font(QApplication::font(), 1.0));
    rebuild();
}

}  // namespace reducelab::ui
