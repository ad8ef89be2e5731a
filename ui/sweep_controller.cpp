// Sweeps, the ladder, auto-tune and tuning runs for the main window's charts.
#include "sweep_controller.h"

#include "chart_scale.h"

#include <QStatusBar>

#include "control_panel.h"
#include "engine_text.h"
#include "message_banner.h"
#include "results_model.h"
#include "size_text.h"
#include "sweep_planner.h"
#include "throughput_chart.h"
#include "units_text.h"

namespace reducelab::ui {

SweepController::SweepController(EngineJobs* jobs, Window window, QObject* parent)
    : QObject(parent), jobs_(jobs), window_(std::move(window)) {}

QStringList SweepController::variants() const {
    QStringList variants{window_.controls->variant(ControlPanel::Slot::A)};
    if (window_.controls->variant(ControlPanel::Slot::B) != variants.front())
        variants << window_.controls->variant(ControlPanel::Slot::B);
    return variants;
}

void SweepController::start(Chart chart, const RequestList& requests, const QString& suite,
                            const QString& label, bool markBest) {
    const DeviceInfo* device = window_.device();
    if (!device) return;
    if (requests.empty()) {
        window_.showError(
            JobError::invalidSetting(tr("nothing to measure for %1 on this device").arg(label)));
        return;
    }
    sweep_.drop();
    chart_ = chart;
    label_ = label;
    // The table's source column: the kind of sweep, short ("local-size sweep", "ladder").
    source_ = label.section(QLatin1Char(','), 0, 0);
    marksBest_ = markBest;
    done_ = 0;
    total_ = static_cast<int>(requests.size());
    failures_.clear();
    PerformanceView* performance = window_.performance;
    performance->chart(chart)->clear(*device, suite);
    switch (chart) {
        case Chart::LocalSize:
            performance->chart(chart)->setTitle(tr("GB/s against local size — %1").arg(label));
            break;
        case Chart::Size:
            performance->chart(chart)->setTitle(tr("GB/s against input size — %1").arg(label));
            break;
        case Chart::Ladder:
            performance->chart(chart)->setTitle(tr("Optimization ladder — %1").arg(label));
            break;
    }
    performance->setCeiling(window_.ceiling());
    performance->showChart(chart);
    performance->sweepStarted(label, total_);
    sweep_ = jobs_->sweep(*device, requests, suite)
                 .onPoint(this, [this](const SweepPoint& point) { onPoint(point); })
                 .onResult(this, [this](const ResultsFile& file) { onFinished(file); })
                 .onFailed(this, [this](const JobError& error) { onFailed(error); })
                 .onCancelled(this, [this] { onCancelled(); });
}

void SweepController::sweepLocalSizes() {
    const DeviceInfo* device = window_.device();
    const auto base = window_.baseRequest();
    if (!device || !base) return;
    start(Chart::LocalSize, SweepPlanner::localSizeSweep(*base, variants(), *device),
          QStringLiteral("tuning"), tr("local-size sweep, n = %1").arg(SizeText::describe(base->n)),
          false);
}

void SweepController::sweepSizes() {
    const DeviceInfo* device = window_.device();
    const auto base = window_.baseRequest();
    if (!device || !base) return;
    const unsigned low = window_.performance->sizeSweepMinLog2();
    const unsigned high = std::max(low, window_.performance->sizeSweepMaxLog2());
    start(Chart::Size, SweepPlanner::sizeSweep(*base, variants(), *device, low, high),
          QStringLiteral("sizes"), tr("n sweep, 2^%1 … 2^%2").arg(low).arg(high), false);
}

void SweepController::runLadder() {
    const DeviceInfo* device = window_.device();
    const auto base = window_.baseRequest();
    if (!device || !base) return;
    QStringList skipped;
    const RequestList requests = SweepPlanner::ladder(*base, *device, &skipped);
    if (!skipped.isEmpty())
        window_.banner->showMessage(
            MessageBanner::Level::Info,
            tr("Not on this ladder: %1").arg(skipped.join(QStringLiteral("; "))));
    start(Chart::Ladder, requests, QStringLiteral("ladder"),
          tr("ladder, %1 %2, n = %3")
              .arg(qs(to_string(base->op)), qs(to_string(base->type)), SizeText::describe(base->n)),
          false);
}

void SweepController::autoTune() {
    const DeviceInfo* device = window_.device();
    const auto base = window_.baseRequest();
    if (!device || !base) return;
    RequestList requests;
    try {
        requests = SweepPlanner::autoTune(*base, *device);
    } catch (const Error& error) {
        window_.showError(JobError::from(error));
        return;
    }
    window_.performance->setBestAvailable(false);
    start(Chart::LocalSize, requests, QStringLiteral("tuning"),
          tr("auto-tune, %1, n = %2")
              .arg(QString::fromStdString(base->variant), SizeText::describe(base->n)),
          true);
}

void SweepController::applyBest() {
    const auto best = window_.performance->localSizeChart()->best();
    if (!best) return;
    window_.controls->setLocalSize(best->launched.local_size);
    window_.controls->setItemsPerWorkItem(best->request.items_per_work_item);
    window_.performance->setTuningLocalSize(best->launched.local_size);
    window_.status->showMessage(
        tr("Applied the best configuration: local %1").arg(best->launched.local_size), 8000);
}

void SweepController::cancelSweep() {
    sweep_.cancel();
}

void SweepController::onPoint(const SweepPoint& point) {
    done_ = point.index + 1;
    if (point.result) {
        window_.performance->chart(chart_)->addPoint(*point.result);
        window_.results->add(*point.result, source_);
        emit pointMeasured(*point.result);
    } else {
        failures_ << QStringLiteral("%1 (local %2, n %3): %4")
                         .arg(QString::fromStdString(point.request.variant))
                         .arg(point.request.local_size)
                         .arg(point.request.n)
                         .arg(point.error);
    }
    window_.performance->sweepProgress(point.index + 1, point.total);
}

void SweepController::onFinished(const ResultsFile& file) {
    PerformanceView* performance = window_.performance;
    QString message = tr("%1: %2 point(s) measured").arg(label_).arg(file.points.size());
    if (marksBest_) {
        if (const auto best = performance->localSizeChart()->markBest()) {
            message += tr(" · best: local %1").arg(best->launched.local_size);
            if (best->request.items_per_work_item)
                message += tr(" × %1 per work-item").arg(best->request.items_per_work_item);
            message += tr(", %1 GB/s").arg(units_text::gbpsNumber(best->gbps));
            performance->localSizeChart()->setMarker(static_cast<double>(best->launched.local_size),
                                                     QString());
            performance->setTuningStatus(message.section(QStringLiteral(" · "), 1));
            performance->setBestAvailable(true);
        }
    }
    if (!failures_.isEmpty()) {
        message += tr(" · %1 failed").arg(failures_.size());
        window_.banner->showMessage(MessageBanner::Level::Warning,
                                    tr("%1 point(s) of the sweep could not run. First: %2")
                                        .arg(failures_.size())
                                        .arg(failures_.front()));
    }
    performance->sweepEnded(message);
    window_.status->showMessage(message, 8000);
    emit sweepCompleted(false);
}

void SweepController::onFailed(const JobError& error) {
    window_.performance->sweepEnded(tr("%1 failed: %2").arg(label_, error.details()));
    window_.showError(error);
    emit sweepCompleted(false);
}

void SweepController::onCancelled() {
    // Points measured before the cancel stay on the chart.
    const QString message =
        tr("%1 cancelled after %2 of %3 points").arg(label_).arg(done_).arg(total_);
    window_.performance->sweepEnded(message);
    window_.status->showMessage(message, 8000);
    emit sweepCompleted(true);
}

void SweepController::measureTuning(std::size_t localSize) {
    const DeviceInfo* device = window_.controls->currentDevice();
    if (!device || localSize == 0) return;
    auto request = window_.baseRequest();
    if (!request) return;
    // Only the latest position matters: drop a measurement that has not finished.
    tuning_.drop();
    request->local_size = localSize;
    window_.performance->setTuningStatus(tr("measuring local %1…").arg(localSize));
    tuning_ = jobs_->run(*device, *request)
                  .onResult(this, [this](const RunResult& result) { onTuningMeasured(result); })
                  .onFailed(this, [this](const JobError& error) {
                      window_.performance->setTuningStatus(tr("✖ %1").arg(error.details()));
                      window_.showError(error);
                  });
}

void SweepController::onTuningMeasured(const RunResult& result) {
    ThroughputChart* chart = window_.performance->localSizeChart();
    chart->addPoint(result);
    window_.results->add(result, tr("tuning"));
    QString status = tr("local %1: %2 GB/s")
                         .arg(result.launched.local_size)
                         .arg(units_text::gbpsNumber(result.gbps));
    const auto ceiling = window_.ceiling();
    if (ceiling && ceiling->copy_gbps > 0)
        status += tr(" (%1% of the ceiling)")
                      .arg(units_text::percentNumber(100 * result.gbps / ceiling->copy_gbps));
    if (ChartScale::fromCache(result, ceiling)) status += tr(" · from cache");
    if (!result.verified) status += tr(" ✖ not verified");
    window_.performance->setTuningStatus(status);
    window_.status->showMessage(status, 5000);
    chart->setMarker(static_cast<double>(result.launched.local_size),
                     tr("local %1").arg(result.launched.local_size));
    emit tuningMeasured(result);
}

}  // namespace reducelab::ui
