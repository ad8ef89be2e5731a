// The step view's controls: the setup row (the trace button, the settings a trace is made with,
// folding, zoom and export), the timeline (transport buttons, scrubber, round label, speed) and
// the notice that the traces shown are stale. Built in StepView's words (its translation
// context); StepView owns them, connects them and keeps them up to date.
#pragma once

#include <QCoreApplication>

#include "common/translated_texts.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QPushButton;
class QSettings;
class QSlider;
class QStyle;
class QToolButton;
class QWidget;

namespace reducelab::ui {

class StepView;

class StepViewControls {
    Q_DECLARE_TR_FUNCTIONS(reducelab::ui::StepView)
  public:
    StepViewControls() = default;
    // The texts' setters hold `this`: the controls stay where their view built them.
    StepViewControls(const StepViewControls&) = delete;
    StepViewControls& operator=(const StepViewControls&) = delete;

    // Each builder makes its widgets, registers their words in `texts` and returns the row to
    // lay out. Row 1 wraps when the view is narrow; its export menu emits `view`'s export
    // signals, and the stale notice's button its traceRequested.
    QLayout* buildSetupRow(TranslatedTexts& texts, StepView* view);
    QLayout* buildTransportRow(TranslatedTexts& texts, const QStyle* style);
    QWidget* buildStaleNotice(TranslatedTexts& texts, StepView* view);

    // The settings' values (local size, input, warp, panels, speed, folding), saved into and
    // restored from the current group of the settings.
    void saveSettings(QSettings& s) const;
    void restoreSettings(QSettings& s);

    QPushButton* traceButton = nullptr;
    QComboBox* localSize = nullptr;
    QComboBox* fill = nullptr;
    QComboBox* warpWidth = nullptr;
    QComboBox* layout = nullptr;  // the panels: auto, side by side, stacked (fit::PanelLayout)
    QCheckBox* fold = nullptr;
    QToolButton* zoomOutButton = nullptr;
    QToolButton* zoomFitButton = nullptr;
    QToolButton* zoomInButton = nullptr;
    QToolButton* firstButton = nullptr;
    QToolButton* backButton = nullptr;
    QToolButton* playButton = nullptr;
    QToolButton* forwardButton = nullptr;
    QToolButton* lastButton = nullptr;
    QSlider* scrubber = nullptr;
    QLabel* roundLabel = nullptr;
    QComboBox* speed = nullptr;
    QWidget* stale = nullptr;
    QLabel* staleText = nullptr;

  private:
    void buildTraceSettings(TranslatedTexts& texts);
    QWidget* buildZoomAndExport(TranslatedTexts& texts, StepView* view);
    void buildScrubberAndSpeed(TranslatedTexts& texts);
};

}  // namespace reducelab::ui
