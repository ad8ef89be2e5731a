// Loading and switching the translators.
#include "common/translations.h"

#include <QCoreApplication>
#include <QHash>
#include <QLibraryInfo>
#include <QLocale>
#include <QMutex>
#include <QSettings>
#include <QTranslator>

#include "common/han_words.h"
#include "common/settings_keys.h"

namespace reducelab::ui::Translations {
namespace {

// The app's translation with each Han word joined (han_words.h), so that a label wraps between
// words. Each text is segmented once.
class WordJoiningTranslator : public QTranslator {
  public:
    QString translate(const char* context, const char* source, const char* disambiguation,
                      int n) const override {
        const QString text = QTranslator::translate(context, source, disambiguation, n);
        if (text.isEmpty()) return text;
        const QMutexLocker lock(&mutex_);  // tr() may be called from a job's thread
        auto cached = joined_.constFind(text);
        if (cached == joined_.cend()) cached = joined_.insert(text, HanWords::joinWords(text));
        return *cached;
    }

  private:
    mutable QMutex mutex_;
    mutable QHash<QString, QString> joined_;
};

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
    const QString saved = QSettings().value(SettingsKeys::kLanguage).toString();
    for (const Language& l : languages())
        if (l.code == saved) return saved;
    return languageForLocale(QLocale::system().name());
}

void savePreferredLanguage(const QString& code) {
    QSettings settings;
    if (code.isEmpty())
        settings.remove(SettingsKeys::kLanguage);
    else
        settings.setValue(SettingsKeys::kLanguage, code);
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
    auto* app = new WordJoiningTranslator;
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
