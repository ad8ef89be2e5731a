// The outcome of the last Run: for variants A and B, the value, whether it matched the CPU
// reference, the time and the bandwidth, and the configuration the engine really launched.
#pragma once

#include <QElapsedTimer>
#include <QWidget>
#include <optional>

#include "common/engine_metatypes.h"

class QLabel;
class QTimer;

namespace reducelab::ui {

class RunSummary : public QWidget {
    Q_OBJECT
  public:
    explicit RunSummary(QWidget* parent = nullptr);

    void clear();
    // A running card shows the stage and, once the run has taken a second, its elapsed time
    // (updated twice a second), so a long Run is visibly alive.
    void setRunning(int slot, const QString& variant, const QString& stage);
    void setResult(int slot, const RunResult& result);
    void setFailed(int slot, const QString& variant, const QString& message);
    void setCeiling(std::optional<double> gbps);
    // Hides the cards of variants no longer chosen (A and B now `variantA`, `variantB`).
    void dropOtherVariants(const QString& variantA, const QString& variantB);

    // What the card for `slot` shows, as plain text (tests read it).
    QString text(int slot) const;
    const std::optional<RunResult>& result(int slot) const { return results_[slot]; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void render(int slot);
    void renderRunning(int slot);
    void stopClock(int slot);
    // The cards again in the installed language: results stay, the empty card's hint follows.
    void retranslateUi();
    static QString accumulatorText(const RunResult& result);

    QLabel* cards_[2] = {nullptr, nullptr};
    std::optional<RunResult> results_[2];
    std::optional<double> ceiling_;
    bool showsHint_ = false;
    QString stages_[2];         // what a running card says it is doing
    QElapsedTimer started_[2];  // valid while the slot runs
    QTimer* clock_ = nullptr;
    QString variants_[2];  // the variant each card is about  // the empty card's "Press Run" hint
};

}  // namespace reducelab::ui
