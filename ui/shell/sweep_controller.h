// The main window's measurements that fill the charts: the local-size and n sweeps, the ladder,
// auto-tune, the tuning slider's single runs. Plans them (SweepPlanner), submits them, draws each
// point as it comes and reports how the sweep ended.
#pragma once

#include <QObject>
#include <QStringList>
#include <functional>
#include <optional>

#include "charts/performance_view.h"
#include "common/engine_jobs.h"

class QStatusBar;

namespace reducelab::ui {

class ControlPanel;
class MessageBanner;
class ResultsModel;

class SweepController : public QObject {
    Q_OBJECT
  public:
    using Chart = PerformanceView::Chart;
    // What the window around it provides.
    struct Window {
        ControlPanel* controls = nullptr;
        PerformanceView* performance = nullptr;
        ResultsModel* results = nullptr;
        MessageBanner* banner = nullptr;
        QStatusBar* status = nullptr;
        std::function<const DeviceInfo*()> device;               // says why when there is none
        std::function<std::optional<RunRequest>()> baseRequest;  // slot A; says why when invalid
        std::function<void(const JobError&)> showError;
        std::function<std::optional<BandwidthCeiling>()> ceiling;
    };

    SweepController(EngineJobs* jobs, Window window, QObject* parent);

    bool isSweeping() const { return sweep_.isPending(); }
    // The last sweep's points that could not run: "variant (local, n): why".
    const QStringList& failures() const { return failures_; }

  public slots:
    void sweepLocalSizes();
    void sweepSizes();
    void runLadder();
    void autoTune();
    // Sets the control panel's local size and items per work-item, and the tuning slider, to
    // Auto-tune's best point.
    void applyBest();
    // One run of slot A at `localSize` (the tuning slider).
    void measureTuning(std::size_t localSize);
    void cancelSweep();

  signals:
    void pointMeasured(const reducelab::RunResult& result);
    void sweepCompleted(bool cancelled);
    void tuningMeasured(const reducelab::RunResult& result);

  private:
    // `label` names the sweep in the installed language ("local-size sweep, n = 2^20"): it is
    // called again after a language change, for the chart's title and the table's source column.
    void start(Chart chart, const RequestList& requests, const QString& suite,
               std::function<QString()> label, bool markBest);
    void onPoint(const SweepPoint& point);
    void onFinished(const ResultsFile& file);
    void onFailed(const JobError& error);
    void onCancelled();
    void onTuningMeasured(const RunResult& result);
    QStringList variants() const;

    EngineJobs* jobs_;
    Window window_;
    Job<ResultsFile, SweepPoint> sweep_;
    Job<RunResult> tuning_;
    Chart chart_ = Chart::LocalSize;
    std::function<QString()> label_;
    bool marksBest_ = false;
    int done_ = 0;
    int total_ = 0;
    QStringList failures_;
};

}  // namespace reducelab::ui
