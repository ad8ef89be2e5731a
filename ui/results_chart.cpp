// The chart state every performance chart shares.
#include "results_chart.h"

#include <QEvent>

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

}  // namespace reducelab::ui
