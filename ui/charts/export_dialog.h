// Asks where and how to export a chart: file, format (from the suffix), size and DPI.
#pragma once

#include <QDialog>

#include "charts/chart_exporter.h"
#include "common/translated_texts.h"

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace reducelab::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
  public:
    struct Choice {
        QString path;
        ChartExporter::Format format = ChartExporter::Format::Png;
        int width = 1200;
        int height = 750;
        int dpi = 144;
        // The path the file dialog chose, where it already asked before replacing a file.
        QString confirmedPath;
    };

    // Where the chart goes and in which format. A typed suffix that names a chart format wins
    // over the format list (chart.svg is written as SVG, never silently as chart.png over
    // another file); a missing or unknown suffix gets the chosen format's appended.
    struct Target {
        QString path;
        ChartExporter::Format format = ChartExporter::Format::Png;
        bool suffixAdded = false;  // the typed name had no chart suffix (ask if it had another)
    };
    static Target target(const QString& typedPath, ChartExporter::Format chosen);

    ExportDialog(const QString& suggestedName, QWidget* parent = nullptr);
    Choice choice() const;
    void setChoice(const Choice& choice);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void syncSuffix();

    QLineEdit* path_ = nullptr;
    QComboBox* format_ = nullptr;
    QSpinBox* width_ = nullptr;
    QSpinBox* height_ = nullptr;
    QSpinBox* dpi_ = nullptr;
    QString confirmedPath_;
    TranslatedTexts texts_;
};

}  // namespace reducelab::ui
