// The banner's look: a symbol as well as a colour, so that it reads without colour vision.
#include "common/message_banner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

namespace reducelab::ui {

MessageBanner::MessageBanner(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("messageBanner"));
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    icon_ = new QLabel;
    text_ = new QLabel;
    text_->setObjectName(QStringLiteral("messageText"));
    text_->setWordWrap(true);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    details_ = new QPushButton;
    details_->setObjectName(QStringLiteral("messageDetails"));
    auto* close = close_ = new QToolButton;
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    retranslateUi();
    layout->addWidget(icon_);
    layout->addWidget(text_, 1);
    layout->addWidget(details_);
    layout->addWidget(close);
    connect(details_, &QPushButton::clicked, this, [this] { emit detailsRequested(error_); });
    connect(close, &QToolButton::clicked, this, &MessageBanner::clear);
    setVisible(false);
}

void MessageBanner::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QFrame::changeEvent(event);
}

void MessageBanner::retranslateUi() {
    details_->setText(tr("Details…"));
    close_->setToolTip(tr("Dismiss"));
}

void MessageBanner::showError(const JobError& error) {
    cause_.clear();
    error_ = error;
    level_ = Level::Error;
    text_->setText(QStringLiteral("<b>%1:</b> %2")
                       .arg(error.title().toHtmlEscaped(), error.details().toHtmlEscaped()));
    details_->setVisible(error.hasBuildLog());
    applyLevel();
    setVisible(true);
}

void MessageBanner::showMessage(Level level, const QString& text) {
    cause_.clear();
    error_ = {};
    level_ = level;
    text_->setText(text.toHtmlEscaped());
    details_->setVisible(false);
    applyLevel();
    setVisible(true);
}

void MessageBanner::clear() {
    cause_.clear();
    text_->clear();
    setVisible(false);
}

QString MessageBanner::text() const {
    return isVisible() ? text_->text() : QString();
}

void MessageBanner::applyLevel() {
    // Okabe–Ito hues, light enough to keep black text readable on a projector.
    QString background = QStringLiteral("#dbeaf7");
    QString border = QStringLiteral("#0072B2");
    QString symbol = QStringLiteral("ℹ");
    if (level_ == Level::Warning) {
        background = QStringLiteral("#fbeccc");
        border = QStringLiteral("#E69F00");
        symbol = QStringLiteral("⚠");
    } else if (level_ == Level::Error) {
        background = QStringLiteral("#f8dccd");
        border = QStringLiteral("#D55E00");
        symbol = QStringLiteral("✖");
    }
    setStyleSheet(QStringLiteral(
                      "#messageBanner { background: %1; border: 2px solid %2; border-radius: 4px; }"
                      "#messageBanner QLabel { color: black; }")
                      .arg(background, border));
    icon_->setText(QStringLiteral("<span style='font-size:16pt'>%1</span>").arg(symbol));
}

}  // namespace reducelab::ui
