// The step view: two StepCanvas panels (variant A and B, interleaved vs contiguous by default)
// on one timeline, with play/pause, step, back, a round scrubber, a speed control, zoom and
// folding, per-round counters and running totals beside each panel, and PNG export of the
// current round or the whole animation.
#pragma once

#include <QWidget>
#include <memory>
#include <string>

#include "common/theme.h"
#include "common/translated_texts.h"
#include "reducelab/step_trace.h"
#include "step/step_counters.h"
#include "step/step_view_controls.h"
#include "step/step_view_fit.h"

class QLabel;
class QSplitter;
class QTimer;
class QSettings;
class QVariantAnimation;

namespace reducelab::ui {

class StepCanvas;
class StepLens;

class StepView : public QWidget {
    Q_OBJECT
  public:
    // What a panel's counters show at the current round (tests compare them with the trace).
    using Counters = StepCounters;

    explicit StepView(QWidget* parent = nullptr);

    // The step settings of this view applied to `base` (op, type, variant come from outside).
    TraceRequest traceRequest(const TraceRequest& base) const;
    // Sets the local size, warp width and fill controls (a lesson step's setup) without tracing.
    void applySettings(std::size_t localSize, unsigned warpWidth, Fill fill);
    // The local sizes offered: the device's valid ones (SweepPlanner::localSizes), the range of
    // every local-size control. Keeps the chosen size when it is still offered.
    void setLocalSizes(const std::vector<std::size_t>& sizes);
    std::vector<std::size_t> localSizes() const;
    void setPanelTitle(int panel, const QString& title);
    QString panelTitle(int panel) const;
    void setTracing(int panel, const QString& variant);
    void setTrace(int panel, std::shared_ptr<const StepTrace> trace);
    // Shows the traces of a .reducelab session from round 0 and returns a line for the status
    // bar; throws Error(Io) naming the file and the first bad field.
    QString openSession(const QString& path);
    void setTraceError(int panel, const QString& message);
    // The panel shows a trace (not a message, an error or nothing yet).
    bool hasTrace(int panel) const { return traces_[panel] != nullptr; }

    StepCanvas* canvas(int panel) const { return canvases_[panel]; }
    // The panel's magnified window (shown from 64 work-items on).
    StepLens* lens(int panel) const { return lenses_[panel]; }
    // Why the traces shown no longer match the settings ("traced at local size 16"), empty when
    // they do. A changed variant is reported by the window that chooses it.
    QString staleReason() const;
    void setVariantChanged(bool changed);
    // Marks the shown traces stale when panel A or B would now trace another variant.
    void setSelectedVariants(const std::string& a, const std::string& b);
    int round() const { return round_; }
    int roundCount() const;
    // The traces shown, left panel first (for replays and sessions).
    std::vector<StepTrace> traces() const;
    // The trace shown in `panel` (null: none).
    const std::shared_ptr<const StepTrace>& trace(int panel) const { return traces_[panel]; }
    bool isPlaying() const { return playing_; }
    bool isAnimating() const;
    Counters counters(int panel) const;
    QString countersText(int panel) const;
    void setTheme(const Theme& theme);
    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

    // The two panels with their titles and counters as an image, `scale` times the screen size.
    QImage renderPanels(qreal scale = 2.0);
    // Returns the error to show (naming the file and the reason), empty on success.
    QString exportRoundPng(const QString& path, qreal scale = 2.0);
    // Writes <dir>/<prefix>_0000.png … : `framesPerRound` frames of every transition and the
    // final state. Returns the files written (empty on failure).
    QStringList exportAnimation(const QString& dir, int framesPerRound = 6, qreal scale = 1.5,
                                const QString& prefix = QStringLiteral("step"));

  public slots:
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBack();
    void first();
    void last();
    // Jumps to `round`; with `animate`, plays the transition from the round before it.
    void setRound(int round, bool animate = false);
    void zoomIn();
    void zoomOut();
    void zoomFit();

  signals:
    void traceRequested();
    void roundChanged(int round);
    void exportRoundRequested();
    void exportAnimationRequested();
    void exportReplayRequested();

  protected:
    // The round label and counters again in the installed language (the traces stay).
    void changeEvent(QEvent* event) override;

  private:
    // The constructor's steps: the widgets, row by row, then their connections.
    QWidget* buildLegend();
    QWidget* buildPanels();
    QWidget* buildPanel(int panel);
    void buildAnimation();
    void connectControls();
    void connectAnimation();
    void connectPanels();

    void applyRound(qreal progress);
    void updateTransport();
    void updateCounters();
    void updateLayoutDirection();
    // What the automatic panel layout weighs (step_view_fit.h).
    fit::PanelRoom panelRoom() const;
    void connectLenses();
    void updateLenses();
    void updateStale();
    // Sets local size, warp width and input to those `trace` was made with.
    void matchSettings(const StepTrace& trace);
    int transitionMs() const;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

    StepCanvas* canvases_[2] = {nullptr, nullptr};
    StepLens* lenses_[2] = {nullptr, nullptr};
    bool variantChanged_ = false;
    bool syncingLenses_ = false;  // one lens moving the other
    QLabel* titles_[2] = {nullptr, nullptr};
    QLabel* counterLabels_[2] = {nullptr, nullptr};
    std::shared_ptr<const StepTrace> traces_[2];
    QWidget* panels_ = nullptr;
    QSplitter* splitter_ = nullptr;
    QLabel* legend_ = nullptr;
    TranslatedTexts texts_;
    StepViewControls controls_;  // the setup row, the timeline and the stale notice
    QVariantAnimation* animation_ = nullptr;
    QTimer* hold_ = nullptr;
    int round_ = 0;
    bool playing_ = false;
    Theme theme_;
};

}  // namespace reducelab::ui
