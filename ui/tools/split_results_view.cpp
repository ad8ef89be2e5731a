// The results of a split run: the shares table and summary, the levels' table, chart and notes.
#include "tools/split_results_view.h"

#include <qcustomplot.h>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/text_ticks.h"
#include "common/engine_text.h"
#include "common/theme.h"
#include "common/units_text.h"

namespace reducelab::ui {

namespace {

QString ms(double value) {
    return units_text::msNumber(value);
}

QString gbps(double value) {
    return units_text::gbpsNumber(value);
}

QString valueText(const Value& value) {
    QString text = QString::fromStdString(value.to_string());
    if (value.index) text += QStringLiteral(" @ %1").arg(*value.index);
    return text;
}

// A read-only cell.
QTableWidgetItem* cell(const QString& text, bool number = true) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

}  // namespace

SplitResultsView::SplitResultsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* sharesBox = new QGroupBox;
    auto* sharesLayout = new QVBoxLayout(sharesBox);
    shares_ = new QTableWidget(0, 10);
    shares_->setObjectName(QStringLiteral("splitShares"));
    shares_->verticalHeader()->setVisible(false);
    shares_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Tables as tall as their rows: the space goes to the levels' chart and texts.
    shares_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    shares_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    summary_ = new QLabel;
    summary_->setObjectName(QStringLiteral("splitSummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sharesLayout->addWidget(shares_);
    sharesLayout->addWidget(summary_);

    auto* levelsBox = new QGroupBox;
    auto* levelsLayout = new QVBoxLayout(levelsBox);
    levelsTable_ = new QTableWidget;
    levelsTable_->setObjectName(QStringLiteral("splitLevels"));
    levelsTable_->verticalHeader()->setVisible(false);
    levelsTable_->horizontalHeader()->setStretchLastSection(true);
    levelsTable_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    levelsTable_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    lesson_ = new QLabel;
    lesson_->setObjectName(QStringLiteral("splitLesson"));
    lesson_->setWordWrap(true);
    nodeLevel_ = new QLabel;
    nodeLevel_->setObjectName(QStringLiteral("splitNodeLevel"));
    nodeLevel_->setWordWrap(true);
    levelsChart_ = new QCustomPlot;
    levelsChart_->setObjectName(QStringLiteral("splitLevelsChart"));
    levelsChart_->setMinimumSize(320, 200);
    levelsChart_->yAxis->setScaleType(QCPAxis::stLogarithmic);
    levelsChart_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    levelsChart_->legend->setVisible(true);
    // The legend under the bars, not over them.
    levelsChart_->axisRect()->insetLayout()->take(levelsChart_->legend);
    levelsChart_->plotLayout()->addElement(1, 0, levelsChart_->legend);
    levelsChart_->plotLayout()->setRowStretchFactor(1, 0.001);
    levelsChart_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    levelsChart_->legend->setWrap(3);
    auto* levelsRow = new QHBoxLayout;
    levelsRow->addWidget(levelsTable_, 2, Qt::AlignTop);
    levelsRow->addWidget(levelsChart_, 1);
    levelsLayout->addLayout(levelsRow);
    levelNotes_ = new QLabel;
    levelNotes_->setObjectName(QStringLiteral("splitLevelNotes"));
    levelNotes_->setWordWrap(true);
    levelNotes_->setTextFormat(Qt::RichText);
    levelsLayout->addWidget(levelNotes_);
    levelsLayout->addWidget(nodeLevel_);
    levelsLayout->addWidget(lesson_);

    texts_.add([=, this] {
        sharesBox->setTitle(tr("Shares and timings"));
        shares_->setHorizontalHeaderLabels({tr("Device"), tr("Share %"), tr("Elements"),
                                            tr("Upload ms"), tr("Run ms"), tr("Kernel ms"),
                                            tr("Resident GB/s"), tr("End-to-end GB/s"),
                                            tr("Verified"), tr("Predicted ms")});
        levelsBox->setTitle(tr("The tree, level by level, measured in this run"));
        nodeLevel_->setText(
            tr("Next level, nodes: mpirun -n P reducelab-cli run --mpi reduces one shard per "
               "rank and combines the partials with MPI_Reduce. This window does not measure it; "
               "docs/scaling.md models that level."));
        lesson_->setText(tr(
            "Each level reduces what the level below left. Splitting divides the main kernel's "
            "time among the devices, but every device still pays its launch and its finish, and "
            "the host adds a combine: below some n these fixed costs are larger than the time "
            "saved. End to end, every shard must first be uploaded; where the link to a device "
            "(PCIe for a GPU) is slower than its memory, the upload outweighs the kernel and the "
            "split pays only where the time a device saves is more than the time it takes to "
            "move its share. Compare the resident and end-to-end totals at several n to find "
            "the crossover on this machine."));
    });
    layout->addWidget(sharesBox);
    layout->addWidget(levelsBox, 1);
    fill();  // the headers before the first run
}

void SplitResultsView::fill() {
    fillShares();
    fillLevels();
    fillLevelsChart();
}

QString SplitResultsView::summaryText() const {
    return summary_->text();
}

void SplitResultsView::setCeiling(const std::optional<BandwidthCeiling>& ceiling,
                                  const DeviceInfo& device) {
    ceiling_ = ceiling;
    ceilingDevice_ = device;
    fillShares();
}

bool SplitResultsView::fromCache(const DeviceShare& d) const {
    if (d.count == 0) return false;
    if (ceiling_ && d.device.name == ceilingDevice_.name &&
        d.device.platform_name == ceilingDevice_.platform_name) {
        RunResult shard;  // the shard's run as the charts see a point
        shard.device = d.device;
        shard.input_bytes = d.input_bytes;
        shard.gbps = d.resident_gbps;
        return served_from_cache(shard, *ceiling_);
    }
    return shard_from_cache(d);
}

QString SplitResultsView::fromCacheText(const DeviceShare& d) const {
    const bool ceiling = ceiling_ && d.device.name == ceilingDevice_.name &&
                         d.device.platform_name == ceilingDevice_.platform_name;
    return tr("From cache: %1 reduced its shard (%2) at %3 GB/s, above %4 (%5 GB/s): the shard "
              "sat in the device's cache, so this is not memory bandwidth.")
        .arg(qs(d.device.name), qs(format_bytes(d.input_bytes)), gbps(d.resident_gbps),
             ceiling ? tr("the read ceiling measured on it") : tr("its rate from memory"),
             gbps(ceiling ? cache_threshold_gbps(*ceiling_) : d.model->gbps));
}

void SplitResultsView::fillShares() {
    shares_->setRowCount(0);
    summary_->clear();
    if (!result_) return;
    const SplitResult& r = *result_;
    const auto yesNo = [](bool yes) { return yes ? tr("yes") : tr("no"); };
    shares_->setRowCount(static_cast<int>(r.devices.size()) + 1);
    int row = 0;
    for (const DeviceShare& d : r.devices) {
        const QStringList cells = {
            QStringLiteral("%1  %2").arg(d.device.index).arg(qs(d.device.name)),
            units_text::shareNumber(d.fraction),
            QString::number(d.count),
            ms(d.upload_ms),
            ms(d.run_ms),
            ms(d.kernel_ms),
            gbps(d.resident_gbps),
            gbps(d.end_to_end_gbps),
            yesNo(d.shard_verified),
            d.model ? ms(d.predicted_ms) : QStringLiteral("—")};
        for (int column = 0; column < cells.size(); ++column)
            shares_->setItem(row, column, cell(cells[column], column != 0 && column != 8));
        if (!d.plan_note.empty()) shares_->item(row, 0)->setToolTip(qs(d.plan_note));
        if (fromCache(d)) {
            // The same warning sign as the charts' "from cache" points.
            QTableWidgetItem* rate = shares_->item(row, 6);
            rate->setText(rate->text() + QStringLiteral(" ⚠"));
            rate->setToolTip(fromCacheText(d));
        }
        ++row;
    }
    const QString none = QStringLiteral("—");
    const QStringList total = {tr("Total (resident; combine %1 ms)").arg(ms(r.combine_ms)),
                               units_text::shareNumber(1.0),
                               QString::number(r.n),
                               none,
                               ms(r.resident_ms),
                               none,
                               gbps(r.resident_gbps),
                               gbps(r.end_to_end_gbps),
                               yesNo(r.verified),
                               r.planned ? ms(r.predicted_ms) : none};
    for (int column = 0; column < total.size(); ++column) {
        QTableWidgetItem* item = cell(total[column], column != 0 && column != 8);
        QFont bold = item->font();
        bold.setBold(true);
        item->setFont(bold);
        shares_->setItem(row, column, item);
    }
    summary_->setText(
        tr("Data resident on the devices: %1 ms (%2 GB/s). With the upload: %3 ms (%4 GB/s). "
           "Host combine: %5 ms. Value %6; reference of the whole input %7: %8 (%9).")
            .arg(ms(r.resident_ms), gbps(r.resident_gbps), ms(r.end_to_end_ms),
                 gbps(r.end_to_end_gbps), ms(r.combine_ms), valueText(r.value),
                 valueText(r.reference), r.verified ? tr("verified") : tr("NOT verified"),
                 qs(r.check.rule)));
    if (r.planned) {
        QString plan =
            tr("Predicted %1 ms, measured %2 ms (%3).")
                .arg(ms(r.predicted_ms), ms(r.measured_ms()),
                     r.predicted_with_upload ? tr("with the upload") : tr("data resident"));
        if (r.fastest_alone && *r.fastest_alone < r.devices.size())
            plan += QLatin1Char(' ') + tr("The fastest device alone, %1, is predicted at %2 ms.")
                                           .arg(qs(r.devices[*r.fastest_alone].device.name),
                                                ms(r.fastest_alone_predicted_ms));
        for (const DeviceShare& d : r.devices)
            if (fromCache(d)) plan += QLatin1Char(' ') + fromCacheText(d);
        for (const DeviceShare& d : r.devices)
            if (!d.plan_note.empty())
                plan += QLatin1Char(' ') +
                        QStringLiteral("%1: %2.").arg(qs(d.device.name), qs(d.plan_note));
        summary_->setText(summary_->text() + QLatin1Char(' ') + plan);
    }
}

QString SplitResultsView::levelName(SplitLevel::Kind kind) const {
    switch (kind) {
        case SplitLevel::Kind::MainKernel:
            return tr("Main kernel: work-items, work-groups");
        case SplitLevel::Kind::DeviceFinish:
            return tr("Device: its work-groups' partials");
        case SplitLevel::Kind::Upload:
            return tr("Upload of each shard");
        case SplitLevel::Kind::HostCombine:
            return tr("Host: one partial per device");
    }
    return {};
}

QString SplitResultsView::levelTick(SplitLevel::Kind kind) const {
    switch (kind) {
        case SplitLevel::Kind::MainKernel:
            return tr("main\nkernel");
        case SplitLevel::Kind::DeviceFinish:
            return tr("device\nfinish");
        case SplitLevel::Kind::Upload:
            return tr("upload");
        case SplitLevel::Kind::HostCombine:
            return tr("host\ncombine");
    }
    return {};
}

QString SplitResultsView::levelNote(const SplitLevel& level) const {
    switch (level.kind) {
        case SplitLevel::Kind::MainKernel:
            return tr(
                "Profiling events of the main kernel. The work-items' loops and the "
                "work-groups' local-memory trees run inside this one kernel and cannot be "
                "timed apart.");
        case SplitLevel::Kind::DeviceFinish: {
            QStringList inside;
            for (std::size_t i = 0; i < level.perDeviceMs.size() && result_; ++i)
                if (!level.perDeviceMs[i] && result_->devices[i].count > 0)
                    inside << tr("device %1").arg(result_->devices[i].device.index);
            const QString measured =
                tr("Finish kernel passes, or reading the partials and folding them on the host.");
            if (inside.isEmpty()) return measured;
            return measured + QLatin1Char(' ') +
                   tr("On %1 the partials are combined inside the main kernel (atomics or the "
                      "last work-group): not timed apart, included in the level above.")
                       .arg(inside.join(QStringLiteral(", ")));
        }
        case SplitLevel::Kind::Upload:
            return tr(
                "Host-to-device copy of each shard, by profiling events (the median of the "
                "timed repeats); only the end-to-end total pays it.");
        case SplitLevel::Kind::HostCombine:
            return tr("The host's combine of the devices' partials, by the wall clock.");
    }
    return {};
}

void SplitResultsView::fillLevels() {
    levelsTable_->clear();
    levelsTable_->setRowCount(0);
    const int deviceColumns = result_ ? static_cast<int>(result_->devices.size()) : 0;
    levelsTable_->setColumnCount(deviceColumns + 2);
    QStringList headers = {tr("Level")};
    for (int i = 0; i < deviceColumns; ++i)
        headers
            << tr("device %1, ms").arg(result_->devices[static_cast<std::size_t>(i)].device.index);
    headers << tr("This run, ms");
    levelsTable_->setHorizontalHeaderLabels(headers);
    levelNotes_->clear();
    if (!result_) return;
    levelsTable_->setRowCount(static_cast<int>(levels_.size()));
    QString notes;
    const QString notSeparable = tr("not timed apart");
    for (int row = 0; row < static_cast<int>(levels_.size()); ++row) {
        const SplitLevel& level = levels_[static_cast<std::size_t>(row)];
        QTableWidgetItem* name = cell(levelName(level.kind), false);
        name->setToolTip(levelNote(level));
        levelsTable_->setItem(row, 0, name);
        for (int i = 0; i < deviceColumns; ++i) {
            QString text;
            if (!level.perDeviceMs.empty()) {
                const auto& t = level.perDeviceMs[static_cast<std::size_t>(i)];
                text = t ? ms(*t) : notSeparable;
            }
            levelsTable_->setItem(row, i + 1, cell(text));
        }
        levelsTable_->setItem(row, deviceColumns + 1,
                              cell(level.ms ? ms(*level.ms) : notSeparable));
        notes += QStringLiteral("<b>%1</b>: %2<br>")
                     .arg(levelName(level.kind).toHtmlEscaped(), levelNote(level).toHtmlEscaped());
    }
    levelNotes_->setText(notes);
    levelsTable_->resizeColumnsToContents();
}

void SplitResultsView::fillLevelsChart() {
    QCustomPlot* plot = levelsChart_;
    plot->clearPlottables();
    qDeleteAll(plot->findChildren<QCPBarsGroup*>(Qt::FindDirectChildrenOnly));
    plot->yAxis->setLabel(tr("ms (log)"));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t k = 0; k < levels_.size(); ++k)
        ticker->addTick(static_cast<double>(k), levelTick(levels_[k].kind));
    setTextTicks(plot->xAxis, ticker);
    plot->xAxis->setRange(-0.6, std::max<double>(static_cast<double>(levels_.size()) - 0.4, 0.6));
    if (!result_) {
        plot->replot();
        return;
    }
    const Theme theme = Theme::standard();
    const int deviceCount = static_cast<int>(result_->devices.size());
    auto* group = new QCPBarsGroup(plot);  // owned by the plot
    double lowest = 1.0, highest = 1e-3;
    auto addBars = [&](const QString& name, int seriesIndex, auto timeAt) {
        auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(name);
        bars->setBaseValue(1e-9);  // a log axis has no zero
        bars->setWidth(0.8 / std::max(deviceCount, 1));
        bars->setBrush(theme.series(seriesIndex));
        bars->setPen(QPen(theme.series(seriesIndex).darker(130)));
        bars->setBarsGroup(group);
        for (std::size_t k = 0; k < levels_.size(); ++k)
            if (const std::optional<double> t = timeAt(levels_[k]); t && *t > 0) {
                bars->addData(static_cast<double>(k), *t);
                lowest = std::min(lowest, *t);
                highest = std::max(highest, *t);
            }
    };
    for (int i = 0; i < deviceCount; ++i)
        addBars(tr("device %1").arg(result_->devices[static_cast<std::size_t>(i)].device.index), i,
                [i](const SplitLevel& level) -> std::optional<double> {
                    if (level.perDeviceMs.empty()) return std::nullopt;
                    return level.perDeviceMs[static_cast<std::size_t>(i)];
                });
    addBars(tr("host"), deviceCount, [](const SplitLevel& level) -> std::optional<double> {
        return level.perDeviceMs.empty() ? level.ms : std::nullopt;
    });
    plot->yAxis->setRange(lowest / 10, highest * 10);
    plot->replot();
}

void SplitResultsView::setResult(const std::optional<SplitResult>& result) {
    result_ = result;
    levels_ = result ? splitLevels(*result) : std::vector<SplitLevel>{};
    fill();
}

void SplitResultsView::changeEvent(QEvent* event) {
    // Only the words change: the result stays and its tables are filled again.
    if (event->type() == QEvent::LanguageChange && levelsChart_) {
        texts_.apply();
        fill();
    }
    QWidget::changeEvent(event);
}

}  // namespace reducelab::ui
