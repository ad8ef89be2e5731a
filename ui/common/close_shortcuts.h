// Esc and Ctrl+W (QKeySequence::Close) close a secondary window (the lesson, the kernel viewer,
// "try your own kernel", determinism, the split): the keys a teacher expects. They go through
// QWidget::close(), so a window's closeEvent can still ask or refuse.
#pragma once

class QWidget;

namespace reducelab::ui {

void installCloseShortcuts(QWidget* window);

}  // namespace reducelab::ui
