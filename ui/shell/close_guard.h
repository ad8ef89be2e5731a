// Closing the main window must never lose work silently: with results not yet saved, or while a
// sweep is running, it asks Save / Discard / Cancel. Save writes the results table as a results
// JSON (through the window's export, which writes safely); Discard cancels the sweep cleanly and
// lets the window close; Cancel (or Escape) keeps it open.
#pragma once

#include <QObject>
#include <QString>
#include <functional>

class QWidget;

namespace reducelab::ui {

class CloseGuard : public QObject {
    Q_OBJECT
  public:
    struct Hooks {
        QWidget* window = nullptr;
        std::function<bool()> hasUnsavedResults;
        std::function<bool()> isSweeping;
        std::function<void()> cancelSweep;
        // Writes the table to `path`; returns an error message, empty on success.
        std::function<QString(const QString& path)> saveResults;
    };
    explicit CloseGuard(Hooks hooks, QObject* parent = nullptr);

    // True when the window may close (nothing to lose, Save succeeded or Discard).
    bool allowClose();
    // Where Save writes; by default a file dialog (tests set a fixed path). Empty: not saved.
    std::function<QString()> chooseSavePath;

  private:
    Hooks hooks_;
};

}  // namespace reducelab::ui
