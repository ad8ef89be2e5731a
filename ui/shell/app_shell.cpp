// Building the main window in the preferred language; switching the language in place.
#include "shell/app_shell.h"

#include "common/translations.h"

namespace reducelab::ui {

AppShell::AppShell(const MainWindowOptions& options, QObject* parent)
    : QObject(parent), options_(options) {}

AppShell::~AppShell() {
    delete window_;
}

void AppShell::start() {
    Translations::install(Translations::preferredLanguage());
    window_ = new MainWindow(options_);
    window_->show();
}

void AppShell::switchLanguage(const QString& code) {
    if (code == Translations::installed()) return;
    Translations::savePreferredLanguage(code);
    Translations::install(code);
}

}  // namespace reducelab::ui
