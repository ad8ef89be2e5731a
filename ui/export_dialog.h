// Asks where and how to export a chart: file, format (from the suffix), size and DPI.
#pragma once

#include <QDialog>

#include "chart_exporter.h"

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
    };

    ExportDialog(const QString& suggestedName, QWidget* parent = nullptr);
    Choice choice() const;
    void setChoice(const Choice& choice);

  private:
    void syncSuffix();

    QLineEdit* path_ = nullptr;
    QComboBox* format_ = nullptr;
    QSpinBox* width_ = nullptr;
    QSpinBox* height_ = nullptr;
    QSpinBox* dpi_ = nullptr;
};

}  // namespace reducelab::ui
