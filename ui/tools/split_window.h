// The "Split across devices" window: check the OpenCL devices to use, choose the split (balanced
// by measured throughput, or even), the operation, the type, the variant and n; the run goes off
// the GUI thread (EngineJobs::splitRun) and fills a table of each device's share and timings with
// the verified total, and the tree level by level (split_levels.h) with the time measured at each
// level in this run, beside a short lesson on where the transfer cost overtakes the speed-up
// (those results are a SplitResultsView: split_results_view.h).
#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "reducelab/multi_device.h"
#include "tools/split_results_view.h"
#include "tools/tool_window.h"

class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QSpinBox;
class QTableWidget;
class QCustomPlot;

namespace reducelab::ui {

class SplitWindow : public ToolWindow {
    Q_OBJECT
  public:
    explicit SplitWindow(QWidget* parent = nullptr);

    // Checks or unchecks the device with this index in the device list.
    void setDeviceChecked(std::size_t deviceIndex, bool checked);
    // The operation, type and n of the form (the main window's control panel passes its own).
    void setProblem(Operation op, ElementType type, std::uint64_t n);
    void setPolicy(SplitPolicy policy);
    // "best" (each device its tuned best, as reducelab-cli run --devices) or a catalog variant.
    void setVariant(const QString& name);
    void setRepeats(int repeats);
    // The main window's measured ceiling and its device, for the "from cache" marks (see
    // SplitResultsView::setCeiling).
    void setCeiling(const std::optional<BandwidthCeiling>& ceiling, const DeviceInfo& device);
    bool fromCache(const DeviceShare& share) const { return results_->fromCache(share); }

    // The split the form describes, or nullopt with `error` set.
    std::optional<SplitRequest> request(QString* error = nullptr) const;
    // Runs it; false (and the reason shown) when it cannot start.
    bool start();
    void cancel();
    bool isRunning() const { return job_.isPending(); }

    const std::optional<SplitResult>& result() const { return results_->result(); }
    // Shows a result measured earlier (a restored session's) as if it had just run, and puts its
    // problem and split into the form; nothing is measured again.
    void showResult(const SplitResult& result);
    SplitResultsView* resultsView() const { return results_; }
    const std::vector<SplitLevel>& levels() const { return results_->levels(); }
    QTableWidget* sharesTable() const { return results_->sharesTable(); }
    QString summaryText() const { return results_->summaryText(); }
    QTableWidget* levelsTable() const { return results_->levelsTable(); }
    QCustomPlot* levelsChart() const { return results_->levelsChart(); }

  signals:
    void devicesReady();
    void splitFinished();
    void splitCancelled();
    void splitFailed(const QString& message);

  protected:
    void devicesListed() override;
    void setRunning(bool running) override;
    void retranslate() override;

  private:
    QWidget* buildForm();
    void onResult(const SplitResult& result);
    QString deviceHint() const;

    Job<SplitResult> job_;

    QListWidget* deviceList_ = nullptr;
    QLabel* deviceHint_ = nullptr;
    QComboBox* policy_ = nullptr;
    QComboBox* operation_ = nullptr;
    QComboBox* type_ = nullptr;
    QComboBox* variant_ = nullptr;
    QComboBox* size_ = nullptr;
    QSpinBox* repeats_ = nullptr;
    QProgressBar* progress_ = nullptr;
    SplitResultsView* results_ = nullptr;
};

}  // namespace reducelab::ui
