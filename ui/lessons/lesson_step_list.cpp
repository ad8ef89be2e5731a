// The lesson's step list: made, filled, each row as tall as its wrapped title.
#include "lessons/lesson_step_list.h"

#include <QListWidget>
#include <QTextLayout>
#include <algorithm>
#include <cmath>

namespace reducelab::ui {

namespace {

// The height of `text` wrapped at `width` with the fonts that really draw it: CJK falls back to a
// font with taller lines than the list's own, and the list sized the rows for its own font, so
// the second line of each step was cut and its title ended in "…".
int wrappedHeight(const QString& text, const QFont& font, int width) {
    qreal height = 0;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QTextLayout layout(paragraph, font);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(width);
            height += line.height();
        }
        layout.endLayout();
    }
    return int(std::ceil(height));
}

}  // namespace

QListWidget* LessonStepList::make() {
    auto* list = new QListWidget;
    list->setObjectName(QStringLiteral("lessonSteps"));
    list->setMinimumWidth(230);
    list->setMaximumWidth(320);
    list->setWordWrap(true);
    // A title that does not fit wraps; it is never cut to "…" (CJK titles were, every one).
    list->setTextElideMode(Qt::ElideNone);
    list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    list->setResizeMode(QListView::Adjust);
    return list;
}

void LessonStepList::fill(QListWidget* list, const std::vector<LessonStep>& steps, int current,
                          const std::function<QString(int step)>& skipReason,
                          const QColor& skippedColour) {
    const QSignalBlocker block(list);
    list->clear();
    const int textWidth =
        std::clamp(list->viewport()->width(), list->minimumWidth(), list->maximumWidth()) - 16;
    for (int i = 0; i < int(steps.size()); ++i) {
        auto* item = new QListWidgetItem(
            QStringLiteral("%1. %2\n    %3")
                .arg(i + 1)
                .arg(steps[std::size_t(i)].title, steps[std::size_t(i)].variant));
        item->setSizeHint(
            QSize(textWidth, wrappedHeight(item->text(), list->font(), textWidth) + 8));
        const QString why = skipReason(i);
        if (!why.isEmpty()) {
            item->setForeground(skippedColour);
            item->setToolTip(tr("Skipped on this device: %1").arg(why));
        }
        list->addItem(item);
    }
    list->setCurrentRow(current);
}

}  // namespace reducelab::ui
