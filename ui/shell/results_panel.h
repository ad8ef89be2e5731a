// The main window's results area: every measurement of the session in a sortable table, with
// CSV / JSON export and Clear.
#pragma once

#include <QString>
#include <QWidget>

#include "common/translated_texts.h"

namespace reducelab::ui {

class ResultsModel;

class ResultsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ResultsPanel(ResultsModel* model, QWidget* parent = nullptr);

  signals:
    // `suffix`: "csv" or "json".
    void exportRequested(const QString& suffix);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    // The bar's texts and the table's headers again; the rows stay.
    void retranslateUi();

    ResultsModel* model_ = nullptr;
    TranslatedTexts texts_;
};

}  // namespace reducelab::ui
