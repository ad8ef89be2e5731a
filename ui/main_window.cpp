// Wiring of the main window: layout, menus, shortcuts, jobs and their results.
#include "main_window.h"

#include <qcustomplot.h>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>
#include <set>

#include "reducelab/catalog.h"
#include "catalog_text.h"
#include "chart_exporter.h"
#include "control_panel.h"
#include "custom_kernel_window.h"
#include "engine_session.h"
#include "error_dialog.h"
#include "explanation_panel.h"
#include "export_dialog.h"
#include "kernel_viewer.h"
#include "ladder_chart.h"
#include "lesson_view.h"
#include "message_banner.h"
#include "results_model.h"
#include "run_summary.h"
#include "size_text.h"
#include "step_canvas.h"
#include "step_view.h"
#include "sweep_planner.h"
#include "theme.h"
#include "throughput_chart.h"
#include "translations.h"

namespace reducelab::ui {
namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

ControlPanel::Slot slotOf(int slot) {
    return slot == 0 ? ControlPanel::Slot::A : ControlPanel::Slot::B;
}

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
    setWindowTitle(tr("ReduceLab — parallel reductions, measured"));
    session_ = new EngineSession(this);
    buildLayout();
    buildMenus();
    connectSession();
    connectViews();
    restoreSettings();
    updateExplanation();
    statusBar()->showMessage(tr("Looking for OpenCL devices…"));
    devicesJob_ = session_->listDevices();
    if (!options_.openFile.isEmpty()) openResultsFile(options_.openFile);
}

MainWindow::~MainWindow() {
    // Stop the worker while every widget its results would touch still exists.
    session_->shutdown();
}

void MainWindow::buildLayout() {
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(4, 4, 4, 4);
    banner_ = new MessageBanner;
    centralLayout->addWidget(banner_);

    stepView_ = new StepView;
    performance_ = new PerformanceView;
    results_ = new ResultsModel(this);
    resultsArea_ = new QWidget;
    resultsArea_->setObjectName(QStringLiteral("resultsArea"));
    auto* resultsLayout = new QVBoxLayout(resultsArea_);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    auto* resultsBar = new QHBoxLayout;
    auto* resultsTitle = new QLabel(tr("<b>Results</b>"));
    resultsTitle->setToolTip(
        tr("Every measurement of this session: runs, sweeps, tuning and opened files"));
    auto* exportCsv = new QPushButton(tr("CSV…"));
    exportCsv->setToolTip(tr("Export the table as CSV"));
    auto* exportJson = new QPushButton(tr("JSON…"));
    exportJson->setToolTip(tr("Export the table as a results JSON (opens again in ReduceLab)"));
    auto* clear = new QPushButton(tr("Clear"));
    resultsBar->addWidget(resultsTitle, 1);
    resultsBar->addWidget(exportCsv);
    resultsBar->addWidget(exportJson);
    resultsBar->addWidget(clear);
    table_ = new QTableView;
    table_->setObjectName(QStringLiteral("resultsTable"));
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(results_);
    proxy->setSortRole(Qt::UserRole);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    resultsLayout->addLayout(resultsBar);
    resultsLayout->addWidget(table_, 1);

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
    controlsLayout->addWidget(summary_);
    controlsLayout->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(controlsHost);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Wide enough that no control is cut off; the scroll area handles the height.
    scroll->setMinimumWidth(controlsHost->sizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width() + 4);
    controlsDock_ = new QDockWidget(tr("Controls"));
    controlsDock_->setObjectName(QStringLiteral("controlsDock"));
    controlsDock_->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock_);

    explanation_ = new ExplanationPanel;
    explanationDock_ = new QDockWidget(tr("Explanation"));
    explanationDock_->setObjectName(QStringLiteral("explanationDock"));
    explanationDock_->setWidget(explanation_);
    explanation_->setMinimumWidth(240);
    addDockWidget(Qt::RightDockWidgetArea, explanationDock_);
    resize(1500, 950);

    connect(exportCsv, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export results"), QStringLiteral("reducelab-results.csv"), tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportTable(path);
    });
    connect(exportJson, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export results"),
                                                          QStringLiteral("reducelab-results.json"),
                                                          tr("Results JSON (*.json)"));
        if (!path.isEmpty()) exportTable(path);
    });
    connect(clear, &QPushButton::clicked, results_, &ResultsModel::clear);
}

void MainWindow::buildMenus() {
    auto add = [this](QMenu* menu, const QString& text, const QList<QKeySequence>& keys, auto slot,
                      const char* name = nullptr) {
        QAction* action = menu->addAction(text);
        action->setShortcuts(keys);
        // Shortcuts work wherever the focus is in the window, except where a field needs the key.
        action->setShortcutContext(Qt::WindowShortcut);
        if (name) action->setObjectName(QString::fromLatin1(name));
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };

    QMenu* file = menuBar()->addMenu(tr("&File"));
    add(
        file, tr("&Open results…"), {QKeySequence::Open},
        [this] {
            QSettings settings;
            const QString start =
                settings
                    .value(QStringLiteral("paths/results"),
                           QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                    .toString();
            const QString path = QFileDialog::getOpenFileName(
                this, tr("Open results"), start, tr("Results JSON (*.json);;All files (*)"));
            if (path.isEmpty()) return;
            settings.setValue(QStringLiteral("paths/results"), QFileInfo(path).absolutePath());
            openResultsFile(path);
        },
        "actionOpen");
    add(
        file, tr("&Export chart…"), {QKeySequence(Qt::CTRL | Qt::Key_E)},
        [this] { emit performance_->exportChartRequested(performance_->currentChart()); },
        "actionExportChart");
    add(file, tr("&Copy chart"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)},
        [this] { emit performance_->copyChartRequested(performance_->currentChart()); });
    add(file, tr("Export step &round as PNG…"), {},
        [this] { emit stepView_->exportRoundRequested(); });
    add(file, tr("Export step &animation as PNGs…"), {},
        [this] { emit stepView_->exportAnimationRequested(); });
    file->addSeparator();
    add(file, tr("&Quit"), {QKeySequence::Quit}, [this] { close(); });

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    add(
        run, tr("&Run A and B"), {QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)},
        [this] { runSelected(); }, "actionRun");
    add(
        run, tr("&Trace A and B (step view)"), {QKeySequence(Qt::CTRL | Qt::Key_T)},
        [this] { traceSelected(); }, "actionTrace");
    run->addSeparator();
    add(run, tr("Sweep &local sizes"), {QKeySequence(Qt::CTRL | Qt::Key_L)},
        [this] { sweepLocalSizes(); });
    add(run, tr("Sweep &n"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)},
        [this] { sweepSizes(); });
    add(run, tr("Run the la&dder"), {QKeySequence(Qt::CTRL | Qt::Key_D)}, [this] { runLadder(); });
    add(run, tr("&Auto-tune A"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T)},
        [this] { autoTune(); });
    add(run, tr("&Measure the bandwidth ceiling"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M)},
        [this] { measureCeiling(); });
    run->addSeparator();
    add(
        run, tr("&Cancel everything"), {QKeySequence(Qt::Key_Escape)}, [this] { cancelAll(); },
        "actionCancel");

    QMenu* step = menuBar()->addMenu(tr("&Step"));
    add(
        step, tr("&Play / pause"), {QKeySequence(Qt::Key_Space)},
        [this] { stepView_->togglePlay(); }, "actionPlay");
    add(
        step, tr("&Forward one round"), {QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_Period)},
        [this] { stepView_->stepForward(); }, "actionStepForward");
    add(
        step, tr("&Back one round"), {QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_Comma)},
        [this] { stepView_->stepBack(); }, "actionStepBack");
    add(step, tr("F&irst (loaded)"), {QKeySequence(Qt::Key_Home)}, [this] { stepView_->first(); });
    add(step, tr("&Last round"), {QKeySequence(Qt::Key_End)}, [this] { stepView_->last(); });
    step->addSeparator();
    add(step, tr("Zoom &in"), {QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)},
        [this] { stepView_->zoomIn(); });
    add(step, tr("Zoom &out"), {QKeySequence::ZoomOut}, [this] { stepView_->zoomOut(); });
    add(step, tr("&Whole work-group"), {QKeySequence(Qt::CTRL | Qt::Key_0)},
        [this] { stepView_->zoomFit(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* presentation = add(
        view, tr("&Presentation mode"), {QKeySequence(Qt::Key_F11)},
        [this] { setPresentationMode(!presentation_); }, "actionPresentation");
    presentation->setCheckable(true);
    view->addSeparator();
    add(view, tr("All areas"), {QKeySequence(Qt::CTRL | Qt::Key_4)}, [this] { showArea(0); });
    add(view, tr("Step view only"), {QKeySequence(Qt::CTRL | Qt::Key_1)}, [this] { showArea(1); });
    add(view, tr("Charts only"), {QKeySequence(Qt::CTRL | Qt::Key_2)}, [this] { showArea(2); });
    add(view, tr("Results table only"), {QKeySequence(Qt::CTRL | Qt::Key_3)},
        [this] { showArea(3); });
    view->addSeparator();
    view->addAction(controlsDock_->toggleViewAction());
    view->addAction(explanationDock_->toggleViewAction());

    QMenu* teach = menuBar()->addMenu(tr("&Lessons"));
    add(
        teach, tr("&Lesson: the optimization ladder…"),
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L)}, [this] { openLesson(); }, "actionLesson");
    add(
        teach, tr("&Kernel sources…"), {QKeySequence(Qt::CTRL | Qt::Key_K)},
        [this] { openKernelViewer(); }, "actionKernelViewer");
    add(
        teach, tr("&Try your own kernel…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)},
        [this] { openCustomKernel(); }, "actionCustomKernel");
    buildLanguageMenu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    add(help, tr("&Keyboard shortcuts"), {QKeySequence::HelpContents}, [this] { showShortcuts(); });
    add(help, tr("&About ReduceLab"), {}, [this] {
        QMessageBox::about(
            this, tr("About ReduceLab"),
            tr("<b>ReduceLab %1</b><br>Teach and tune OpenCL parallel reductions with real "
               "measurements on your own hardware.")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::buildLanguageMenu() {
    QMenu* language = menuBar()->addMenu(tr("L&anguage"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(this);
    const QString current = Translations::installed();
    for (const Translations::Language& l : Translations::languages()) {
        QAction* action = language->addAction(l.nativeName);
        action->setObjectName(QStringLiteral("actionLanguage_") + l.code);
        action->setCheckable(true);
        action->setChecked(l.code == current);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code = l.code] {
            Translations::savePreferredLanguage(code);
            emit languageChangeRequested(code);
        });
    }
    language->addSeparator();
    QAction* system = language->addAction(tr("Follow the system language"));
    system->setObjectName(QStringLiteral("actionLanguage_system"));
    connect(system, &QAction::triggered, this, [this] {
        Translations::savePreferredLanguage(QString());
        emit languageChangeRequested(Translations::preferredLanguage());
    });
}

void MainWindow::openLesson() {
    if (!lesson_) {
        lesson_ = new LessonView(this);
        lesson_->setWindowFlag(Qt::Window);
        connect(lesson_, &LessonView::errorOccurred, this, &MainWindow::showError);
    }
    if (const DeviceInfo* device = controls_->currentDevice())
        if (const auto request = requestFor(0, true)) lesson_->setProblem(*device, *request);
    lesson_->show();
    lesson_->raise();
    lesson_->activateWindow();
}

void MainWindow::openKernelViewer() {
    if (!kernelViewer_) kernelViewer_ = new KernelViewer(this);
    kernelViewer_->setProblem(controls_->operation(), controls_->elementType(),
                              controls_->request(ControlPanel::Slot::A)
                                  ? controls_->request(ControlPanel::Slot::A)->accumulator
                                  : AccumulatorMode::Default);
    kernelViewer_->showEntry(controls_->variant(ControlPanel::Slot::A));
    kernelViewer_->show();
    kernelViewer_->raise();
}

void MainWindow::openCustomKernel() {
    if (!customKernel_) {
        customKernel_ = new CustomKernelWindow(this);
        customKernel_->setWindowFlag(Qt::Window);
        const Variant& a = find_variant(controls_->variant(ControlPanel::Slot::A).toStdString());
        if (is_editable_variant(a)) customKernel_->startFrom(qs(a.name));
    }
    if (const DeviceInfo* device = controls_->currentDevice()) {
        const auto request = controls_->request(ControlPanel::Slot::A);
        customKernel_->setProblem(*device, controls_->operation(), controls_->elementType(),
                                  request ? request->accumulator : AccumulatorMode::Default);
    }
    customKernel_->show();
    customKernel_->raise();
}

void MainWindow::showShortcuts() {
    QString rows;
    for (QAction* action : actions()) {
        if (action->shortcuts().isEmpty()) continue;
        QStringList keys;
        for (const QKeySequence& k : action->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                    .arg(action->text().remove(QLatin1Char('&')).toHtmlEscaped(),
                         keys.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    auto* box = new QMessageBox(QMessageBox::NoIcon, tr("Keyboard shortcuts"),
                                QStringLiteral("<table cellpadding='3'>%1</table>").arg(rows),
                                QMessageBox::Close, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::connectSession() {
    connect(session_, &EngineSession::devicesListed, this,
            [this](JobId, const DeviceList& devices) { onDevicesListed(devices); });
    connect(session_, &EngineSession::busyChanged, controls_, &ControlPanel::setBusy);
    connect(session_, &EngineSession::progress, this, [this](JobId job, const QString& stage) {
        for (int slot = 0; slot < 2; ++slot)
            if (runJobs_[slot] == job)
                summary_->setRunning(slot, controls_->variant(slotOf(slot)), stage);
        statusBar()->showMessage(stage);
    });
    connect(session_, &EngineSession::runFinished, this,
            [this](JobId job, const RunResult& result) {
                if (tuningJob_ == job) {
                    tuningJob_.reset();
                    performance_->localSizeChart()->addPoint(result);
                    results_->add(result, tr("tuning"));
                    QString status = tr("local %1: %2 GB/s")
                                         .arg(result.launched.local_size)
                                         .arg(result.gbps, 0, 'f', 2);
                    if (ceiling_ && ceiling_->copy_gbps > 0)
                        status += tr(" (%1% of the ceiling)")
                                      .arg(100 * result.gbps / ceiling_->copy_gbps, 0, 'f', 0);
                    if (!result.verified) status += tr(" ✖ not verified");
                    performance_->setTuningStatus(status);
                    statusBar()->showMessage(status, 5000);
                    performance_->localSizeChart()->setMarker(
                        static_cast<double>(result.launched.local_size),
                        tr("local %1").arg(result.launched.local_size));
                    emit tuningMeasured(result);
                    return;
                }
                for (int slot = 0; slot < 2; ++slot)
                    if (runJobs_[slot] == job) {
                        runJobs_[slot].reset();
                        summary_->setResult(slot, result);
                        if (kernelViewer_)
                            kernelViewer_->setLaunchedOptions(
                                QString::fromStdString(result.request.variant),
                                QString::fromStdString(result.launched.build_options));
                        results_->add(result, tr("run"));
                    }
                if (!runJobs_[0] && !runJobs_[1]) {
                    statusBar()->showMessage(tr("Run finished"), 5000);
                    emit runCompleted();
                }
            });
    connect(session_, &EngineSession::traceFinished, this,
            [this](JobId job, const StepTrace& trace) {
                for (int panel = 0; panel < 2; ++panel)
                    if (traceJobs_[panel] == job) {
                        stepView_->setTrace(panel, std::make_shared<const StepTrace>(trace));
                        finishTrace(panel);
                    }
            });
    connect(session_, &EngineSession::ceilingMeasured, this,
            [this](JobId job, const BandwidthCeiling& ceiling) {
                if (ceilingJob_ != job) return;
                ceilingJob_.reset();
                ceiling_ = ceiling;
                performance_->setCeiling(ceiling_);
                results_->setCeiling(ceiling_);
                summary_->setCeiling(ceiling.copy_gbps);
                statusBar()->showMessage(tr("Bandwidth ceiling: copy %1 GB/s, read %2 GB/s")
                                             .arg(ceiling.copy_gbps, 0, 'f', 1)
                                             .arg(ceiling.read_gbps, 0, 'f', 1),
                                         8000);
                emit ceilingChanged();
            });
    connect(session_, &EngineSession::sweepPointDone, this,
            [this](JobId job, const RunResult& r, int index, int total) {
                if (sweepJob_ != job) return;
                sweepDone_ = index + 1;
                switch (sweepChart_) {
                    case Chart::LocalSize:
                        performance_->localSizeChart()->addPoint(r);
                        break;
                    case Chart::Size:
                        performance_->sizeChart()->addPoint(r);
                        break;
                    case Chart::Ladder:
                        performance_->ladderChart()->addPoint(r);
                        break;
                }
                results_->add(r, sweepSource_);
                performance_->sweepProgress(index + 1, total);
            });
    connect(
        session_, &EngineSession::sweepPointFailed, this,
        [this](JobId job, const RunRequest& request, const QString& error, int index, int total) {
            if (sweepJob_ != job) return;
            sweepDone_ = index + 1;
            sweepFailures_ << QStringLiteral("%1 (local %2, n %3): %4")
                                  .arg(QString::fromStdString(request.variant))
                                  .arg(request.local_size)
                                  .arg(request.n)
                                  .arg(error);
            performance_->sweepProgress(index + 1, total);
        });
    connect(
        session_, &EngineSession::sweepFinished, this, [this](JobId job, const ResultsFile& file) {
            if (sweepJob_ != job) return;
            sweepJob_.reset();
            QString message =
                tr("%1: %2 point(s) measured").arg(sweepLabel_).arg(file.points.size());
            if (sweepMarksBest_) {
                if (const auto best = performance_->localSizeChart()->markBest()) {
                    message += tr(" · best: local %1").arg(best->launched.local_size);
                    if (best->request.items_per_work_item)
                        message += tr(" × %1 per work-item").arg(best->request.items_per_work_item);
                    message += tr(", %1 GB/s").arg(best->gbps, 0, 'f', 2);
                    performance_->localSizeChart()->setMarker(
                        static_cast<double>(best->launched.local_size), QString());
                    performance_->setTuningStatus(message.section(QStringLiteral(" · "), 1));
                }
            }
            if (!sweepFailures_.isEmpty()) {
                message += tr(" · %1 failed").arg(sweepFailures_.size());
                banner_->showMessage(MessageBanner::Level::Warning,
                                     tr("%1 point(s) of the sweep could not run. First: %2")
                                         .arg(sweepFailures_.size())
                                         .arg(sweepFailures_.front()));
            }
            performance_->sweepEnded(message);
            statusBar()->showMessage(message, 8000);
            emit sweepCompleted(false);
        });
    connect(session_, &EngineSession::resultsOpened, this,
            [this](JobId job, const ResultsFile& file, const QString& path) {
                if (openJob_ == job) openJob_.reset();
                onResultsOpened(file, path);
            });
    connect(session_, &EngineSession::failed, this, &MainWindow::onJobFailed);
    connect(session_, &EngineSession::cancelled, this, &MainWindow::onJobCancelled);
}

void MainWindow::connectViews() {
    connect(controls_, &ControlPanel::runRequested, this, &MainWindow::runSelected);
    connect(controls_, &ControlPanel::cancelRequested, this, &MainWindow::cancelAll);
    connect(controls_, &ControlPanel::deviceChanged, this, &MainWindow::onDeviceChanged);
    connect(controls_, &ControlPanel::variantsChanged, this, &MainWindow::updateExplanation);
    connect(banner_, &MessageBanner::detailsRequested, this, &MainWindow::showErrorDetails);
    connect(stepView_, &StepView::traceRequested, this, &MainWindow::traceSelected);
    connect(stepView_, &StepView::exportRoundRequested, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the current round"),
            QStringLiteral("reducelab-step-round-%1.png").arg(stepView_->round()),
            tr("PNG (*.png)"));
        if (!path.isEmpty()) exportStepRound(path);
    });
    connect(stepView_, &StepView::exportAnimationRequested, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Folder for the PNG sequence"));
        if (!dir.isEmpty()) exportStepAnimation(dir);
    });
    connect(performance_, &PerformanceView::sweepLocalSizesRequested, this,
            &MainWindow::sweepLocalSizes);
    connect(performance_, &PerformanceView::sweepSizesRequested, this, &MainWindow::sweepSizes);
    connect(performance_, &PerformanceView::ladderRequested, this, &MainWindow::runLadder);
    connect(performance_, &PerformanceView::autoTuneRequested, this, &MainWindow::autoTune);
    connect(performance_, &PerformanceView::cancelRequested, this, &MainWindow::cancelSweep);
    connect(performance_, &PerformanceView::tuningLocalSizeChosen, this,
            &MainWindow::measureTuning);
    connect(performance_, &PerformanceView::exportChartRequested, this, [this](Chart chart) {
        ExportDialog dialog(performance_->chartName(chart), this);
        if (dialog.exec() != QDialog::Accepted) return;
        const ExportDialog::Choice c = dialog.choice();
        const ExportDialog::Target target = ExportDialog::target(c.path, c.format);
        // Never write another name than the one given, or over a file, without asking.
        if (target.suffixAdded && !QFileInfo(c.path).suffix().isEmpty() &&
            QMessageBox::question(this, tr("Export chart"),
                                  tr("%1 is not a chart format (PNG, SVG or PDF). Save the chart "
                                     "as %2?")
                                      .arg(QFileInfo(c.path).suffix(), target.path)) !=
                QMessageBox::Yes)
            return;
        if (QFileInfo::exists(target.path) && target.path != c.confirmedPath &&
            QMessageBox::question(this, tr("Export chart"),
                                  tr("%1 already exists. Replace it?").arg(target.path)) !=
                QMessageBox::Yes)
            return;
        exportChart(chart, target.path, c.width, c.height, c.dpi);
    });
    connect(
        performance_, &PerformanceView::exportDataRequested, this,
        [this](Chart chart, const QString& format) {
            const QString path = QFileDialog::getSaveFileName(
                this, tr("Export chart data"),
                performance_->chartName(chart) + QLatin1Char('.') + format,
                format == QLatin1String("csv") ? tr("CSV (*.csv)") : tr("Results JSON (*.json)"));
            if (!path.isEmpty()) exportChartData(chart, path);
        });
    connect(performance_, &PerformanceView::copyChartRequested, this, [this](Chart chart) {
        QCustomPlot* plot = performance_->plot(chart);
        ChartExporter::copyToClipboard(plot, plot->width(), plot->height(), 192);
        statusBar()->showMessage(tr("Chart copied to the clipboard"), 4000);
    });
}

// ---- devices ----------------------------------------------------------------------------------

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
    const QString saved = settings.value(QStringLiteral("controls/device")).toString();
    if (options_.deviceSpec.isEmpty())
        for (const DeviceInfo& d : devices_)
            if (QString::fromStdString(d.name) == saved) preferred = d.index;
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
    updateExplanation();
    if (!device) return;
    setWindowTitle(tr("ReduceLab — %1").arg(QString::fromStdString(device->name)));
    // A new device: its own ceiling, its own charts.
    ceiling_.reset();
    performance_->setCeiling(std::nullopt);
    performance_->localSizeChart()->clear(*device, QStringLiteral("tuning"));
    performance_->sizeChart()->clear(*device, QStringLiteral("sizes"));
    performance_->ladderChart()->clear(*device, QStringLiteral("ladder"));
    const std::size_t current = controls_->localSize() ? controls_->localSize() : 256;
    performance_->setTuningLocalSizes(SweepPlanner::localSizes(*device), current);
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
    QString error;
    auto request = controls_->request(slotOf(slot), &error);
    if (!request && reportErrors) showError(JobError::invalidSetting(error));
    // The engine makes the input on the host before it meets the device's limits: refuse inputs
    // the device cannot hold here, before they can exhaust the host's memory.
    const DeviceInfo* device = controls_->currentDevice();
    if (request && device && device->max_alloc_bytes &&
        request->n > device->max_alloc_bytes / size_of(request->type)) {
        if (reportErrors) {
            JobError e;
            e.kind = ErrorKind::OutOfResources;
            e.message =
                tr("n = %1 needs a buffer of %2 but the largest buffer %3 allows is %4")
                    .arg(SizeText::describe(request->n),
                         QString::fromStdString(format_bytes(request->n * size_of(request->type))),
                         QString::fromStdString(device->name),
                         QString::fromStdString(format_bytes(device->max_alloc_bytes)));
            showError(e);
        }
        return std::nullopt;
    }
    return request;
}

// ---- runs and traces --------------------------------------------------------------------------

void MainWindow::runSelected() {
    const DeviceInfo* device = deviceOrComplain();
    if (!device) return;
    banner_->clear();
    // A new Run replaces the one still going.
    for (auto& job : runJobs_)
        if (job) session_->cancel(*job);
    std::optional<RunRequest> requests[2];
    for (int slot = 0; slot < 2; ++slot) {
        // B runs only when it differs from A: one variant is a run, two are a comparison.
        if (slot == 1 &&
            controls_->variant(ControlPanel::Slot::B) == controls_->variant(ControlPanel::Slot::A))
            continue;
        requests[slot] = requestFor(slot, true);
        if (!requests[slot]) return;
    }
    summary_->clear();
    for (int slot = 0; slot < 2; ++slot) {
        runJobs_[slot].reset();
        if (!requests[slot]) continue;
        summary_->setRunning(slot, controls_->variant(slotOf(slot)), tr("queued"));
        runJobs_[slot] = session_->run(*device, *requests[slot]);
    }
    statusBar()->showMessage(tr("Running…"));
}

void MainWindow::traceSelected() {
    const DeviceInfo* device = deviceOrComplain();
    if (!device) return;
    for (int panel = 0; panel < 2; ++panel) {
        if (traceJobs_[panel]) session_->cancel(*traceJobs_[panel]);
        const QString variant = controls_->variant(slotOf(panel));
        TraceRequest base;
        base.op = controls_->operation();
        base.type = controls_->elementType();
        base.variant = variant.toStdString();
        const TraceRequest request = stepView_->traceRequest(base);
        QString title = QStringLiteral("%1 · %2").arg(
            panel == 0 ? QStringLiteral("A") : QStringLiteral("B"), variant);
        for (const Variant& v : catalog())
            if (qs(v.name) == variant) title += QStringLiteral(" — ") + CatalogText::summary(v);
        stepView_->setPanelTitle(panel, title);
        stepView_->setTracing(panel, variant);
        traceJobs_[panel] = session_->trace(*device, request);
    }
}

void MainWindow::finishTrace(int panel) {
    traceJobs_[panel].reset();
    if (!traceJobs_[0] && !traceJobs_[1]) {
        // Both panels ready: start at the loaded state, like the slide.
        stepView_->setRound(0, false);
        statusBar()->showMessage(tr("Traced: press Space to play, → to step"), 6000);
        emit traceCompleted();
    }
}

// ---- sweeps and tuning ------------------------------------------------------------------------

void MainWindow::startSweep(Chart chart, const RequestList& requests, const QString& suite,
                            const QString& label, bool markBest) {
    const DeviceInfo* device = deviceOrComplain();
    if (!device) return;
    if (requests.empty()) {
        showError(
            JobError::invalidSetting(tr("nothing to measure for %1 on this device").arg(label)));
        return;
    }
    if (sweepJob_) session_->cancel(*sweepJob_);
    sweepChart_ = chart;
    sweepLabel_ = label;
    // The table's source column: the kind of sweep, short ("local-size sweep", "ladder").
    sweepSource_ = label.section(QLatin1Char(','), 0, 0);
    sweepMarksBest_ = markBest;
    sweepDone_ = 0;
    sweepTotal_ = static_cast<int>(requests.size());
    sweepFailures_.clear();
    switch (chart) {
        case Chart::LocalSize:
            performance_->localSizeChart()->clear(*device, suite);
            performance_->localSizeChart()->setTitle(tr("GB/s against local size — %1").arg(label));
            break;
        case Chart::Size:
            performance_->sizeChart()->clear(*device, suite);
            performance_->sizeChart()->setTitle(tr("GB/s against input size — %1").arg(label));
            break;
        case Chart::Ladder:
            performance_->ladderChart()->clear(*device, suite);
            performance_->ladderChart()->setTitle(tr("Optimization ladder — %1").arg(label));
            break;
    }
    performance_->setCeiling(ceiling_);
    performance_->showChart(chart);
    performance_->sweepStarted(label, sweepTotal_);
    sweepJob_ = session_->sweep(*device, requests, suite);
}

void MainWindow::sweepLocalSizes() {
    const DeviceInfo* device = deviceOrComplain();
    const auto base = requestFor(0, true);
    if (!device || !base) return;
    QStringList variants{controls_->variant(ControlPanel::Slot::A)};
    if (controls_->variant(ControlPanel::Slot::B) != variants.front())
        variants << controls_->variant(ControlPanel::Slot::B);
    startSweep(Chart::LocalSize, SweepPlanner::localSizeSweep(*base, variants, *device),
               QStringLiteral("tuning"),
               tr("local-size sweep, n = %1").arg(SizeText::describe(base->n)), false);
}

void MainWindow::sweepSizes() {
    const DeviceInfo* device = deviceOrComplain();
    const auto base = requestFor(0, true);
    if (!device || !base) return;
    QStringList variants{controls_->variant(ControlPanel::Slot::A)};
    if (controls_->variant(ControlPanel::Slot::B) != variants.front())
        variants << controls_->variant(ControlPanel::Slot::B);
    const unsigned low = performance_->sizeSweepMinLog2();
    const unsigned high = std::max(low, performance_->sizeSweepMaxLog2());
    startSweep(Chart::Size, SweepPlanner::sizeSweep(*base, variants, *device, low, high),
               QStringLiteral("sizes"), tr("n sweep, 2^%1 … 2^%2").arg(low).arg(high), false);
}

void MainWindow::runLadder() {
    const DeviceInfo* device = deviceOrComplain();
    const auto base = requestFor(0, true);
    if (!device || !base) return;
    QStringList skipped;
    const RequestList requests = SweepPlanner::ladder(*base, *device, &skipped);
    if (!skipped.isEmpty())
        banner_->showMessage(MessageBanner::Level::Info,
                             tr("Not on this ladder: %1").arg(skipped.join(QStringLiteral("; "))));
    startSweep(
        Chart::Ladder, requests, QStringLiteral("ladder"),
        tr("ladder, %1 %2, n = %3")
            .arg(qs(to_string(base->op)), qs(to_string(base->type)), SizeText::describe(base->n)),
        false);
}

void MainWindow::autoTune() {
    const DeviceInfo* device = deviceOrComplain();
    const auto base = requestFor(0, true);
    if (!device || !base) return;
    RequestList requests;
    try {
        requests = SweepPlanner::autoTune(*base, *device);
    } catch (const Error& error) {
        showError(JobError::from(error));
        return;
    }
    startSweep(Chart::LocalSize, requests, QStringLiteral("tuning"),
               tr("auto-tune, %1, n = %2")
                   .arg(QString::fromStdString(base->variant), SizeText::describe(base->n)),
               true);
}

void MainWindow::measureTuning(std::size_t localSize) {
    const DeviceInfo* device = controls_->currentDevice();
    if (!device || localSize == 0) return;
    auto request = requestFor(0, true);
    if (!request) return;
    // Only the latest position matters: drop a measurement that has not finished.
    if (tuningJob_) session_->cancel(*tuningJob_);
    request->local_size = localSize;
    performance_->setTuningStatus(tr("measuring local %1…").arg(localSize));
    tuningJob_ = session_->run(*device, *request);
}

void MainWindow::measureCeiling() {
    const DeviceInfo* device = controls_->currentDevice();
    if (!device) return;
    if (ceilingJob_) session_->cancel(*ceilingJob_);
    ceilingJob_ = session_->measureCeiling(*device, ceilingBytes(*device), 10);
}

void MainWindow::cancelSweep() {
    if (sweepJob_) session_->cancel(*sweepJob_);
}

void MainWindow::cancelAll() {
    session_->cancelAll();
    stepView_->pause();
}

// ---- job outcomes -----------------------------------------------------------------------------

void MainWindow::onJobFailed(JobId job, const JobError& error) {
    if (job == devicesJob_) {
        devicesKnown_ = true;
        statusBar()->showMessage(error.title());
        JobError shown = error;
        if (error.kind == ErrorKind::NoPlatform)
            // The engine's message says how to install a driver; add what still works.
            shown.message +=
                tr(". Meanwhile you can open results files (Ctrl+O) measured elsewhere.");
        showError(shown);
        for (int panel = 0; panel < 2; ++panel)
            stepView_->setTraceError(panel, tr("No OpenCL device to trace on."));
        emit devicesReady();
        return;
    }
    if (tuningJob_ == job) {
        tuningJob_.reset();
        performance_->setTuningStatus(tr("✖ %1").arg(error.details()));
        showError(error);
        return;
    }
    if (ceilingJob_ == job) {
        ceilingJob_.reset();
        banner_->showMessage(
            MessageBanner::Level::Warning,
            tr("The bandwidth ceiling could not be measured: %1").arg(error.details()));
        return;
    }
    if (openJob_ == job) {
        openJob_.reset();
        showError(error);
        emit resultsFileOpened(false);
        return;
    }
    for (int panel = 0; panel < 2; ++panel)
        if (traceJobs_[panel] == job) {
            // "cannot be stepped" is an answer, not an accident: it stays in the panel.
            stepView_->setTraceError(panel, QStringLiteral("✖ ") + error.details());
            if (error.kind != ErrorKind::InvalidArgument && error.kind != ErrorKind::Unsupported)
                showError(error);
            finishTrace(panel);
            return;
        }
    if (sweepJob_ == job) {
        sweepJob_.reset();
        performance_->sweepEnded(tr("%1 failed: %2").arg(sweepLabel_, error.details()));
        showError(error);
        emit sweepCompleted(false);
        return;
    }
    bool wasRun = false;
    for (int slot = 0; slot < 2; ++slot)
        if (runJobs_[slot] == job) {
            runJobs_[slot].reset();
            wasRun = true;
            summary_->setFailed(slot, controls_->variant(slotOf(slot)), error.details());
        }
    showError(error);
    if (wasRun && !runJobs_[0] && !runJobs_[1]) emit runCompleted();
}

void MainWindow::onJobCancelled(JobId job) {
    if (tuningJob_ == job) tuningJob_.reset();
    if (ceilingJob_ == job) ceilingJob_.reset();
    if (openJob_ == job) openJob_.reset();
    for (int panel = 0; panel < 2; ++panel)
        if (traceJobs_[panel] == job) {
            stepView_->setTraceError(panel, tr("Tracing cancelled."));
            finishTrace(panel);
        }
    if (sweepJob_ == job) {
        sweepJob_.reset();
        // Points measured before the cancel stay on the chart.
        const QString message = tr("%1 cancelled after %2 of %3 points")
                                    .arg(sweepLabel_)
                                    .arg(sweepDone_)
                                    .arg(sweepTotal_);
        performance_->sweepEnded(message);
        statusBar()->showMessage(message, 8000);
        emit sweepCompleted(true);
    }
    bool wasRun = false;
    for (int slot = 0; slot < 2; ++slot)
        if (runJobs_[slot] == job) {
            runJobs_[slot].reset();
            wasRun = true;
            summary_->setFailed(slot, controls_->variant(slotOf(slot)), tr("cancelled"));
        }
    if (wasRun && !runJobs_[0] && !runJobs_[1]) {
        statusBar()->showMessage(tr("Cancelled"), 5000);
        emit runCompleted();
    }
}

// ---- results files ----------------------------------------------------------------------------

void MainWindow::openResultsFile(const QString& path) {
    statusBar()->showMessage(tr("Opening %1…").arg(path));
    openJob_ = session_->openResults(path);
}

void MainWindow::onResultsOpened(const ResultsFile& file, const QString& path) {
    // Which chart fits: the suite's name when it says, else whichever parameter varies.
    const QString suite = QString::fromStdString(file.suite);
    std::set<std::uint64_t> sizes;
    std::set<std::size_t> locals;
    for (const RunResult& p : file.points) {
        sizes.insert(p.n);
        locals.insert(p.launched.local_size);
    }
    Chart chart = Chart::Ladder;
    if (suite.contains(QLatin1String("ladder")))
        chart = Chart::Ladder;
    else if (suite.contains(QLatin1String("size")))
        chart = Chart::Size;
    else if (suite.contains(QLatin1String("tun")) || suite.contains(QLatin1String("local")))
        chart = Chart::LocalSize;
    else if (sizes.size() > 1)
        chart = Chart::Size;
    else if (locals.size() > 1)
        chart = Chart::LocalSize;

    const QString device = QString::fromStdString(file.device.name);
    const QString title =
        tr("%1 — %2 (%3)")
            .arg(QFileInfo(path).fileName(), device, QString::fromStdString(file.created_utc));
    switch (chart) {
        case Chart::LocalSize:
            performance_->localSizeChart()->setResults(file);
            performance_->localSizeChart()->setTitle(title);
            break;
        case Chart::Size:
            performance_->sizeChart()->setResults(file);
            performance_->sizeChart()->setTitle(title);
            break;
        case Chart::Ladder:
            performance_->ladderChart()->setResults(file);
            performance_->ladderChart()->setTitle(title);
            break;
    }
    performance_->showChart(chart);
    for (const RunResult& p : file.points)
        results_->add(p, tr("file %1").arg(QFileInfo(path).fileName()));
    QString opened = tr("Opened %1: %2 point(s) of suite '%3', measured on %4 by %5")
                         .arg(QFileInfo(path).fileName())
                         .arg(file.points.size())
                         .arg(suite, device, QString::fromStdString(file.tool));
    // A bench interrupted by Ctrl-C wrote what it had measured, marked incomplete.
    if (!file.complete)
        opened += QLatin1Char(' ') +
                  tr("The run was interrupted: these are the points measured before it stopped.");
    banner_->showMessage(file.complete ? MessageBanner::Level::Info : MessageBanner::Level::Warning,
                         opened);
    statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
    emit resultsFileOpened(true);
}

// ---- export -----------------------------------------------------------------------------------

void MainWindow::reportExport(const QString& what, const QString& path, const QString& error) {
    if (error.isEmpty()) {
        statusBar()->showMessage(tr("%1 written to %2").arg(what, path), 6000);
        return;
    }
    JobError e;
    e.kind = ErrorKind::Io;
    e.message = error;
    showError(e);
}

QString MainWindow::exportChart(Chart chart, const QString& path, int width, int height, int dpi) {
    const auto format = ChartExporter::formatForPath(path);
    const QString error =
        format ? ChartExporter::save(performance_->plot(chart), path, *format, width, height, dpi)
               : tr("%1: choose a .png, .svg or .pdf file").arg(path);
    reportExport(tr("Chart"), path, error);
    return error;
}

QString MainWindow::exportChartData(Chart chart, const QString& path) {
    const auto format = ChartExporter::dataFormatForPath(path);
    const QString error = format
                              ? ChartExporter::saveData(performance_->results(chart), path, *format)
                              : tr("%1: choose a .csv or .json file").arg(path);
    reportExport(tr("Chart data"), path, error);
    return error;
}

QString MainWindow::exportTable(const QString& path) {
    const auto format = ChartExporter::dataFormatForPath(path);
    const DeviceInfo* device = controls_->currentDevice();
    const ResultsFile file = results_->toResultsFile(device ? *device : DeviceInfo{});
    const QString error = format ? ChartExporter::saveData(file, path, *format)
                                 : tr("%1: choose a .csv or .json file").arg(path);
    reportExport(tr("Results"), path, error);
    return error;
}

QString MainWindow::exportStepRound(const QString& path) {
    const QString error = stepView_->roundCount() == 0
                              ? tr("there is no trace to export: press Trace first")
                              : stepView_->exportRoundPng(path);
    reportExport(tr("Step round"), path, error);
    return error;
}

QString MainWindow::exportStepAnimation(const QString& directory, int framesPerRound) {
    QString error;
    if (stepView_->roundCount() == 0)
        error = tr("there is no trace to export: press Trace first");
    else if (stepView_->exportAnimation(directory, framesPerRound).isEmpty())
        error = tr("could not write the PNG sequence to %1").arg(directory);
    reportExport(tr("Step animation"), directory, error);
    return error;
}

// ---- look and layout --------------------------------------------------------------------------

void MainWindow::setPresentationMode(bool on) {
    if (on == presentation_) return;
    presentation_ = on;
    if (QAction* action = findChild<QAction*>(QStringLiteral("actionPresentation")))
        action->setChecked(on);
    if (on) {
        normalFont_ = QApplication::font();
        normalPalette_ = QApplication::palette();
        wasMaximized_ = isMaximized();
        // Large type and black on white: what survives a washed-out projector at the back of a
        // room.
        QFont big = normalFont_;
        big.setPointSizeF((normalFont_.pointSizeF() > 0 ? normalFont_.pointSizeF() : 10.0) * 1.45);
        QApplication::setFont(big);
        QPalette contrast;
        contrast.setColor(QPalette::Window, Qt::white);
        contrast.setColor(QPalette::WindowText, Qt::black);
        contrast.setColor(QPalette::Base, Qt::white);
        contrast.setColor(QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        contrast.setColor(QPalette::Text, Qt::black);
        contrast.setColor(QPalette::Button, QColor(0xe8, 0xe8, 0xe8));
        contrast.setColor(QPalette::ButtonText, Qt::black);
        contrast.setColor(QPalette::Highlight, QColor(0x00, 0x5a, 0x9c));
        contrast.setColor(QPalette::HighlightedText, Qt::white);
        contrast.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdd));
        contrast.setColor(QPalette::ToolTipText, Qt::black);
        QApplication::setPalette(contrast);
        stepView_->setTheme(Theme::projector());
        performance_->setTheme(Theme::projector());
        // The room looks at the step view and the charts; the controls come back with F11.
        docksBeforePresentation_ = {controlsDock_->isVisible(), explanationDock_->isVisible()};
        controlsDock_->hide();
        explanationDock_->hide();
        showFullScreen();
    } else {
        QApplication::setFont(normalFont_);
        QApplication::setPalette(normalPalette_);
        stepView_->setTheme(Theme::standard());
        performance_->setTheme(Theme::standard());
        controlsDock_->setVisible(docksBeforePresentation_.first);
        explanationDock_->setVisible(docksBeforePresentation_.second);
        if (wasMaximized_)
            showMaximized();
        else
            showNormal();
    }
    statusBar()->showMessage(on ? tr("Presentation mode: F11 to leave") : QString(), 5000);
}

void MainWindow::showArea(int area) {
    stepView_->setVisible(area == 0 || area == 1);
    performance_->setVisible(area == 0 || area == 2);
    resultsArea_->setVisible(area == 0 || area == 3);
    bottomSplitter_->setVisible(area != 1);
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

void MainWindow::closeEvent(QCloseEvent* event) {
    if (presentation_) setPresentationMode(false);
    saveSettings();
    // Ask running jobs to stop now; the destructor joins the worker.
    session_->cancelAll();
    stepView_->pause();
    event->accept();
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/mainSplitter"), mainSplitter_->saveState());
    settings.setValue(QStringLiteral("window/bottomSplitter"), bottomSplitter_->saveState());
    settings.setValue(QStringLiteral("charts/tab"), static_cast<int>(performance_->currentChart()));
    settings.setValue(QStringLiteral("charts/sizeMin"), performance_->sizeSweepMinLog2());
    settings.setValue(QStringLiteral("charts/sizeMax"), performance_->sizeSweepMaxLog2());
    controls_->saveSettings(settings);
    stepView_->saveSettings(settings);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    mainSplitter_->restoreState(
        settings.value(QStringLiteral("window/mainSplitter")).toByteArray());
    bottomSplitter_->restoreState(
        settings.value(QStringLiteral("window/bottomSplitter")).toByteArray());
    performance_->showChart(static_cast<Chart>(
        std::clamp(settings.value(QStringLiteral("charts/tab"), 0).toInt(), 0, 2)));
    performance_->setSizeSweepRange(settings.value(QStringLiteral("charts/sizeMin"), 10).toUInt(),
                                    settings.value(QStringLiteral("charts/sizeMax"), 24).toUInt());
    controls_->restoreSettings(settings);
    stepView_->restoreSettings(settings);
}

}  // namespace reducelab::ui
