// The tool windows' shared skeleton: jobs, devices, Run and Cancel, status, language.
#include "tools/tool_window.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <utility>

#include "common/close_shortcuts.h"
#include "common/engine_jobs.h"
#include "common/screen_fit.h"

namespace reducelab::ui {

ToolWindow::ToolWindow(const QString& name, QSize size, QWidget* parent) : QWidget(parent) {
    installCloseShortcuts(this);
    setObjectName(name);
    resizeToScreen(this, size);
    jobs_ = new EngineJobs(this);
    connect(jobs_, &EngineJobs::busyChanged, this, [this](bool busy) { setRunning(busy); });
}

void ToolWindow::setBodyAndListDevices(QWidget* body) {
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(body);
    listDevices();
    setRunning(false);
}

void ToolWindow::listDevices() {
    jobs_->listDevices()
        .onResult(this,
                  [this](const DeviceList& devices) {
                      devices_ = devices;
                      devicesKnown_ = true;
                      devicesListed();
                  })
        .onFailed(this, [this](const JobError& error) {
            showStatus(tr("No OpenCL device: %1").arg(error.message));
            devices_.clear();
            devicesKnown_ = true;
            devicesListed();
        });
}

QHBoxLayout* ToolWindow::makeRunButtons(const QString& prefix, std::function<void()> start,
                                        std::function<void()> cancel) {
    run_ = new QPushButton;
    run_->setObjectName(prefix + QStringLiteral("Run"));
    cancel_ = new QPushButton;
    cancel_->setObjectName(prefix + QStringLiteral("Cancel"));
    texts_.add([this] { cancel_->setText(tr("Cancel")); });
    connect(run_, &QPushButton::clicked, this, std::move(start));
    connect(cancel_, &QPushButton::clicked, this, std::move(cancel));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_);
    buttons->addWidget(cancel_);
    return buttons;
}

QLabel* ToolWindow::makeStatus(const QString& name, Wrap wrap) {
    status_ = new QLabel;
    status_->setObjectName(name);
    status_->setWordWrap(wrap == Wrap::Words);
    return status_;
}

void ToolWindow::showStatus(const QString& text) {
    status_->setText(text);
}

QString ToolWindow::statusText() const {
    return status_->text();
}

void ToolWindow::setRunning(bool running) {
    if (run_) run_->setEnabled(!running && canStart());
    if (cancel_) cancel_->setEnabled(running);
}

void ToolWindow::jobFailed(const JobError& error,
                           const std::function<void(const QString&)>& failed) {
    showStatus(tr("Failed: %1").arg(error.message));
    if (failed) failed(error.message);
}

void ToolWindow::jobCancelled(const std::function<void()>& cancelled) {
    showStatus(tr("Cancelled."));
    if (cancelled) cancelled();
}

void ToolWindow::changeEvent(QEvent* event) {
    // Only the words change: what the window measured stays.
    if (event->type() == QEvent::LanguageChange && status_) {
        texts_.apply();
        retranslate();
    }
    QWidget::changeEvent(event);
}

}  // namespace reducelab::ui
