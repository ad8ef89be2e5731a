// Wiring of the main window: layout, menus, shortcuts, jobs and their results.
#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>

#include "control_panel.h"
#include "engine_session.h"
#include "error_dialog.h"
#include "message_banner.h"
#include "run_summary.h"

namespace reducelab::ui {

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent), options_(options) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("ReduceLab"));
    session_ = new EngineSession(this);

    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    banner_ = new MessageBanner;
    centralLayout->addWidget(banner_);
    centralLayout->addStretch(1);
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
    auto* dock = new QDockWidget(tr("Controls"));
    dock->setObjectName(QStringLiteral("controlsDock"));
    dock->setWidget(scroll);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    connect(controls_, &ControlPanel::runRequested, this, &MainWindow::runSelected);
    connect(controls_, &ControlPanel::cancelRequested, this, &MainWindow::cancelAll);
    connect(banner_, &MessageBanner::detailsRequested, this, &MainWindow::showErrorDetails);

    buildMenus();
    connectSession();
    restoreSettings();
    statusBar()->showMessage(tr("Looking for OpenCL devices…"));
    devicesJob_ = session_->listDevices();
}

MainWindow::~MainWindow() {
    // Stop the worker while every widget its results would touch still exists.
    session_->shutdown();
}

void MainWindow::buildMenus() {
    QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
    QAction* run = runMenu->addAction(tr("&Run A and B"), this, &MainWindow::runSelected);
    run->setObjectName(QStringLiteral("actionRun"));
    run->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)});
    QAction* cancel = runMenu->addAction(tr("&Cancel everything"), this, &MainWindow::cancelAll);
    cancel->setObjectName(QStringLiteral("actionCancel"));
    cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    runMenu->addSeparator();
    QAction* quit = runMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::connectSession() {
    connect(session_, &EngineSession::devicesListed, this,
            [this](JobId, const DeviceList& devices) { onDevicesListed(devices); });
    connect(session_, &EngineSession::busyChanged, controls_, &ControlPanel::setBusy);
    connect(session_, &EngineSession::progress, this, [this](JobId job, const QString& stage) {
        for (int slot = 0; slot < 2; ++slot)
            if (runJobs_[slot] == job)
                summary_->setRunning(slot, controls_->variant(slot == 0 ? ControlPanel::Slot::A
                                                                        : ControlPanel::Slot::B),
                                     stage);
        statusBar()->showMessage(stage);
    });
    connect(session_, &EngineSession::runFinished, this, [this](JobId job, const RunResult& result) {
        for (int slot = 0; slot < 2; ++slot)
            if (runJobs_[slot] == job) {
                runJobs_[slot].reset();
                summary_->setResult(slot, result);
            }
        if (!runJobs_[0] && !runJobs_[1]) {
            statusBar()->showMessage(tr("Run finished"), 5000);
            emit runCompleted();
        }
    });
    connect(session_, &EngineSession::failed, this, [this](JobId job, const JobError& error) {
        if (job == devicesJob_) {
            devicesKnown_ = true;
            statusBar()->showMessage(error.title());
            showError(error);
            emit devicesReady();
            return;
        }
        bool wasRun = false;
        for (int slot = 0; slot < 2; ++slot)
            if (runJobs_[slot] == job) {
                runJobs_[slot].reset();
                wasRun = true;
                summary_->setFailed(slot, controls_->variant(slot == 0 ? ControlPanel::Slot::A
                                                                       : ControlPanel::Slot::B),
                                    error.details());
            }
        showError(error);
        if (wasRun && !runJobs_[0] && !runJobs_[1]) emit runCompleted();
    });
    connect(session_, &EngineSession::cancelled, this, [this](JobId job) {
        bool wasRun = false;
        for (int slot = 0; slot < 2; ++slot)
            if (runJobs_[slot] == job) {
                runJobs_[slot].reset();
                wasRun = true;
                summary_->setFailed(slot, controls_->variant(slot == 0 ? ControlPanel::Slot::A
                                                                       : ControlPanel::Slot::B),
                                    tr("cancelled"));
            }
        statusBar()->showMessage(tr("Cancelled"), 5000);
        if (wasRun && !runJobs_[0] && !runJobs_[1]) emit runCompleted();
    });
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
    const QString saved = settings.value(QStringLiteral("controls/device")).toString();
    if (options_.deviceSpec.isEmpty())
        for (const DeviceInfo& d : devices_)
            if (QString::fromStdString(d.name) == saved) preferred = d.index;
    controls_->setDevices(devices_, preferred);
    statusBar()->showMessage(tr("%n OpenCL device(s) found", nullptr, static_cast<int>(devices_.size())), 5000);
    emit devicesReady();
}

void MainWindow::runSelected() {
    const DeviceInfo* device = controls_->currentDevice();
    if (!device) {
        JobError error;
        error.kind = ErrorKind::NoPlatform;
        error.message = tr("there is no OpenCL device to run on");
        showError(error);
        return;
    }
    banner_->clear();
    // A new Run replaces the one still going.
    for (auto& job : runJobs_)
        if (job) session_->cancel(*job);
    summary_->clear();
    const ControlPanel::Slot which[] = {ControlPanel::Slot::A, ControlPanel::Slot::B};
    for (int slot = 0; slot < 2; ++slot) {
        runJobs_[slot].reset();
        // B runs only when it differs from A: one variant is a run, two are a comparison.
        if (slot == 1 && controls_->variant(which[1]) == controls_->variant(which[0])) continue;
        QString error;
        const auto request = controls_->request(which[slot], &error);
        if (!request) {
            showError(JobError::invalidSetting(error));
            return;
        }
        summary_->setRunning(slot, controls_->variant(which[slot]), tr("queued"));
        runJobs_[slot] = session_->run(*device, *request);
    }
    statusBar()->showMessage(tr("Running…"));
}

void MainWindow::cancelAll() { session_->cancelAll(); }

void MainWindow::showError(const JobError& error) {
    banner_->showError(error);
    // Build logs are long: they open in their own window at once, as a teacher wants to see why.
    if (error.hasBuildLog()) showErrorDetails(error);
}

void MainWindow::showErrorDetails(const JobError& error) {
    if (!errorDialog_) errorDialog_ = new ErrorDialog(this);
    errorDialog_->setError(error);
    errorDialog_->show();
    errorDialog_->raise();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    // Ask running jobs to stop now; the destructor joins the worker.
    session_->cancelAll();
    event->accept();
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    controls_->saveSettings(settings);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    controls_->restoreSettings(settings);
}

}  // namespace reducelab::ui
