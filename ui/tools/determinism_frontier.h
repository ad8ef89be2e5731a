// The error-versus-GB/s frontier: one labelled point per variant, x its measured GB/s, y its
// relative error against the exact sum on a log scale. Exact results (the correctly rounded
// sum) have no logarithm: they are drawn on a floor line marked "exact".
#pragma once

#include <QByteArray>
#include <QString>
#include <QWidget>
#include <vector>

#include "common/theme.h"
#include "reducelab/determinism_study.h"

class QCustomPlot;
class QCPGraph;
class QCPTextElement;

namespace reducelab::ui {

class DeterminismFrontier : public QWidget {
    Q_OBJECT
  public:
    struct Point {
        QString variant;
        double gbps = 0.0;
        double relativeError = 0.0;  // 0 when exact
        bool exact = false;
        double plottedError = 0.0;  // relativeError, or the floor for exact results
        QString result;
        QString bits;
    };

    explicit DeterminismFrontier(QWidget* parent = nullptr);

    // Empties the chart for a study of `type` on `inputName`.
    void clear(ElementType type, const QString& inputName, const QString& deviceName);
    // Adds (or replaces) a variant's point; variants that failed are left out.
    void addVariant(const DeterminismStudyVariant& study);

    const std::vector<Point>& points() const { return points_; }
    // What the last clear() was given: the study's type, input and device (its title).
    ElementType type() const { return type_; }
    const QString& inputName() const { return inputName_; }
    const QString& deviceName() const { return deviceName_; }
    double floor() const { return floor_; }
    QCustomPlot* plot() const { return plot_; }
    void setTheme(const Theme& theme);
    // The tooltip for the point nearest `pixel` (within a few pixels): its variant, GB/s, error
    // and result; empty elsewhere. Labels of close points overlap: hovering tells them apart.
    QString hoverTextAt(const QPointF& pixel) const;

    // One row per point. (As JSON, the window writes the whole study, each variant's point in
    // its "frontier": DeterminismWindow::studyJson.)
    QByteArray csv() const;

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();
    void rebuild();

    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPGraph* inexact_ = nullptr;
    QCPGraph* exact_ = nullptr;
    std::vector<Point> points_;
    double floor_ = 1e-10;
    ElementType type_ = ElementType::Float32;
    QString inputName_;
    QString deviceName_;
    Theme theme_;
};

}  // namespace reducelab::ui
