// The Save / Discard / Cancel question when the main window closes with work not saved.
#include "shell/close_guard.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>

namespace reducelab::ui {

CloseGuard::CloseGuard(Hooks hooks, QObject* parent) : QObject(parent), hooks_(std::move(hooks)) {
    chooseSavePath = [this] {
        const QString start = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) +
                              QStringLiteral("/reducelab-results.json");
        // The dialog asks before replacing an existing file.
        return QFileDialog::getSaveFileName(hooks_.window, tr("Save results"), start,
                                            tr("Results JSON (*.json)"));
    };
}

bool CloseGuard::allowClose() {
    const bool sweeping = hooks_.isSweeping();
    if (!sweeping && !hooks_.hasUnsavedResults()) return true;
    QMessageBox box(QMessageBox::Warning, tr("Close ReduceLab"),
                    sweeping ? tr("A sweep is still running, and the results measured so far are "
                                  "not saved.")
                             : tr("The results of this session are not saved."),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, hooks_.window);
    box.setObjectName(QStringLiteral("closeGuardBox"));
    box.setInformativeText(tr("Save them as a results JSON before closing?"));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    const auto answer = static_cast<QMessageBox::StandardButton>(box.exec());
    if (answer == QMessageBox::Cancel) return false;
    // A sweep stops before anything is saved or dropped: its points so far are in the table.
    if (sweeping) hooks_.cancelSweep();
    if (answer == QMessageBox::Discard) return true;
    const QString path = chooseSavePath();
    if (path.isEmpty()) return false;           // the file dialog was cancelled: keep the window
    return hooks_.saveResults(path).isEmpty();  // a failed write is shown and keeps the window
}

}  // namespace reducelab::ui
