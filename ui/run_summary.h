// The outcome of the last Run: for variants A and B, the value, whether it matched the CPU
// reference, the time and the bandwidth, and the configuration the engine really launched.
#pragma once

#include <QWidget>
#include <optional>

#include "engine_metatypes.h"

class QLabel;

namespace reducelab::ui {

class RunSummary : public QWidget {
    Q_OBJECT
  public:
    explicit RunSummary(QWidget* parent = nullptr);

    void clear();
    void setRunning(int slot, const QString& variant, const QString& stage);
    void setResult(int slot, const RunResult& result);
    void setFailed(int slot, const QString& variant, const QString& message);
    void setCeiling(std::optional<double> gbps);

    // What the card for `slot` shows, as plain text (tests read it).
    QString text(int slot) const;
    const std::optional<RunResult>& result(int slot) const { return results_[slot]; }

  private:
    void render(int slot);
    static QString accumulatorText(const RunResult& result);

    QLabel* cards_[2] = {nullptr, nullptr};
    std::optional<RunResult> results_[2];
    std::optional<double> ceiling_;
};

}  // namespace reducelab::ui
