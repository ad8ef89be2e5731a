// Distinct results as bars, per device, and the table of variants beside them.
#include "tools/determinism_histogram.h"

#include <qcustomplot.h>
#include <QEvent>
#include <QHeaderView>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/text_ticks.h"
#include "common/engine_text.h"
#include "reducelab/csv.h"

namespace reducelab::ui {
namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// Integer sums are exact whatever the order; float sums are when the exact sum was computed.
bool exactKnown(const DeterminismReport& report) {
    return report.exact_sum_known || report.reference.kind != Value::Kind::Float;
}

}  // namespace

QString determinismClassText(DeterminismClass c) {
    switch (c) {
        case DeterminismClass::Nondeterministic:
            return DeterminismHistogram::tr("nondeterministic");
        case DeterminismClass::RunToRun:
            return DeterminismHistogram::tr("run-to-run");
        case DeterminismClass::LaunchInvariant:
            return DeterminismHistogram::tr("launch-invariant");
        case DeterminismClass::DeviceInvariant:
            return DeterminismHistogram::tr("device-invariant");
    }
    return {};
}

DeterminismHistogram::DeterminismHistogram(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal);
    table_ = new QTableWidget(0, 5);
    table_->setObjectName(QStringLiteral("determinismTable"));
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(table_, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row >= 0 && row < static_cast<int>(variants_.size()))
            showVariant(qs(variants_[static_cast<std::size_t>(row)].variant));
    });
    plot_ = new QCustomPlot;
    plot_->setObjectName(QStringLiteral("determinismHistogramPlot"));
    plot_->setMinimumSize(320, 220);
    plot_->plotLayout()->insertRow(0);
    title_ = new QCPTextElement(plot_, QString(), QFont(font().family(), 11, QFont::Bold));
    plot_->plotLayout()->addElement(0, 0, title_);
    plot_->xAxis->grid()->setVisible(false);
    plot_->legend->setVisible(true);
    splitter->addWidget(table_);
    splitter->addWidget(plot_);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter);
    retranslateUi();
}

void DeterminismHistogram::clear() {
    variants_.clear();
    shown_.clear();
    rebuildTable();
    rebuildPlot();
}

void DeterminismHistogram::addVariant(const DeterminismStudyVariant& study) {
    auto same = std::ranges::find_if(
        variants_, [&](const DeterminismStudyVariant& v) { return v.variant == study.variant; });
    if (same != variants_.end())
        *same = study;
    else
        variants_.push_back(study);
    rebuildTable();
    const QString name = qs(study.variant);
    if (shown_.isEmpty() || shown_ == name) showVariant(name);
}

void DeterminismHistogram::showVariant(const QString& variant) {
    if (!find(variant)) return;
    const bool changed = shown_ != variant;
    shown_ = variant;
    for (int row = 0; row < table_->rowCount(); ++row)
        if (table_->item(row, 0)->text() == variant && table_->currentRow() != row) {
            const QSignalBlocker block(table_);
            table_->selectRow(row);
        }
    rebuildPlot();
    if (changed) emit variantShown(variant);
}

const DeterminismStudyVariant* DeterminismHistogram::find(const QString& variant) const {
    const std::string name = variant.toStdString();
    for (const DeterminismStudyVariant& v : variants_)
        if (v.variant == name) return &v;
    return nullptr;
}

std::vector<DeterminismHistogram::Bar> DeterminismHistogram::bars(const QString& variant) const {
    std::vector<Bar> bars;
    const DeterminismStudyVariant* study = find(variant);
    if (!study || !study->report) return bars;
    for (std::size_t d = 0; d < study->report->devices.size(); ++d) {
        const DeviceOutcome& device = study->report->devices[d];
        for (const DistinctResult& r : device.results)
            bars.push_back({variant, static_cast<int>(d), qs(device.device), qs(r.bits),
                            qs(r.value.to_string()), r.count,
                            exactKnown(*study->report) &&
                                r.bits == result_bits(study->report->correctly_rounded)});
    }
    return bars;
}

void DeterminismHistogram::retranslateUi() {
    table_->setHorizontalHeaderLabels({tr("Variant"), tr("Class"), tr("Distinct\n(device 1)"),
                                       tr("Distinct\n(device 2)"), tr("Correctly\nrounded")});
    plot_->yAxis->setLabel(tr("runs giving this result"));
    plot_->xAxis->setLabel(tr("distinct results (value, bits)"));
    // The study's results stay; only their words are written again.
    rebuildTable();
    rebuildPlot();
}

void DeterminismHistogram::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && plot_) retranslateUi();
    QWidget::changeEvent(event);
}

void DeterminismHistogram::rebuildTable() {
    const QSignalBlocker block(table_);
    table_->setRowCount(static_cast<int>(variants_.size()));
    for (std::size_t i = 0; i < variants_.size(); ++i) {
        const DeterminismStudyVariant& v = variants_[i];
        const int row = static_cast<int>(i);
        QStringList cells{qs(v.variant), v.error.empty() ? QString() : tr("failed"), {}, {}, {}};
        if (v.report) {
            cells[1] = determinismClassText(v.report->determinism);
            for (std::size_t d = 0; d < v.report->devices.size() && d < 2; ++d)
                cells[2 + static_cast<int>(d)] =
                    QString::number(v.report->devices[d].results.size());
            const bool everywhere =
                v.report->results.size() == 1 &&
                v.report->results.front().bits == result_bits(v.report->correctly_rounded);
            cells[4] = !exactKnown(*v.report) ? tr("n/a") : everywhere ? tr("yes") : tr("no");
        }
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (!v.error.empty()) item->setToolTip(qs(v.error));
            table_->setItem(row, c, item);
        }
    }
}

void DeterminismHistogram::rebuildPlot() {
    plot_->clearPlottables();
    drawn_ = bars(shown_);
    const DeterminismStudyVariant* study = find(shown_);
    if (!study) {
        title_->setText(tr("Distinct results: run a study"));
    } else if (!study->report) {
        title_->setText(tr("%1 failed: %2").arg(qs(study->variant), qs(study->error)));
    } else {
        const DeterminismReport& report = *study->report;
        QString title = tr("%1: %2 (%3 runs)")
                            .arg(qs(study->variant), determinismClassText(report.determinism))
                            .arg(report.runs);
        if (exactKnown(report))
            title += QLatin1Char('\n') + tr("correctly rounded sum %1 (%2)")
                                             .arg(qs(report.correctly_rounded.to_string()),
                                                  qs(result_bits(report.correctly_rounded)));
        title_->setText(title);
    }
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double x = 1;
    std::uint64_t highest = 1;
    int lastDevice = -1;
    QCPBars* bars = nullptr;
    for (const Bar& bar : drawn_) {
        if (bar.device != lastDevice) {
            if (lastDevice >= 0) x += 0.6;  // a gap between the devices' groups
            lastDevice = bar.device;
            bars = new QCPBars(plot_->xAxis, plot_->yAxis);
            bars->setWidth(0.7);
            const QColor colour = theme_.series(bar.device);
            bars->setPen(QPen(colour.darker(130)));
            bars->setBrush(colour);
            const DeviceOutcome& device =
                study->report->devices[static_cast<std::size_t>(bar.device)];
            bars->setName(tr("device %1: %2 (%3)")
                              .arg(bar.device + 1)
                              .arg(bar.deviceName, determinismClassText(device.determinism)));
        }
        bars->addData(x, static_cast<double>(bar.count));
        ticker->addTick(x,
                        bar.value + QLatin1Char('\n') + bar.bits +
                            (bar.correctlyRounded ? QLatin1Char('\n') + tr("exact") : QString()));
        highest = std::max(highest, bar.count);
        x += 1;
    }
    setTextTicks(plot_->xAxis, ticker);
    plot_->xAxis->setTickLabelRotation(drawn_.size() > 4 ? 30 : 0);
    plot_->xAxis->setRange(0.3, std::max(2.0, x - 0.3));
    plot_->yAxis->setRange(0, static_cast<double>(highest) * 1.15 + 0.5);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void DeterminismHistogram::setTheme(const Theme& theme) {
    theme_ = theme;
    rebuildPlot();
}

QByteArray DeterminismHistogram::csv() const {
    std::vector<std::vector<CsvCell>> rows;
    for (const DeterminismStudyVariant& v : variants_) {
        if (!v.report) continue;
        for (const DeviceOutcome& device : v.report->devices)
            for (const DistinctResult& r : device.results)
                rows.push_back({v.variant, std::string(to_string(v.report->determinism)),
                                device.device, r.bits, r.value.to_string(), std::to_string(r.count),
                                QString::number(r.abs_error, 'g', 17).toStdString()});
    }
    return QByteArray::fromStdString(
        csv_table({"variant", "class", "device", "bits", "value", "count", "abs_error"}, rows));
}

}  // namespace reducelab::ui
