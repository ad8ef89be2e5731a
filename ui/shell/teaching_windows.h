// The Lessons menu's windows (the lesson, the kernel viewer, "try your own kernel", determinism,
// the split across devices, the exercises), opened on the main window's device and problem and kept
// for the next time.
#pragma once

#include <QObject>
#include <functional>
#include <optional>

#include "common/engine_metatypes.h"
#include "common/job_error.h"

class QWidget;

namespace reducelab::ui {

class ControlPanel;
class CustomKernelWindow;
class DeterminismWindow;
class ExerciseWindow;
class KernelViewer;
class LessonView;
class SplitWindow;

class TeachingWindows : public QObject {
    Q_OBJECT
  public:
    // What the main window provides (the windows open as its children).
    struct Owner {
        QWidget* window = nullptr;
        ControlPanel* controls = nullptr;
        std::function<std::optional<RunRequest>()> baseRequest;  // slot A; says why when invalid
        std::function<void(const JobError&)> showError;
    };
    explicit TeachingWindows(Owner owner);

    // nullptr until first opened.
    LessonView* lesson() const { return lesson_; }
    KernelViewer* kernelViewer() const { return kernelViewer_; }
    CustomKernelWindow* customKernel() const { return customKernel_; }
    DeterminismWindow* determinism() const { return determinism_; }
    SplitWindow* split() const { return split_; }
    ExerciseWindow* exercises() const { return exercises_; }

    // Each window made (not shown) when it does not exist yet, for a session to fill.
    LessonView* makeLesson();
    DeterminismWindow* makeDeterminism();
    SplitWindow* makeSplit();
    ExerciseWindow* makeExercises();

    void openLesson();
    void openKernelViewer();
    void openCustomKernel();
    // The Determinism & accuracy window; with `lesson`, its chapter at the first step.
    void openDeterminism(bool lesson = false);
    // Split across devices, on the control panel's operation, type and n.
    void openSplit();
    // Exercises, graded on the control panel's device.
    void openExercises();
    // The current device's measured ceiling (nullopt: none yet): the lesson's chart draws it,
    // since its text asks the class to compare each step with it.
    void setCeiling(const std::optional<BandwidthCeiling>& ceiling);

  private:
    // The main window's ceiling and its device, for the split window's "from cache" marks.
    void shareCeiling();
    QWidget* owner_;
    ControlPanel* controls_;
    std::function<std::optional<RunRequest>()> baseRequest_;
    std::function<void(const JobError&)> showError_;
    std::optional<BandwidthCeiling> ceiling_;
    LessonView* lesson_ = nullptr;
    KernelViewer* kernelViewer_ = nullptr;
    CustomKernelWindow* customKernel_ = nullptr;
    DeterminismWindow* determinism_ = nullptr;
    SplitWindow* split_ = nullptr;
    ExerciseWindow* exercises_ = nullptr;
};

}  // namespace reducelab::ui
