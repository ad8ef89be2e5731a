// The control panel: which device, what to reduce and how to launch it. Turns the controls into
// engine requests and remembers them between launches.
#pragma once

#include <QVariant>
#include <QWidget>
#include <optional>

#include "common/engine_metatypes.h"
#include "common/job_error.h"
#include "common/translated_texts.h"

class QComboBox;
class QLayout;
class QSpinBox;
class QLabel;
class QPushButton;
class QSettings;

namespace reducelab::ui {

class ControlPanel : public QWidget {
    Q_OBJECT
  public:
    enum class Slot { A, B };
    // The slot of a run's index (0: A, 1: B), as results and traces number them.
    static constexpr Slot slotAt(int index) { return index == 0 ? Slot::A : Slot::B; }

    explicit ControlPanel(QWidget* parent = nullptr);
    // The Run and Cancel row, at the panel's foot until a window places it elsewhere (the main
    // window keeps it below its scrolling controls, always in sight).
    QWidget* runActions() const { return actions_; }

    void setDevices(const DeviceList& devices, std::size_t preferred);
    // Nullptr while no device is known (no OpenCL platform).
    const DeviceInfo* currentDevice() const;

    QString variant(Slot slot) const;
    void setVariant(Slot slot, const QString& name);
    Operation operation() const;
    ElementType elementType() const;
    Finish finish() const;
    std::optional<std::uint64_t> n() const;
    void setN(std::uint64_t n);
    std::size_t localSize() const;  // 0: the engine's default
    void setLocalSize(std::size_t size);
    std::uint64_t itemsPerWorkItem() const;  // 0: automatic
    void setItemsPerWorkItem(std::uint64_t items);
    int repeat() const;

    // The request for variant A or B, or nullopt with `error` saying which setting is wrong.
    std::optional<RunRequest> request(Slot slot, QString* error = nullptr) const;
    // request(), refused also when its input cannot fit the current device's largest buffer: the
    // engine makes the input on the host before it meets the device's limits, so such an input
    // could exhaust the host's memory first.
    std::optional<RunRequest> checkedRequest(Slot slot, JobError* error) const;

    void setBusy(bool busy);
    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);
    // The device saveSettings kept: its name and, to tell two of one name apart, its index
    // (invalid when none was saved).
    struct SavedDevice {
        QString name;
        QVariant index;
    };
    static SavedDevice savedDevice(QSettings& settings);

  signals:
    void runRequested();
    void cancelRequested();
    void deviceChanged();
    void variantsChanged();
    void settingsChanged();

  protected:
    void changeEvent(QEvent* event) override;

  private:
    // The form, one group box at a time (the constructor stacks them).
    QWidget* buildDeviceBox();
    QWidget* buildProblemBox();
    QLayout* buildInputRow();
    QWidget* buildLaunchBox();
    QWidget* buildRunActions();
    void connectControls();
    // Every text again in the installed language; the choices and the devices stay.
    void retranslateUi();
    void fillVariants();
    void fillLocalSizes();
    void updateDeviceTooltip();
    void updateEnabledFields();
    void validateN();

    DeviceList devices_;
    QComboBox* device_ = nullptr;
    QComboBox* operation_ = nullptr;
    QComboBox* type_ = nullptr;
    QComboBox* variantA_ = nullptr;
    QComboBox* variantB_ = nullptr;
    QComboBox* n_ = nullptr;
    QLabel* nError_ = nullptr;
    QComboBox* localSize_ = nullptr;
    QSpinBox* itemsPerWorkItem_ = nullptr;
    QComboBox* finish_ = nullptr;
    QComboBox* accumulator_ = nullptr;
    QComboBox* fill_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QSpinBox* repeat_ = nullptr;
    QSpinBox* warmup_ = nullptr;
    QWidget* actions_ = nullptr;  // Run and Cancel
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    TranslatedTexts texts_;
};

}  // namespace reducelab::ui
