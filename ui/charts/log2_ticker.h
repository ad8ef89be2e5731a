// Axis ticks at powers of two for QCustomPlot's logarithmic axes: local sizes read "64, 128, 256",
// element counts read "2¹⁰, 2¹⁶, 2²⁰" (the way the lessons write them).
#pragma once

#include <qcustomplot.h>

namespace reducelab::ui {

class Log2Ticker : public QCPAxisTicker {
  public:
    enum class Labels { Plain, Powers };
    explicit Log2Ticker(Labels labels) : labels_(labels) {}

  protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;
    int getSubTickCount(double tickStep) override;
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;

  private:
    Labels labels_;
};

}  // namespace reducelab::ui
