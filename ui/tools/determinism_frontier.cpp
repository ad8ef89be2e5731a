// Relative error against GB/s, log scale, with the exact results on a floor.
#include "tools/determinism_frontier.h"

#include <qcustomplot.h>
#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "charts/plot_hover.h"
#include "common/catalog_text.h"
#include "common/engine_text.h"
#include "common/units_text.h"
#include "reducelab/csv.h"
#include "reducelab/host_array.h"

namespace reducelab::ui {
namespace {

// The input's name in the title, translated as in the controls (the JSON keeps the English name).
QString shownInput(const QString& name) {
    const auto fill = parse_fill(name.toStdString());
    return fill ? CatalogText::fill(*fill) : name;
}

}  // namespace

DeterminismFrontier::DeterminismFrontier(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_ = new QCustomPlot;
    plot_->setObjectName(QStringLiteral("determinismFrontierPlot"));
    plot_->setMinimumSize(320, 220);
    plot_->plotLayout()->insertRow(0);
    title_ = new QCPTextElement(plot_, QString(), QFont(font().family(), 11, QFont::Bold));
    plot_->plotLayout()->addElement(0, 0, title_);
    plot_->yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    plot_->yAxis->setNumberFormat(QStringLiteral("eb"));
    plot_->yAxis->setNumberPrecision(0);
    inexact_ = plot_->addGraph();
    inexact_->setLineStyle(QCPGraph::lsNone);
    exact_ = plot_->addGraph();
    exact_->setLineStyle(QCPGraph::lsNone);
    plot_->legend->setVisible(true);
    // Middle right: the points lie high (rounded differently) or on the floor (exact), and a
    // corner legend hid the fastest point's label.
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(plot_);
    showHoverTexts(plot_, [this](const QPointF& pixel) { return hoverTextAt(pixel); });
    setTheme(Theme::standard());
    retranslateUi();
}

void DeterminismFrontier::retranslateUi() {
    plot_->xAxis->setLabel(tr("GB/s (input bytes ÷ time)"));
    plot_->yAxis->setLabel(tr("|result − exact sum| ÷ |exact sum|"));
    inexact_->setName(tr("rounded differently"));
    exact_->setName(tr("exact (correctly rounded)"));
    rebuild();  // the title and the point labels; the points stay
}

void DeterminismFrontier::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && plot_) retranslateUi();
    QWidget::changeEvent(event);
}

QString DeterminismFrontier::hoverTextAt(const QPointF& pixel) const {
    const Point* nearest = nullptr;
    double best = 8.0 * 8.0;  // pixels, squared
    for (const Point& p : points_) {
        const QPointF at(plot_->xAxis->coordToPixel(p.gbps),
                         plot_->yAxis->coordToPixel(p.plottedError));
        const QPointF d = at - pixel;
        if (const double distance = d.x() * d.x() + d.y() * d.y(); distance < best) {
            best = distance;
            nearest = &p;
        }
    }
    if (!nearest) return {};
    return tr("%1: %2 GB/s, relative error %3\nresult %4 (%5)")
        .arg(nearest->variant, units_text::gbpsNumber(nearest->gbps),
             nearest->exact ? tr("0 (exact)") : QString::number(nearest->relativeError, 'g', 3),
             nearest->result, nearest->bits);
}

void DeterminismFrontier::clear(ElementType type, const QString& inputName,
                                const QString& deviceName) {
    points_.clear();
    type_ = type;
    floor_ = exact_floor(type);
    inputName_ = inputName;
    deviceName_ = deviceName;
    rebuild();
}

void DeterminismFrontier::addVariant(const DeterminismStudyVariant& study) {
    const QString name = qs(study.variant);
    std::erase_if(points_, [&](const Point& p) { return p.variant == name; });
    if (study.timed) {
        Point point{name,
                    study.gbps,
                    study.relative_error,
                    study.exact,
                    study.relative_error,
                    qs(study.result_text),
                    qs(study.result_bits)};
        // Anything below the floor would vanish under it (or has no logarithm): exact results
        // sit on it, and an inexact error never reaches it (it is at least one rounding).
        point.plottedError = study.exact ? floor_ : std::max(study.relative_error, floor_);
        points_.push_back(point);
    }
    rebuild();
}

void DeterminismFrontier::rebuild() {
    title_->setText(
        inputName_.isEmpty()
            ? tr("Error against speed")
            : tr("Error against speed: %1 on %2").arg(shownInput(inputName_), deviceName_));
    plot_->clearItems();
    QVector<double> ix, iy, ex, ey;
    double maxX = 1, maxY = floor_ * 10;
    // Labels alternate above and below their points in order of speed, so that neighbours
    // at similar speeds do not print over each other.
    std::vector<const Point*> bySpeed;
    for (const Point& p : points_) bySpeed.push_back(&p);
    std::ranges::sort(bySpeed, {}, &Point::gbps);
    for (std::size_t i = 0; i < bySpeed.size(); ++i) {
        const Point& p = *bySpeed[i];
        (p.exact ? ex : ix).push_back(p.gbps);
        (p.exact ? ey : iy).push_back(p.plottedError);
        maxX = std::max(maxX, p.gbps);
        if (std::isfinite(p.plottedError)) maxY = std::max(maxY, p.plottedError);
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(p.gbps, p.plottedError);
        const bool above = i % 2 == 0;
        label->setPositionAlignment(Qt::AlignLeft | (above ? Qt::AlignBottom : Qt::AlignTop));
        label->setPadding(above ? QMargins(4, 0, 0, 2) : QMargins(4, 2, 0, 0));
        label->setText(p.exact ? tr("%1 (exact)").arg(p.variant) : p.variant);
        label->setColor(theme_.text);
        label->setClipToAxisRect(false);
    }
    // QCPGraph wants its keys sorted; the points were visited in order of speed.
    inexact_->setData(ix, iy, true);
    exact_->setData(ex, ey, true);
    auto* floorLine = new QCPItemStraightLine(plot_);
    floorLine->point1->setCoords(0, floor_);
    floorLine->point2->setCoords(1, floor_);
    floorLine->setPen(QPen(theme_.dimText, 1, Qt::DashLine));
    auto* floorLabel = new QCPItemText(plot_);
    floorLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    floorLabel->position->setCoords(0.99, floor_);
    floorLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    floorLabel->setText(tr("exact"));
    floorLabel->setColor(theme_.dimText);
    plot_->xAxis->setRange(0, maxX * 1.25);
    plot_->yAxis->setRange(floor_ / 10, maxY * 100);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void DeterminismFrontier::setTheme(const Theme& theme) {
    theme_ = theme;
    inexact_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, theme.series(0),
                                              theme.series(0), 8 * theme.lineWidth));
    exact_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, theme.best, theme.best, 10 * theme.lineWidth));
    rebuild();
}

QByteArray DeterminismFrontier::csv() const {
    std::vector<std::vector<CsvCell>> rows;
    for (const Point& p : points_)
        rows.push_back({p.variant.toStdString(), QString::number(p.gbps, 'g', 9).toStdString(),
                        QString::number(p.relativeError, 'g', 17).toStdString(),
                        std::string(p.exact ? "true" : "false"), p.result.toStdString(),
                        p.bits.toStdString()});
    return QByteArray::fromStdString(
        csv_table({"variant", "gbps", "relative_error", "exact", "result", "bits"}, rows));
}

}  // namespace reducelab::ui
