// The Determinism & accuracy window: choose an input (the adversarial fills too), a type, a size,
// runs, local sizes, work-group counts, a finish and one or two devices; the study runs every
// chosen catalog variant off the GUI thread (EngineJobs::determinismStudy) and fills the
// histogram of distinct results and the error-versus-GB/s frontier as each variant finishes.
// Both charts export like the main window's (PNG, SVG, PDF; data as CSV or JSON). The chapter
// "Why the bits change" sits beside the charts; each step opens the view with its settings.
#pragma once

#include <QString>
#include <optional>

#include "common/engine_job.h"
#include "common/engine_metatypes.h"
#include "reducelab/determinism_study.h"
#include "tools/tool_window.h"

class QComboBox;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QCustomPlot;

namespace reducelab::ui {

class DeterminismFrontier;
class DeterminismHistogram;
class DeterminismLessonPanel;

class DeterminismWindow : public ToolWindow {
    Q_OBJECT
  public:
    enum class Chart { Histogram, Frontier };

    explicit DeterminismWindow(QWidget* parent = nullptr);

    // Device 1 starts on `device` once the devices are known.
    void preferDevice(const DeviceInfo& device);

    // The settings the form describes, or nullopt with `error` set (also for a device chosen
    // twice, which the engine's study refuses: check_study_settings).
    std::optional<DeterminismStudySettings> settings(QString* error = nullptr) const;
    // Puts `settings` into the form (devices: the form's own; `twoDevices` picks a second device
    // when there is another one, else leaves device 2 at none).
    void applySettings(const DeterminismStudySettings& settings, bool twoDevices);
    // Why the chosen devices cannot be studied (device 2 is device 1), translated; empty when
    // they can. Start is disabled and the status says it while this is not empty.
    QString devicesProblem() const;
    bool canStart() const override;

    // Runs the study the form describes; false (and the reason shown) when it cannot start.
    bool start();
    void cancel();
    bool isRunning() const { return study_.isPending(); }

    // Shows a study measured earlier (a restored session's) in both charts, `shown` in the
    // histogram; nothing is measured again. `settings`: what it ran with, when the session kept
    // them.
    void showStudy(const std::vector<DeterminismStudyVariant>& variants, ElementType type,
                   const QString& input, const QString& device, const QString& shown,
                   const std::optional<DeterminismStudySettings>& settings = std::nullopt);

    // The study shown, as the engine records it: the settings it ran with (or, for a session
    // that did not keep them, study_settings_from_reports) and every variant measured so far.
    DeterminismStudyResult study() const;
    // The settings the shown study ran with; empty when unknown (nothing run, an older session).
    const std::optional<DeterminismStudySettings>& studySettings() const { return settings_; }
    // What both charts' "Export data > JSON" write: the engine's determinism_document of
    // study(), the document `reducelab-cli determinism --variants ... --json` prints.
    QByteArray studyJson() const;

    // Opens lesson step `index`: its settings, its chart, and runs it.
    void openLessonStep(int index);
    DeterminismLessonPanel* lesson() const { return lesson_; }
    void setLessonVisible(bool visible);

    DeterminismHistogram* histogram() const { return histogram_; }
    DeterminismFrontier* frontier() const { return frontier_; }
    QCustomPlot* plot(Chart chart) const;
    Chart currentChart() const;
    void showChart(Chart chart);

    // Write a chart or its data; return an error message, empty on success.
    QString exportChart(Chart chart, const QString& path, int width, int height, int dpi = 96);
    QString exportData(Chart chart, const QString& path);

  signals:
    void devicesReady();
    void variantDone(const QString& variant);
    void studyFinished();
    void studyCancelled();
    void studyFailed(const QString& message);

  protected:
    void devicesListed() override;

  private:
    QWidget* buildForm();
    void refillVariants();
    void onDevicesChosen();
    std::vector<DeviceInfo> chosenDevices() const;  // device 1, then device 2 unless none
    void askExportChart();
    void askExportData(const QString& suffix);
    QString chartName(Chart chart) const;

    Job<DeterminismStudyResult, DeterminismStudyVariant> study_;
    std::optional<std::size_t> preferredDevice_;
    bool startWhenDevicesKnown_ = false;  // a lesson step opened before the devices were listed
    QString devicesProblemShown_;         // the status onDevicesChosen set, cleared once fixed
    std::optional<DeterminismStudySettings> settings_;  // the shown study's, when known
    bool complete_ = true;  // false: the shown study was cancelled or failed part way

    QComboBox* fill_ = nullptr;
    QComboBox* type_ = nullptr;
    QLineEdit* size_ = nullptr;
    QSpinBox* runs_ = nullptr;
    QLineEdit* localSizes_ = nullptr;
    QLineEdit* workGroups_ = nullptr;
    QComboBox* finish_ = nullptr;
    QComboBox* device1_ = nullptr;
    QComboBox* device2_ = nullptr;
    QListWidget* variants_ = nullptr;
    QPushButton* exportChart_ = nullptr;
    QPushButton* exportData_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    DeterminismHistogram* histogram_ = nullptr;
    DeterminismFrontier* frontier_ = nullptr;
    DeterminismLessonPanel* lesson_ = nullptr;
    QWidget* lessonBox_ = nullptr;
};

}  // namespace reducelab::ui
