// Sweeps, the ladder, auto-tune and tuning runs for the main window's charts.
#include "shell/sweep_controller.h"

#include <QRegularExpression>

#include "charts/chart_scale.h"

#include <QStatusBar>

#include "charts/throughput_chart.h"
#include "common/engine_text.h"
#include "common/message_banner.h"
#include "common/size_text.h"
#include "common/units_text.h"
#include "shell/control_panel.h"
#include "shell/results_model.h"
#include "shell/sweep_planner.h"

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
                            std::function<QString()> label, bool markBest) {
    const DeviceInfo* device = window_.device();
    if (!device) return;
    if (requests.empty()) {
        window_.showError(
            JobError::invalidSetting(tr("nothing to measure for %1 on this device").arg(label())));
        return;
    }
    sweep_.drop();
    chart_ = chart;
    label_ = label;
    marksBest_ = markBest;
    done_ = 0;
    total_ = static_cast<int>(requests.size());
    failures_.clear();
    PerformanceView* performance = window_.performance;
    performance->chart(chart)->clear(*device, suite);
    performance->chart(chart)->setTranslatedTitle([chart, label] {
        switch (chart) {
            case Chart::LocalSize:
                return tr("GB/s against local size — %1").arg(label());
            case Chart::Size:
                return tr("GB/s against input size — %1").arg(label());
            case Chart::Ladder:
                break;
        }
        return tr("Optimization ladder — %1").arg(label());
    });
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
    start(
        Chart::LocalSize, SweepPlanner::localSizeSweep(*base, variants(), *device),
        QStringLiteral("tuning"),
        [n = base->n] { return tr("local-size sweep, n = %1").arg(SizeText::describe(n)); }, false);
}

void SweepController::sweepSizes() {
    const DeviceInfo* device = window_.device();
    const auto base = window_.baseRequest();
    if (!device || !base) return;
    const unsigned low = window_.performance->sizeSweepMinLog2();
    const unsigned high = std::max(low, window_.performance->sizeSweepMaxLog2());
    start(
        Chart::Size, SweepPlanner::sizeSweep(*base, variants(), *device, low, high),
        QStringLiteral("sizes"),
        [low, high] { return tr("n sweep, 2^%1 … 2^%2").arg(low).arg(high); }, false);
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
    start(
        Chart::Ladder, requests, QStringLiteral("ladder"),
        [op = base->op, type = base->type, n = base->n] {
            return tr("ladder, %1 %2, n = %3")
                .arg(qs(to_string(op)), qs(to_string(type)), SizeText::describe(n));
        },
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
    start(
        Chart::LocalSize, requests, QStringLiteral("tuning"),
        [variant = QString::fromStdString(base->variant), n = base->n] {
            return tr("auto-tune, %1, n = %2").arg(variant, SizeText::describe(n));
        },
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
        // The table's source column: the kind of sweep, short ("local-size sweep", "ladder"), in
        // the language shown.
        window_.results->add(*point.result, [label = label_] {
            static const QRegularExpression comma(QStringLiteral("[,，、]"));
            return label().section(comma, 0, 0);
        });
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
    // What the sweep found, as functions of the installed language.
    std::function<QString()> bestText;
    if (marksBest_) {
        if (const auto best = performance->localSizeChart()->markBest()) {
            bestText = [local = best->launched.local_size,
                        items = best->request.items_per_work_item, gbps = best->gbps] {
                QString text = tr(" · best: local %1").arg(local);
                if (items) text += tr(" × %1 per work-item").arg(items);
                text += tr(", %1 GB/s").arg(units_text::gbpsNumber(gbps));
                return text;
            };
            performance->localSizeChart()->setMarker(static_cast<double>(best->launched.local_size),
                                                     QString());
            performance->setTuningStatus(
                [bestText] { return bestText().section(QStringLiteral(" · "), 1); });
            performance->setBestAvailable(true);
        }
    }
    const auto failures = failures_.size();
    if (failures)
        window_.banner->showMessage(MessageBanner::Level::Warning,
                                    tr("%1 point(s) of the sweep could not run. First: %2")
                                        .arg(failures)
                                        .arg(failures_.front()));
    const auto message = [label = label_, points = file.points.size(), bestText, failures] {
        QString text = tr("%1: %2 point(s) measured").arg(label()).arg(points);
        if (bestText) text += bestText();
        if (failures) text += tr(" · %1 failed").arg(failures);
        return text;
    };
    performance->sweepEnded(message);
    window_.status->showMessage(message(), 8000);
    emit sweepCompleted(false);
}

void SweepController::onFailed(const JobError& error) {
    window_.performance->sweepEnded([label = label_, details = error.details()] {
        return tr("%1 failed: %2").arg(label(), details);
    });
    window_.showError(error);
    emit sweepCompleted(false);
}

void SweepController::onCancelled() {
    // Points measured before the cancel stay on the chart.
    const auto message = [label = label_, done = done_, total = total_] {
        return tr("%1 cancelled after %2 of %3 points").arg(label()).arg(done).arg(total);
    };
    window_.performance->sweepEnded(message);
    window_.status->showMessage(message(), 8000);
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
    window_.performance->setTuningStatus(
        [localSize] { return tr("measuring local %1…").arg(localSize); });
    tuning_ = jobs_->run(*device, *request)
                  .onResult(this, [this](const RunResult& result) { onTuningMeasured(result); })
                  .onFailed(this, [this](const JobError& error) {
                      window_.performance->setTuningStatus(
                          [details = error.details()] { return tr("✖ %1").arg(details); });
                      window_.showError(error);
                  });
}

void SweepController::onTuningMeasured(const RunResult& result) {
    ThroughputChart* chart = window_.performance->localSizeChart();
    chart->addPoint(result);
    window_.results->add(result, [] { return tr("tuning"); });
    const auto ceiling = window_.ceiling();
    const auto status = [local = result.launched.local_size, gbps = result.gbps,
                         copy = ceiling ? ceiling->copy_gbps : 0.0,
                         fromCache = ChartScale::fromCache(result, ceiling),
                         verified = result.verified] {
        QString text = tr("local %1: %2 GB/s").arg(local).arg(units_text::gbpsNumber(gbps));
        if (copy > 0)
            text += tr(" (%1% of the ceiling)").arg(units_text::percentNumber(100 * gbps / copy));
        if (fromCache) text += tr(" · from cache");
        if (!verified) text += tr(" ✖ not verified");
        return text;
    };
    window_.performance->setTuningStatus(status);
    window_.status->showMessage(status(), 5000);
    chart->setMarker(static_cast<double>(result.launched.local_size),
                     tr("local %1").arg(result.launched.local_size));
    emit tuningMeasured(result);
}

}  // namespace reducelab::ui
