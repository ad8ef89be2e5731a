// Owns the main window and its language: installs the preferred translation before the window is
// built. A later switch (the Language menu or switchLanguage) installs the new translation, and
// every widget retranslates itself in place on QEvent::LanguageChange: the window, its results,
// traces, charts and ceiling stay.
#pragma once

#include <QObject>
#include <QPointer>

#include "shell/main_window.h"

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

  private:
    MainWindowOptions options_;
    QPointer<MainWindow> window_;
};

}  // namespace reducelab::ui
