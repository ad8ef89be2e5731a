// The main window's results area: every measurement of the session in a sortable table, with
// CSV / JSON export and Clear.
#pragma once

#include <QString>
#include <QWidget>

namespace reducelab::ui {

class ResultsModel;

class ResultsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ResultsPanel(ResultsModel* model, QWidget* parent = nullptr);

  signals:
    // `suffix`: "csv" or "json".
    void exportRequested(const QString& suffix);
};

}  // namespace reducelab::ui
