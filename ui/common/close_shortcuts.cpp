// The close keys of secondary windows.
#include "common/close_shortcuts.h"

#include <QKeySequence>
#include <QShortcut>
#include <QWidget>

namespace reducelab::ui {

void installCloseShortcuts(QWidget* window) {
    QList<QKeySequence> keys{QKeySequence(Qt::Key_Escape)};
    keys += QKeySequence::keyBindings(QKeySequence::Close);
    // Some platforms' Close is Ctrl+F4 alone; Ctrl+W is what people press.
    const QKeySequence ctrlW(Qt::CTRL | Qt::Key_W);
    if (!keys.contains(ctrlW)) keys << ctrlW;
    auto* shortcut = new QShortcut(window);
    shortcut->setObjectName(QStringLiteral("closeWindowShortcut"));
    shortcut->setKeys(keys);
    shortcut->setContext(Qt::WindowShortcut);
    QObject::connect(shortcut, &QShortcut::activated, window, [window] {
        if (window->isWindow()) window->close();
    });
}

}  // namespace reducelab::ui
