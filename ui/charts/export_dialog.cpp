// The export dialog's fields.
#include "charts/export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>

namespace reducelab::ui {

ExportDialog::ExportDialog(const QString& suggestedName, QWidget* parent) : QDialog(parent) {
    auto* form = new QFormLayout(this);
    path_ = new QLineEdit(QDir(QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
                              .filePath(suggestedName + QStringLiteral(".png")));
    auto* browse = new QPushButton;
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    format_ = new QComboBox;
    for (auto format :
         {ChartExporter::Format::Png, ChartExporter::Format::Svg, ChartExporter::Format::Pdf})
        format_->addItem(QString(), static_cast<int>(format));
    width_ = new QSpinBox;
    width_->setRange(16, 20000);
    width_->setValue(1200);

    height_ = new QSpinBox;
    height_->setRange(16, 20000);
    height_->setValue(750);

    dpi_ = new QSpinBox;
    dpi_->setRange(36, 1200);
    dpi_->setValue(144);
    // The dialog may stay open while the language changes: its words follow.
    texts_.add([this, browse] {
        setWindowTitle(tr("Export chart"));
        browse->setText(tr("Browse…"));
        format_->setItemText(0, tr("PNG (raster, at the DPI below)"));
        format_->setItemText(1, tr("SVG (vector)"));
        format_->setItemText(2, tr("PDF (vector)"));
        width_->setSuffix(tr(" px"));
        height_->setSuffix(tr(" px"));
        dpi_->setToolTip(
            tr("The PNG has exactly the width and height above; text and lines are "
               "drawn DPI ÷ 96 times their size on screen"));
    });
    form->addRow(texts_.label([] { return tr("File"); }), pathRow);
    form->addRow(texts_.label([] { return tr("Format"); }), format_);
    form->addRow(texts_.label([] { return tr("Width"); }), width_);
    form->addRow(texts_.label([] { return tr("Height"); }), height_);
    form->addRow(texts_.label([] { return tr("DPI"); }), dpi_);
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

void ExportDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && format_) texts_.apply();
    QDialog::changeEvent(event);
}

}  // namespace reducelab::ui
