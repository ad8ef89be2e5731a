// Layout of the performance area, the tuning slider's debounce and the sweep progress.
#include "charts/performance_view.h"

#include <memory>
#include <set>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "charts/ladder_chart.h"
#include "charts/throughput_chart.h"
#include "common/flow_layout.h"

namespace reducelab::ui {
namespace {
constexpr PerformanceView::Chart kCharts[] = {PerformanceView::Chart::LocalSize,
                                              PerformanceView::Chart::Size,
                                              PerformanceView::Chart::Ladder};
}  // namespace
namespace {

// Long enough that dragging the slider across several sizes measures only where it stops.
constexpr int kTuningDebounceMs = 350;

}  // namespace

PerformanceView::PerformanceView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("performanceView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    tabs_ = new QTabWidget;
    tabs_->setObjectName(QStringLiteral("chartTabs"));
    buildCharts();
    SweepButtons buttons;
    QWidget* tuningControls = buildTuningControls(buttons);
    QWidget* sizeControls = buildSizeControls(buttons);
    QWidget* ladderControls = buildLadderControls(buttons);
    tabs_->addTab(chartPage(localSizeChart_, tuningControls, Chart::LocalSize), QString());
    tabs_->addTab(chartPage(sizeChart_, sizeControls, Chart::Size), QString());
    tabs_->addTab(chartPage(ladderChart_, ladderControls, Chart::Ladder), QString());
    texts_.add([this] {
        tabs_->setTabText(0, tr("Local size && tuning"));
        tabs_->setTabText(1, tr("Input size"));
        tabs_->setTabText(2, tr("Ladder"));
    });
    layout->addWidget(tabs_, 1);
    layout->addLayout(buildProgressRow());

    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(kTuningDebounceMs);
    connectControls(buttons);
}

void PerformanceView::buildCharts() {
    localSizeChart_ = new ThroughputChart(ThroughputChart::XAxis::LocalSize);
    sizeChart_ = new ThroughputChart(ThroughputChart::XAxis::ElementCount);
    // A chart titled after an opened file keeps that title; the default one follows the language.
    texts_.add([this, shown = std::make_shared<QString[]>(2)] {
        ThroughputChart* charts[] = {localSizeChart_, sizeChart_};
        const QString titles[] = {tr("GB/s against local size (tuning)"),
                                  tr("GB/s against input size")};
        for (int i = 0; i < 2; ++i) {
            if (!shown[i].isNull() && charts[i]->title() != shown[i]) continue;
            charts[i]->setTitle(titles[i]);
            shown[i] = titles[i];
        }
    });
    ladderChart_ = new LadderChart;
}

// Local size: sweep, Auto-tune and the live tuning slider. Each row of controls flows onto the
// next line when the area is narrow, so it never widens the window (a 1280×720 screen).
QWidget* PerformanceView::buildTuningControls(SweepButtons& buttons) {
    auto* tuningControls = new QWidget;
    auto* tuning = new FlowLayout(tuningControls);
    auto* sweepLocal = buttons.sweepLocal = new QPushButton;
    sweepLocal->setObjectName(QStringLiteral("sweepLocalButton"));
    auto* autoTune = buttons.autoTune = new QPushButton;
    autoTune->setObjectName(QStringLiteral("autoTuneButton"));
    texts_.add([sweepLocal, autoTune] {
        sweepLocal->setText(tr("Sweep local sizes"));
        sweepLocal->setToolTip(tr("Measure variants A and B at every local size (Ctrl+L)"));
        autoTune->setText(tr("Auto-tune A"));
        autoTune->setToolTip(
            tr("Sweep local size × items per work-item for variant A and mark the fastest "
               "(Ctrl+Shift+T)"));
    });
    buildTuningSlider();
    tuning->addWidget(sweepLocal);
    tuning->addWidget(autoTune);
    applyBest_ = new QPushButton;
    texts_.add([this] {
        applyBest_->setText(tr("Apply best"));
        applyBest_->setToolTip(tr(
            "Set the launch controls and the slider to the fastest configuration Auto-tune found"));
    });
    applyBest_->setObjectName(QStringLiteral("applyBestButton"));
    applyBest_->setEnabled(false);
    tuning->addWidget(applyBest_);
    // The slider with its label and value stays together when the row wraps.
    auto* sliderGroup = new QWidget;
    auto* slider = new QHBoxLayout(sliderGroup);
    slider->setContentsMargins(0, 0, 0, 0);
    slider->addWidget(texts_.label([] { return tr("local size"); }));
    slider->addWidget(tuningSlider_, 1);
    slider->addWidget(tuningValue_);
    tuning->addWidget(sliderGroup);
    tuning->addWidget(tuningStatus_);
    return tuningControls;
}

void PerformanceView::buildTuningSlider() {
    tuningSlider_ = new QSlider(Qt::Horizontal);
    tuningSlider_->setObjectName(QStringLiteral("tuningSlider"));
    tuningSlider_->setPageStep(1);
    tuningSlider_->setTickPosition(QSlider::TicksBelow);
    tuningSlider_->setMinimumWidth(120);
    texts_.add([this] {
        tuningSlider_->setToolTip(
            tr("Drag to try a local size: variant A is re-measured where you stop"));
    });
    tuningValue_ = new QLabel;
    tuningValue_->setObjectName(QStringLiteral("tuningValue"));
    tuningValue_->setMinimumWidth(60);
    QFont big = tuningValue_->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.3);
    tuningValue_->setFont(big);
    tuningStatus_ = new QLabel;
    tuningStatus_->setObjectName(QStringLiteral("tuningStatus"));
    // Long measurements must not widen the window: the label is cut at a width the row can
    // hold (its tooltip says it all).
    tuningStatus_->setMaximumWidth(tuningStatus_->fontMetrics().averageCharWidth() * 40);
}

QWidget* PerformanceView::buildSizeControls(SweepButtons& buttons) {
    auto* sizeControls = new QWidget;
    auto* sizes = new FlowLayout(sizeControls);
    auto* sweepSizes = buttons.sweepSizes = new QPushButton;
    sweepSizes->setObjectName(QStringLiteral("sweepSizesButton"));
    texts_.add([sweepSizes] {
        sweepSizes->setText(tr("Sweep n"));
        sweepSizes->setToolTip(
            tr("Measure variants A and B over n = 2^from … 2^to (Ctrl+Shift+N)"));
    });
    sizeMin_ = new QComboBox;
    sizeMax_ = new QComboBox;
    for (unsigned bits = 4; bits <= 30; ++bits) {
        sizeMin_->addItem(QStringLiteral("2^%1").arg(bits), bits);
        sizeMax_->addItem(QStringLiteral("2^%1").arg(bits), bits);
    }
    setSizeSweepRange(10, 24);
    sizes->addWidget(sweepSizes);
    sizes->addWidget(texts_.label([] { return tr("from"); }));
    sizes->addWidget(sizeMin_);
    sizes->addWidget(texts_.label([] { return tr("to"); }));
    sizes->addWidget(sizeMax_);
    return sizeControls;
}

QWidget* PerformanceView::buildLadderControls(SweepButtons& buttons) {
    auto* ladderControls = new QWidget;
    auto* ladder = new QVBoxLayout(ladderControls);
    ladder->setContentsMargins(0, 0, 0, 0);
    auto* runLadder = buttons.runLadder = new QPushButton;
    runLadder->setObjectName(QStringLiteral("ladderButton"));
    texts_.add([runLadder] {
        runLadder->setText(tr("Run the ladder"));
        runLadder->setToolTip(
            tr("Every kernel variant available here, at the control panel's n (Ctrl+D)"));
    });
    ladder->addWidget(runLadder, 0, Qt::AlignLeft);
    QLabel* ladderNote = texts_.label([] {
        return tr("each rung at its default local size, on the control panel's n, op and type");
    });
    ladderNote->setWordWrap(true);
    ladder->addWidget(ladderNote);
    return ladderControls;
}

// Under the tabs: the log-scale box, and the sweep's label, progress bar and Cancel.
QHBoxLayout* PerformanceView::buildProgressRow() {
    auto* progressRow = new QHBoxLayout;
    sweepLabel_ = new QLabel;
    sweepLabel_->setObjectName(QStringLiteral("sweepLabel"));
    sweepLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    progress_ = new QProgressBar;
    progress_->setObjectName(QStringLiteral("sweepProgress"));
    progress_->setVisible(false);
    cancel_ = new QPushButton;
    texts_.add([this] { cancel_->setText(tr("Cancel")); });
    cancel_->setObjectName(QStringLiteral("sweepCancel"));
    cancel_->setVisible(false);
    logScale_ = new QCheckBox;
    texts_.add([this] {
        logScale_->setText(tr("log scale"));
        logScale_->setToolTip(tr("A logarithmic GB/s axis, for points that differ by decades"));
    });
    logScale_->setObjectName(QStringLiteral("logScaleCheck"));
    progressRow->addWidget(logScale_);
    progressRow->addWidget(sweepLabel_, 1);
    progressRow->addWidget(progress_, 2);
    progressRow->addWidget(cancel_);
    return progressRow;
}

void PerformanceView::connectControls(const SweepButtons& buttons) {
    connect(buttons.sweepLocal, &QPushButton::clicked, this,
            &PerformanceView::sweepLocalSizesRequested);
    connect(buttons.autoTune, &QPushButton::clicked, this, &PerformanceView::autoTuneRequested);
    connect(applyBest_, &QPushButton::clicked, this, &PerformanceView::applyBestRequested);
    connect(logScale_, &QCheckBox::toggled, this, [this](bool on) {
        for (Chart which : kCharts) chart(which)->setLogScale(on);
    });
    connect(buttons.sweepSizes, &QPushButton::clicked, this, &PerformanceView::sweepSizesRequested);
    connect(buttons.runLadder, &QPushButton::clicked, this, &PerformanceView::ladderRequested);
    connect(cancel_, &QPushButton::clicked, this, &PerformanceView::cancelRequested);
    connect(tuningSlider_, &QSlider::valueChanged, this, [this] {
        const std::size_t size = tuningLocalSize();
        tuningValue_->setText(QString::number(size));
        // The marker follows the hand at once; the measurement waits for it to rest.
        localSizeChart_->setMarker(static_cast<double>(size), tr("local %1").arg(size));
        setTuningStatus([] { return tr("measuring soon…"); });
        debounce_->start();
    });
    connect(debounce_, &QTimer::timeout, this,
            [this] { emit tuningLocalSizeChosen(tuningLocalSize()); });
}

void PerformanceView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void PerformanceView::retranslateUi() {
    texts_.apply();
    if (sweepText_) sweepLabel_->setText(sweepText_());
    if (tuningText_) {
        tuningStatus_->setText(tuningText_());
        tuningStatus_->setToolTip(tuningStatus_->text());
    }
    progress_->setFormat(tr("%v of %m points"));
}

QWidget* PerformanceView::chartPage(QWidget* chart, QWidget* controls, Chart which) {
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(controls, 1);
    auto* exportButton = new QToolButton;
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    QAction* chartFile =
        menu->addAction(QString(), this, [this, which] { emit exportChartRequested(which); });
    QAction* copy =
        menu->addAction(QString(), this, [this, which] { emit copyChartRequested(which); });
    menu->addSeparator();
    QAction* csv = menu->addAction(
        QString(), this, [this, which] { emit exportDataRequested(which, QStringLiteral("csv")); });
    QAction* json = menu->addAction(QString(), this, [this, which] {
        emit exportDataRequested(which, QStringLiteral("json"));
    });
    texts_.add([=] {
        exportButton->setText(tr("Export"));
        chartFile->setText(tr("Chart as PNG / SVG / PDF…"));
        copy->setText(tr("Copy chart to clipboard"));
        csv->setText(tr("Data as CSV…"));
        json->setText(tr("Data as JSON…"));
    });
    exportButton->setMenu(menu);
    top->addWidget(exportButton);
    layout->addLayout(top);
    layout->addWidget(chart, 1);
    return page;
}

ResultsChart* PerformanceView::chart(Chart which) const {
    switch (which) {
        case Chart::LocalSize:
            return localSizeChart_;
        case Chart::Size:
            return sizeChart_;
        case Chart::Ladder:
            break;
    }
    return ladderChart_;
}

QCustomPlot* PerformanceView::plot(Chart which) const {
    return chart(which)->plot();
}

const ResultsFile& PerformanceView::results(Chart which) const {
    return chart(which)->results();
}

PerformanceView::Chart PerformanceView::chartFor(const ResultsFile& file) {
    // The suite's name when it says, else whichever parameter varies.
    const QString suite = QString::fromStdString(file.suite);
    std::set<std::uint64_t> sizes;
    std::set<std::size_t> locals;
    for (const RunResult& p : file.points) {
        sizes.insert(p.n);
        locals.insert(p.launched.local_size);
    }
    if (suite.contains(QLatin1String("ladder"))) return Chart::Ladder;
    if (suite.contains(QLatin1String("size"))) return Chart::Size;
    if (suite.contains(QLatin1String("tun")) || suite.contains(QLatin1String("local")))
        return Chart::LocalSize;
    if (sizes.size() > 1) return Chart::Size;
    if (locals.size() > 1) return Chart::LocalSize;
    return Chart::Ladder;
}

QString PerformanceView::chartName(Chart chart) const {
    switch (chart) {
        case Chart::LocalSize:
            return QStringLiteral("reducelab-local-size");
        case Chart::Size:
            return QStringLiteral("reducelab-input-size");
        case Chart::Ladder:
            return QStringLiteral("reducelab-ladder");
    }
    return QStringLiteral("reducelab-chart");
}

PerformanceView::Chart PerformanceView::currentChart() const {
    return static_cast<Chart>(tabs_->currentIndex());
}

void PerformanceView::setLogScale(bool on) {
    logScale_->setChecked(on);
    for (Chart which : kCharts) chart(which)->setLogScale(on);
}

void PerformanceView::showChart(Chart chart) {
    tabs_->setCurrentIndex(static_cast<int>(chart));
}

void PerformanceView::setCeiling(const std::optional<BandwidthCeiling>& ceiling) {
    for (Chart which : kCharts) chart(which)->setCeiling(ceiling);
}

void PerformanceView::setTheme(const Theme& theme) {
    for (Chart which : kCharts) chart(which)->setTheme(theme);
}

void PerformanceView::setTuningLocalSizes(const std::vector<std::size_t>& sizes,
                                          std::size_t current) {
    tuningSizes_ = sizes;
    const QSignalBlocker block(tuningSlider_);
    tuningSlider_->setRange(0, std::max(0, static_cast<int>(sizes.size()) - 1));
    int index = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i)
        if (sizes[i] <= current) index = static_cast<int>(i);
    tuningSlider_->setValue(index);
    tuningValue_->setText(sizes.empty() ? QString() : QString::number(tuningLocalSize()));
}

std::size_t PerformanceView::tuningLocalSize() const {
    const auto i = static_cast<std::size_t>(tuningSlider_->value());
    return i < tuningSizes_.size() ? tuningSizes_[i] : 0;
}

void PerformanceView::setTuningLocalSize(std::size_t size) {
    for (std::size_t i = 0; i < tuningSizes_.size(); ++i)
        if (tuningSizes_[i] == size) tuningSlider_->setValue(static_cast<int>(i));
}

void PerformanceView::setBestAvailable(bool available) {
    applyBest_->setEnabled(available);
}

void PerformanceView::setTuningStatus(std::function<QString()> text) {
    tuningText_ = std::move(text);
    tuningStatus_->setText(tuningText_());
    tuningStatus_->setToolTip(tuningStatus_->text());  // the label may be cut where it is narrow
}
QString PerformanceView::tuningStatus() const {
    return tuningStatus_->text();
}
int PerformanceView::tuningDebounceMs() const {
    return debounce_->interval();
}

unsigned PerformanceView::sizeSweepMinLog2() const {
    return sizeMin_->currentData().toUInt();
}
unsigned PerformanceView::sizeSweepMaxLog2() const {
    return sizeMax_->currentData().toUInt();
}

void PerformanceView::setSizeSweepRange(unsigned minLog2, unsigned maxLog2) {
    sizeMin_->setCurrentIndex(sizeMin_->findData(minLog2));
    sizeMax_->setCurrentIndex(sizeMax_->findData(maxLog2));
}

void PerformanceView::sweepStarted(std::function<QString()> what, int total) {
    sweeping_ = true;
    sweepText_ = std::move(what);
    sweepLabel_->setText(sweepText_());
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(0);
    progress_->setFormat(tr("%v of %m points"));
    progress_->setVisible(true);
    cancel_->setVisible(true);
}

void PerformanceView::sweepProgress(int done, int total) {
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(done);
}

void PerformanceView::sweepEnded(std::function<QString()> message) {
    sweeping_ = false;
    sweepText_ = std::move(message);
    sweepLabel_->setText(sweepText_());
    progress_->setVisible(false);
    cancel_->setVisible(false);
}

}  // namespace reducelab::ui
