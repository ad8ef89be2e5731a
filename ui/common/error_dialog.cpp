// The error dialog's layout.
#include "common/error_dialog.h"
#include "common/close_shortcuts.h"
#include "common/screen_fit.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace reducelab::ui {

ErrorDialog::ErrorDialog(QWidget* parent) : QDialog(parent) {
    installCloseShortcuts(this);
    setObjectName(QStringLiteral("errorDialog"));
    resizeToScreen(this, {760, 480});
    auto* layout = new QVBoxLayout(this);
    message_ = new QLabel;
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    log_ = new QPlainTextEdit;
    log_->setObjectName(QStringLiteral("buildLog"));
    log_->setReadOnly(true);
    log_->setLineWrapMode(QPlainTextEdit::NoWrap);
    log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    auto* copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(message_->text() + QStringLiteral("\n\n") +
                                           log_->toPlainText());
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(message_);
    layout->addWidget(log_, 1);
    layout->addWidget(buttons);
}

void ErrorDialog::setError(const JobError& error) {
    setWindowTitle(error.title());
    message_->setText(QStringLiteral("<b>%1</b><br>%2")
                          .arg(error.title().toHtmlEscaped(), error.details().toHtmlEscaped()));
    log_->setPlainText(error.hasBuildLog() ? error.buildLog : tr("(no build log)"));
    log_->setVisible(error.hasBuildLog());
}

QString ErrorDialog::buildLogText() const {
    return log_->toPlainText();
}

}  // namespace reducelab::ui
