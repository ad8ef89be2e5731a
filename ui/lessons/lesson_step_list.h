// The lesson's list of steps, left of the window: each step's number, title and variant, wrapped
// to the list's width and never cut to "…", a step skipped on this device greyed with the reason
// in its tooltip.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QString>
#include <functional>
#include <vector>

#include "lessons/lesson.h"

class QListWidget;

namespace reducelab::ui {

class LessonStepList {
    // The lesson window's own texts: they keep its translations.
    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::LessonView)

  public:
    // An empty list, named "lessonSteps", as narrow as the titles allow.
    static QListWidget* make();
    // Fills `list` with `steps` (without emitting currentRowChanged) and selects `current`.
    // `skipReason` says why step i cannot run here, empty when it can; `skippedColour` greys it.
    static void fill(QListWidget* list, const std::vector<LessonStep>& steps, int current,
                     const std::function<QString(int step)>& skipReason,
                     const QColor& skippedColour);
};

}  // namespace reducelab::ui
