// What a split run measured, as the "Split across devices" window shows it: a table of each
// device's share and timings with the verified total and a summary (the plan's prediction, shards
// served from cache), and the tree level by level (split_levels.h) — a table, a bar chart of the
// levels' times and a note on how each is measured — beside a short lesson on where the transfer
// cost overtakes the speed-up.
#pragma once

#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

#include "common/translated_texts.h"
#include "reducelab/multi_device.h"
#include "reducelab/results_file.h"
#include "tools/split_levels.h"

class QLabel;
class QTableWidget;
class QCustomPlot;

namespace reducelab::ui {

class SplitResultsView : public QWidget {
    Q_OBJECT
  public:
    explicit SplitResultsView(QWidget* parent = nullptr);

    // Shows this result (none: the empty tables with their headers).
    void setResult(const std::optional<SplitResult>& result);
    const std::optional<SplitResult>& result() const { return result_; }
    // The main window's measured ceiling and the device it was measured on: a shard on that
    // device is marked "from cache" by the charts' own rule (served_from_cache); other shards
    // by their models (shard_from_cache).
    void setCeiling(const std::optional<BandwidthCeiling>& ceiling, const DeviceInfo& device);
    // Whether this shard's resident rate is marked as a cache's.
    bool fromCache(const DeviceShare& share) const;

    const std::vector<SplitLevel>& levels() const { return levels_; }
    QTableWidget* sharesTable() const { return shares_; }
    QString summaryText() const;
    QTableWidget* levelsTable() const { return levelsTable_; }
    // Bars of the levels' measured times, one series per device and one for the host (log ms).
    QCustomPlot* levelsChart() const { return levelsChart_; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    // The tables, the chart and the summary again from result_ (new result or new language).
    void fill();
    void fillShares();
    // Why a shard's resident rate is marked "from cache" (shard_from_cache), in words.
    QString fromCacheText(const DeviceShare& share) const;
    void fillLevels();
    void fillLevelsChart();
    QString levelName(SplitLevel::Kind kind) const;
    QString levelTick(SplitLevel::Kind kind) const;  // the chart's short name
    QString levelNote(const SplitLevel& level) const;

    std::optional<BandwidthCeiling> ceiling_;
    DeviceInfo ceilingDevice_;
    std::optional<SplitResult> result_;
    std::vector<SplitLevel> levels_;

    QTableWidget* shares_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableWidget* levelsTable_ = nullptr;
    QCustomPlot* levelsChart_ = nullptr;
    QLabel* lesson_ = nullptr;
    QLabel* levelNotes_ = nullptr;  // how each level is measured, or why it is not
    QLabel* nodeLevel_ = nullptr;
    TranslatedTexts texts_;
};

}  // namespace reducelab::ui
