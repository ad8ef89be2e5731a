// Loading and switching the translators.
#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace reducelab::ui::Translations {
namespace {

struct Installed {
    QString code = QStringLiteral("en");
    QTranslator* app = nullptr;
    QTranslator* qt = nullptr;
};

Installed& current() {
    static Installed state;
    return state;
}

}  // namespace

QList<Language> languages() {
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
            {QStringLiteral("zh_TW"), QStringLiteral("繁體中文")}};
}

QString languageForLocale(const QString& localeName) {
    const QLocale locale(localeName);
    if (locale.language() != QLocale::Chinese) return QStringLiteral("en");
    const bool traditional = locale.script() == QLocale::TraditionalChineseScript ||
                             locale.territory() == QLocale::Taiwan ||
                             locale.territory() == QLocale::HongKong ||
                             locale.territory() == QLocale::Macao;
    return traditional ? QStringLiteral("zh_TW") : QStringLiteral("zh_CN");
}

QString preferredLanguage() {
    const QString saved = QSettings().value(QStringLiteral("ui/language")).toString();
    for (const Language& l : languages())
        if (l.code == saved) return saved;
    return languageForLocale(QLocale::system().name());
}

void savePreferredLanguage(const QString& code) {
    QSettings settings;
    if (code.isEmpty())
        settings.remove(QStringLiteral("ui/language"));
    else
        settings.setValue(QStringLiteral("ui/language"), code);
}

bool install(const QString& code) {
    Installed& state = current();
    for (QTranslator** t : {&state.app, &state.qt}) {
        if (!*t) continue;
        QCoreApplication::removeTranslator(*t);
        delete *t;
        *t = nullptr;
    }
    state.code = QStringLiteral("en");
    if (code == QLatin1String("en") || code.isEmpty()) return true;
    auto* app = new QTranslator;
    if (!app->load(QStringLiteral(":/i18n/reducelab_%1.qm").arg(code))) {
        delete app;
        return false;
    }
    QCoreApplication::installTranslator(app);
    state.app = app;
    // Qt's own dialogs and standard buttons, where the system has its translation.
    auto* qt = new QTranslator;
    if (qt->load(QStringLiteral("qtbase_%1").arg(code),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        state.qt = qt;
    } else {
        delete qt;
    }
    state.code = code;
    return true;
}

QString installed() {
    return current().code;
}

}  // namespace reducelab::ui::Translations
