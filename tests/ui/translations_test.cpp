// Languages: the catalog's translatable copies match the engine's English; the shipped .ts files
// are complete (no unfinished entry, placeholders kept); the system locale picks the language;
// switching language in the app rebuilds the window with visibly different strings.
#include <QAction>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGroupBox>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTextLayout>
#include <QXmlStreamReader>
#include <QtTest>

#include "charts/chart_scale.h"
#include "common/catalog_text.h"
#include "common/han_words.h"
#include "common/translations.h"
#include "gui_test_support.h"
#include "lessons/determinism_lesson.h"
#include "lessons/lesson.h"
#include "reducelab/catalog.h"
#include "shell/app_shell.h"
#include "shell/control_panel.h"
#include "shell/explanation_panel.h"
#include "shell/main_window.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

struct TsEntry {
    QString context, source, type;
    QStringList translations;
    bool numerus = false;
};

QList<TsEntry> readTs(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&file);
    QList<TsEntry> entries;
    QString context;
    TsEntry current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current =
                TsEntry{context,
                        {},
                        {},
                        {},
                        xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            if (!current.numerus) {
                current.translations << xml.readElementText();
                entries << current;
            }
        } else if (name == QLatin1String("numerusform")) {
            current.translations << xml.readElementText();
            if (entries.isEmpty() || entries.back().source != current.source ||
                entries.back().context != current.context)
                entries << current;
            else
                entries.back().translations = current.translations;
        }
    }
    return entries;
}

QSet<QString> placeholders(const QString& text) {
    QSet<QString> found;
    auto it = QRegularExpression(QStringLiteral("%(?:\\d+|n)")).globalMatch(text);
    while (it.hasNext()) found << it.next().captured(0);
    return found;
}

QStringList menuTitles(MainWindow* window) {
    QStringList titles;
    // Without the word joiners that keep Chinese words on one line (han_words.h).
    for (QAction* a : window->menuBar()->actions()) titles << a->text().remove(QChar(0x2060));
    return titles;
}

QString tsPath(const char* language) {
    return QStringLiteral(REDUCELAB_SOURCE_DIR "/resources/translations/reducelab_%1.ts")
        .arg(QLatin1String(language));
}

}  // namespace

class TranslationsTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::isolateSettings(); }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }
    // Each test starts in English, whatever the one before it failed in.
    void cleanup() { Translations::install(QStringLiteral("en")); }

    // Chinese wraps between words: each Han word of a translation is joined (U+2060), so that no
    // line of a narrow label starts inside one, while the same text unjoined does split words.
    void hanWordsStayOnOneLine() {
        const QString statistics = QStringLiteral("本轮统计：活跃工作项与发散线程束数量");
        QVERIFY(!HanWords::positionsInsideWords(statistics).isEmpty());
        const QString joined = HanWords::joinWords(statistics);
        QVERIFY(joined.contains(QChar(0x2060)));
        QCOMPARE(QString(joined).remove(QChar(0x2060)), statistics);
        QCOMPARE(HanWords::joinWords(joined), joined);  // joining twice changes nothing
        QCOMPARE(HanWords::joinWords(QStringLiteral("n = %1, <b>GB/s</b>")),
                 QStringLiteral("n = %1, <b>GB/s</b>"));
        auto splitsAWord = [](const QString& text, int width) {
            QTextLayout layout(text, QFont(QStringLiteral("Noto Sans CJK SC"), 12));
            layout.beginLayout();
            for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine())
                line.setLineWidth(width);
            layout.endLayout();
            const QList<int> inside = HanWords::positionsInsideWords(text);
            for (int i = 1; i < layout.lineCount(); ++i)
                if (inside.contains(layout.lineAt(i).textStart())) return true;
            return false;
        };
        bool unjoinedSplits = false;
        for (int width = 40; width <= 240; width += 7) {
            unjoinedSplits = unjoinedSplits || splitsAWord(statistics, width);
            QVERIFY2(!splitsAWord(joined, width), qPrintable(QString::number(width)));
        }
        QVERIFY(unjoinedSplits);
        // The installed translation hands out joined text.
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        const QString translated = QCoreApplication::translate("reducelab::ui::SweepController",
                                                               "local-size sweep, n = %1");
        QVERIFY(translated.contains(QChar(0x2060)));
    }

    // Every summary and explanation of the engine's catalog is in each .ts file, word for word:
    // lupdate takes them from engine/catalog/catalog.cpp, so a catalog edit shows up here until the
    // translators have the new text.
    void catalogTextsComeFromTheEngineTable() {
        for (const char* language : {"zh_CN", "zh_TW"}) {
            QSet<QString> catalogSources;
            for (const TsEntry& e : readTs(tsPath(language)))
                if (e.context == QLatin1String("Catalog")) catalogSources.insert(e.source);
            for (const Variant& v : catalog()) {
                for (std::string_view text : {v.summary, v.explanation}) {
                    const QString english = QString::fromUtf8(text.data(), text.size());
                    QVERIFY2(catalogSources.contains(english),
                             qPrintable(QString::fromLatin1(language) + ": " + english.left(70)));
                }
            }
            Translations::install(QString::fromLatin1(language));
            for (const Variant& v : catalog()) {
                const QString english =
                    QString::fromUtf8(v.summary.data(), static_cast<qsizetype>(v.summary.size()));
                QVERIFY2(CatalogText::summary(v) != english, std::string(v.name).c_str());
            }
            Translations::install(QStringLiteral("en"));
        }
    }

    void shippedTsFilesAreCompletelyTranslated() {
        for (const char* language : {"zh_CN", "zh_TW"}) {
            const QList<TsEntry> entries = readTs(tsPath(language));
            QVERIFY2(entries.size() > 400, language);
            int catalogEntries = 0;
            for (const TsEntry& e : entries) {
                const QByteArray where = QByteArray(language) + " " + e.context.toUtf8() + ": " +
                                         e.source.left(60).toUtf8();
                QVERIFY2(e.type.isEmpty(),
                         where + " is " + e.type.toUtf8());  // unfinished, vanished
                QVERIFY2(!e.translations.isEmpty(), where);
                for (const QString& t : e.translations) {
                    QVERIFY2(!t.trimmed().isEmpty() || e.source.trimmed().isEmpty(), where);
                    QCOMPARE(placeholders(t), placeholders(e.source));
                }
                if (e.context == QLatin1String("Catalog")) ++catalogEntries;
            }
            // Every catalog text is in the file.
            QVERIFY(catalogEntries >= int(2 * catalog().size()));
        }
        // The files' own text: no type="unfinished" anywhere.
        for (const char* language : {"zh_CN", "zh_TW"}) {
            QFile file(tsPath(language));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            QVERIFY(!text.contains("type=\"unfinished\""));
            QVERIFY(!text.contains("type=\"vanished\""));
            QVERIFY(!text.contains("type=\"obsolete\""));
        }
    }

    void embeddedTranslationsTranslateEveryCatalogText() {
        for (const char* language : {"zh_CN", "zh_TW"}) {
            QVERIFY(Translations::install(QLatin1String(language)));
            QCOMPARE(Translations::installed(), QLatin1String(language));
            for (const Variant& v : catalog()) {
                const QString english = QString::fromUtf8(v.summary.data(), v.summary.size());
                QVERIFY2(CatalogText::summary(v) != english, std::string(v.name).c_str());
                QVERIFY(CatalogText::explanation(v) !=
                        QString::fromUtf8(v.explanation.data(), v.explanation.size()));
            }
            for (const LessonStep& s : lessonSteps())
                QVERIFY(!s.title.contains(QLatin1String("the ")));
        }
        QVERIFY(Translations::install(QStringLiteral("en")));
        QCOMPARE(lessonSteps().front().title, QStringLiteral("Naive tree: interleaved addressing"));
        QVERIFY(!Translations::install(QStringLiteral("xx_YY")));
    }

    // Texts translated outside a QObject (a class's declared tr context, not a free helper) are
    // found in the context lupdate filed them under.
    void textsOutsideQObjectsAreTranslated() {
        const QString english = ChartScale::ceilingText(QStringLiteral("x"), 52.0, Spread{}, 1);
        const QString englishStep = determinismLessonSteps().front().title;
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        QCOMPARE(ChartScale::ceilingText(QStringLiteral("x"), 52.0, Spread{}, 1),
                 QString::fromUtf8("x 52.00 GB/s（实测）"));
        QVERIFY2(determinismLessonSteps().front().title != englishStep,
                 qPrintable(determinismLessonSteps().front().title));
        QVERIFY(Translations::install(QStringLiteral("en")));
        QCOMPARE(ChartScale::ceilingText(QStringLiteral("x"), 52.0, Spread{}, 1), english);
    }

    // The standard buttons of every question (Save / Discard / Cancel, Yes / No) come from Qt's
    // own translations, which install-deps.sh installs (qt6-translations-l10n).
    void standardButtonsFollowTheLanguage() {
        const QString qtTranslations = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (!QFileInfo::exists(qtTranslations + QStringLiteral("/qtbase_zh_CN.qm")))
            QSKIP("Qt's translations are not installed here (qt6-translations-l10n)");
        const auto buttonText = [](QDialogButtonBox::StandardButton which) {
            QDialogButtonBox box(which);
            return box.button(which)->text();
        };
        const QString save = buttonText(QDialogButtonBox::Save);
        for (const char* code : {"zh_CN", "zh_TW"}) {
            QVERIFY(Translations::install(QString::fromLatin1(code)));
            QVERIFY2(buttonText(QDialogButtonBox::Save) != save, code);
            QVERIFY2(!buttonText(QDialogButtonBox::Discard).contains(QStringLiteral("Discard")),
                     code);
            QVERIFY2(!buttonText(QDialogButtonBox::Cancel).contains(QStringLiteral("Cancel")),
                     code);
        }
        QVERIFY(Translations::install(QStringLiteral("en")));
        QCOMPARE(buttonText(QDialogButtonBox::Save), save);
    }

    void systemLocalePicksTheLanguage() {
        QCOMPARE(Translations::languageForLocale("zh_CN"), QStringLiteral("zh_CN"));
        QCOMPARE(Translations::languageForLocale("zh_SG"), QStringLiteral("zh_CN"));
        QCOMPARE(Translations::languageForLocale("zh_TW"), QStringLiteral("zh_TW"));
        QCOMPARE(Translations::languageForLocale("zh_HK"), QStringLiteral("zh_TW"));
        QCOMPARE(Translations::languageForLocale("en_GB"), QStringLiteral("en"));
        QCOMPARE(Translations::languageForLocale("fr_FR"), QStringLiteral("en"));
        Translations::savePreferredLanguage(QString());
        QCOMPARE(Translations::preferredLanguage(),
                 Translations::languageForLocale(QLocale::system().name()));
        Translations::savePreferredLanguage(QStringLiteral("zh_TW"));
        QCOMPARE(Translations::preferredLanguage(), QStringLiteral("zh_TW"));
        Translations::savePreferredLanguage(QStringLiteral("en"));
    }

    // The Language menu: each language retranslates the same window in place, and is saved.
    void switchingLanguageChangesVisibleStrings() {
        MainWindowOptions options;
        options.traceAtStart = false;
        AppShell shell(options);
        shell.start();
        MainWindow* window = shell.window();
        QVERIFY(test::waitForDevices(*window));
        QVERIFY(menuTitles(window).contains(QStringLiteral("&File")));
        const Variant& a = find_variant("interleaved");
        const QString englishSummary = QString::fromUtf8(a.summary.data(), a.summary.size());
        QVERIFY(window->explanationPanel()->toPlainText().contains(englishSummary.left(30)));

        struct Expected {
            const char* code;
            const char* file;
            const char* device;
            const char* lessonMenu;
        };
        for (const Expected& e : {Expected{"zh_CN", "文件(&F)", "设备", "课程(&L)"},
                                  Expected{"zh_TW", "檔案(&F)", "裝置", "課程(&L)"},
                                  Expected{"en", "&File", "Device", "&Lessons"}}) {
            auto* action = window->findChild<QAction*>(QStringLiteral("actionLanguage_") +
                                                       QLatin1String(e.code));
            QVERIFY2(action, e.code);
            action->trigger();
            QTRY_VERIFY2(menuTitles(window).contains(QString::fromUtf8(e.file)),
                         qPrintable(menuTitles(window).join(' ')));
            QCOMPARE(shell.window(), window);  // retranslated, not rebuilt
            const QStringList titles = menuTitles(window);
            QVERIFY(titles.contains(QString::fromUtf8(e.lessonMenu)));
            bool deviceBox = false;
            for (auto* box : window->controlPanel()->findChildren<QGroupBox*>())
                if (box->title().remove(QChar(0x2060)) == QString::fromUtf8(e.device))
                    deviceBox = true;
            QVERIFY2(deviceBox, e.code);
            // The catalog's explanation follows the language too.
            const QString explanation = window->explanationPanel()->toPlainText();
            if (QLatin1String(e.code) == QLatin1String("en"))
                QVERIFY(explanation.contains(englishSummary.left(30)));
            else
                QVERIFY2(!explanation.contains(englishSummary.left(30)) &&
                             explanation.contains(CatalogText::summary(a).left(8)),
                         qPrintable(explanation.left(200)));
            QCOMPARE(Translations::installed(), QLatin1String(e.code));
            QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(),
                     QLatin1String(e.code));
            QVERIFY(
                window
                    ->findChild<QAction*>(QStringLiteral("actionLanguage_") + QLatin1String(e.code))
                    ->isChecked());
        }
    }
};

QTEST_MAIN(TranslationsTest)
#include "translations_test.moc"
