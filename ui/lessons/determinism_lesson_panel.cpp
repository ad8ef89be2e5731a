// The determinism chapter's step list and texts.
#include "lessons/determinism_lesson_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace reducelab::ui {

DeterminismLessonPanel::DeterminismLessonPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    list_ = new QListWidget;
    list_->setObjectName(QStringLiteral("determinismLessonSteps"));
    text_ = new QTextBrowser;
    text_->setObjectName(QStringLiteral("determinismLessonText"));
    show_ = new QPushButton;
    show_->setObjectName(QStringLiteral("determinismLessonShow"));
    previous_ = new QPushButton;
    next_ = new QPushButton;
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(previous_);
    buttons->addWidget(show_, 1);
    buttons->addWidget(next_);
    layout->addWidget(list_, 1);
    layout->addWidget(text_, 3);
    layout->addLayout(buttons);
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) { showText(row); });
    connect(show_, &QPushButton::clicked, this, [this] {
        if (currentStep() >= 0) emit showStep(currentStep());
    });
    connect(previous_, &QPushButton::clicked, this, [this] {
        if (currentStep() > 0) {
            setCurrentStep(currentStep() - 1);
            emit showStep(currentStep());
        }
    });
    connect(next_, &QPushButton::clicked, this, [this] {
        if (currentStep() + 1 < static_cast<int>(steps_.size())) {
            setCurrentStep(currentStep() + 1);
            emit showStep(currentStep());
        }
    });
    retranslate();
}

void DeterminismLessonPanel::retranslate() {
    const int row = std::max(0, currentStep());
    steps_ = determinismLessonSteps();
    const QSignalBlocker block(list_);
    list_->clear();
    for (std::size_t i = 0; i < steps_.size(); ++i)
        list_->addItem(tr("%1. %2").arg(i + 1).arg(steps_[i].title));
    show_->setText(tr("Show me"));
    previous_->setText(tr("◀ Previous"));
    next_->setText(tr("Next ▶"));
    setCurrentStep(row);
}

void DeterminismLessonPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && list_) retranslate();
    QWidget::changeEvent(event);
}

int DeterminismLessonPanel::currentStep() const {
    return list_->currentRow();
}

void DeterminismLessonPanel::setCurrentStep(int index) {
    if (index < 0 || index >= static_cast<int>(steps_.size())) return;
    {
        const QSignalBlocker block(list_);
        list_->setCurrentRow(index);
    }
    showText(index);
}

void DeterminismLessonPanel::showText(int index) {
    if (index < 0 || index >= static_cast<int>(steps_.size())) return;
    const DeterminismLessonStep& step = steps_[static_cast<std::size_t>(index)];
    text_->setHtml(QStringLiteral("<h3>%1</h3><p>%2</p><p><b>%3</b> %4</p>")
                       .arg(step.title.toHtmlEscaped(), step.explain.toHtmlEscaped(),
                            tr("Look for:").toHtmlEscaped(), step.lookFor.toHtmlEscaped()));
    previous_->setEnabled(index > 0);
    next_->setEnabled(index + 1 < static_cast<int>(steps_.size()));
}

}  // namespace reducelab::ui
