// The histogram of distinct results: for the variant chosen in the table beside it, one bar per
// distinct bit pattern on each device (devices side by side), its height the number of runs
// that gave it, labelled with the value and its hex bits. The table lists every variant of the
// study with its determinism class and how many distinct results each device gave.
#pragma once

#include <QByteArray>
#include <QString>
#include <QWidget>
#include <cstdint>
#include <vector>

#include "common/theme.h"
#include "reducelab/determinism_study.h"

class QCustomPlot;
class QCPTextElement;
class QTableWidget;

namespace reducelab::ui {

class DeterminismHistogram : public QWidget {
    Q_OBJECT
  public:
    struct Bar {
        QString variant;
        int device = 0;  // index among the study's devices
        QString deviceName;
        QString bits;
        QString value;
        std::uint64_t count = 0;
        bool correctlyRounded = false;  // the exact sum rounded once to the type
    };

    explicit DeterminismHistogram(QWidget* parent = nullptr);

    void clear();
    // Adds a variant's outcome (a variant already shown is replaced); the first one is shown.
    void addVariant(const DeterminismStudyVariant& study);
    void showVariant(const QString& variant);
    QString shownVariant() const { return shown_; }

    const std::vector<DeterminismStudyVariant>& variants() const { return variants_; }
    std::vector<Bar> bars(const QString& variant) const;
    // The bars drawn now, in drawing order.
    std::vector<Bar> drawnBars() const { return drawn_; }

    QCustomPlot* plot() const { return plot_; }
    QTableWidget* table() const { return table_; }
    void setTheme(const Theme& theme);

    // Every bar of every variant: variant, class, device, bits, value, count, |error|. (As JSON,
    // the window writes the whole study: DeterminismWindow::studyJson.)
    QByteArray csv() const;

  signals:
    void variantShown(const QString& variant);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();
    void rebuildTable();
    void rebuildPlot();
    const DeterminismStudyVariant* find(const QString& variant) const;

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QTableWidget* table_ = nullptr;
    std::vector<DeterminismStudyVariant> variants_;
    std::vector<Bar> drawn_;
    QString shown_;
    Theme theme_;
};

// "launch-invariant" and the others, translated.
QString determinismClassText(DeterminismClass c);

}  // namespace reducelab::ui
