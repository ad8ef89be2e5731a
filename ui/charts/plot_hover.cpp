// Mouse-following chart tooltips.
#include "charts/plot_hover.h"

#include <qcustomplot.h>
#include <QMouseEvent>
#include <QToolTip>

namespace reducelab::ui {

void showHoverTexts(QCustomPlot* plot, std::function<QString(const QPointF&)> textAt) {
    plot->setMouseTracking(true);
    QObject::connect(plot, &QCustomPlot::mouseMove, plot,
                     [plot, textAt = std::move(textAt)](QMouseEvent* event) {
                         const QString text = textAt(event->position());
                         if (text.isEmpty())
                             QToolTip::hideText();
                         else
                             QToolTip::showText(event->globalPosition().toPoint(), text, plot);
                     });
}

}  // namespace reducelab::ui
