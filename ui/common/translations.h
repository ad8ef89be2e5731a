// The UI's languages: English (the source), Simplified and Traditional Chinese, from the .qm files
// built out of resources/translations/*.ts (qt_add_translations, embedded under :/i18n). The
// choice is remembered in QSettings ("ui/language"); without one the system locale decides.
#pragma once

#include <QString>
#include <QStringList>

namespace reducelab::ui::Translations {

struct Language {
    QString code;        // "en", "zh_CN", "zh_TW"
    QString nativeName;  // "English", "简体中文", "繁體中文"
};

QList<Language> languages();

// The language for a locale name ("zh_CN", "zh_Hant_HK", "en_GB", ...): zh_TW for Traditional
// Chinese (Taiwan, Hong Kong, Macau or the Hant script), zh_CN for other Chinese, else en.
QString languageForLocale(const QString& localeName);

// The saved choice, else the system locale's language.
QString preferredLanguage();
void savePreferredLanguage(const QString& code);  // "" forgets the choice

// Installs the translators for `code` (the app's and, where Qt ships one, Qt's own) in place of
// the ones installed before. Returns false when the app's translation could not be loaded (English
// always loads: it removes the translators).
bool install(const QString& code);
QString installed();

}  // namespace reducelab::ui::Translations
