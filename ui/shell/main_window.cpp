// Wiring of the main window: layout, devices, runs, traces, the ceiling, opened and saved files.
#include "shell/main_window.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

#include "charts/chart_scale.h"
#include "charts/results_chart.h"
#include "common/catalog_text.h"
#include "common/engine_text.h"
#include "common/error_dialog.h"
#include "common/message_banner.h"
#include "common/screen_fit.h"
#include "common/settings_keys.h"
#include "reducelab/catalog.h"
#include "shell/close_guard.h"
#include "shell/control_panel.h"
#include "shell/explanation_panel.h"
#include "shell/main_menus.h"
#include "shell/results_model.h"
#include "shell/results_panel.h"
#include "shell/run_summary.h"
#include "shell/sweep_planner.h"
#include "shell/workspace_session.h"
#include "step/panel_traces.h"
#include "step/step_view.h"

namespace reducelab::ui {

namespace {

// Separate measurements of the ceiling, each with fresh buffers.
constexpr int kCeilingRuns = 9;

// The ceiling buffer: big enough to leave caches behind, small enough to measure in a blink.
std::uint64_t ceilingBytes(const DeviceInfo& device) {
    std::uint64_t bytes = 64ull << 20;
    if (device.max_alloc_bytes) bytes = std::min(bytes, device.max_alloc_bytes / 4);
    return std::max<std::uint64_t>(bytes, 1 << 20);
}

}  // namespace

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent), options_(options) {
    setObjectName(QStringLiteral("mainWindow"));
    jobs_ = new EngineJobs(this);
    buildLayout();
    buildHelpers();
    buildWorkspace();
    MainMenus::build(this, controlsDock_, explanationDock_);
    connectViews();
    restoreSettings();
    retranslateUi();
    statusBar()->showMessage(tr("Looking for OpenCL devices…"));
    devicesJob_ = jobs_->listDevices()
                      .onResult(this, [this](const DeviceList& d) { onDevicesListed(d); })
                      .onFailed(this, [this](const JobError& e) { onDevicesFailed(e); });
    if (options_.workspace && options_.openFile.isEmpty() &&
        QFileInfo::exists(WorkspaceSession::autosavePath())) {
        try {
            restoreWorkspace(read_session(WorkspaceSession::autosavePath().toStdString()));
        } catch (const Error& e) {
            banner_->showMessage(
                MessageBanner::Level::Warning,
                tr("The last session could not be restored: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    if (!options_.openFile.isEmpty()) openFile(options_.openFile);
}

// The jobs still going are dropped with jobs_: nothing reaches the widgets being destroyed.
MainWindow::~MainWindow() = default;

void MainWindow::buildLayout() {
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(4, 4, 4, 4);
    banner_ = new MessageBanner;
    centralLayout->addWidget(banner_);

    stepView_ = new StepView;
    performance_ = new PerformanceView;
    results_ = new ResultsModel(this);
    resultsArea_ = new ResultsPanel(results_);

    bottomSplitter_ = new QSplitter(Qt::Horizontal);
    bottomSplitter_->setObjectName(QStringLiteral("bottomSplitter"));
    bottomSplitter_->addWidget(performance_);
    bottomSplitter_->addWidget(resultsArea_);
    bottomSplitter_->setStretchFactor(0, 3);
    bottomSplitter_->setStretchFactor(1, 2);
    mainSplitter_ = new QSplitter(Qt::Vertical);
    mainSplitter_->setObjectName(QStringLiteral("mainSplitter"));
    mainSplitter_->addWidget(stepView_);
    mainSplitter_->addWidget(bottomSplitter_);
    mainSplitter_->setStretchFactor(0, 5);
    mainSplitter_->setStretchFactor(1, 4);
    centralLayout->addWidget(mainSplitter_, 1);
    setCentralWidget(central);

    auto* controlsHost = new QWidget;
    auto* controlsLayout = new QVBoxLayout(controlsHost);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
    controls_ = new ControlPanel;
    summary_ = new RunSummary;
    controlsLayout->addWidget(controls_);
    controlsLayout->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(controlsHost);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // As narrow as the controls allow (their rows wrap, their combos elide), so that the window
    // fits a 1280×720 projector; the scroll area handles the height.
    scroll->setMinimumWidth(controlsHost->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width() + 4);
    // The settings scroll; Run, Cancel and the result cards stay in sight below them, so that a
    // 720-pixel projector shows the button and its answer together.
    auto* dockBody = new QWidget;
    auto* dockLayout = new QVBoxLayout(dockBody);
    dockLayout->setContentsMargins(0, 0, 0, 0);
    dockLayout->addWidget(scroll, 1);
    auto* pinned = new QVBoxLayout;
    pinned->setContentsMargins(6, 0, 6, 0);
    pinned->addWidget(controls_->runActions());
    pinned->addWidget(summary_);
    dockLayout->addLayout(pinned);
    controlsDock_ = new QDockWidget;
    controlsDock_->setObjectName(QStringLiteral("controlsDock"));
    controlsDock_->setWidget(dockBody);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock_);

    explanation_ = new ExplanationPanel;
    explanationDock_ = new QDockWidget;
    explanationDock_->setObjectName(QStringLiteral("explanationDock"));
    explanationDock_->setWidget(explanation_);
    explanation_->setMinimumWidth(240);
    addDockWidget(Qt::RightDockWidgetArea, explanationDock_);
    resizeToScreen(this, {1500, 950});
    // Docks start narrow, leaving the step view the room (a saved state overrides this).
    resizeDocks({controlsDock_, explanationDock_},
                {std::max(scroll->minimumWidth(), fontMetrics().averageCharWidth() * 40),
                 explanation_->minimumWidth()},
                Qt::Horizontal);
}

void MainWindow::buildHelpers() {
    auto device = [this] { return deviceOrComplain(); };
    auto showError = [this](const JobError& error) { this->showError(error); };
    auto baseRequest = [this] { return requestFor(0, true); };
    sweeps_ = new SweepController(jobs_,
                                  {.controls = controls_,
                                   .performance = performance_,
                                   .results = results_,
                                   .banner = banner_,
                                   .status = statusBar(),
                                   .device = device,
                                   .baseRequest = baseRequest,
                                   .showError = showError,
                                   .ceiling = [this] { return ceiling_; }},
                                  this);
    presentation_ = new PresentationMode({.window = this,
                                          .stepView = stepView_,
                                          .performance = performance_,
                                          .controlsDock = controlsDock_,
                                          .explanationDock = explanationDock_},
                                         this);
    exports_ = new WindowExports({.window = this,
                                  .performance = performance_,
                                  .stepView = stepView_,
                                  .results = results_,
                                  .controls = controls_,
                                  .showError = showError},
                                 this);
    traces_ = new PanelTraces(jobs_, stepView_, this);
    teaching_ = new TeachingWindows({.window = this,
                                     .controls = controls_,
                                     .baseRequest = baseRequest,
                                     .showError = showError});
    closeGuard_ =
        new CloseGuard({.window = this,
                        .hasUnsavedResults = [this] { return results_->hasUnsaved(); },
                        .isSweeping = [this] { return sweeps_->isSweeping(); },
                        .cancelSweep = [this] { sweeps_->cancelSweep(); },
                        .saveResults = [this](const QString& path) { return exportTable(path); }},
                       this);
    runs_ = std::make_unique<RunController>(
        jobs_, RunController::Window{.context = this,
                                     .controls = controls_,
                                     .summary = summary_,
                                     .performance = performance_,
                                     .results = results_,
                                     .banner = banner_,
                                     .status = statusBar(),
                                     .device = device,
                                     .request = [this](int slot) { return requestFor(slot, true); },
                                     .showError = showError,
                                     .kernelViewer = [this] { return teaching_->kernelViewer(); },
                                     .completed = [this] { emit runCompleted(); }});
    files_ = std::make_unique<WindowFiles>(
        jobs_, WindowFiles::Window{
                   .window = this,
                   .stepView = stepView_,
                   .performance = performance_,
                   .results = results_,
                   .banner = banner_,
                   .status = statusBar(),
                   .restoreWorkspace = [this](const SessionFile& s) { restoreWorkspace(s); },
                   .saveWorkspace = [this](const QString& path) { return saveWorkspace(path); },
                   .showError = showError,
                   .resultsOpened = [this](bool ok) { emit resultsFileOpened(ok); }});
}

void MainWindow::buildWorkspace() {
    workspace_ = {.stepView = stepView_,
                  .results = results_,
                  .controls = controls_,
                  .performance = performance_,
                  .summary = summary_,
                  .teaching = teaching_,
                  .saveSettings = [this] { saveSettings(); },
                  .restoreSettings = [this] { restoreSettings(); },
                  .panelTitle = &MainWindow::panelTitle,
                  .keepRestoredTraces = [this] { options_.traceAtStart = false; }};
}

void MainWindow::connectViews() {
    connect(jobs_, &EngineJobs::busyChanged, controls_, &ControlPanel::setBusy);
    connect(resultsArea_, &ResultsPanel::exportRequested, exports_, &WindowExports::askExportTable);
    connect(sweeps_, &SweepController::sweepCompleted, this, &MainWindow::sweepCompleted);
    connect(sweeps_, &SweepController::tuningMeasured, this, &MainWindow::tuningMeasured);
    connect(traces_, &PanelTraces::failed, this, [this](int, const JobError& error) {
        // "cannot be stepped" is an answer, not an accident: it stays in the panel.
        if (error.kind != ErrorKind::InvalidArgument && error.kind != ErrorKind::Unsupported)
            showError(error);
    });
    connect(traces_, &PanelTraces::progress, this,
            [this](const QString& stage) { statusBar()->showMessage(stage); });
    connect(traces_, &PanelTraces::traced, this, [this] {
        // Both panels ready: start at the loaded state, like the slide.
        stepView_->setRound(0, false);
        statusBar()->showMessage(tr("Traced: press Space to play, → to step"), 6000);
        emit traceCompleted();
    });
    connect(controls_, &ControlPanel::runRequested, this, &MainWindow::runSelected);
    connect(controls_, &ControlPanel::cancelRequested, this, &MainWindow::cancelAll);
    connect(controls_, &ControlPanel::deviceChanged, this, &MainWindow::onDeviceChanged);
    connect(controls_, &ControlPanel::variantsChanged, this, &MainWindow::updateExplanation);
    connect(controls_, &ControlPanel::variantsChanged, this, &MainWindow::clearStaleMessages);
    connect(controls_, &ControlPanel::variantsChanged, this, [this] {
        stepView_->setSelectedVariants(controls_->variant(ControlPanel::Slot::A).toStdString(),
                                       controls_->variant(ControlPanel::Slot::B).toStdString());
    });
    connect(controls_, &ControlPanel::settingsChanged, this, &MainWindow::clearStaleMessages);
    connect(banner_, &MessageBanner::detailsRequested, this, &MainWindow::showErrorDetails);
    connect(stepView_, &StepView::traceRequested, this, &MainWindow::traceSelected);
    connect(stepView_, &StepView::exportRoundRequested, exports_,
            &WindowExports::askExportStepRound);
    connect(stepView_, &StepView::exportAnimationRequested, exports_,
            &WindowExports::askExportStepAnimation);
    connect(stepView_, &StepView::exportReplayRequested, exports_,
            &WindowExports::askExportStepReplay);
    connect(performance_, &PerformanceView::sweepLocalSizesRequested, sweeps_,
            &SweepController::sweepLocalSizes);
    connect(performance_, &PerformanceView::sweepSizesRequested, sweeps_,
            &SweepController::sweepSizes);
    connect(performance_, &PerformanceView::ladderRequested, sweeps_, &SweepController::runLadder);
    connect(performance_, &PerformanceView::autoTuneRequested, sweeps_, &SweepController::autoTune);
    connect(performance_, &PerformanceView::applyBestRequested, sweeps_,
            &SweepController::applyBest);
    connect(performance_, &PerformanceView::cancelRequested, sweeps_,
            &SweepController::cancelSweep);
    connect(performance_, &PerformanceView::tuningLocalSizeChosen, sweeps_,
            &SweepController::measureTuning);
    connect(performance_, &PerformanceView::exportChartRequested, exports_,
            &WindowExports::askExportChart);
    connect(performance_, &PerformanceView::exportDataRequested, exports_,
            &WindowExports::askExportChartData);
    connect(performance_, &PerformanceView::copyChartRequested, exports_,
            &WindowExports::copyChart);
}

// ---- devices ----------------------------------------------------------------------------------

void MainWindow::onDevicesFailed(const JobError& error) {
    devicesKnown_ = true;
    statusBar()->showMessage(error.title());
    JobError shown = error;
    if (error.kind == ErrorKind::NoPlatform)
        // The engine's message says how to install a driver; add what still works.
        shown.message += tr(". Meanwhile you can open results files (Ctrl+O) measured elsewhere.");
    showError(shown);
    for (int panel = 0; panel < 2; ++panel)
        stepView_->setTraceError(panel, tr("No OpenCL device to trace on."));
    emit devicesReady();
}

void MainWindow::onDevicesListed(const DeviceList& devices) {
    devices_ = devices;
    devicesKnown_ = true;
    // Command line first, then the device used last time, then the engine's default.
    std::size_t preferred = 0;
    try {
        preferred = select_device(devices_, options_.deviceSpec.toStdString()).index;
    } catch (const Error& error) {
        showError(JobError::from(error));
    }
    QSettings settings;
    const auto [saved, savedIndex] = ControlPanel::savedDevice(settings);
    // By name, and of two devices with that name (PoCL's two CPU devices) the one at the saved
    // index: what the session's charts and lesson were measured on.
    if (options_.deviceSpec.isEmpty()) {
        bool found = false;
        for (const DeviceInfo& d : devices_)
            if (QString::fromStdString(d.name) == saved &&
                (!found || (savedIndex.isValid() && savedIndex.toULongLong() == d.index))) {
                preferred = d.index;
                found = true;
            }
    }
    std::size_t position = 0;
    for (std::size_t i = 0; i < devices_.size(); ++i)
        if (devices_[i].index == preferred) position = i;
    controls_->setDevices(devices_, position);
    statusBar()->showMessage(
        tr("%n OpenCL device(s) found", nullptr, static_cast<int>(devices_.size())), 5000);
    emit devicesReady();
    if (options_.traceAtStart) traceSelected();
}

void MainWindow::onDeviceChanged() {
    const DeviceInfo* device = controls_->currentDevice();
    retranslateUi();  // the title names the device
    if (!device) return;
    // A new device: its own ceiling, its own charts (a chart measured on this device, restored
    // from a session, stays).
    ceiling_.reset();
    performance_->setCeiling(std::nullopt);
    if (teaching_) teaching_->setCeiling(std::nullopt);
    const auto clearUnlessOn = [&](Chart which, const QString& suite) {
        ResultsChart* chart = performance_->chart(which);
        const DeviceInfo& shown = chart->results().device;
        if (chart->results().points.empty() || shown.name != device->name ||
            shown.platform_name != device->platform_name)
            chart->clear(*device, suite);
    };
    clearUnlessOn(Chart::LocalSize, QStringLiteral("tuning"));
    clearUnlessOn(Chart::Size, QStringLiteral("sizes"));
    clearUnlessOn(Chart::Ladder, QStringLiteral("ladder"));
    const std::size_t current = controls_->localSize() ? controls_->localSize() : 256;
    performance_->setTuningLocalSizes(SweepPlanner::localSizes(*device), current);
    stepView_->setLocalSizes(SweepPlanner::localSizes(*device));
    measureCeiling();
}

const DeviceInfo* MainWindow::deviceOrComplain() {
    const DeviceInfo* device = controls_->currentDevice();
    if (!device) {
        JobError error;
        error.kind = ErrorKind::NoPlatform;
        error.message =
            devicesKnown_
                ? tr("there is no OpenCL device to run on; you can still open results files "
                     "(Ctrl+O)")
                : tr("still looking for OpenCL devices");
        showError(error);
    }
    return device;
}

std::optional<RunRequest> MainWindow::requestFor(int slot, bool reportErrors) {
    JobError error;
    auto request = controls_->checkedRequest(ControlPanel::slotAt(slot), &error);
    if (!request && reportErrors) {
        showError(error);
        banner_->setCause(QStringLiteral("settings"));
    }
    return request;
}

void MainWindow::clearStaleMessages() {
    JobError ignored;
    if (banner_->cause() == QLatin1String("settings") &&
        controls_->checkedRequest(ControlPanel::Slot::A, &ignored) &&
        controls_->checkedRequest(ControlPanel::Slot::B, &ignored))
        banner_->clear();
    summary_->dropOtherVariants(controls_->variant(ControlPanel::Slot::A),
                                controls_->variant(ControlPanel::Slot::B));
}

// ---- traces -----------------------------------------------------------------------------------

void MainWindow::traceSelected() {
    const DeviceInfo* device = deviceOrComplain();
    if (!device) return;
    for (int panel = 0; panel < 2; ++panel) {
        const QString variant = controls_->variant(ControlPanel::slotAt(panel));
        TraceRequest base;
        base.op = controls_->operation();
        base.type = controls_->elementType();
        base.variant = variant.toStdString();
        const TraceRequest request = stepView_->traceRequest(base);
        stepView_->setPanelTitle(panel, panelTitle(panel, variant));
        traces_->trace(panel, variant, *device, request);
    }
}

QString MainWindow::panelTitle(int panel, const QString& variant) {
    QString title = QStringLiteral("%1 · %2").arg(
        panel == 0 ? QStringLiteral("A") : QStringLiteral("B"), variant);
    for (const Variant& v : catalog())
        if (qs(v.name) == variant) title += QStringLiteral(" — ") + CatalogText::summary(v);
    return title;
}

// ---- the ceiling and cancel -------------------------------------------------------------------

void MainWindow::measureCeiling() {
    const DeviceInfo* device = controls_->currentDevice();
    if (!device) return;
    ceilingJob_.drop();
    ceilingJob_ =
        // Nine runs with fresh buffers: the ceiling moves between them, and its spread is shown.
        jobs_->measureCeiling(*device, ceilingBytes(*device), 5, kCeilingRuns)
            .onProgress(this, [this](const QString& stage) { statusBar()->showMessage(stage); })
            .onResult(this, [this](const BandwidthCeiling& c) { onCeilingMeasured(c); })
            .onFailed(this, [this](const JobError& error) {
                banner_->showMessage(
                    MessageBanner::Level::Warning,
                    tr("The bandwidth ceiling could not be measured: %1").arg(error.details()));
            });
}

void MainWindow::onCeilingMeasured(const BandwidthCeiling& ceiling) {
    ceiling_ = ceiling;
    performance_->setCeiling(ceiling_);
    results_->setCeiling(ceiling_);
    summary_->setCeiling(ceiling.copy_gbps);
    teaching_->setCeiling(ceiling_);
    statusBar()->showMessage(tr("Bandwidth ceiling: %1; %2")
                                 .arg(ChartScale::ceilingText(tr("copy"), ceiling.copy_gbps,
                                                              ceiling.copy_spread(), ceiling.runs),
                                      ChartScale::ceilingText(tr("read"), ceiling.read_gbps,
                                                              ceiling.read_spread(), ceiling.runs)),
                             8000);
    emit ceilingChanged();
}

void MainWindow::cancelAll() {
    jobs_->cancelAll();
    stepView_->pause();
}

// ---- look and windows -------------------------------------------------------------------------

void MainWindow::showArea(Area area) {
    stepView_->setVisible(area == Area::All || area == Area::StepView);
    performance_->setVisible(area == Area::All || area == Area::Charts);
    resultsArea_->setVisible(area == Area::All || area == Area::Results);
    bottomSplitter_->setVisible(area != Area::StepView);
}

void MainWindow::updateExplanation() {
    explanation_->showVariants(controls_->variant(ControlPanel::Slot::A),
                               controls_->variant(ControlPanel::Slot::B),
                               controls_->currentDevice());
}

void MainWindow::showError(const JobError& error) {
    banner_->showError(error);
    // Build logs are long: they open in their own window at once, since a teacher wants to see why.
    if (error.hasBuildLog()) showErrorDetails(error);
}

void MainWindow::showErrorDetails(const JobError& error) {
    if (!errorDialog_) errorDialog_ = new ErrorDialog(this);
    errorDialog_->setError(error);
    errorDialog_->show();
    errorDialog_->raise();
}

void MainWindow::changeEvent(QEvent* event) {
    // The menus are built in the constructor: the first LanguageChange may come before them.
    if (event->type() == QEvent::LanguageChange && controlsDock_) {
        MainMenus::retranslate(this, controlsDock_, explanationDock_);
        retranslateUi();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslateUi() {
    const DeviceInfo* device = controls_->currentDevice();
    setWindowTitle(device ? tr("ReduceLab — %1").arg(QString::fromStdString(device->name))
                          : tr("ReduceLab — parallel reductions, measured"));
    controlsDock_->setWindowTitle(tr("Controls"));
    explanationDock_->setWindowTitle(tr("Explanation"));
    updateExplanation();
    // The step panels' titles name the variant and its summary, in the installed language.
    for (int panel = 0; panel < 2; ++panel)
        if (const auto& trace = stepView_->trace(panel))
            stepView_->setPanelTitle(panel,
                                     panelTitle(panel, QString::fromStdString(trace->variant)));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Unsaved results or a running sweep: Save / Discard / Cancel.
    if (!closeGuard_->allowClose()) {
        event->ignore();
        return;
    }
    presentation_->set(false);
    saveSettings();
    // Results the user discarded are not kept in the workspace either.
    if (options_.workspace) {
        const QString error =
            saveWorkspace(WorkspaceSession::autosavePath(), !results_->hasUnsaved());
        if (!error.isEmpty()) qWarning("workspace not saved: %s", qPrintable(error));
    }
    // Ask running jobs to stop now; the destructor drops them.
    jobs_->cancelAll();
    stepView_->pause();
    event->accept();
}

namespace {
// The main window's own settings, written by saveSettings and read by restoreSettings.
const QString kGeometry = QStringLiteral("window/geometry");
const QString kDockState = QStringLiteral("window/state");
const QString kMainSplitter = QStringLiteral("window/mainSplitter");
const QString kBottomSplitter = QStringLiteral("window/bottomSplitter");
const QString kChartTab = QStringLiteral("charts/tab");
const QString kSizeMinLog2 = QStringLiteral("charts/sizeMin");
const QString kSizeMaxLog2 = QStringLiteral("charts/sizeMax");
}  // namespace

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(kGeometry, saveGeometry());
    settings.setValue(kDockState, saveState());
    settings.setValue(kMainSplitter, mainSplitter_->saveState());
    settings.setValue(kBottomSplitter, bottomSplitter_->saveState());
    settings.setValue(kChartTab, static_cast<int>(performance_->currentChart()));
    settings.setValue(kSizeMinLog2, performance_->sizeSweepMinLog2());
    settings.setValue(kSizeMaxLog2, performance_->sizeSweepMaxLog2());
    controls_->saveSettings(settings);
    stepView_->saveSettings(settings);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    restoreGeometryOnScreen(this, settings.value(kGeometry).toByteArray());
    restoreState(settings.value(kDockState).toByteArray());
    mainSplitter_->restoreState(settings.value(kMainSplitter).toByteArray());
    bottomSplitter_->restoreState(settings.value(kBottomSplitter).toByteArray());
    performance_->showChart(
        static_cast<Chart>(std::clamp(settings.value(kChartTab, 0).toInt(), 0, 2)));
    performance_->setSizeSweepRange(settings.value(kSizeMinLog2, 10).toUInt(),
                                    settings.value(kSizeMaxLog2, 24).toUInt());
    controls_->restoreSettings(settings);
    stepView_->restoreSettings(settings);
}

}  // namespace reducelab::ui
