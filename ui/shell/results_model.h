// Every measurement of the session as a table: single runs, sweep points, tuning re-measures and
// points from opened files, with where each came from. Exports through
// engine/include/reducelab/results_file.h.
#pragma once

#include <QAbstractTableModel>
#include <functional>
#include <optional>
#include <vector>

#include "reducelab/results_file.h"

namespace reducelab::ui {

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column {
        Source,
        Variant,
        Op,
        Type,
        N,
        LocalSize,
        WorkGroups,
        PerWorkItem,
        FinishColumn,
        TimeMs,
        Gbps,
        PercentOfCeiling,
        Verified,
        ValueColumn,
        ColumnCount
    };

    explicit ResultsModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void add(const RunResult& result, const QString& source);
    // A source in the installed language, asked again on each retranslate() ("run").
    void add(const RunResult& result, std::function<QString()> translatedSource);
    void clear();
    // Headers and translated cells again in the installed language (the rows stay).
    void retranslate();
    // Rows added since the table was last saved (markSaved) or cleared: closing asks first.
    bool hasUnsaved() const { return unsaved_; }
    void markSaved() { unsaved_ = false; }
    void setCeiling(const std::optional<BandwidthCeiling>& ceiling);
    const RunResult& result(int row) const { return rows_[static_cast<std::size_t>(row)].result; }
    QString source(int row) const;
    // The table as a results file (for CSV/JSON export).
    ResultsFile toResultsFile(const DeviceInfo& device) const;

  private:
    struct Row {
        RunResult result;
        QString source;
        std::function<QString()> translatedSource;  // set: the source follows the language
    };
    std::vector<Row> rows_;
    std::optional<BandwidthCeiling> ceiling_;
    bool unsaved_ = false;
};

}  // namespace reducelab::ui
