// The control panel's widgets, their validation and their persistence.
#include "shell/control_panel.h"
#include "common/engine_text.h"
#include "shell/sweep_planner.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include "common/catalog_text.h"
#include "common/device_text.h"
#include "common/enum_combo.h"
#include "common/flow_layout.h"
#include "common/size_text.h"
#include "reducelab/catalog.h"

namespace reducelab::ui {

namespace {

// Presets a lesson reaches for: one work-group, seed 001's n = 1000, seed 000's 102400, a few
// sizes just off a power of two, and sizes big enough to be bandwidth-bound.
constexpr std::uint64_t kNPresets[] = {16,       256,      1000,           4096,
                                       102400,   65536,    (1u << 20) + 7, 1u << 20,
                                       1u << 22, 1u << 24, 1u << 26,       1u << 28};

}  // namespace

ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("controlPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildDeviceBox());
    layout->addWidget(buildProblemBox());
    layout->addWidget(buildLaunchBox());
    layout->addWidget(buildRunActions());
    layout->addStretch(1);
    // Narrow enough for a 1280×720 screen beside the step view, in every language: combos show
    // their text elided rather than asking for their longest item's width.
    for (QComboBox* box : findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        if (box->minimumContentsLength() == 0) box->setMinimumContentsLength(12);
    }
    connectControls();

    fillVariants();
    fillLocalSizes();
    setVariant(Slot::A, QStringLiteral("interleaved"));
    setVariant(Slot::B, QStringLiteral("contiguous"));
    n_->setCurrentIndex(n_->findData(QVariant::fromValue<qulonglong>(1u << 22)));
    updateEnabledFields();
}

QWidget* ControlPanel::buildDeviceBox() {
    auto* box = new QGroupBox;
    texts_.add([box] { box->setTitle(tr("Device")); });
    auto* layout = new QVBoxLayout(box);
    device_ = new QComboBox;
    device_->setObjectName(QStringLiteral("deviceCombo"));
    device_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    device_->setMinimumContentsLength(14);
    texts_.add([this] { device_->setPlaceholderText(tr("no OpenCL device")); });
    layout->addWidget(device_);
    return box;
}

// What to reduce: operation, type, the two variants, n and the input.
QWidget* ControlPanel::buildProblemBox() {
    auto* box = new QGroupBox;
    texts_.add([box] { box->setTitle(tr("Reduction")); });
    auto* form = new QFormLayout(box);
    operation_ = new QComboBox;
    operation_->setObjectName(QStringLiteral("operationCombo"));
    for (Operation op : all_operations()) addEnumItem(operation_, op, qs(to_string(op)));
    type_ = new QComboBox;
    type_->setObjectName(QStringLiteral("typeCombo"));
    for (ElementType t : all_element_types()) addEnumItem(type_, t, qs(to_string(t)));
    variantA_ = new QComboBox;
    variantA_->setObjectName(QStringLiteral("variantACombo"));
    variantB_ = new QComboBox;
    variantB_->setObjectName(QStringLiteral("variantBCombo"));
    n_ = new QComboBox;
    n_->setObjectName(QStringLiteral("nCombo"));
    n_->setEditable(true);
    n_->setInsertPolicy(QComboBox::NoInsert);
    for (std::uint64_t n : kNPresets)
        n_->addItem(SizeText::describe(n), QVariant::fromValue<qulonglong>(n));
    texts_.add([this] {
        n_->setToolTip(tr("Elements to reduce: type a number, 2^20, 2^20+7, 16Mi or 1M"));
    });
    nError_ = new QLabel;
    nError_->setObjectName(QStringLiteral("nError"));
    nError_->setWordWrap(true);
    nError_->setVisible(false);
    form->addRow(texts_.label([] { return tr("&Operation"); }, operation_), operation_);
    form->addRow(texts_.label([] { return tr("&Type"); }, type_), type_);
    form->addRow(texts_.label([] { return tr("Variant &A"); }, variantA_), variantA_);
    form->addRow(texts_.label([] { return tr("Variant &B"); }, variantB_), variantB_);
    form->addRow(texts_.label([] { return tr("&n"); }, n_), n_);
    form->addRow(QString(), nError_);
    form->addRow(texts_.label([] { return tr("Input"); }), buildInputRow());
    // A row whose field does not fit beside its label puts the label above it.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    return box;
}

// The input's fill and its seed; the seed goes under the fill when the dock is narrow.
QLayout* ControlPanel::buildInputRow() {
    fill_ = new QComboBox;
    fill_->setObjectName(QStringLiteral("fillCombo"));
    for (Fill f : all_fills()) addEnumItem(fill_, f);
    texts_.add([this] {
        for (Fill f : all_fills()) setEnumText(fill_, f, CatalogText::fill(f));
        fill_->setToolTip(
            tr("ramp: 1, 2, …, n; random: reproducible for the seed; ones: all 1; randint: small "
               "integers (-8 to 8), whose float sums are exact; cancel, cancel-sorted, "
               "wide-exponent: hard float sums (large cancellation, shuffled or sorted; a wide "
               "exponent range) whose exact sum the reference computes"));
    });
    seed_ = new QSpinBox;
    seed_->setRange(0, 1 << 30);
    seed_->setValue(1);
    auto* row = new FlowLayout;
    row->addWidget(fill_);
    auto* seedGroup = new QWidget;
    auto* seedLayout = new QHBoxLayout(seedGroup);
    seedLayout->setContentsMargins(0, 0, 0, 0);
    seedLayout->addWidget(texts_.label([] { return tr("seed"); }));
    seedLayout->addWidget(seed_);
    row->addWidget(seedGroup);
    return row;
}

// How to launch it: local size, items per work-item, finish, accumulator, repeats.
QWidget* ControlPanel::buildLaunchBox() {
    auto* box = new QGroupBox;
    texts_.add([box] { box->setTitle(tr("Launch")); });
    auto* form = new QFormLayout(box);
    localSize_ = new QComboBox;
    localSize_->setObjectName(QStringLiteral("localSizeCombo"));
    itemsPerWorkItem_ = new QSpinBox;
    itemsPerWorkItem_->setObjectName(QStringLiteral("itemsPerWorkItemSpin"));
    itemsPerWorkItem_->setRange(0, 1 << 20);
    texts_.add([this] {
        itemsPerWorkItem_->setSpecialValueText(tr("auto"));
        itemsPerWorkItem_->setToolTip(
            tr("Elements each work-item reads in a grid-stride variant (auto: "
               "enough work-groups to fill the device)"));
    });
    finish_ = new QComboBox;
    finish_->setObjectName(QStringLiteral("finishCombo"));
    for (Finish f : {Finish::Host, Finish::Kernel, Finish::Atomic}) addEnumItem(finish_, f);
    texts_.add([this] {
        setEnumText(finish_, Finish::Host, tr("host (read partials back)"));
        setEnumText(finish_, Finish::Kernel, tr("second kernel"));
        setEnumText(finish_, Finish::Atomic, tr("atomics"));
        finish_->setToolTip(
            tr("How the work-groups' partial results become one value. Variants that "
               "combine them themselves (atomic, single-pass) always use their own way."));
    });
    accumulator_ = new QComboBox;
    accumulator_->setObjectName(QStringLiteral("accumulatorCombo"));
    for (AccumulatorMode m :
         {AccumulatorMode::Default, AccumulatorMode::Wide, AccumulatorMode::Same})
        addEnumItem(accumulator_, m);
    texts_.add([this] {
        setEnumText(accumulator_, AccumulatorMode::Default, tr("default"));
        setEnumText(accumulator_, AccumulatorMode::Wide, tr("wide (64-bit / double)"));
        setEnumText(accumulator_, AccumulatorMode::Same, tr("same width (wraps)"));
    });
    repeat_ = new QSpinBox;
    repeat_->setObjectName(QStringLiteral("repeatSpin"));
    repeat_->setRange(1, 1000);
    repeat_->setValue(10);
    texts_.add([this] { repeat_->setToolTip(tr("Timed runs; the median is reported")); });
    warmup_ = new QSpinBox;
    warmup_->setRange(0, 100);
    warmup_->setValue(2);
    form->addRow(texts_.label([] { return tr("Local si&ze"); }, localSize_), localSize_);
    form->addRow(texts_.label([] { return tr("Items per &work-item"); }, itemsPerWorkItem_),
                 itemsPerWorkItem_);
    form->addRow(texts_.label([] { return tr("F&inish"); }, finish_), finish_);
    form->addRow(texts_.label([] { return tr("Accumulator"); }, accumulator_), accumulator_);
    auto* repeatRow = new QHBoxLayout;
    repeatRow->addWidget(repeat_);
    repeatRow->addWidget(texts_.label([] { return tr("warm-up"); }));
    repeatRow->addWidget(warmup_);
    form->addRow(texts_.label([] { return tr("Repeats"); }), repeatRow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    return box;
}

QWidget* ControlPanel::buildRunActions() {
    actions_ = new QWidget;
    actions_->setObjectName(QStringLiteral("runActions"));
    auto* buttons = new QHBoxLayout(actions_);
    buttons->setContentsMargins(0, 0, 0, 0);
    run_ = new QPushButton;
    run_->setObjectName(QStringLiteral("runButton"));
    texts_.add([this] {
        run_->setText(tr("Run"));
        run_->setToolTip(tr("Run, verify and time variants A and B (Ctrl+R)"));
    });
    run_->setDefault(true);
    cancel_ = new QPushButton;
    texts_.add([this] { cancel_->setText(tr("Cancel")); });
    cancel_->setObjectName(QStringLiteral("cancelButton"));
    cancel_->setEnabled(false);
    buttons->addWidget(run_, 2);
    buttons->addWidget(cancel_, 1);
    return actions_;
}

void ControlPanel::connectControls() {
    connect(run_, &QPushButton::clicked, this, &ControlPanel::runRequested);
    connect(cancel_, &QPushButton::clicked, this, &ControlPanel::cancelRequested);
    connect(device_, &QComboBox::currentIndexChanged, this, [this] {
        updateDeviceTooltip();
        fillVariants();
        fillLocalSizes();
        emit deviceChanged();
        emit settingsChanged();
    });
    for (QComboBox* box : {variantA_, variantB_})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            updateEnabledFields();
            emit variantsChanged();
            emit settingsChanged();
        });
    for (QComboBox* box : {operation_, type_, localSize_, finish_, accumulator_, fill_})
        connect(box, &QComboBox::currentIndexChanged, this, &ControlPanel::settingsChanged);
    for (QSpinBox* box : {itemsPerWorkItem_, seed_, repeat_, warmup_})
        connect(box, &QSpinBox::valueChanged, this, &ControlPanel::settingsChanged);
    connect(n_, &QComboBox::currentTextChanged, this, [this] {
        validateN();
        emit settingsChanged();
    });
}

void ControlPanel::setDevices(const DeviceList& devices, std::size_t preferred) {
    const QSignalBlocker block(device_);
    devices_ = devices;
    device_->clear();
    for (const DeviceInfo& d : devices_) device_->addItem(DeviceText::summary(d));
    if (preferred < devices_.size()) device_->setCurrentIndex(static_cast<int>(preferred));
    updateDeviceTooltip();
    fillVariants();
    fillLocalSizes();
    emit deviceChanged();
}

const DeviceInfo* ControlPanel::currentDevice() const {
    const int i = device_->currentIndex();
    return i >= 0 && static_cast<std::size_t>(i) < devices_.size()
               ? &devices_[static_cast<std::size_t>(i)]
               : nullptr;
}

void ControlPanel::updateDeviceTooltip() {
    const DeviceInfo* device = currentDevice();
    device_->setToolTip(device ? DeviceText::detailsHtml(*device)
                               : tr("No OpenCL device was found. Install an OpenCL driver (for "
                                    "example pocl-opencl-icd) and restart."));
}

void ControlPanel::fillVariants() {
    const DeviceInfo* device = currentDevice();
    for (QComboBox* box : {variantA_, variantB_}) {
        const QString keep = box->currentText();
        const QSignalBlocker block(box);
        box->clear();
        for (const Variant& v : catalog()) {
            box->addItem(qs(v.name));
            const int row = box->count() - 1;
            QString tip = CatalogText::summary(v);
            if (!v.steppable()) tip += tr("\n(no local-memory tree: cannot be stepped)");
            if (device) {
                const QString reason = CatalogText::unavailableReason(v, *device);
                if (!reason.isEmpty()) {
                    tip += tr("\nUnavailable on this device: %1").arg(reason);
                    if (auto* model = qobject_cast<QStandardItemModel*>(box->model()))
                        model->item(row)->setEnabled(false);
                }
            }
            box->setItemData(row, tip, Qt::ToolTipRole);
        }
        const int i = box->findText(keep);
        box->setCurrentIndex(i >= 0 ? i : 0);
    }
}

void ControlPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void ControlPanel::retranslateUi() {
    texts_.apply();
    // The "auto" item is the one whose local size is 0 (fillLocalSizes), wherever it sits.
    if (const int autoItem = localSize_->findData(QVariant::fromValue<qulonglong>(0));
        autoItem >= 0)
        localSize_->setItemText(autoItem, tr("auto (engine default)"));
    updateDeviceTooltip();
    fillVariants();
    validateN();
}

void ControlPanel::fillLocalSizes() {
    const std::size_t keep = localSize();
    const QSignalBlocker block(localSize_);
    localSize_->clear();
    localSize_->addItem(tr("auto (engine default)"), QVariant::fromValue<qulonglong>(0));
    const DeviceInfo* device = currentDevice();
    // Without a device yet keep every size a device may offer, so a saved choice survives.
    DeviceInfo anyDevice;
    anyDevice.max_work_group_size = 4096;
    for (std::size_t size : SweepPlanner::localSizes(device ? *device : anyDevice))
        localSize_->addItem(QString::number(size), QVariant::fromValue<qulonglong>(size));
    setLocalSize(keep);
}

void ControlPanel::updateEnabledFields() {
    // Items per work-item only means something for grid-stride variants.
    bool gridStride = false;
    for (const QString& name : {variant(Slot::A), variant(Slot::B)})
        for (const Variant& v : catalog())
            if (qs(v.name) == name && v.coverage == Coverage::GridStride) gridStride = true;
    itemsPerWorkItem_->setEnabled(gridStride);
}

void ControlPanel::validateN() {
    QString error;
    const bool ok = SizeText::parse(n_->currentText(), &error).has_value();
    nError_->setVisible(!ok);
    nError_->setText(ok ? QString() : QStringLiteral("⚠ ") + error);
}

QString ControlPanel::variant(Slot slot) const {
    return (slot == Slot::A ? variantA_ : variantB_)->currentText();
}

void ControlPanel::setVariant(Slot slot, const QString& name) {
    QComboBox* box = slot == Slot::A ? variantA_ : variantB_;
    const int i = box->findText(name);
    if (i >= 0) box->setCurrentIndex(i);
}

// Each enum combo always has a choice (its items are fixed at construction); the request's
// default stands in for none.
Operation ControlPanel::operation() const {
    return currentEnum<Operation>(operation_).value_or(RunRequest{}.op);
}
ElementType ControlPanel::elementType() const {
    return currentEnum<ElementType>(type_).value_or(RunRequest{}.type);
}
Finish ControlPanel::finish() const {
    return currentEnum<Finish>(finish_).value_or(RunRequest{}.finish);
}

std::optional<std::uint64_t> ControlPanel::n() const {
    return SizeText::parse(n_->currentText());
}

void ControlPanel::setN(std::uint64_t n) {
    const int i = n_->findData(QVariant::fromValue<qulonglong>(n));
    if (i >= 0)
        n_->setCurrentIndex(i);
    else
        n_->setCurrentText(QString::number(n));
}

std::size_t ControlPanel::localSize() const {
    return localSize_->count() == 0
               ? 0
               : static_cast<std::size_t>(localSize_->currentData().toULongLong());
}

void ControlPanel::setLocalSize(std::size_t size) {
    const int i = localSize_->findData(QVariant::fromValue<qulonglong>(size));
    localSize_->setCurrentIndex(i >= 0 ? i : 0);
}

void ControlPanel::setItemsPerWorkItem(std::uint64_t items) {
    itemsPerWorkItem_->setValue(static_cast<int>(std::min<std::uint64_t>(items, 1 << 20)));
}

std::uint64_t ControlPanel::itemsPerWorkItem() const {
    return static_cast<std::uint64_t>(itemsPerWorkItem_->value());
}

int ControlPanel::repeat() const {
    return repeat_->value();
}

std::optional<RunRequest> ControlPanel::request(Slot slot, QString* error) const {
    QString nError;
    const auto count = SizeText::parse(n_->currentText(), &nError);
    if (!count) {
        if (error) *error = nError;
        return std::nullopt;
    }
    const QString name = variant(slot);
    if (name.isEmpty()) {
        if (error) *error = tr("no variant selected");
        return std::nullopt;
    }
    RunRequest r;
    r.op = operation();
    r.type = elementType();
    r.variant = name.toStdString();
    r.n = *count;
    r.local_size = localSize();
    r.finish = finish();
    r.accumulator = currentEnum<AccumulatorMode>(accumulator_).value_or(r.accumulator);
    r.fill = currentEnum<Fill>(fill_).value_or(r.fill);
    r.seed = static_cast<std::uint64_t>(seed_->value());
    r.repeat = repeat_->value();
    r.warmup = warmup_->value();
    for (const Variant& v : catalog()) {
        if (v.name != r.variant) continue;
        // Only grid-stride variants take items per work-item; the others read a fixed count.
        if (v.coverage == Coverage::GridStride) r.items_per_work_item = itemsPerWorkItem();
        // Variants that combine work-groups themselves (atomics, single pass) have one finish:
        // A and B can still be compared when only one of them is such a variant.
        if (!accepts_finish(v, r.finish)) r.finish = natural_finish(v);
    }
    return r;
}

void ControlPanel::setBusy(bool busy) {
    cancel_->setEnabled(busy);
}

namespace {
const QString kGroup = QStringLiteral("controls");
const QString kDevice = QStringLiteral("device");
const QString kDeviceIndex = QStringLiteral("deviceIndex");
}  // namespace

ControlPanel::SavedDevice ControlPanel::savedDevice(QSettings& s) {
    s.beginGroup(kGroup);
    SavedDevice saved{s.value(kDevice).toString(), s.value(kDeviceIndex)};
    s.endGroup();
    return saved;
}

void ControlPanel::saveSettings(QSettings& s) const {
    s.beginGroup(kGroup);
    if (const DeviceInfo* d = currentDevice()) {
        s.setValue(kDevice, QString::fromStdString(d->name));
        s.setValue(kDeviceIndex, static_cast<qulonglong>(d->index));
    }
    // Choices by the engine's names ("kernel", "randint"), never by their place in a combo.
    s.setValue(QStringLiteral("operation"), qs(to_string(operation())));
    s.setValue(QStringLiteral("type"), qs(to_string(elementType())));
    s.setValue(QStringLiteral("variantA"), variant(Slot::A));
    s.setValue(QStringLiteral("variantB"), variant(Slot::B));
    s.setValue(QStringLiteral("n"), n_->currentText());
    s.setValue(QStringLiteral("localSize"), QVariant::fromValue<qulonglong>(localSize()));
    s.setValue(QStringLiteral("itemsPerWorkItem"), itemsPerWorkItem_->value());
    s.setValue(QStringLiteral("finish"), qs(to_string(finish())));
    if (const auto mode = currentEnum<AccumulatorMode>(accumulator_))
        s.setValue(QStringLiteral("accumulator"), qs(to_string(*mode)));
    if (const auto fill = currentEnum<Fill>(fill_))
        s.setValue(QStringLiteral("fill"), qs(to_string(*fill)));
    s.setValue(QStringLiteral("seed"), seed_->value());
    s.setValue(QStringLiteral("repeat"), repeat_->value());
    s.setValue(QStringLiteral("warmup"), warmup_->value());
    s.endGroup();
}

namespace {

// Chooses the value saved under `key` by its engine name. Settings written before the names
// (up to 2026-12) hold the item's position instead, which is the enum's order in the combo.
template <typename Enum, typename Parse>
void restoreEnum(QSettings& s, const QString& key, QComboBox* box, Parse parse) {
    if (!s.contains(key)) return;
    const QString saved = s.value(key).toString();
    if (const std::optional<Enum> value = parse(saved.toStdString())) {
        selectEnum(box, *value);
        return;
    }
    bool isIndex = false;
    const int index = saved.toInt(&isIndex);
    if (isIndex && index >= 0 && index < box->count()) box->setCurrentIndex(index);
}

}  // namespace

void ControlPanel::restoreSettings(QSettings& s) {
    s.beginGroup(kGroup);
    auto pickText = [&s](QComboBox* box, const QString& key) {
        const int i = box->findText(s.value(key).toString());
        if (i >= 0) box->setCurrentIndex(i);
    };
    restoreEnum<Operation>(s, QStringLiteral("operation"), operation_, parse_operation);
    restoreEnum<ElementType>(s, QStringLiteral("type"), type_, parse_element_type);
    pickText(variantA_, QStringLiteral("variantA"));
    pickText(variantB_, QStringLiteral("variantB"));
    if (s.contains(QStringLiteral("n")))
        n_->setCurrentText(s.value(QStringLiteral("n")).toString());
    if (s.contains(QStringLiteral("localSize")))
        setLocalSize(static_cast<std::size_t>(s.value(QStringLiteral("localSize")).toULongLong()));
    itemsPerWorkItem_->setValue(s.value(QStringLiteral("itemsPerWorkItem"), 0).toInt());
    restoreEnum<Finish>(s, QStringLiteral("finish"), finish_, parse_finish);
    restoreEnum<AccumulatorMode>(s, QStringLiteral("accumulator"), accumulator_,
                                 parse_accumulator_mode);
    restoreEnum<Fill>(s, QStringLiteral("fill"), fill_, parse_fill);
    seed_->setValue(s.value(QStringLiteral("seed"), seed_->value()).toInt());
    repeat_->setValue(s.value(QStringLiteral("repeat"), repeat_->value()).toInt());
    warmup_->setValue(s.value(QStringLiteral("warmup"), warmup_->value()).toInt());
    s.endGroup();
    validateN();
    updateEnabledFields();
}

std::optional<RunRequest> ControlPanel::checkedRequest(Slot slot, JobError* error) const {
    QString invalid;
    auto request = this->request(slot, &invalid);
    if (!request) {
        *error = JobError::invalidSetting(invalid);
        return std::nullopt;
    }
    const DeviceInfo* device = currentDevice();
    if (device && device->max_alloc_bytes &&
        request->n > device->max_alloc_bytes / size_of(request->type)) {
        error->kind = ErrorKind::OutOfResources;
        error->message =
            tr("n = %1 needs a buffer of %2 but the largest buffer %3 allows is %4")
                .arg(SizeText::describe(request->n),
                     QString::fromStdString(format_bytes(request->n * size_of(request->type))),
                     QString::fromStdString(device->name),
                     QString::fromStdString(format_bytes(device->max_alloc_bytes)));
        return std::nullopt;
    }
    return request;
}

}  // namespace reducelab::ui
