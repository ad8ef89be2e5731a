// Building and rebuilding the main window around a language switch.
#include "app_shell.h"

#include "translations.h"

namespace reducelab::ui {

AppShell::AppShell(const MainWindowOptions& options, QObject* parent)
    : QObject(parent), options_(options) {}

AppShell::~AppShell() {
    delete window_;
}

void AppShell::start() {
    Translations::install(Translations::preferredLanguage());
    window_ = buildWindow();
    window_->show();
}

MainWindow* AppShell::buildWindow() {
    auto* window = new MainWindow(options_);
    connect(window, &MainWindow::languageChangeRequested, this, &AppShell::switchLanguage,
            Qt::QueuedConnection);
    return window;
}

void AppShell::switchLanguage(const QString& code) {
    if (code == Translations::installed() && window_) return;
    MainWindow* old = window_;
    if (old) old->close();  // saves the settings the new window restores
    Translations::install(code);
    window_ = buildWindow();
    if (old) {
        window_->setWindowState(old->windowState());
        old->deleteLater();
    }
    window_->show();
    emit windowRebuilt(window_);
}

}  // namespace reducelab::ui
