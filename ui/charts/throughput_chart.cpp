// Drawing results as throughput lines, the ceiling, the tuning marker and the hover text.
#include "charts/throughput_chart.h"

#include <qcustomplot.h>
#include <QApplication>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "charts/chart_scale.h"
#include "charts/log2_ticker.h"
#include "common/size_text.h"
#include "common/units_text.h"

namespace reducelab::ui {
namespace {

// A different marker shape for every series, so lines differ without colour.
constexpr QCPScatterStyle::ScatterShape kShapes[] = {
    QCPScatterStyle::ssDisc,        QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
    QCPScatterStyle::ssDiamond,     QCPScatterStyle::ssCross,  QCPScatterStyle::ssTriangleInverted,
    QCPScatterStyle::ssCrossCircle, QCPScatterStyle::ssPlus};

QString percentOf(double gbps, double ceiling) {
    return ceiling > 0
               ? QStringLiteral("%1%").arg(units_text::percentNumber(100.0 * gbps / ceiling))
               : QString();
}

}  // namespace

ThroughputChart::ThroughputChart(XAxis axis, QWidget* parent) : ResultsChart(parent), axis_(axis) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildPlot());
    arrangeTitleAndLegend();
    buildCeilingItems();
    buildMarks();
    connectPlot();
    setTheme(Theme::standard());
    rebuild();
}

QCustomPlot* ThroughputChart::buildPlot() {
    plot_ = new QCustomPlot;
    plot_->setObjectName(axis_ == XAxis::LocalSize ? QStringLiteral("localSizePlot")
                                                   : QStringLiteral("sizePlot"));
    // Small enough that the step view and a chart fit one above the other on 1280×720.
    plot_->setMinimumSize(320, 180);
    plot_->setMouseTracking(true);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);

    plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new Log2Ticker(
        axis_ == XAxis::LocalSize ? Log2Ticker::Labels::Plain : Log2Ticker::Labels::Powers)));
    setAxisLabels();
    return plot_;
}

void ThroughputChart::arrangeTitleAndLegend() {
    // Layout: the title across the top; under it the plot with its legend beside it, so that
    // the legend never covers points (Auto-tune draws many lines).
    QCPAxisRect* axes = plot_->axisRect();
    plot_->plotLayout()->take(axes);
    plot_->plotLayout()->simplify();
    titleElement_ = new QCPTextElement(plot_, QString(), QFont(font().family(), 11, QFont::Bold));
    auto* body = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(0, 0, titleElement_);
    plot_->plotLayout()->addElement(1, 0, body);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    auto* legendCell = new QCPLayoutGrid;
    body->addElement(0, 0, axes);
    body->addElement(0, 1, legendCell);
    body->setColumnStretchFactor(1, 0.001);
    plot_->legend->setVisible(true);
    axes->insetLayout()->take(plot_->legend);
    legendCell->addElement(0, 0, plot_->legend);
    legendCell->addElement(1, 0, new QCPLayoutElement(plot_));  // pushes the legend to the top
    legendCell->setRowStretchFactor(0, 0.01);
    legendCell->setMargins(QMargins(0, 0, 6, 0));
    plot_->legend->setBrush(QBrush(Qt::NoBrush));
    plot_->legend->setBorderPen(Qt::NoPen);
}

// The copy and read ceilings: a dashed line with its label each, and the spread between runs.
void ThroughputChart::buildCeilingItems() {
    auto dashed = [this](QCPItemStraightLine*& line, QCPItemText*& label, Qt::PenStyle style) {
        line = new QCPItemStraightLine(plot_);
        line->setPen(QPen(theme_.ceiling, 1.5, style));
        line->setVisible(false);
        label = new QCPItemText(plot_);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->setVisible(false);
    };
    dashed(copyLine_, copyLabel_, Qt::DashLine);
    dashed(readLine_, readLabel_, Qt::DashDotLine);
    // The spread of the ceiling between runs (10th to 90th percentile), behind everything.
    for (QCPItemRect** band : {&copyBand_, &readBand_}) {
        *band = new QCPItemRect(plot_);
        (*band)->setPen(Qt::NoPen);
        (*band)->setLayer(QStringLiteral("background"));
        for (QCPItemPosition* p : {(*band)->topLeft, (*band)->bottomRight}) {
            p->setTypeX(QCPItemPosition::ptAxisRectRatio);
            p->setTypeY(QCPItemPosition::ptPlotCoords);
        }
        (*band)->setVisible(false);
    }
}

// The points read from cache, the marker of the chosen size, the best point and the hover ring.
void ThroughputChart::buildMarks() {
    cacheGraph_ = plot_->addGraph();
    cacheGraph_->setLineStyle(QCPGraph::lsNone);
    cacheGraph_->setName(tr("from cache: above the measured memory ceiling"));

    markerLine_ = new QCPItemStraightLine(plot_);
    markerLine_->setVisible(false);
    markerLabel_ = new QCPItemText(plot_);
    markerLabel_->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    markerLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    markerLabel_->setVisible(false);

    bestGraph_ = plot_->addGraph();
    bestGraph_->setLineStyle(QCPGraph::lsNone);
    bestGraph_->removeFromLegend();
    bestLabel_ = new QCPItemText(plot_);
    bestLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    bestLabel_->position->setType(QCPItemPosition::ptAxisRectRatio);
    bestLabel_->position->setCoords(0.01, 0.01);
    bestLabel_->setVisible(false);

    hoverTracer_ = new QCPItemTracer(plot_);
    hoverTracer_->setStyle(QCPItemTracer::tsCircle);
    hoverTracer_->setSize(14);
    hoverTracer_->setVisible(false);
}

void ThroughputChart::connectPlot() {
    // Once the plot has its geometry, and before it draws, no label overprints another.
    connect(plot_, &QCustomPlot::afterLayout, this, &ThroughputChart::separateLabels);

    connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const RunResult* point = nearest(event->position(), 14);
        if (!point) {
            if (hoverTracer_->visible()) {
                hoverTracer_->setVisible(false);
                plot_->replot(QCustomPlot::rpQueuedReplot);
            }
            QToolTip::hideText();
            return;
        }
        hoverTracer_->position->setCoords(xOf(*point), point->gbps);
        hoverTracer_->setVisible(true);
        plot_->replot(QCustomPlot::rpQueuedReplot);
        QToolTip::showText(event->globalPosition().toPoint(), hoverTextAt(event->position()),
                           plot_);
    });
    connect(plot_, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        if (const RunResult* point = nearest(event->position(), 14)) emit pointClicked(*point);
    });
}

void ThroughputChart::setAxisLabels() {
    plot_->xAxis->setLabel(axis_ == XAxis::LocalSize ? tr("local size (work-items per work-group)")
                                                     : tr("n (elements, log₂ scale)"));
    plot_->yAxis->setLabel(tr("GB/s (input bytes ÷ time)"));
}

void ThroughputChart::retranslateUi() {
    setAxisLabels();
    updateCeilingItems();
    rebuild();
}

void ThroughputChart::setTitle(const QString& title) {
    title_ = title;
    titleElement_->setText(title);
    fitTitles();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

double ThroughputChart::xOf(const RunResult& point) const {
    return axis_ == XAxis::LocalSize ? static_cast<double>(point.launched.local_size)
                                     : static_cast<double>(point.n);
}

QString ThroughputChart::seriesName(const RunResult& point) const {
    QString name = QString::fromStdString(point.request.variant);
    // A file may hold several operations or types (bench suites do): keep their lines apart.
    bool mixed = false;
    for (const RunResult& p : results_.points)
        mixed = mixed || p.request.op != point.request.op || p.request.type != point.request.type;
    if (mixed)
        name += QStringLiteral(" (%1 %2)")
                    .arg(QString::fromUtf8(to_string(point.request.op).data()),
                         QString::fromUtf8(to_string(point.request.type).data()));
    // Auto-tune and tuning sweeps vary items per work-item too: one line for each count.
    if (axis_ == XAxis::LocalSize && point.request.items_per_work_item != 0)
        name += tr(" × %1 per work-item").arg(point.request.items_per_work_item);
    return name;
}

void ThroughputChart::addPoint(const RunResult& point) {
    const QString name = seriesName(point);
    const double x = xOf(point);
    auto same =
        std::find_if(results_.points.begin(), results_.points.end(),
                     [&](const RunResult& p) { return seriesName(p) == name && xOf(p) == x; });
    if (same != results_.points.end())
        *same = point;
    else
        results_.points.push_back(point);
    rebuild();
}

void ThroughputChart::setCeiling(const std::optional<BandwidthCeiling>& ceiling) {
    results_.ceiling = ceiling;
    updateCeilingItems();
    updateRanges();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ThroughputChart::setMarker(std::optional<double> x, const QString& label) {
    marker_ = x;
    markerText_ = label;
    markerLine_->setVisible(x.has_value());
    markerLabel_->setVisible(x.has_value());
    markerLabel_->setVisible(x.has_value() && !label.isEmpty());
    if (x) {
        markerLine_->point1->setCoords(*x, 0);
        markerLine_->point2->setCoords(*x, 1);
        markerLabel_->setText(QStringLiteral(" %1 ").arg(label));
    }
    updateRanges();
    placeMarkerLabel();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

std::optional<RunResult> ThroughputChart::markBest() {
    best_.reset();
    for (const RunResult& p : results_.points)
        if (p.verified && (!best_ || p.gbps > best_->gbps)) best_ = p;
    rebuild();
    return best_;
}

ThroughputChart::Series& ThroughputChart::seriesFor(const QString& name) {
    for (Series& s : series_)
        if (s.name == name) return s;
    Series s;
    s.name = name;
    s.graph = plot_->addGraph();
    s.graph->setName(name);
    series_.push_back(s);
    return series_.back();
}

void ThroughputChart::rebuild() {
    // Group points by series, sorted by x (QCustomPlot wants sorted keys).
    std::map<QString, std::vector<const RunResult*>> grouped;
    for (const RunResult& p : results_.points) grouped[seriesName(p)].push_back(&p);
    for (Series& s : series_) s.graph->data()->clear();
    for (auto& [name, points] : grouped) {
        std::sort(points.begin(), points.end(),
                  [this](auto* a, auto* b) { return xOf(*a) < xOf(*b); });
        QVector<double> keys, values;
        for (const RunResult* p : points) {
            keys << xOf(*p);
            values << p->gbps;
        }
        seriesFor(name).graph->setData(keys, values, true);
    }
    // Series with no points left (a cleared chart) leave the plot.
    for (auto it = series_.begin(); it != series_.end();) {
        if (grouped.count(it->name) == 0) {
            plot_->removeGraph(it->graph);
            it = series_.erase(it);
        } else {
            ++it;
        }
    }
    bestGraph_->data()->clear();
    bestLabel_->setVisible(best_.has_value());
    if (best_) {
        bestGraph_->addData(xOf(*best_), best_->gbps);
        QString what = tr("best: local %1").arg(best_->launched.local_size);
        if (best_->request.items_per_work_item != 0)
            what += tr(" × %1 per work-item").arg(best_->request.items_per_work_item);
        bestLabel_->setText(
            QStringLiteral("★ %1, %2 GB/s").arg(what).arg(units_text::gbpsNumber(best_->gbps)));
    }
    cacheGraph_->data()->clear();
    for (const RunResult& p : results_.points)
        if (ChartScale::fromCache(p, results_.ceiling)) cacheGraph_->addData(xOf(p), p.gbps);
    if (cacheGraph_->data()->isEmpty())
        cacheGraph_->removeFromLegend();
    else
        cacheGraph_->addToLegend();
    hoverTracer_->setVisible(false);
    restyle();
    updateRanges();
    updateCeilingItems();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ThroughputChart::restyle() {
    const qreal w = theme_.lineWidth;
    for (std::size_t i = 0; i < series_.size(); ++i) {
        const QColor c = theme_.series(static_cast<int>(i));
        series_[i].graph->setPen(QPen(c, 2.0 * w));
        series_[i].graph->setScatterStyle(
            QCPScatterStyle(kShapes[i % std::size(kShapes)], c, c, 8 + 3 * w));
    }
    cacheGraph_->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(theme_.ceiling, 1.5 * w), Qt::NoBrush, 18 + 4 * w));
    QColor band = theme_.ceiling;
    band.setAlpha(40);
    copyBand_->setBrush(band);
    readBand_->setBrush(band);
    bestGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(theme_.best, 2.5 * w),
                                                theme_.best, 22 + 4 * w));
    markerLine_->setPen(QPen(theme_.marker, 2.5 * w));
    markerLabel_->setColor(theme_.marker);
    hoverTracer_->setPen(QPen(theme_.text, 1.5 * w));
    // The application font, not the widget's: presentation mode scales it before calling here.
    const QFont base = QApplication::font();
    markerLabel_->setFont(theme_.font(base, 1.0, true));
    bestLabel_->setFont(theme_.font(base, 1.0, true));
    bestLabel_->setColor(theme_.best.darker(130));
    copyLabel_->setFont(theme_.font(base, 0.95));
    readLabel_->setFont(theme_.font(base, 0.9));
    copyLine_->setPen(QPen(theme_.ceiling, 1.6 * w, Qt::DashLine));
    readLine_->setPen(QPen(theme_.ceiling.lighter(250), 1.3 * w, Qt::DashDotLine));
    readLabel_->setColor(theme_.dimText);
    for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
        a->setLabelFont(theme_.font(base, 1.0));
        a->setTickLabelFont(theme_.font(base, 0.95));
        a->setBasePen(QPen(theme_.text, w));
        a->setTickPen(QPen(theme_.text, w));
        a->grid()->setPen(QPen(theme_.grid, 1, Qt::DotLine));
    }
    plot_->legend->setFont(theme_.font(base, 0.95));
    titleElement_->setFont(theme_.font(base, 1.15, true));
    fitTitles();
}

void ThroughputChart::updateCeilingItems() {
    const auto& c = results_.ceiling;
    const QCPRange y = plot_->yAxis->range();
    // A ceiling far above the points stays off the scale; its label says so at the top.
    auto place = [&](QCPItemStraightLine* line, QCPItemText* label, QCPItemRect* band,
                     double median, const Spread& spread, const QString& name, bool shown) {
        line->setVisible(shown);
        label->setVisible(shown);
        band->setVisible(shown && spread.runs > 1);
        if (!shown) return;
        line->point1->setCoords(1, median);
        line->point2->setCoords(2, median);
        const bool above = median > y.upper;
        label->position->setCoords(0.99, above ? y.upper : median);
        const QString text = ChartScale::ceilingText(name, median, spread, c->runs);
        label->setText(above ? tr("▲ %1, above the scale").arg(text) : text);
        band->topLeft->setCoords(0, spread.p90);
        band->bottomRight->setCoords(1, spread.p10);
    };
    place(copyLine_, copyLabel_, copyBand_, c ? c->copy_gbps : 0, c ? c->copy_spread() : Spread{},
          tr("copy ceiling"), c && c->copy_gbps > 0);
    place(readLine_, readLabel_, readBand_, c ? c->read_gbps : 0, c ? c->read_spread() : Spread{},
          c && c->read_source == "best" ? tr("read ceiling (best's own reads)")
                                        : tr("read-only ceiling"),
          c && c->read_gbps > 0);
    if (c && c->read_gbps > 0) {
        // Keep the two labels apart when the ceilings are close.
        const bool readAbove = c->read_gbps >= c->copy_gbps;
        readLabel_->setPositionAlignment(Qt::AlignRight |
                                         (readAbove ? Qt::AlignBottom : Qt::AlignTop));
        copyLabel_->setPositionAlignment(Qt::AlignRight |
                                         (readAbove ? Qt::AlignTop : Qt::AlignBottom));
        if (c->copy_gbps > y.upper && c->read_gbps > y.upper) {
            copyLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
            readLabel_->position->setCoords(0.99, y.upper - 0.08 * (y.upper - y.lower));
        }
    }
}

int ThroughputChart::fromCachePointCount() const {
    return cacheGraph_->dataCount();
}

QString ThroughputChart::copyCeilingLabel() const {
    return copyLabel_->visible() ? copyLabel_->text() : QString();
}

QString ThroughputChart::readCeilingLabel() const {
    return readLabel_->visible() ? readLabel_->text() : QString();
}

namespace {

// Where a QCPItemText draws its text: the font's bounding box plus the padding, aligned to the
// position by the item's position alignment (no rotation here).
QRectF textRect(const QCPItemText* item) {
    const QRect text =
        QFontMetrics(item->font())
            .boundingRect(0, 0, 0, 0, Qt::TextDontClip | item->textAlignment(), item->text());
    const QMargins pad = item->padding();
    const QSizeF size(text.width() + pad.left() + pad.right(),
                      text.height() + pad.top() + pad.bottom());
    const QPointF at = item->position->pixelPosition();
    const Qt::Alignment align = item->positionAlignment();
    const double x = align & Qt::AlignRight     ? at.x() - size.width()
                     : align & Qt::AlignHCenter ? at.x() - size.width() / 2
                                                : at.x();
    const double y = align & Qt::AlignBottom    ? at.y() - size.height()
                     : align & Qt::AlignVCenter ? at.y() - size.height() / 2
                                                : at.y();
    return QRectF(QPointF(x, y), size);
}

bool shown(const QCPItemText* item) {
    return item->visible() && !item->text().isEmpty();
}

}  // namespace

std::vector<std::pair<QString, QRectF>> ThroughputChart::labelRects() const {
    std::vector<std::pair<QString, QRectF>> rects;
    for (const QCPItemText* item : {bestLabel_, copyLabel_, readLabel_, markerLabel_})
        if (shown(item)) rects.emplace_back(item->text(), textRect(item));
    return rects;
}

void ThroughputChart::separateLabels() {
    // From their places by the data (so a resize starts afresh), then each label in turn moves
    // down past any label placed before it that it would overprint: the best star keeps the
    // top-left corner, then the copy ceiling, the read ceiling and the tuning marker.
    updateCeilingItems();
    placeMarkerLabel();
    std::vector<QRectF> placed;
    for (QCPItemText* item : {bestLabel_, copyLabel_, readLabel_, markerLabel_}) {
        if (!shown(item)) continue;
        QRectF rect = textRect(item);
        for (bool moved = true; moved;) {
            moved = false;
            for (const QRectF& other : placed) {
                if (!rect.adjusted(0, 0, 0, 2).intersects(other)) continue;
                const Qt::Alignment horizontal =
                    item->positionAlignment() & Qt::AlignHorizontal_Mask;
                item->setPositionAlignment(horizontal | Qt::AlignTop);
                item->position->setPixelPosition(
                    QPointF(item->position->pixelPosition().x(), other.bottom() + 2));
                rect = textRect(item);
                moved = true;
            }
        }
        placed.push_back(rect);
    }
}

void ThroughputChart::placeMarkerLabel() {
    if (!marker_) return;
    // Beside the line, on the side with room, a little under the best label's row.
    const double ratio =
        (std::log2(*marker_) - std::log2(plot_->xAxis->range().lower)) /
        (std::log2(plot_->xAxis->range().upper) - std::log2(plot_->xAxis->range().lower));
    markerLabel_->setPositionAlignment((ratio > 0.6 ? Qt::AlignRight : Qt::AlignLeft) |
                                       Qt::AlignTop);
    markerLabel_->position->setCoords(*marker_, 0.12);
}

void ThroughputChart::updateRanges() {
    std::vector<double> values;
    double low = 0, high = 0;
    for (const RunResult& p : results_.points) {
        values.push_back(p.gbps);
        const double x = xOf(p);
        if (x <= 0) continue;
        low = low == 0 ? x : std::min(low, x);
        high = std::max(high, x);
    }
    const auto& c = results_.ceiling;
    fitYAxis(values, c ? std::max(c->copy_gbps, c->read_gbps) : 0.0);
    if (marker_) {
        low = low == 0 ? *marker_ : std::min(low, *marker_);
        high = std::max(high, *marker_);
    }
    if (low == 0) {
        low = axis_ == XAxis::LocalSize ? 16 : 1024;
        high = axis_ == XAxis::LocalSize ? 1024 : 1 << 24;
    }
    // Half a power of two of air on each side, so end points and their markers show whole.
    plot_->xAxis->setRange(low / 1.41, std::max(high, low * 2) * 1.41);
    placeMarkerLabel();
}

const RunResult* ThroughputChart::nearest(const QPointF& pixel, double maxDistance) const {
    const RunResult* best = nullptr;
    double bestDistance = maxDistance;
    for (const RunResult& p : results_.points) {
        const QPointF at = pixelOf(p);
        const double d = std::hypot(at.x() - pixel.x(), at.y() - pixel.y());
        if (d <= bestDistance) {
            bestDistance = d;
            best = &p;
        }
    }
    return best;
}

QPointF ThroughputChart::pixelOf(const RunResult& point) const {
    return {plot_->xAxis->coordToPixel(xOf(point)), plot_->yAxis->coordToPixel(point.gbps)};
}

QString ThroughputChart::hoverTextAt(const QPointF& pixel) const {
    const RunResult* p = nearest(pixel, 14);
    if (!p) return {};
    QString text = tr("%1 · %2 %3 · n = %4 · local %5")
                       .arg(QString::fromStdString(p->request.variant))
                       .arg(QString::fromUtf8(to_string(p->request.op).data()))
                       .arg(QString::fromUtf8(to_string(p->request.type).data()))
                       .arg(SizeText::describe(p->n))
                       .arg(p->launched.local_size);
    if (p->launched.items_per_work_item > 1)
        text += tr(" · %1 per work-item").arg(p->launched.items_per_work_item);
    text += tr("\n%1 GB/s").arg(units_text::gbpsNumber(p->gbps));
    if (const auto& c = results_.ceiling; c && c->copy_gbps > 0) {
        text += tr(" = %1 of the copy ceiling (%2 GB/s)")
                    .arg(percentOf(p->gbps, c->copy_gbps))
                    .arg(units_text::gbpsNumber(c->copy_gbps));
        if (c->read_gbps > 0) text += tr(", %1 of read-only").arg(percentOf(p->gbps, c->read_gbps));
        if (ChartScale::fromCache(*p, c))
            text += QLatin1Char('\n') + ChartScale::fromCacheReason(*p, *c);
    }
    text += tr("\n%1 ms (median of %2) · %3")
                .arg(units_text::msNumber(p->total_ms))
                .arg(p->repeat_ms.size())
                .arg(p->verified ? tr("✔ verified") : tr("✖ NOT verified"));
    return text;
}

void ThroughputChart::setTheme(const Theme& theme) {
    theme_ = theme;
    plot_->setBackground(QBrush(theme.background));
    restyle();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace reducelab::ui
