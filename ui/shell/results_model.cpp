// The results table's rows and columns.
#include "shell/results_model.h"

#include <QColor>

#include "common/engine_text.h"
#include "common/size_text.h"
#include "common/units_text.h"
#include "reducelab/version.h"

namespace reducelab::ui {

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    // QT_TR_NOOP: lupdate collects them, tr() translates them when shown.
    static const char* const names[] = {
        QT_TR_NOOP("Source"),    QT_TR_NOOP("Variant"),  QT_TR_NOOP("Op"),
        QT_TR_NOOP("Type"),      QT_TR_NOOP("n"),        QT_TR_NOOP("Local"),
        QT_TR_NOOP("Groups"),    QT_TR_NOOP("Per item"), QT_TR_NOOP("Finish"),
        QT_TR_NOOP("Time (ms)"), QT_TR_NOOP("GB/s"),     QT_TR_NOOP("% ceiling"),
        QT_TR_NOOP("Verified"),  QT_TR_NOOP("Value")};
    return tr(names[section]);
}

void ResultsModel::retranslate() {
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const RunResult& r = row.result;
    const double ceiling = ceiling_ ? ceiling_->copy_gbps : 0;
    if (role == Qt::TextAlignmentRole)
        return index.column() >= N && index.column() != Verified && index.column() != FinishColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    // Sorting uses the numbers, not their text.
    if (role == Qt::UserRole) {
        switch (index.column()) {
            case N:
                return QVariant::fromValue<qulonglong>(r.n);
            case LocalSize:
                return QVariant::fromValue<qulonglong>(r.launched.local_size);
            case WorkGroups:
                return QVariant::fromValue<qulonglong>(r.launched.work_groups);
            case PerWorkItem:
                return QVariant::fromValue<qulonglong>(r.launched.items_per_work_item);
            case TimeMs:
                return r.total_ms;
            case Gbps:
                return r.gbps;
            case PercentOfCeiling:
                return ceiling > 0 ? r.gbps / ceiling : 0.0;
            default:
                return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::ToolTipRole && index.column() == ValueColumn)
        return tr("reference %1, %2")
            .arg(QString::fromStdString(r.reference.to_string()),
                 QString::fromStdString(r.verification_rule));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Source:
            return source(index.row());
        case Variant:
            return QString::fromStdString(r.request.variant);
        case Op:
            return qs(to_string(r.request.op));
        case Type:
            return qs(to_string(r.request.type));
        case N:
            return SizeText::describe(r.n);
        case LocalSize:
            return QString::number(r.launched.local_size);
        case WorkGroups:
            return QString::number(r.launched.work_groups);
        case PerWorkItem:
            return QString::number(r.launched.items_per_work_item);
        case FinishColumn:
            return qs(to_string(r.launched.finish));
        case TimeMs:
            return units_text::msNumber(r.total_ms);
        case Gbps:
            return units_text::gbpsNumber(r.gbps);
        case PercentOfCeiling:
            return ceiling > 0 ? QStringLiteral("%1%").arg(
                                     units_text::percentNumber(100 * r.gbps / ceiling))
                               : QStringLiteral("—");
        case Verified:
            return r.verified ? tr("✔ yes") : tr("✖ NO");
        case ValueColumn:
            return QString::fromStdString(r.value.to_string());
    }
    return {};
}

void ResultsModel::add(const RunResult& result, const QString& source) {
    const int row = static_cast<int>(rows_.size());
    beginInsertRows({}, row, row);
    rows_.push_back({result, source, {}});
    endInsertRows();
    unsaved_ = true;
}

void ResultsModel::add(const RunResult& result, std::function<QString()> translatedSource) {
    add(result, translatedSource());
    rows_.back().translatedSource = std::move(translatedSource);
}

QString ResultsModel::source(int row) const {
    const Row& r = rows_[static_cast<std::size_t>(row)];
    return r.translatedSource ? r.translatedSource() : r.source;
}

void ResultsModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
    unsaved_ = false;
}

void ResultsModel::setCeiling(const std::optional<BandwidthCeiling>& ceiling) {
    ceiling_ = ceiling;
    if (!rows_.empty())
        emit dataChanged(index(0, PercentOfCeiling), index(rowCount() - 1, PercentOfCeiling));
}

ResultsFile ResultsModel::toResultsFile(const DeviceInfo& device) const {
    ResultsFile file;
    file.suite = "gui-session";
    file.created_utc = utc_now_iso8601();
    file.tool = std::string("reducelab ") + kVersion;
    file.device = rows_.empty() ? device : rows_.front().result.device;
    file.ceiling = ceiling_;
    for (const Row& row : rows_) file.points.push_back(row.result);
    return file;
}

}  // namespace reducelab::ui
