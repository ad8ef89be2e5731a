// The Split across devices window: the form, the split job, the shares table and the tree's
// levels with their measured times.
#include "tools/split_window.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>

#include "charts/text_ticks.h"
#include "common/engine_jobs.h"
#include "common/engine_text.h"
#include "common/enum_combo.h"
#include "common/size_text.h"
#include "common/theme.h"
#include "common/units_text.h"
#include "reducelab/catalog.h"
#include "reducelab/error.h"

namespace reducelab::ui {

namespace {

constexpr int kSizeExponents[] = {16, 18, 20, 22, 24, 26, 28};
constexpr std::uint64_t kDefaultSize = std::uint64_t{1} << 22;
constexpr SplitPolicy kPolicies[] = {SplitPolicy::Balanced, SplitPolicy::Even, SplitPolicy::Force,
                                     SplitPolicy::EndToEnd};

}  // namespace

SplitWindow::SplitWindow(QWidget* parent)
    : ToolWindow(QStringLiteral("splitWindow"), {1280, 760}, parent) {
    texts_.add([this] { setWindowTitle(tr("Split across devices")); });

    auto* splitter = new QSplitter(Qt::Horizontal);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(buildForm());
    scroll->setMinimumWidth(340);
    splitter->addWidget(scroll);
    // The results scroll rather than overlap when the window is small (a 1280x720 projector).
    auto* resultsScroll = new QScrollArea;
    resultsScroll->setWidgetResizable(true);
    results_ = new SplitResultsView;
    resultsScroll->setWidget(results_);
    splitter->addWidget(resultsScroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    setBodyAndListDevices(splitter);
}

QWidget* SplitWindow::buildForm() {
    auto* form = new QWidget;
    auto* layout = new QFormLayout(form);
    deviceList_ = new QListWidget;
    deviceList_->setObjectName(QStringLiteral("splitDevices"));
    deviceList_->setMinimumHeight(90);
    deviceList_->setMaximumHeight(160);
    deviceHint_ = new QLabel;
    deviceHint_->setObjectName(QStringLiteral("splitDeviceHint"));
    deviceHint_->setWordWrap(true);
    policy_ = new QComboBox;
    policy_->setObjectName(QStringLiteral("splitPolicy"));
    for (const SplitPolicy policy : kPolicies) addEnumItem(policy_, policy);
    texts_.add([this] {
        setEnumText(policy_, SplitPolicy::Balanced, tr("balanced"));
        setEnumText(policy_, SplitPolicy::Even, tr("even"));
        setEnumText(policy_, SplitPolicy::Force, tr("force"));
        setEnumText(policy_, SplitPolicy::EndToEnd, tr("end-to-end"));
        policy_->setToolTip(
            tr("Balanced measures each device alone at two or more sizes, fits a fixed cost and a "
               "rate, and gives the shares equal predicted finish times, leaving out a device "
               "that does not pay; force keeps every device; end-to-end counts each shard's "
               "upload; even gives every device n / devices, so the slowest sets the time."));
    });
    operation_ = new QComboBox;
    operation_->setObjectName(QStringLiteral("splitOperation"));
    for (const Operation op : all_operations()) addEnumItem(operation_, op, qs(to_string(op)));
    type_ = new QComboBox;
    type_->setObjectName(QStringLiteral("splitType"));
    for (const ElementType type : all_element_types())
        addEnumItem(type_, type, qs(to_string(type)));
    variant_ = new QComboBox;
    variant_->setObjectName(QStringLiteral("splitVariant"));
    variant_->addItem(QStringLiteral("best"));
    for (const Variant& v : catalog())
        if (!v.unsafe && v.name != "best") variant_->addItem(qs(v.name));
    texts_.add([this] {
        variant_->setToolTip(
            tr("best: each device its own tuned configuration. A variant that finishes on the "
               "host or in a second kernel shows the device level apart from the main kernel."));
    });
    size_ = new QComboBox;
    size_->setObjectName(QStringLiteral("splitSize"));
    size_->setEditable(true);
    size_->setInsertPolicy(QComboBox::NoInsert);
    for (const int exponent : kSizeExponents) {
        const std::uint64_t n = std::uint64_t{1} << exponent;
        size_->addItem(SizeText::describe(n), QVariant::fromValue<qulonglong>(n));
    }
    size_->setCurrentIndex(size_->findData(QVariant::fromValue<qulonglong>(kDefaultSize)));
    texts_.add([this] {
        size_->setToolTip(tr("Elements to reduce: type a number, 2^20, 2^20+7, 16Mi or 1M"));
    });
    repeats_ = new QSpinBox;
    repeats_->setObjectName(QStringLiteral("splitRepeats"));
    repeats_->setRange(1, 10000);
    repeats_->setValue(10);

    layout->addRow(texts_.label([] { return tr("Devices"); }), deviceList_);
    layout->addRow(deviceHint_);
    layout->addRow(texts_.label([] { return tr("Split"); }), policy_);
    layout->addRow(texts_.label([] { return tr("Operation"); }), operation_);
    layout->addRow(texts_.label([] { return tr("Type"); }), type_);
    layout->addRow(texts_.label([] { return tr("Variant"); }), variant_);
    layout->addRow(texts_.label([] { return tr("Elements"); }), size_);
    layout->addRow(texts_.label([] { return tr("Timed repeats"); }), repeats_);

    layout->addRow(makeRunButtons(
        QStringLiteral("split"), [this] { start(); }, [this] { cancel(); }));
    texts_.add([this] { runButton()->setText(tr("Run split")); });
    progress_ = new QProgressBar;
    progress_->setObjectName(QStringLiteral("splitProgress"));
    progress_->setRange(0, 1);
    progress_->setValue(0);
    layout->addRow(progress_);
    layout->addRow(makeStatus(QStringLiteral("splitStatus")));
    return form;
}

void SplitWindow::devicesListed() {
    deviceList_->clear();
    for (const DeviceInfo& device : devices()) {
        auto* item = new QListWidgetItem(
            QStringLiteral("%1  %2").arg(device.index).arg(qs(device.name)), deviceList_);
        item->setData(Qt::UserRole, static_cast<qulonglong>(device.index));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    deviceHint_->setText(deviceHint());
    setRunning(isRunning());
    emit devicesReady();
}

QString SplitWindow::deviceHint() const {
    if (!devicesKnown() || devices().size() > 1) return QString();
    if (devices().empty()) return tr("No OpenCL device is available.");
    return tr(
        "Only one OpenCL device is available: the split runs on it alone. PoCL gives two "
        "CPU devices with POCL_DEVICES=\"pthread pthread\" set before ReduceLab starts.");
}

void SplitWindow::setDeviceChecked(std::size_t deviceIndex, bool checked) {
    for (int i = 0; i < deviceList_->count(); ++i) {
        QListWidgetItem* item = deviceList_->item(i);
        if (item->data(Qt::UserRole).toULongLong() == deviceIndex)
            item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    }
}

void SplitWindow::setProblem(Operation op, ElementType type, std::uint64_t n) {
    selectEnum(operation_, op);
    selectEnum(type_, type);
    const int preset = size_->findData(QVariant::fromValue<qulonglong>(n));
    if (preset >= 0)
        size_->setCurrentIndex(preset);
    else
        size_->setEditText(SizeText::describe(n));
}

void SplitWindow::setPolicy(SplitPolicy policy) {
    selectEnum(policy_, policy);
}

void SplitWindow::setVariant(const QString& name) {
    variant_->setCurrentIndex(variant_->findText(name));
}

void SplitWindow::setRepeats(int repeats) {
    repeats_->setValue(repeats);
}

std::optional<SplitRequest> SplitWindow::request(QString* error) const {
    auto fail = [error](const QString& message) -> std::optional<SplitRequest> {
        if (error) *error = message;
        return std::nullopt;
    };
    if (devices().empty()) return fail(tr("no OpenCL device to run on"));
    SplitRequest split;
    for (int i = 0; i < deviceList_->count(); ++i) {
        const QListWidgetItem* item = deviceList_->item(i);
        if (item->checkState() != Qt::Checked) continue;
        for (const DeviceInfo& device : devices())
            if (device.index == item->data(Qt::UserRole).toULongLong())
                split.devices.push_back(device);
    }
    if (split.devices.empty()) return fail(tr("check at least one device"));
    split.split = currentEnum<SplitPolicy>(policy_).value_or(split.split);
    RunRequest& run = split.run;
    run.op = currentEnum<Operation>(operation_).value_or(run.op);
    run.type = currentEnum<ElementType>(type_).value_or(run.type);
    QString sizeError;
    const auto n = SizeText::parse(size_->currentText(), &sizeError);
    if (!n || *n == 0)
        return fail(tr("elements: %1").arg(sizeError.isEmpty() ? tr("at least 1") : sizeError));
    run.n = *n;
    run.variant = variant_->currentText().toStdString();
    const Variant& variant = find_variant(run.variant);  // one of the list's
    run.finish = natural_finish(variant);
    if (const std::string why = op_unsupported_reason(variant, run.op, run.type); !why.empty())
        return fail(qs(why));
    run.fill = Fill::Random;
    run.repeat = repeats_->value();
    run.warmup = 1;
    try {
        check_splittable(run);
    } catch (const Error&) {
        return fail(tr("the exact mean of %1 sums 32-bit halves in two passes and is not split "
                       "over devices; run it on one device, or split its sum")
                        .arg(qs(to_string(run.type))));
    }
    return split;
}

bool SplitWindow::start() {
    QString error;
    const auto split = request(&error);
    if (!split) {
        showStatus(tr("Cannot run: %1").arg(error));
        return false;
    }
    job_.drop();
    showStatus(tr("Running…"));
    progress_->setRange(0, 0);  // busy: run_split reports no steps
    job_ = jobs()->splitRun(*split);
    job_.onResult(this, [this](const SplitResult& result) { onResult(result); });
    reportEnd(
        job_, [this](const QString& message) { emit splitFailed(message); },
        [this] { emit splitCancelled(); });
    return true;
}

void SplitWindow::cancel() {
    job_.cancel();
}

void SplitWindow::onResult(const SplitResult& result) {
    showResult(result);
    emit splitFinished();
}

void SplitWindow::showResult(const SplitResult& result) {
    results_->setResult(result);
    setProblem(result.request.op, result.request.type, result.n);
    setPolicy(result.split);
    progress_->setValue(1);
    showStatus(result.verified
                   ? tr("Done: verified, split over %n device(s).", nullptr,
                        static_cast<int>(result.devices.size()))
                   : tr("Done, but the result does NOT match the reference of the whole input."));
}

void SplitWindow::setRunning(bool running) {
    ToolWindow::setRunning(running);
    if (!running) {
        progress_->setRange(0, 1);
        progress_->setValue(0);  // a result sets it full
    }
}

void SplitWindow::setCeiling(const std::optional<BandwidthCeiling>& ceiling,
                             const DeviceInfo& device) {
    results_->setCeiling(ceiling, device);
}

void SplitWindow::retranslate() {
    // The results view follows the language itself.
    deviceHint_->setText(deviceHint());
}

}  // namespace reducelab::ui
