// Window sizes that suit the screen a window is on: a classroom projector is often 1280×720,
// and a window larger than the screen hides its lower buttons (no window manager clamps it on
// every system). Every top-level window takes its first size and its restored geometry here.
#pragma once

#include <QByteArray>
#include <QRect>
#include <QSize>

class QWidget;

namespace reducelab::ui {

// `preferred`, shrunk to fit inside `available` (never below the window's minimum size hint
// where that still fits).
QSize sizeWithin(QSize preferred, const QRect& available);

// The rectangle `frame` moved and shrunk so that it lies inside `available`.
QRect rectWithin(const QRect& frame, const QRect& available);

// The available geometry of the screen `window` is on (or the primary screen's).
QRect availableGeometryFor(const QWidget* window);

// Resizes `window` to `preferred` fitted to its screen.
void resizeToScreen(QWidget* window, QSize preferred);

// Restores a saved geometry, then fits it to the current screen: a session saved on a
// 1920×1080 monitor opens whole on a 1280×720 projector. False when `saved` is empty/invalid.
bool restoreGeometryOnScreen(QWidget* window, const QByteArray& saved);

}  // namespace reducelab::ui
