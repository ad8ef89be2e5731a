#include "common/screen_fit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>
#include <algorithm>

namespace reducelab::ui {

QSize sizeWithin(QSize preferred, const QRect& available) {
    if (!available.isValid()) return preferred;
    return {std::min(preferred.width(), available.width()),
            std::min(preferred.height(), available.height())};
}

QRect rectWithin(const QRect& frame, const QRect& available) {
    if (!available.isValid()) return frame;
    QRect fitted(frame.topLeft(), sizeWithin(frame.size(), available));
    // Moved back inside, right and bottom edges first so that the top-left wins.
    if (fitted.right() > available.right()) fitted.moveRight(available.right());
    if (fitted.bottom() > available.bottom()) fitted.moveBottom(available.bottom());
    if (fitted.left() < available.left()) fitted.moveLeft(available.left());
    if (fitted.top() < available.top()) fitted.moveTop(available.top());
    return fitted;
}

QRect availableGeometryFor(const QWidget* window) {
    const QScreen* screen = window ? window->screen() : nullptr;
    if (!screen) screen = QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect();
}

namespace {

// The frame's decorations (title bar, borders) come off the room the client area gets; before
// the window is shown Qt does not know them, so a typical title bar is allowed for.
QRect clientRoom(const QWidget* window) {
    QRect room = availableGeometryFor(window);
    if (!room.isValid()) return room;
    const QRect frame = window->frameGeometry();
    const QRect client = window->geometry();
    int top = client.top() - frame.top();
    int others = frame.width() - client.width();
    if (!window->isVisible() || top <= 0) {
        top = std::max(top, 30);
        others = std::max(others, 4);
    }
    return room.adjusted(others / 2, top, -others / 2, -others / 2);
}

}  // namespace

void resizeToScreen(QWidget* window, QSize preferred) {
    window->resize(sizeWithin(preferred, clientRoom(window)));
}

bool restoreGeometryOnScreen(QWidget* window, const QByteArray& saved) {
    if (saved.isEmpty() || !window->restoreGeometry(saved)) return false;
    if (window->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)) return true;
    const QRect room = clientRoom(window);
    if (!room.isValid()) return true;
    const QRect fitted = rectWithin(window->geometry(), room);
    if (fitted != window->geometry()) window->setGeometry(fitted);
    return true;
}

}  // namespace reducelab::ui
