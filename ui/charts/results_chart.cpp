// The chart state every performance chart shares.
#include "charts/results_chart.h"

#include <qcustomplot.h>
#include <QEvent>
#include <QFontMetrics>
#include <algorithm>

#include "charts/chart_scale.h"
#include "reducelab/version.h"

namespace reducelab::ui {

void ResultsChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        if (titleMaker_ && title() == madeTitle_) setTitle(madeTitle_ = titleMaker_());
        retranslateUi();
    }
    QWidget::changeEvent(event);
}

void ResultsChart::setTranslatedTitle(std::function<QString()> title) {
    titleMaker_ = std::move(title);
    madeTitle_ = titleMaker_();
    setTitle(madeTitle_);
}

void ResultsChart::setResults(const ResultsFile& results) {
    results_ = results;
    resultsReplaced();
    rebuild();
}

void ResultsChart::clear(const DeviceInfo& device, const QString& suite) {
    ResultsFile fresh;
    fresh.device = device;
    fresh.suite = suite.toStdString();
    fresh.created_utc = utc_now_iso8601();
    fresh.tool = std::string("reducelab ") + kVersion;
    fresh.ceiling = results_.ceiling;
    setResults(fresh);
}

void ResultsChart::setLogScale(bool on) {
    if (on == logScale_) return;
    logScale_ = on;
    rebuild();
}

void ResultsChart::fitYAxis(const std::vector<double>& values, double ceiling) {
    QCPAxis* y = plot_->yAxis;
    if (logScale_ != (y->scaleType() == QCPAxis::stLogarithmic)) {
        y->setScaleType(logScale_ ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        y->setTicker(logScale_ ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog)
                               : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    const YRange range = ChartScale::fitted(values, ceiling, logScale_);
    y->setRange(range.lower, range.upper);
}

void ResultsChart::fitTitles() {
    if (!plot_) return;
    for (QCPTextElement* title : plot_->findChildren<QCPTextElement*>()) {
        const QMargins margins = title->margins();
        const int available = std::max(80, plot_->width() - margins.left() - margins.right() - 8);
        const QRect needed = QFontMetrics(title->font())
                                 .boundingRect(QRect(0, 0, available, 100000),
                                               Qt::AlignCenter | Qt::TextWordWrap, title->text());
        title->setTextFlags(Qt::AlignCenter | Qt::TextWordWrap);
        title->setMinimumSize(1, needed.height() + 2);
        title->setMaximumSize(QWIDGETSIZE_MAX, needed.height() + 2);
    }
}

void ResultsChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitTitles();
}

}  // namespace reducelab::ui
