// Presentation mode's look, and the way back.
#include "shell/presentation_mode.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QScreen>
#include <QStatusBar>

#include "charts/performance_view.h"
#include "common/theme.h"
#include "step/step_view.h"

namespace reducelab::ui {

PresentationMode::PresentationMode(Window window, QObject* parent) : QObject(parent), w_(window) {}

void PresentationMode::set(bool on) {
    if (on == on_) return;
    on_ = on;
    if (QAction* action = w_.window->findChild<QAction*>(QStringLiteral("actionPresentation")))
        action->setChecked(on);
    if (on)
        enter();
    else
        leave();
    w_.window->statusBar()->showMessage(on ? tr("Presentation mode: F11 to leave") : QString(),
                                        5000);
}

void PresentationMode::enter() {
    normalFont_ = QApplication::font();
    normalPalette_ = QApplication::palette();
    wasMaximized_ = w_.window->isMaximized();
    QPalette contrast;
    contrast.setColor(QPalette::Window, Qt::white);
    contrast.setColor(QPalette::WindowText, Qt::black);
    contrast.setColor(QPalette::Base, Qt::white);
    contrast.setColor(QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
    contrast.setColor(QPalette::Text, Qt::black);
    contrast.setColor(QPalette::Button, QColor(0xe8, 0xe8, 0xe8));
    contrast.setColor(QPalette::ButtonText, Qt::black);
    contrast.setColor(QPalette::Highlight, QColor(0x00, 0x5a, 0x9c));
    contrast.setColor(QPalette::HighlightedText, Qt::white);
    contrast.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdd));
    contrast.setColor(QPalette::ToolTipText, Qt::black);
    // setColor above fills every colour group: without this, disabled controls look enabled.
    const QColor grayed(0x76, 0x76, 0x76);  // still readable on white (4.5:1)
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::PlaceholderText})
        contrast.setColor(QPalette::Disabled, role, grayed);
    contrast.setColor(QPalette::Disabled, QPalette::Button, QColor(0xf2, 0xf2, 0xf2));
    QApplication::setPalette(contrast);
    w_.stepView->setTheme(Theme::projector());
    w_.performance->setTheme(Theme::projector());
    // The room looks at the step view and the charts; the controls come back with F11.
    docksBefore_ = {w_.controlsDock->isVisible(), w_.explanationDock->isVisible()};
    w_.controlsDock->hide();
    w_.explanationDock->hide();
    const QScreen* screen = w_.window->screen();
    fitTypeTo(screen ? screen->geometry().height() : 720);
    w_.window->showFullScreen();
}

double PresentationMode::fitTypeTo(int height) {
    if (!on_) return 1.0;
    const double normal = normalFont_.pointSizeF() > 0 ? normalFont_.pointSizeF() : 10.0;
    // Largest first, down to the normal size (on a 720p screen the step view's three rows of
    // controls and the charts' minimum leave no room for larger type: the palette and the
    // projector theme stay).
    for (const double scale : {1.45, 1.35, 1.25, 1.15, 1.0}) {
        QFont font = normalFont_;
        font.setPointSizeF(normal * scale);
        QApplication::setFont(font);
        typeScale_ = scale;
        // The widgets learn of the font and re-lay themselves out through posted events.
        QCoreApplication::sendPostedEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        if (w_.window->minimumSizeHint().height() <= height) break;
    }
    return typeScale_;
}

void PresentationMode::leave() {
    QApplication::setFont(normalFont_);
    typeScale_ = 1.0;
    QApplication::setPalette(normalPalette_);
    w_.stepView->setTheme(Theme::standard());
    w_.performance->setTheme(Theme::standard());
    w_.controlsDock->setVisible(docksBefore_.first);
    w_.explanationDock->setVisible(docksBefore_.second);
    if (wasMaximized_)
        w_.window->showMaximized();
    else
        w_.window->showNormal();
}

}  // namespace reducelab::ui
