// The skeleton the tool windows share (Determinism & accuracy, Split across devices, Try your own
// kernel, Exercises): their own EngineJobs, Escape and Ctrl+W, a size that fits the screen, a
// status line and the words set again after a language change; for the windows that list the
// devices themselves and run on Run (Determinism, Split), the device list asked for once, Run and
// Cancel enabled by the busy state and the common end of a failed or cancelled job. A window
// builds its form and its results; this holds what every one of them repeats.
#pragma once

#include <QString>
#include <QWidget>
#include <functional>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "common/translated_texts.h"

class QHBoxLayout;
class QLabel;
class QPushButton;

namespace reducelab::ui {

class EngineJobs;

class ToolWindow : public QWidget {
    Q_OBJECT
  public:
    bool devicesKnown() const { return devicesKnown_; }
    const DeviceList& devices() const { return devices_; }
    QString statusText() const;

  protected:
    // `name` is the window's object name; `size` what it asks of the screen (resizeToScreen).
    ToolWindow(const QString& name, QSize size, QWidget* parent);

    EngineJobs* jobs() const { return jobs_; }

    // The end of the constructor of a window that lists the devices itself (Determinism, Split):
    // `body` (its form beside its results) fills the window, the devices are asked for and Run
    // stays off until they come. devicesListed() runs with them, or with none after the failure
    // is shown.
    void setBodyAndListDevices(QWidget* body);
    virtual void devicesListed() {}

    // Run and Cancel, named `<prefix>Run` and `<prefix>Cancel`, clicking `start` and `cancel`;
    // the window sets Run's words (runButton()). Without them the window enables its own.
    QHBoxLayout* makeRunButtons(const QString& prefix, std::function<void()> start,
                                std::function<void()> cancel);
    QPushButton* runButton() const { return run_; }
    // The status line, named `name` (every tool window makes one, before any text follows the
    // language): wrapped in a form, on one line in a tool bar.
    enum class Wrap { Words, None };
    QLabel* makeStatus(const QString& name, Wrap wrap = Wrap::Words);
    QLabel* statusLabel() const { return status_; }
    void showStatus(const QString& text);

    // Whether the form can run now (Run is enabled while it can and nothing runs).
    virtual bool canStart() const { return devicesKnown_ && !devices_.empty(); }
    // Follows the window's busy state (EngineJobs::busyChanged): Run and Cancel, when made.
    virtual void setRunning(bool running);

    // A failed job shows "Failed: …" and a cancelled one "Cancelled."; then `failed` or
    // `cancelled` runs (the window's signal).
    template <typename Result, typename Point>
    void reportEnd(Job<Result, Point>& job, std::function<void(const QString&)> failed,
                   std::function<void()> cancelled) {
        job.onFailed(this, [this, failed](const JobError& error) { jobFailed(error, failed); })
            .onCancelled(this, [this, cancelled] { jobCancelled(cancelled); });
    }

    // Words set again after a language change (once the status line is made): texts_ first,
    // then retranslate().
    virtual void retranslate() {}
    void changeEvent(QEvent* event) override;

    TranslatedTexts texts_;

  private:
    // Asks the engine for the devices (setBodyAndListDevices, once the form is built).
    void listDevices();
    void jobFailed(const JobError& error, const std::function<void(const QString&)>& failed);
    void jobCancelled(const std::function<void()>& cancelled);

    EngineJobs* jobs_ = nullptr;
    DeviceList devices_;
    bool devicesKnown_ = false;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace reducelab::ui
