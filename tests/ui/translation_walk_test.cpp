// Complete translations (issue 14, item 5): every visible text of the main window (after a run:
// result cards, results table), the lesson window, the custom-kernel window and the determinism
// window with its lesson chapter and the exercises window, offscreen in zh_CN and zh_TW, holds no
// English word beyond an allow-list of names that stay as they are (variants, kernels, operations,
// element types, units, OpenCL identifiers, the device's own names). Also: unique mnemonics (Alt+F
// and Alt+L open File and Lessons), chart titles that fit at 1280 and 1920 wide, and kernel titles
// without Markdown backticks.
#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDirIterator>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>
#include <QTabBar>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>
#include <QtTest>

#include "charts/ladder_chart.h"
#include "charts/performance_view.h"
#include "charts/results_chart.h"
#include "common/han_words.h"
#include "common/translations.h"
#include "gui_test_support.h"
#include "lessons/lesson_view.h"
#include "reducelab/catalog.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "shell/results_model.h"
#include "shell/run_summary.h"
#include "test_scope.h"
#include "tools/custom_kernel_window.h"
#include "tools/determinism_window.h"
#include "tools/exercise_window.h"
#include "visible_texts.h"

using namespace reducelab;
using namespace reducelab::ui;

namespace {

// Words that are the same in every language: identifiers the user types or reads in code and
// file formats, units, and product names.
QSet<QString> allowedWords(const DeviceInfo* device) {
    QSet<QString> words;
    auto addAll = [&words](const QString& text) {
        for (const QString& w :
             text.split(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]+")), Qt::SkipEmptyParts))
            words.insert(w.toLower());
    };
    for (const Variant& v : catalog()) {
        addAll(QString::fromUtf8(v.name.data(), v.name.size()));
        addAll(QString::fromUtf8(v.kernel.data(), v.kernel.size()));
        addAll(QString::fromUtf8(v.file.data(), v.file.size()));
    }
    for (Operation op : all_operations()) addAll(QString::fromUtf8(to_string(op).data()));
    for (ElementType t : all_element_types()) addAll(QString::fromUtf8(to_string(t).data()));
    for (Finish f : all_finishes()) addAll(QString::fromUtf8(to_string(f).data()));
    if (device)
        for (const std::string& s :
             {device->name, device->vendor, device->platform_name, device->version,
              device->driver_version, device->opencl_c_version, device->type,
              device->platform_version})
            addAll(QString::fromStdString(s));
    addAll(QStringLiteral(
        "GB s ms us ns KiB MiB GiB TB Mi Gi px fps GHz MHz CU CUs "
        "ReduceLab OpenCL PoCL NVIDIA CUDA PTX AMD Intel Oclgrind Qt CPU GPU SIMD "
        "PNG SVG PDF CSV JSON GIF HTML npy reducelab "
        "Ctrl Alt Shift Esc Space Home End PgUp PgDn Del F1 F11 "
        "CL_KERNEL_WORK_GROUP_SIZE cl_khr_fp64 cl_khr_subgroups barrier local global "
        "work_group_reduce_add sub_group_reduce_add atomic_add atomic_xchg volatile "
        "n wide same exact kahan pairwise log A B x e g tid warp warps bank banks English "
        "double float int uint long fp64 scratch log2 H200 NaN"));
    return words;
}

// The English words of `text` not on the allow-list (a word: two or more Latin letters).
QStringList englishWords(const QString& text, const QSet<QString>& allowed) {
    QStringList found;
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z_0-9]*"));
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString w = it.next().captured(0);
        if (w.size() < 2 || allowed.contains(w.toLower())) continue;
        if (w.contains(QLatin1Char('_')) || w.startsWith(QLatin1String("cl"))) continue;  // code
        found << w;
    }
    return found;
}

// $REDUCELAB_WALK_SHOTS names a folder for a picture of each window walked (to look at).
void keepPicture(QWidget* window, const QString& name) {
    const QString folder = qEnvironmentVariable("REDUCELAB_WALK_SHOTS");
    if (!folder.isEmpty()) window->grab().save(folder + QLatin1Char('/') + name + ".png");
}

// The strings of `value` (a JSON tree) under the key `language`.
void collectLanguage(const QJsonValue& value, const QString& language, QStringList& into) {
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == language && it.value().isString()) into << it.value().toString();
            collectLanguage(it.value(), language, into);
        }
    } else if (value.isArray()) {
        for (const QJsonValue& item : value.toArray()) collectLanguage(item, language, into);
    }
}

// The Han characters of one language's texts (the .ts file's translations and the exercise
// pack's statements) that the other language's never use (结 in zh_CN, 結 in zh_TW): any of them
// on screen is a text left in the other language. The language menu names each language in its
// own script, by design.
QSet<QChar> charactersOnlyIn(const QString& language, const QString& other) {
    auto hanOf = [](const QString& code) {
        QStringList texts;
        QFile file(QStringLiteral(REDUCELAB_SOURCE_DIR "/resources/translations/reducelab_%1.ts")
                       .arg(code));
        if (file.open(QIODevice::ReadOnly)) {
            static const QRegularExpression translated(
                QStringLiteral("<(?:translation|numerusform)[^>]*>([^<]*)<"));
            const QString ts = QString::fromUtf8(file.readAll());
            for (auto it = translated.globalMatch(ts); it.hasNext();)
                texts << it.next().captured(1);
        }
        QDirIterator packs(QStringLiteral(REDUCELAB_SOURCE_DIR "/resources/exercises"),
                           {QStringLiteral("exercise.json")}, QDir::Files,
                           QDirIterator::Subdirectories);
        while (packs.hasNext()) {
            QFile pack(packs.next());
            if (pack.open(QIODevice::ReadOnly))
                collectLanguage(QJsonDocument::fromJson(pack.readAll()).object(), code, texts);
        }
        QSet<QChar> characters;
        for (const QString& text : texts)
            for (QChar c : text)
                if (c.script() == QChar::Script_Han) characters.insert(c);
        return characters;
    };
    QSet<QChar> only = hanOf(language) - hanOf(other);
    for (const Translations::Language& l : Translations::languages())
        for (QChar c : l.nativeName) only.remove(c);
    return only;
}

// Texts in `root` with characters of the other Chinese script (after a switch between them).
QStringList otherScript(QWidget* root, const QSet<QChar>& foreign) {
    QStringList lines;
    for (const test::VisibleText& t : test::visibleTexts(root))
        for (QChar c : t.text)
            if (foreign.contains(c)) {
                lines << t.where + QStringLiteral(": ") + c + QStringLiteral("  «") +
                             t.text.left(90) + QStringLiteral("»");
                break;
            }
    return lines;
}

// Word-wrapped labels whose lines, at their shown width, split a Han word (统|计).
QStringList splitWords(QWidget* root) {
    QStringList lines;
    for (QLabel* label : root->findChildren<QLabel*>()) {
        if (!label->isVisible() || !label->wordWrap() || label->text().isEmpty()) continue;
        QTextDocument document;
        document.setDefaultFont(label->font());
        document.setDocumentMargin(0);
        if (Qt::mightBeRichText(label->text()) && label->textFormat() != Qt::PlainText)
            document.setHtml(label->text());
        else
            document.setPlainText(label->text());
        document.setTextWidth(label->contentsRect().width());
        const QString plain = document.toPlainText();
        const QList<int> inside = HanWords::positionsInsideWords(plain);
        if (inside.isEmpty()) continue;
        for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
            QTextLayout* layout = block.layout();
            for (int i = 1; layout && i < layout->lineCount(); ++i) {
                const int at = block.position() + layout->lineAt(i).textStart();
                if (!inside.contains(at)) continue;
                lines << label->objectName() + QStringLiteral(" (") +
                             label->metaObject()->className() + QStringLiteral("): ") +
                             plain.mid(std::max(0, at - 3), 3) + QStringLiteral("|") +
                             plain.mid(at, 3) + QStringLiteral("  «") + plain.left(60) +
                             QStringLiteral("»");
            }
        }
    }
    return lines;
}

QStringList offenders(QWidget* root, const DeviceInfo* device) {
    const QSet<QString> allowed = allowedWords(device);
    QStringList lines;
    for (const test::VisibleText& t : test::visibleTexts(root)) {
        QStringList english = englishWords(t.text, allowed);
        if (t.text.contains(QLatin1Char('`'))) english << QStringLiteral("(Markdown backticks)");
        if (!english.isEmpty())
            lines << t.where + QStringLiteral(": ") + english.join(QLatin1Char(' ')) +
                         QStringLiteral("  «") + t.text.left(90) + QStringLiteral("»");
    }
    return lines;
}

}  // namespace

class TranslationWalkTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { test::isolateSettings(); }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    // Started in the language, and switched to it from another after the work was done (every
    // text set before the switch must follow it).
    void everyVisibleTextIsTranslated_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("startedIn");
        // Under the sanitizers (REDUCELAB_TEST_SCOPE=sample) the two switches that reach both
        // scripts; the release stage walks all five.
        const bool all = !test_scope::sampled();
        if (all) QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("zh_CN");
        if (all) QTest::newRow("zh_TW") << QStringLiteral("zh_TW") << QStringLiteral("zh_TW");
        QTest::newRow("en to zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("en");
        QTest::newRow("zh_CN to zh_TW") << QStringLiteral("zh_TW") << QStringLiteral("zh_CN");
        if (all)
            QTest::newRow("zh_TW to zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("zh_TW");
    }
    void everyVisibleTextIsTranslated() {
        QFETCH(QString, language);
        QFETCH(QString, startedIn);
        QVERIFY(Translations::install(startedIn));
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(test::waitForDevices(window));
        const DeviceInfo* device = window.controlPanel()->currentDevice();
        QVERIFY(device);
        window.controlPanel()->setN(4096);
        QSignalSpy completed(&window, &MainWindow::runCompleted);
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(completed.wait(120000));
        QVERIFY(window.runSummary()->result(0).has_value());
        // A local-size sweep: its chart title and the table's source column are made before the
        // switch.
        QSignalSpy swept(&window, &MainWindow::sweepCompleted);
        window.sweepLocalSizes();
        QVERIFY(swept.wait(240000));
        if (startedIn != language) {
            // The teaching windows open before the switch too, so that their texts must follow.
            window.openLesson();
            window.openCustomKernel();
            window.openDeterminism(true);
            window.openExercises();
            QVERIFY(Translations::install(language));
            QTest::qWait(50);
        }
        keepPicture(&window, language + QStringLiteral("-main"));
        QStringList found = offenders(&window, device);
        const QSet<QChar> foreign = charactersOnlyIn(
            language == QLatin1String("zh_CN") ? QStringLiteral("zh_TW") : QStringLiteral("zh_CN"),
            language);
        QVERIFY(foreign.size() > 50);  // the two scripts differ
        found << otherScript(&window, foreign) << splitWords(&window);
        // Whether shown or not: the sweep's title and its rows in the table.
        const QSet<QString> allowed = allowedWords(device);
        const QString sweepTitle =
            window.performanceView()->chart(PerformanceView::Chart::LocalSize)->title();
        if (!englishWords(sweepTitle, allowed).isEmpty())
            found << QStringLiteral("sweep chart title: ") + sweepTitle;
        const ResultsModel* table = window.resultsModel();
        QVERIFY(table->rowCount() > 1);
        const QString sweepSource = table->source(table->rowCount() - 1);
        if (!englishWords(sweepSource, allowed).isEmpty())
            found << QStringLiteral("table source: ") + sweepSource;

        // The teaching windows, each at the projector's size.
        auto walk = [&](QWidget* shown, const QString& name) {
            QWidget* top = shown->window();
            top->resize(1280, 720);
            QTest::qWait(50);
            keepPicture(top, language + name);
            found << offenders(top, device) << otherScript(top, foreign) << splitWords(top);
        };
        window.openLesson();
        QVERIFY(window.lessonView());
        walk(window.lessonView(), QStringLiteral("-lesson"));
        window.openCustomKernel();
        QVERIFY(window.customKernelWindow());
        walk(window.customKernelWindow(), QStringLiteral("-custom"));
        window.openDeterminism(true);  // with its lesson chapter
        QVERIFY(window.determinismWindow());
        walk(window.determinismWindow(), QStringLiteral("-determinism"));
        window.openExercises();  // the statement and the list in the language too
        QVERIFY(window.exerciseWindow());
        walk(window.exerciseWindow(), QStringLiteral("-exercises"));
        for (const QString& offender : found) qWarning().noquote() << "English:" << offender;
        QVERIFY2(
            found.isEmpty(),
            qPrintable(QStringLiteral("%1 English texts in %2:\n").arg(found.size()).arg(language) +
                       found.join(QLatin1Char('\n'))));
        Translations::install(QStringLiteral("en"));
    }

    // The walk finds English where it is: the English window fails the same check.
    void theWalkSeesEnglish() {
        QVERIFY(Translations::install(QStringLiteral("en")));
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(offenders(&window, window.controlPanel()->currentDevice()).size() > 20);
    }

    // Alt+F and Alt+L belong to the File and Lessons menus in every language: no control of the
    // window takes the same mnemonic.
    void menuMnemonicsAreUnique() {
        for (const QString& language :
             {QStringLiteral("en"), QStringLiteral("zh_CN"), QStringLiteral("zh_TW")}) {
            QVERIFY(Translations::install(language));
            MainWindow window;
            window.show();
            QVERIFY(test::waitForDevices(window));
            QMap<QChar, QString> menus;
            for (QAction* a : window.menuBar()->actions()) {
                const QChar key = test::mnemonic(a->text());
                QVERIFY2(!key.isNull(), qPrintable(a->text()));
                QVERIFY2(!menus.contains(key), qPrintable(language + QLatin1Char(' ') + a->text()));
                menus.insert(key, a->text());
            }
            for (const test::VisibleText& t : test::visibleTexts(&window)) {
                if (!t.mnemonicOwner) continue;
                const QChar key = test::mnemonic(t.text);
                QVERIFY2(key.isNull() || !menus.contains(key),
                         qPrintable(language + QStringLiteral(": ") + t.where + QLatin1Char(' ') +
                                    t.text + QStringLiteral(" takes Alt+") + key +
                                    QStringLiteral(" from ") + menus.value(key)));
            }
        }
        Translations::install(QStringLiteral("en"));
    }

    // The charts' titles fit at 1280 and 1920 wide, in every language (the ladder's was cut).
    void chartTitlesFit() {
        for (const QString& language :
             {QStringLiteral("en"), QStringLiteral("zh_CN"), QStringLiteral("zh_TW")}) {
            QVERIFY(Translations::install(language));
            for (int width : {1280, 1920}) {
                MainWindow window;
                window.resize(width, width * 9 / 16);
                window.show();
                QVERIFY(test::waitForDevices(window));
                window.performanceView()->showChart(PerformanceView::Chart::Ladder);
                window.showArea(MainWindow::Area::Charts);
                QTest::qWait(50);
                keepPicture(&window, QStringLiteral("%1-ladder-%2").arg(language).arg(width));
                const auto charts = window.findChildren<ResultsChart*>();
                QVERIFY(!charts.isEmpty());
                for (ResultsChart* chart : charts) {
                    if (!chart->isVisible()) continue;
                    const QString why = test::titleClipping(*chart);
                    QVERIFY2(why.isEmpty(),
                             qPrintable(language + QStringLiteral(" at ") + QString::number(width) +
                                        QStringLiteral(": ") + why));
                }
            }
        }
        Translations::install(QStringLiteral("en"));
    }
};

QTEST_MAIN(TranslationWalkTest)
#include "translation_walk_test.moc"
