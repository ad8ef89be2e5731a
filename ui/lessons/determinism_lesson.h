// The lesson chapter "Why the bits change": each step explains one cause of differing float
// sums (order, local size, work-group count, finish, atomics and timing, device) or its cure
// (exact accumulation, rounded once), and carries the study settings that show it.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "reducelab/determinism_study.h"

namespace reducelab::ui {

struct DeterminismLessonStep {
    QString title;    // translated
    QString explain;  // why, translated
    QString lookFor;  // what the charts show, translated
    // The settings the step opens the view with (devices are the view's own choice).
    DeterminismStudySettings settings;
    bool twoDevices = false;  // compare the two chosen devices
    QString chart;            // "histogram" or "frontier": the chart to look at
};

// The steps in teaching order, translated with the installed translator.
std::vector<DeterminismLessonStep> determinismLessonSteps();

}  // namespace reducelab::ui
