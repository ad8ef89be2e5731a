// ReduceLab's main window: the control panel, the step view, the performance charts and the
// results table, wired to one EngineSession so every engine call runs off the GUI thread.
#pragma once

#include <QMainWindow>
#include <QString>
#include <optional>

#include "engine_metatypes.h"
#include "job_error.h"

namespace reducelab::ui {

class ControlPanel;
class EngineSession;
class ErrorDialog;
class MessageBanner;
class RunSummary;

struct MainWindowOptions {
    QString deviceSpec;  // as in select_device: "", an index, "gpu", "cpu" or part of a name
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const MainWindowOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    ControlPanel* controlPanel() const { return controls_; }
    RunSummary* runSummary() const { return summary_; }
    MessageBanner* banner() const { return banner_; }
    EngineSession* session() const { return session_; }
    const DeviceList& devices() const { return devices_; }
    bool devicesKnown() const { return devicesKnown_; }

public slots:
    void runSelected();
    void cancelAll();

signals:
    // Emitted once the device list is known (or is known to be empty).
    void devicesReady();
    // Emitted when the last of a Run's variants has finished (or failed).
    void runCompleted();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void connectSession();
    void onDevicesListed(const DeviceList& devices);
    void showError(const JobError& error);
    void showErrorDetails(const JobError& error);
    void saveSettings() const;
    void restoreSettings();

    MainWindowOptions options_;
    EngineSession* session_ = nullptr;
    ControlPanel* controls_ = nullptr;
    RunSummary* summary_ = nullptr;
    MessageBanner* banner_ = nullptr;
    ErrorDialog* errorDialog_ = nullptr;
    DeviceList devices_;
    bool devicesKnown_ = false;
    JobId devicesJob_ = 0;
    std::optional<JobId> runJobs_[2];
};

}  // namespace reducelab::ui
