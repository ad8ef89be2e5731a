// The performance area: the local-size tuning chart with its slider and Auto-tune, GB/s against
// n, and the optimization ladder, one tab each, with a sweep progress bar and Cancel under them.
// It draws and asks; MainWindow runs the jobs.
#pragma once

#include <functional>

#include <QWidget>
#include <optional>
#include <vector>

#include "common/theme.h"
#include "common/translated_texts.h"
#include "reducelab/results_file.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QTabWidget;
class QTimer;
class QCustomPlot;

namespace reducelab::ui {

class LadderChart;
class ResultsChart;
class ThroughputChart;

class PerformanceView : public QWidget {
    Q_OBJECT
  public:
    enum class Chart { LocalSize = 0, Size = 1, Ladder = 2 };

    explicit PerformanceView(QWidget* parent = nullptr);

    ThroughputChart* localSizeChart() const { return localSizeChart_; }
    ThroughputChart* sizeChart() const { return sizeChart_; }
    LadderChart* ladderChart() const { return ladderChart_; }
    ResultsChart* chart(Chart which) const;
    QCustomPlot* plot(Chart which) const;
    const ResultsFile& results(Chart which) const;
    // The chart that fits a results file read from disk.
    static Chart chartFor(const ResultsFile& file);
    QString chartName(Chart chart) const;
    Chart currentChart() const;
    void showChart(Chart chart);
    // The "log scale" box, which every chart follows.
    void setLogScale(bool on);

    void setCeiling(const std::optional<BandwidthCeiling>& ceiling);
    void setTheme(const Theme& theme);

    // The tuning slider: its choices and the chosen one.
    void setTuningLocalSizes(const std::vector<std::size_t>& sizes, std::size_t current);
    std::size_t tuningLocalSize() const;
    void setTuningLocalSize(std::size_t size);  // moves the slider (a change re-measures)
    // Status texts are made by a function, so that they follow a language change.
    void setTuningStatus(std::function<QString()> text);
    // Auto-tune found a best configuration: "Apply best" can set it.
    void setBestAvailable(bool available);
    QPushButton* applyBestButton() const { return applyBest_; }
    QCheckBox* logScaleBox() const { return logScale_; }
    QString tuningStatus() const;
    int tuningDebounceMs() const;

    // The n range of the size sweep, as powers of two.
    unsigned sizeSweepMinLog2() const;
    unsigned sizeSweepMaxLog2() const;
    void setSizeSweepRange(unsigned minLog2, unsigned maxLog2);

    void sweepStarted(std::function<QString()> what, int total);
    void sweepProgress(int done, int total);
    void sweepEnded(std::function<QString()> message);
    bool isSweeping() const { return sweeping_; }
    QProgressBar* progressBar() const { return progress_; }

  signals:
    void sweepLocalSizesRequested();
    void sweepSizesRequested();
    void ladderRequested();
    void autoTuneRequested();
    void applyBestRequested();
    // The slider settled on a local size (after the debounce): re-measure there.
    void tuningLocalSizeChosen(std::size_t size);
    void cancelRequested();
    void exportChartRequested(reducelab::ui::PerformanceView::Chart chart);
    void exportDataRequested(reducelab::ui::PerformanceView::Chart chart, const QString& format);
    void copyChartRequested(reducelab::ui::PerformanceView::Chart chart);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    // Every text again in the installed language; the charts and their points stay.
    void retranslateUi();
    // The view, built piece by piece: the charts, each tab's controls (its chart page adds the
    // Export menu), the progress row under the tabs, then the controls' connections.
    // The sweep buttons the builders make and connectControls connects.
    struct SweepButtons {
        QPushButton* sweepLocal = nullptr;
        QPushButton* autoTune = nullptr;
        QPushButton* sweepSizes = nullptr;
        QPushButton* runLadder = nullptr;
    };
    void buildCharts();
    QWidget* buildTuningControls(SweepButtons& buttons);
    void buildTuningSlider();
    QWidget* buildSizeControls(SweepButtons& buttons);
    QWidget* buildLadderControls(SweepButtons& buttons);
    QHBoxLayout* buildProgressRow();
    void connectControls(const SweepButtons& buttons);
    QWidget* chartPage(QWidget* chart, QWidget* controls, Chart which);

    QTabWidget* tabs_ = nullptr;
    ThroughputChart* localSizeChart_ = nullptr;
    ThroughputChart* sizeChart_ = nullptr;
    LadderChart* ladderChart_ = nullptr;
    QSlider* tuningSlider_ = nullptr;
    QLabel* tuningValue_ = nullptr;
    QLabel* tuningStatus_ = nullptr;
    QTimer* debounce_ = nullptr;
    std::vector<std::size_t> tuningSizes_;
    QComboBox* sizeMin_ = nullptr;
    QComboBox* sizeMax_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* sweepLabel_ = nullptr;
    std::function<QString()> sweepText_;   // what sweepLabel_ says, in the installed language
    std::function<QString()> tuningText_;  // what tuningStatus_ says
    QPushButton* cancel_ = nullptr;
    QPushButton* applyBest_ = nullptr;
    QCheckBox* logScale_ = nullptr;
    bool sweeping_ = false;
    TranslatedTexts texts_;
};

}  // namespace reducelab::ui
