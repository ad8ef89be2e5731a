// The Determinism & accuracy window: the form, the study job and the exports.
#include "tools/determinism_window.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

#include "charts/chart_exporter.h"
#include "charts/export_dialog.h"
#include "common/catalog_text.h"
#include "common/engine_jobs.h"
#include "common/engine_text.h"
#include "common/enum_combo.h"
#include "common/file_writing.h"
#include "common/size_text.h"
#include "lessons/determinism_lesson_panel.h"
#include "reducelab/determinism_json.h"
#include "reducelab/host_array.h"
#include "reducelab/version.h"
#include "tools/determinism_frontier.h"
#include "tools/determinism_histogram.h"

namespace reducelab::ui {

namespace {

// "64, 256" or "64 256": positive counts, at least one.
std::optional<std::vector<std::uint64_t>> parseCounts(const QString& text) {
    std::vector<std::uint64_t> counts;
    for (const QString& part :
         text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qulonglong value = part.toULongLong(&ok);
        if (!ok || value == 0) return std::nullopt;
        counts.push_back(value);
    }
    if (counts.empty()) return std::nullopt;
    return counts;
}

QString joinCounts(const auto& counts) {
    QStringList parts;
    for (const auto c : counts) parts << QString::number(c);
    return parts.join(QStringLiteral(", "));
}

}  // namespace

DeterminismWindow::DeterminismWindow(QWidget* parent)
    : ToolWindow(QStringLiteral("determinismWindow"), {1280, 760}, parent) {
    histogram_ = new DeterminismHistogram;
    frontier_ = new DeterminismFrontier;
    tabs_ = new QTabWidget;
    tabs_->setObjectName(QStringLiteral("determinismCharts"));
    tabs_->addTab(histogram_, QString());
    tabs_->addTab(frontier_, QString());

    lesson_ = new DeterminismLessonPanel;
    connect(lesson_, &DeterminismLessonPanel::showStep, this, &DeterminismWindow::openLessonStep);
    auto* lessonBox = new QGroupBox;
    auto* lessonLayout = new QVBoxLayout(lessonBox);
    lessonLayout->addWidget(lesson_);
    lessonBox_ = lessonBox;
    lessonBox_->setVisible(false);
    texts_.add([this, lessonBox] {
        setWindowTitle(tr("Determinism & accuracy"));
        tabs_->setTabText(tabs_->indexOf(histogram_), tr("Distinct results"));
        tabs_->setTabText(tabs_->indexOf(frontier_), tr("Error against GB/s"));
        lessonBox->setTitle(tr("Lesson: why the bits change"));
    });

    auto* splitter = new QSplitter(Qt::Horizontal);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(buildForm());
    scroll->setMinimumWidth(340);
    splitter->addWidget(scroll);
    splitter->addWidget(tabs_);
    splitter->addWidget(lessonBox_);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 2);
    setBodyAndListDevices(splitter);
}

QWidget* DeterminismWindow::buildForm() {
    auto* form = new QWidget;
    auto* layout = new QFormLayout(form);
    const DeterminismStudySettings defaults;  // the engine's, also the CLI's
    fill_ = new QComboBox;
    fill_->setObjectName(QStringLiteral("determinismFill"));
    for (const Fill fill : all_fills()) addEnumItem(fill_, fill);
    texts_.add([this] {  // shown translated, and again after a language change
        for (const Fill fill : all_fills()) setEnumText(fill_, fill, CatalogText::fill(fill));
    });
    selectEnum(fill_, defaults.fill);
    type_ = new QComboBox;
    type_->setObjectName(QStringLiteral("determinismType"));
    for (const ElementType type : {ElementType::Float32, ElementType::Float64, ElementType::Int32})
        addEnumItem(type_, type, qs(to_string(type)));
    selectEnum(type_, defaults.type);
    size_ = new QLineEdit(QStringLiteral("2^20"));
    size_->setObjectName(QStringLiteral("determinismSize"));
    runs_ = new QSpinBox;
    runs_->setObjectName(QStringLiteral("determinismRuns"));
    runs_->setRange(1, 1000);
    runs_->setValue(defaults.runs);
    localSizes_ = new QLineEdit(joinCounts(defaults.local_sizes));
    localSizes_->setObjectName(QStringLiteral("determinismLocalSizes"));
    workGroups_ = new QLineEdit(joinCounts(defaults.work_groups));
    workGroups_->setObjectName(QStringLiteral("determinismWorkGroups"));
    texts_.add([this] {
        workGroups_->setToolTip(
            tr("Grid-stride variants only: the other variants' work-groups follow "
               "from the size and the local size."));
    });
    finish_ = new QComboBox;
    finish_->setObjectName(QStringLiteral("determinismFinish"));
    // The item that leaves each variant its own finish holds no Finish value.
    finish_->addItem(QString(), QVariant());
    texts_.add(
        [this] { finish_->setItemText(finish_->findData(QVariant()), tr("each variant's own")); });
    for (const Finish finish : {Finish::Host, Finish::Kernel, Finish::Atomic})
        addEnumItem(finish_, finish, qs(to_string(finish)));
    device1_ = new QComboBox;
    device1_->setObjectName(QStringLiteral("determinismDevice1"));
    device2_ = new QComboBox;
    device2_->setObjectName(QStringLiteral("determinismDevice2"));
    variants_ = new QListWidget;
    variants_->setObjectName(QStringLiteral("determinismVariants"));
    variants_->setMinimumHeight(160);

    layout->addRow(texts_.label([] { return tr("Input"); }), fill_);
    layout->addRow(texts_.label([] { return tr("Type"); }), type_);
    layout->addRow(texts_.label([] { return tr("Elements"); }), size_);
    layout->addRow(texts_.label([] { return tr("Runs per launch"); }), runs_);
    layout->addRow(texts_.label([] { return tr("Local sizes"); }), localSizes_);
    layout->addRow(texts_.label([] { return tr("Work-groups"); }), workGroups_);
    layout->addRow(texts_.label([] { return tr("Finish"); }), finish_);
    layout->addRow(texts_.label([] { return tr("Device 1"); }), device1_);
    layout->addRow(texts_.label([] { return tr("Device 2"); }), device2_);
    layout->addRow(texts_.label([] { return tr("Variants"); }), variants_);

    layout->addRow(makeRunButtons(
        QStringLiteral("determinism"), [this] { start(); }, [this] { cancel(); }));
    progress_ = new QProgressBar;
    progress_->setObjectName(QStringLiteral("determinismProgress"));
    layout->addRow(progress_);
    layout->addRow(makeStatus(QStringLiteral("determinismStatus")));

    exportChart_ = new QPushButton;
    exportData_ = new QPushButton;
    auto* dataMenu = new QMenu(exportData_);
    QAction* csv =
        dataMenu->addAction(QString(), this, [this] { askExportData(QStringLiteral("csv")); });
    QAction* json =
        dataMenu->addAction(QString(), this, [this] { askExportData(QStringLiteral("json")); });
    texts_.add([=, this] {
        runButton()->setText(tr("Run study"));
        exportChart_->setText(tr("Export chart…"));
        exportData_->setText(tr("Export data"));
        csv->setText(tr("CSV…"));
        json->setText(tr("JSON…"));
        if (const int none = device2_->findData(QVariant()); none >= 0)
            device2_->setItemText(none, tr("(none)"));
    });
    exportData_->setMenu(dataMenu);
    auto* exports = new QHBoxLayout;
    exports->addWidget(exportChart_);
    exports->addWidget(exportData_);
    layout->addRow(exports);

    connect(exportChart_, &QPushButton::clicked, this, &DeterminismWindow::askExportChart);
    connect(type_, &QComboBox::currentIndexChanged, this, &DeterminismWindow::refillVariants);
    connect(device1_, &QComboBox::currentIndexChanged, this, &DeterminismWindow::onDevicesChosen);
    connect(device2_, &QComboBox::currentIndexChanged, this, &DeterminismWindow::onDevicesChosen);
    return form;
}

void DeterminismWindow::preferDevice(const DeviceInfo& device) {
    preferredDevice_ = device.index;
    if (devicesKnown()) {
        const int i = device1_->findData(static_cast<qulonglong>(device.index));
        if (i >= 0) device1_->setCurrentIndex(i);
    }
}

void DeterminismWindow::devicesListed() {
    const DeviceList& devices = this->devices();
    {
        const QSignalBlocker block1(device1_);
        const QSignalBlocker block2(device2_);
        device1_->clear();
        device2_->clear();
        device2_->addItem(tr("(none)"), QVariant());
        for (const DeviceInfo& device : devices) {
            device1_->addItem(qs(device.name), static_cast<qulonglong>(device.index));
            device2_->addItem(qs(device.name), static_cast<qulonglong>(device.index));
        }
        if (!devices.empty()) {
            const std::size_t preferred =
                preferredDevice_.value_or(select_device(devices, "").index);
            const int i = device1_->findData(static_cast<qulonglong>(preferred));
            device1_->setCurrentIndex(std::max(0, i));
        }
    }
    refillVariants();
    setRunning(isRunning());
    emit devicesReady();
    if (std::exchange(startWhenDevicesKnown_, false)) openLessonStep(lesson_->currentStep());
}

std::vector<DeviceInfo> DeterminismWindow::chosenDevices() const {
    std::vector<DeviceInfo> chosen;
    for (QComboBox* box : {device1_, device2_}) {
        const QVariant index = box->currentData();
        if (!index.isValid()) continue;
        for (const DeviceInfo& device : devices())
            if (device.index == index.toULongLong()) chosen.push_back(device);
    }
    return chosen;
}

QString DeterminismWindow::devicesProblem() const {
    const std::vector<DeviceInfo> chosen = chosenDevices();
    // The engine's rule (repeated_device): its study refuses what this finds.
    if (const auto twice = repeated_device(chosen))
        return tr("device 2 is device 1 (%1): a study would count its bits twice; choose "
                  "another device 2, or (none)")
            .arg(qs(chosen[*twice].name));
    return {};
}

bool DeterminismWindow::canStart() const {
    return ToolWindow::canStart() && devicesProblem().isEmpty();
}

void DeterminismWindow::onDevicesChosen() {
    refillVariants();
    setRunning(isRunning());
    const QString problem = devicesProblem();
    if (!problem.isEmpty()) {
        devicesProblemShown_ = tr("Cannot run: %1").arg(problem);
        showStatus(devicesProblemShown_);
    } else if (!devicesProblemShown_.isEmpty()) {
        if (statusText() == devicesProblemShown_) showStatus(QString());
        devicesProblemShown_.clear();
    }
}

void DeterminismWindow::refillVariants() {
    QString error;
    auto current = settings(&error);
    DeterminismStudySettings probe = current.value_or(DeterminismStudySettings{});
    if (!current) {
        probe.type = currentEnum<ElementType>(type_).value_or(probe.type);
        probe.devices = chosenDevices();
    }
    const QStringList previouslyUnchecked = [&] {
        QStringList names;
        for (int i = 0; i < variants_->count(); ++i)
            if (variants_->item(i)->checkState() == Qt::Unchecked)
                names << variants_->item(i)->text();
        return names;
    }();
    probe.variants.clear();
    variants_->clear();
    for (const std::string& variant : study_variants(probe)) {
        const QString name = qs(variant);
        auto* item = new QListWidgetItem(name, variants_);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(previouslyUnchecked.contains(name) ? Qt::Unchecked : Qt::Checked);
    }
}

std::optional<DeterminismStudySettings> DeterminismWindow::settings(QString* error) const {
    auto fail = [error](const QString& message) -> std::optional<DeterminismStudySettings> {
        if (error) *error = message;
        return std::nullopt;
    };
    DeterminismStudySettings s;
    const auto fill = currentEnum<Fill>(fill_);
    if (!fill) return fail(tr("choose an input"));
    s.fill = *fill;
    s.type = currentEnum<ElementType>(type_).value_or(s.type);
    QString sizeError;
    const auto n = SizeText::parse(size_->text(), &sizeError);
    if (!n || *n == 0)
        return fail(tr("elements: %1").arg(sizeError.isEmpty() ? tr("at least 1") : sizeError));
    s.n = *n;
    s.runs = runs_->value();
    const auto locals = parseCounts(localSizes_->text());
    if (!locals) return fail(tr("local sizes: give positive numbers, such as 64, 256"));
    s.local_sizes.assign(locals->begin(), locals->end());
    const auto groups = parseCounts(workGroups_->text());
    if (!groups) return fail(tr("work-groups: give positive numbers, such as 3, 16, 128"));
    s.work_groups = *groups;
    s.finish = currentEnum<Finish>(finish_);
    s.devices = chosenDevices();
    if (s.devices.empty()) return fail(tr("no OpenCL device to run on"));
    if (const QString problem = devicesProblem(); !problem.isEmpty()) return fail(problem);
    for (int i = 0; i < variants_->count(); ++i)
        if (variants_->item(i)->checkState() == Qt::Checked)
            s.variants.push_back(variants_->item(i)->text().toStdString());
    return s;
}

void DeterminismWindow::applySettings(const DeterminismStudySettings& s, bool twoDevices) {
    selectEnum(fill_, s.fill);
    selectEnum(type_, s.type);
    size_->setText(SizeText::compact(s.n).remove(QLatin1Char(' ')));
    if (!SizeText::parse(size_->text())) size_->setText(QString::number(s.n));
    runs_->setValue(s.runs);
    localSizes_->setText(joinCounts(s.local_sizes));
    workGroups_->setText(joinCounts(s.work_groups));
    if (!s.finish || !selectEnum(finish_, *s.finish))
        finish_->setCurrentIndex(finish_->findData(QVariant()));
    // Device 2's (none) holds no device index.
    if (twoDevices && !device2_->currentData().isValid()) {
        // Another device when there is one; with one device, that device alone (the study
        // refuses one device twice).
        for (int other = 0; other < device2_->count(); ++other) {
            const QVariant device = device2_->itemData(other);
            if (device.isValid() && device != device1_->currentData()) {
                device2_->setCurrentIndex(other);
                break;
            }
        }
    } else if (!twoDevices) {
        device2_->setCurrentIndex(device2_->findData(QVariant()));
    }
    refillVariants();
    for (int i = 0; i < variants_->count(); ++i) {
        QListWidgetItem* item = variants_->item(i);
        const bool chosen =
            s.variants.empty() ||
            std::ranges::find(s.variants, item->text().toStdString()) != s.variants.end();
        item->setCheckState(chosen ? Qt::Checked : Qt::Unchecked);
    }
}

bool DeterminismWindow::start() {
    QString error;
    auto s = settings(&error);
    if (s && s.value().variants.empty()) {
        error = tr("choose at least one variant");
        s.reset();
    }
    if (!s) {
        showStatus(tr("Cannot run: %1").arg(error));
        return false;
    }
    study_.drop();
    histogram_->clear();
    frontier_->clear(s->type, qs(to_string(s->fill)), qs(s->devices.front().name));
    settings_ = *s;
    complete_ = false;  // until the study finishes
    progress_->setRange(0, static_cast<int>(study_variants(*s).size()));
    progress_->setValue(0);
    showStatus(tr("Running…"));
    study_ = jobs()->determinismStudy(*s);
    study_
        .onProgress(this, [this](const QString& stage) { showStatus(tr("Running %1").arg(stage)); })
        .onPoint(this,
                 [this](const DeterminismStudyVariant& v) {
                     histogram_->addVariant(v);
                     frontier_->addVariant(v);
                     progress_->setValue(static_cast<int>(v.index) + 1);
                     emit variantDone(qs(v.variant));
                 })
        .onResult(this, [this](const DeterminismStudyResult& study) {
            complete_ = study.complete;
            showStatus(
                tr("Done: %n variant(s).", nullptr, static_cast<int>(study.variants.size())));
            emit studyFinished();
        });
    reportEnd(
        study_, [this](const QString& message) { emit studyFailed(message); },
        [this] { emit studyCancelled(); });
    return true;
}

void DeterminismWindow::showStudy(const std::vector<DeterminismStudyVariant>& variants,
                                  ElementType type, const QString& input, const QString& device,
                                  const QString& shown,
                                  const std::optional<DeterminismStudySettings>& settings) {
    study_.drop();
    settings_ = settings;
    complete_ = true;
    histogram_->clear();
    frontier_->clear(type, input, device);
    for (const DeterminismStudyVariant& v : variants) {
        histogram_->addVariant(v);
        frontier_->addVariant(v);
    }
    histogram_->showVariant(shown);
    progress_->setRange(0, std::max(1, static_cast<int>(variants.size())));
    progress_->setValue(static_cast<int>(variants.size()));
    showStatus(tr("Done: %n variant(s).", nullptr, static_cast<int>(variants.size())));
}

DeterminismStudyResult DeterminismWindow::study() const {
    DeterminismStudyResult study;
    study.variants = histogram_->variants();
    study.complete = complete_;
    if (settings_) {
        study.settings = *settings_;
    } else {  // not kept: from the reports, or, when every variant failed, the charts' title
        DeterminismStudySettings title;
        title.type = frontier_->type();
        if (const auto fill = parse_fill(frontier_->inputName().toStdString())) title.fill = *fill;
        study.settings = study_settings_from_reports(study.variants, title);
    }
    return study;
}

QByteArray DeterminismWindow::studyJson() const {
    return QByteArray::fromStdString(
        determinism_document(study(), std::string("reducelab ") + kVersion).dump(2) + "\n");
}

void DeterminismWindow::cancel() {
    study_.cancel();
}

void DeterminismWindow::setLessonVisible(bool visible) {
    lessonBox_->setVisible(visible);
}

void DeterminismWindow::openLessonStep(int index) {
    const auto& steps = lesson_->steps();
    if (index < 0 || index >= static_cast<int>(steps.size())) return;
    setLessonVisible(true);
    lesson_->setCurrentStep(index);
    const DeterminismLessonStep& step = steps[static_cast<std::size_t>(index)];
    applySettings(step.settings, step.twoDevices);
    showChart(step.chart == QLatin1String("frontier") ? Chart::Frontier : Chart::Histogram);
    if (devicesKnown())
        start();
    else
        startWhenDevicesKnown_ = true;
}

QCustomPlot* DeterminismWindow::plot(Chart chart) const {
    return chart == Chart::Histogram ? histogram_->plot() : frontier_->plot();
}

DeterminismWindow::Chart DeterminismWindow::currentChart() const {
    return tabs_->currentWidget() == frontier_ ? Chart::Frontier : Chart::Histogram;
}

void DeterminismWindow::showChart(Chart chart) {
    if (chart == Chart::Frontier)
        tabs_->setCurrentWidget(frontier_);
    else
        tabs_->setCurrentWidget(histogram_);
}

QString DeterminismWindow::chartName(Chart chart) const {
    return chart == Chart::Histogram ? QStringLiteral("determinism-histogram")
                                     : QStringLiteral("accuracy-frontier");
}

QString DeterminismWindow::exportChart(Chart chart, const QString& path, int width, int height,
                                       int dpi) {
    const auto format = ChartExporter::formatForPath(path);
    if (!format) return tr("%1: use .png, .svg or .pdf").arg(path);
    const QString error = ChartExporter::save(plot(chart), path, *format, width, height, dpi);
    showStatus(error.isEmpty() ? tr("Chart saved to %1").arg(path) : error);
    return error;
}

QString DeterminismWindow::exportData(Chart chart, const QString& path) {
    const auto format = ChartExporter::dataFormatForPath(path);
    if (!format) return tr("%1: use .csv or .json").arg(path);
    const bool csv = *format == ChartExporter::DataFormat::Csv;
    // CSV: the chart's own table. JSON: both charts' data is the study, written as the CLI
    // writes it (the histogram's distinct results are in each report, the frontier's points in
    // each variant's "frontier").
    if (!csv && histogram_->variants().empty()) {
        const QString error = tr("%1: no study to export; run one first").arg(path);
        showStatus(error);
        return error;
    }
    const QByteArray bytes = !csv                        ? studyJson()
                             : chart == Chart::Histogram ? histogram_->csv()
                                                         : frontier_->csv();
    const QString error = writeFileSafely(path, bytes);
    showStatus(error.isEmpty() ? tr("Data saved to %1").arg(path) : error);
    return error;
}

void DeterminismWindow::askExportChart() {
    const Chart chart = currentChart();
    ExportDialog dialog(chartName(chart), this);
    if (dialog.exec() != QDialog::Accepted) return;
    const ExportDialog::Choice c = dialog.choice();
    const ExportDialog::Target target = ExportDialog::target(c.path, c.format);
    if (QFileInfo::exists(target.path) && target.path != c.confirmedPath &&
        QMessageBox::question(this, tr("Export chart"),
                              tr("%1 already exists. Replace it?").arg(target.path)) !=
            QMessageBox::Yes)
        return;
    if (const QString error = exportChart(chart, target.path, c.width, c.height, c.dpi);
        !error.isEmpty())
        QMessageBox::warning(this, tr("Export chart"), error);
}

void DeterminismWindow::askExportData(const QString& suffix) {
    const Chart chart = currentChart();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart data"), chartName(chart) + QLatin1Char('.') + suffix,
        suffix == QLatin1String("csv") ? tr("CSV (*.csv)") : tr("JSON (*.json)"));
    if (path.isEmpty()) return;
    if (const QString error = exportData(chart, path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export chart data"), error);
}

}  // namespace reducelab::ui
