// The chart state every performance chart shares.
#include "results_chart.h"

#include <QEvent>
#include <qcustomplot.h>

#include "chart_scale.h"
#include "reducelab/version.h"

namespace reducelab::ui {

void ResultsChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
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

}  // namespace reducelab::ui
