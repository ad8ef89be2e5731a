// The export dialog's fields.
#include "export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>

namespace reducelab::ui {

ExportDialog::ExportDialog(const QString& suggestedName, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export chart"));
    auto* form = new QFormLayout(this);
    path_ = new QLineEdit(QDir(QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
                              .filePath(suggestedName + QStringLiteral(".png")));
    auto* browse = new QPushButton(tr("Browse…"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    format_ = new QComboBox;
    format_->addItem(tr("PNG (raster, at the DPI below)"),
                     static_cast<int>(ChartExporter::Format::Png));
    format_->addItem(tr("SVG (vector)"), static_cast<int>(ChartExporter::Format::Svg));
    format_->addItem(tr("PDF (vector)"), static_cast<int>(ChartExporter::Format::Pdf));
    width_ = new QSpinBox;
    width_->setRange(16, 20000);
    width_->setValue(1200);
    width_->setSuffix(tr(" px"));
    height_ = new QSpinBox;
    height_->setRange(16, 20000);
    height_->setValue(750);
    height_->setSuffix(tr(" px"));
    dpi_ = new QSpinBox;
    dpi_->setRange(36, 1200);
    dpi_->setValue(144);
    dpi_->setToolTip(
        tr("The PNG has exactly the width and height above; text and lines are "
           "drawn DPI ÷ 96 times their size on screen"));
    form->addRow(tr("File"), pathRow);
    form->addRow(tr("Format"), format_);
    form->addRow(tr("Width"), width_);
    form->addRow(tr("Height"), height_);
    form->addRow(tr("DPI"), dpi_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(format_, &QComboBox::currentIndexChanged, this, &ExportDialog::syncSuffix);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export chart"), path_->text(),
                                                          tr("Charts (*.png *.svg *.pdf)"));
        if (file.isEmpty()) return;
        path_->setText(file);
        if (const auto f = ChartExporter::formatForPath(file))
            format_->setCurrentIndex(static_cast<int>(*f));
        confirmedPath_ = path_->text();
    });
    // A typed .svg, .png or .pdf picks the format, so that what is written is what was typed.
    connect(path_, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (const auto f = ChartExporter::formatForPath(text)) {
            const QSignalBlocker block(format_);
            format_->setCurrentIndex(static_cast<int>(*f));
            dpi_->setEnabled(*f == ChartExporter::Format::Png);
        }
    });
}

ExportDialog::Target ExportDialog::target(const QString& typedPath, ChartExporter::Format chosen) {
    Target t;
    if (const auto typed = ChartExporter::formatForPath(typedPath)) {
        t.path = typedPath;
        t.format = *typed;
        return t;
    }
    t.path = typedPath + QLatin1Char('.') + ChartExporter::suffix(chosen);
    t.format = chosen;
    t.suffixAdded = true;
    return t;
}

void ExportDialog::syncSuffix() {
    const auto format = static_cast<ChartExporter::Format>(format_->currentData().toInt());
    QFileInfo info(path_->text());
    path_->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') +
                                       ChartExporter::suffix(format)));
    dpi_->setEnabled(format == ChartExporter::Format::Png);
}

ExportDialog::Choice ExportDialog::choice() const {
    Choice c;
    c.path = path_->text();
    c.format = static_cast<ChartExporter::Format>(format_->currentData().toInt());
    c.width = width_->value();
    c.height = height_->value();
    c.dpi = dpi_->value();
    c.confirmedPath = confirmedPath_;
    return c;
}

void ExportDialog::setChoice(const Choice& c) {
    path_->setText(c.path);
    format_->setCurrentIndex(static_cast<int>(c.format));
    width_->setValue(c.width);
    height_->setValue(c.height);
    dpi_->setValue(c.dpi);
}

}  // namespace reducelab::ui
