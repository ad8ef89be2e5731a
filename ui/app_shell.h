// Owns the main window and its language: installs the preferred translation before the window is
// built, and when the Language menu picks another one, installs it and rebuilds the window in it
// (settings, layout and the control panel's choices carry over through QSettings; the session's
// measurements do not).
#pragma once

#include <QObject>
#include <QPointer>

#include "main_window.h"

namespace reducelab::ui {

class AppShell : public QObject {
    Q_OBJECT
  public:
    explicit AppShell(const MainWindowOptions& options, QObject* parent = nullptr);
    ~AppShell() override;

    // Installs Translations::preferredLanguage() and shows the window.
    void start();
    MainWindow* window() const { return window_; }
    void switchLanguage(const QString& code);

  signals:
    void windowRebuilt(reducelab::ui::MainWindow* window);

  private:
    MainWindow* buildWindow();

    MainWindowOptions options_;
    QPointer<MainWindow> window_;
};

}  // namespace reducelab::ui
