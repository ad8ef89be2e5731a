// Opening the Lessons menu's windows on the control panel's problem.
#include "shell/teaching_windows.h"

#include "charts/ladder_chart.h"
#include "common/engine_text.h"
#include "lessons/determinism_lesson_panel.h"
#include "lessons/lesson_view.h"
#include "reducelab/catalog.h"
#include "shell/control_panel.h"
#include "tools/custom_kernel_window.h"
#include "tools/determinism_window.h"
#include "tools/exercise_window.h"
#include "tools/kernel_viewer.h"
#include "tools/split_window.h"

namespace reducelab::ui {

TeachingWindows::TeachingWindows(Owner owner)
    : QObject(owner.window),
      owner_(owner.window),
      controls_(owner.controls),
      baseRequest_(std::move(owner.baseRequest)),
      showError_(std::move(owner.showError)) {}

LessonView* TeachingWindows::makeLesson() {
    if (!lesson_) {
        lesson_ = new LessonView(owner_);
        lesson_->setWindowFlag(Qt::Window);
        connect(lesson_, &LessonView::errorOccurred, this, showError_);
    }
    return lesson_;
}

void TeachingWindows::openLesson() {
    makeLesson();
    if (const DeviceInfo* device = controls_->currentDevice())
        if (const auto request = baseRequest_()) lesson_->setProblem(*device, *request);
    lesson_->chart()->setCeiling(ceiling_);
    lesson_->show();
    lesson_->raise();
    lesson_->activateWindow();
}

void TeachingWindows::setCeiling(const std::optional<BandwidthCeiling>& ceiling) {
    ceiling_ = ceiling;
    if (lesson_) lesson_->chart()->setCeiling(ceiling_);
    if (split_) shareCeiling();
}

void TeachingWindows::openKernelViewer() {
    if (!kernelViewer_) kernelViewer_ = new KernelViewer(owner_);
    kernelViewer_->setProblem(controls_->operation(), controls_->elementType(),
                              controls_->request(ControlPanel::Slot::A)
                                  ? controls_->request(ControlPanel::Slot::A)->accumulator
                                  : AccumulatorMode::Default);
    kernelViewer_->showEntry(controls_->variant(ControlPanel::Slot::A));
    kernelViewer_->show();
    kernelViewer_->raise();
}

void TeachingWindows::openCustomKernel() {
    if (!customKernel_) {
        customKernel_ = new CustomKernelWindow(owner_);
        customKernel_->setWindowFlag(Qt::Window);
        const Variant& a = find_variant(controls_->variant(ControlPanel::Slot::A).toStdString());
        if (is_editable_variant(a)) customKernel_->startFrom(qs(a.name));
    }
    if (const DeviceInfo* device = controls_->currentDevice()) {
        const auto request = controls_->request(ControlPanel::Slot::A);
        customKernel_->setProblem(*device, controls_->operation(), controls_->elementType(),
                                  request ? request->accumulator : AccumulatorMode::Default);
    }
    customKernel_->show();
    customKernel_->raise();
}

DeterminismWindow* TeachingWindows::makeDeterminism() {
    if (!determinism_) {
        determinism_ = new DeterminismWindow(owner_);
        determinism_->setWindowFlag(Qt::Window);
        if (const DeviceInfo* device = controls_->currentDevice())
            determinism_->preferDevice(*device);
    }
    return determinism_;
}

void TeachingWindows::openDeterminism(bool lesson) {
    makeDeterminism();
    if (lesson) {
        determinism_->setLessonVisible(true);
        determinism_->lesson()->setCurrentStep(0);
    }
    determinism_->show();
    determinism_->raise();
    determinism_->activateWindow();
}

void TeachingWindows::shareCeiling() {
    const DeviceInfo* device = controls_->currentDevice();
    split_->setCeiling(device ? ceiling_ : std::nullopt, device ? *device : DeviceInfo{});
}

SplitWindow* TeachingWindows::makeSplit() {
    if (!split_) {
        split_ = new SplitWindow(owner_);
        split_->setWindowFlag(Qt::Window);
        if (const auto n = controls_->n())
            split_->setProblem(controls_->operation(), controls_->elementType(), *n);
        shareCeiling();
    }
    return split_;
}

void TeachingWindows::openSplit() {
    makeSplit();
    split_->show();
    split_->raise();
    split_->activateWindow();
}

ExerciseWindow* TeachingWindows::makeExercises() {
    if (!exercises_) {
        exercises_ = new ExerciseWindow(owner_);
        exercises_->setWindowFlag(Qt::Window);
    }
    if (const DeviceInfo* device = controls_->currentDevice()) exercises_->setDevice(*device);
    return exercises_;
}

void TeachingWindows::openExercises() {
    makeExercises();
    exercises_->show();
    exercises_->raise();
    exercises_->activateWindow();
}

}  // namespace reducelab::ui
