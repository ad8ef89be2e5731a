// The menus and shortcuts of the main window.
#include "shell/main_menus.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>

#include "common/settings_keys.h"
#include "common/translations.h"
#include "reducelab/version.h"
#include "shell/main_window.h"
#include "step/step_view.h"

namespace reducelab::ui {

namespace {

// One menu item with its shortcuts, on the window so that its keys work wherever the focus is
// in the window (except where a field needs the key); `name` is the objectName tests find.
template <typename Slot>
QAction* addItem(MainWindow* w, QMenu* menu, const QString& text, const QList<QKeySequence>& keys,
                 Slot slot, const char* name = nullptr) {
    QAction* action = menu->addAction(text);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    if (name) action->setObjectName(QString::fromLatin1(name));
    QObject::connect(action, &QAction::triggered, w, slot);
    w->addAction(action);
    return action;
}

}  // namespace

void MainMenus::build(MainWindow* w, QDockWidget* controlsDock, QDockWidget* explanationDock) {
    buildFileMenu(w);
    buildRunMenu(w);
    buildStepMenu(w);
    buildViewMenu(w, controlsDock, explanationDock);
    buildLessonsMenu(w);
    buildLanguageMenu(w);
    buildHelpMenu(w);
}

void MainMenus::buildFileMenu(MainWindow* w) {
    QMenu* file = w->menuBar()->addMenu(tr("&File"));
    addItem(
        w, file, tr("&Open results…"), {QKeySequence::Open},
        [w] {
            const QString path = QFileDialog::getOpenFileName(
                w, tr("Open results or a session"), SettingsKeys::resultsFolder(),
                tr("Results JSON or session (*.json *.reducelab);;All files (*)"));
            if (path.isEmpty()) return;
            SettingsKeys::rememberResultsFolder(path);
            w->openFile(path);
        },
        "actionOpen");
    addItem(
        w, file, tr("&Save session…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)},
        [w] { w->saveSessionAs(); }, "actionSaveSession");
    addItem(
        w, file, tr("&Export chart…"), {QKeySequence(Qt::CTRL | Qt::Key_E)},
        [w] {
            emit w->performanceView()->exportChartRequested(w->performanceView()->currentChart());
        },
        "actionExportChart");
    addItem(w, file, tr("&Copy chart"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)}, [w] {
        emit w->performanceView()->copyChartRequested(w->performanceView()->currentChart());
    });
    addItem(w, file, tr("Export step &round as PNG…"), {},
            [w] { emit w->stepView()->exportRoundRequested(); });
    addItem(w, file, tr("Export step &animation as PNGs…"), {},
            [w] { emit w->stepView()->exportAnimationRequested(); });
    file->addSeparator();
    addItem(w, file, tr("&Quit"), {QKeySequence::Quit}, [w] { w->close(); });
}

void MainMenus::buildRunMenu(MainWindow* w) {
    QMenu* run = w->menuBar()->addMenu(tr("&Run"));
    addItem(
        w, run, tr("&Run A and B"), {QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)},
        [w] { w->runSelected(); }, "actionRun");
    addItem(
        w, run, tr("&Trace A and B (step view)"), {QKeySequence(Qt::CTRL | Qt::Key_T)},
        [w] { w->traceSelected(); }, "actionTrace");
    run->addSeparator();
    addItem(w, run, tr("Sweep &local sizes"), {QKeySequence(Qt::CTRL | Qt::Key_L)},
            [w] { w->sweepLocalSizes(); });
    addItem(w, run, tr("Sweep &n"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)},
            [w] { w->sweepSizes(); });
    addItem(w, run, tr("Run the la&dder"), {QKeySequence(Qt::CTRL | Qt::Key_D)},
            [w] { w->runLadder(); });
    addItem(w, run, tr("&Auto-tune A"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T)},
            [w] { w->autoTune(); });
    addItem(w, run, tr("&Measure the bandwidth ceiling"),
            {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M)}, [w] { w->measureCeiling(); });
    run->addSeparator();
    addItem(
        w, run, tr("&Cancel everything"), {QKeySequence(Qt::Key_Escape)}, [w] { w->cancelAll(); },
        "actionCancel");
}

void MainMenus::buildStepMenu(MainWindow* w) {
    QMenu* step = w->menuBar()->addMenu(tr("&Step"));
    addItem(
        w, step, tr("&Play / pause"), {QKeySequence(Qt::Key_Space)},
        [w] { w->stepView()->togglePlay(); }, "actionPlay");
    addItem(
        w, step, tr("&Forward one round"),
        {QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_Period)},
        [w] { w->stepView()->stepForward(); }, "actionStepForward");
    addItem(
        w, step, tr("&Back one round"), {QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_Comma)},
        [w] { w->stepView()->stepBack(); }, "actionStepBack");
    addItem(w, step, tr("F&irst (loaded)"), {QKeySequence(Qt::Key_Home)},
            [w] { w->stepView()->first(); });
    addItem(w, step, tr("&Last round"), {QKeySequence(Qt::Key_End)},
            [w] { w->stepView()->last(); });
    step->addSeparator();
    addItem(w, step, tr("Zoom &in"), {QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)},
            [w] { w->stepView()->zoomIn(); });
    addItem(w, step, tr("Zoom &out"), {QKeySequence::ZoomOut}, [w] { w->stepView()->zoomOut(); });
    addItem(w, step, tr("&Whole work-group"), {QKeySequence(Qt::CTRL | Qt::Key_0)},
            [w] { w->stepView()->zoomFit(); });
}

void MainMenus::buildViewMenu(MainWindow* w, QDockWidget* controlsDock,
                              QDockWidget* explanationDock) {
    QMenu* view = w->menuBar()->addMenu(tr("&View"));
    QAction* presentation = addItem(
        w, view, tr("&Presentation mode"), {QKeySequence(Qt::Key_F11)},
        [w] { w->setPresentationMode(!w->isPresentationMode()); }, "actionPresentation");
    presentation->setCheckable(true);
    view->addSeparator();
    addItem(w, view, tr("All areas"), {QKeySequence(Qt::CTRL | Qt::Key_4)},
            [w] { w->showArea(MainWindow::Area::All); });
    addItem(w, view, tr("Step view only"), {QKeySequence(Qt::CTRL | Qt::Key_1)},
            [w] { w->showArea(MainWindow::Area::StepView); });
    addItem(w, view, tr("Charts only"), {QKeySequence(Qt::CTRL | Qt::Key_2)},
            [w] { w->showArea(MainWindow::Area::Charts); });
    addItem(w, view, tr("Results table only"), {QKeySequence(Qt::CTRL | Qt::Key_3)},
            [w] { w->showArea(MainWindow::Area::Results); });
    view->addSeparator();
    view->addAction(controlsDock->toggleViewAction());
    view->addAction(explanationDock->toggleViewAction());
}

void MainMenus::buildLessonsMenu(MainWindow* w) {
    QMenu* teach = w->menuBar()->addMenu(tr("&Lessons"));
    addItem(
        w, teach, tr("&Lesson: the optimization ladder…"),
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L)}, [w] { w->openLesson(); }, "actionLesson");
    addItem(
        w, teach, tr("&Kernel sources…"), {QKeySequence(Qt::CTRL | Qt::Key_K)},
        [w] { w->openKernelViewer(); }, "actionKernelViewer");
    addItem(
        w, teach, tr("&Try your own kernel…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K)},
        [w] { w->openCustomKernel(); }, "actionCustomKernel");
    teach->addSeparator();
    addItem(
        w, teach, tr("&Determinism && accuracy…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D)},
        [w] { w->openDeterminism(); }, "actionDeterminism");
    addItem(
        w, teach, tr("Lesson: &why the bits change…"), {}, [w] { w->openDeterminism(true); },
        "actionDeterminismLesson");
    addItem(
        w, teach, tr("&Split across devices…"), {}, [w] { w->openSplit(); }, "actionSplitDevices");
    teach->addSeparator();
    addItem(
        w, teach, tr("&Exercises…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)},
        [w] { w->openExercises(); }, "actionExercises");
}

void MainMenus::buildHelpMenu(MainWindow* w) {
    QMenu* help = w->menuBar()->addMenu(tr("&Help"));
    addItem(w, help, tr("&Keyboard shortcuts"), {QKeySequence::HelpContents},
            [w] { showShortcuts(w); });
    addItem(w, help, tr("&About ReduceLab"), {},
            [w] { QMessageBox::about(w, tr("About ReduceLab"), aboutText()); });
}

QString MainMenus::aboutText() {
    // The licence notice is the one --version prints, in English as the licence itself is.
    QString notice = QString::fromUtf8(kLicenseNotice).toHtmlEscaped();
    notice.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return tr("<b>ReduceLab %1</b><br>Teach and tune OpenCL parallel reductions with real "
              "measurements on your own hardware.")
               .arg(QApplication::applicationVersion()) +
           QStringLiteral("<p>") + notice + QStringLiteral("</p>");
}

void MainMenus::buildLanguageMenu(MainWindow* w) {
    QMenu* language = w->menuBar()->addMenu(tr("Lan&guage"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(language);
    const QString current = Translations::installed();
    for (const Translations::Language& l : Translations::languages()) {
        QAction* action = language->addAction(l.nativeName);
        action->setObjectName(QStringLiteral("actionLanguage_") + l.code);
        action->setCheckable(true);
        action->setChecked(l.code == current);
        group->addAction(action);
        QObject::connect(action, &QAction::triggered, w, [code = l.code] {
            Translations::savePreferredLanguage(code);
            Translations::install(code);  // every widget retranslates itself on LanguageChange
        });
    }
    language->addSeparator();
    QAction* system = language->addAction(tr("Follow the system language"));
    system->setObjectName(QStringLiteral("actionLanguage_system"));
    QObject::connect(system, &QAction::triggered, w, [] {
        Translations::savePreferredLanguage(QString());
        Translations::install(Translations::preferredLanguage());
    });
}

void MainMenus::retranslate(MainWindow* w, QDockWidget* controlsDock,
                            QDockWidget* explanationDock) {
    // Menus hold no work: a new menu bar in the new language replaces the old one (deleted with
    // its menus and actions); the checked states are taken from the window.
    w->setMenuBar(new QMenuBar);
    build(w, controlsDock, explanationDock);
    if (auto* presentation = w->findChild<QAction*>(QStringLiteral("actionPresentation")))
        presentation->setChecked(w->isPresentationMode());
}

void MainMenus::showShortcuts(QWidget* window) {
    QString rows;
    for (QAction* action : window->actions()) {
        if (action->shortcuts().isEmpty()) continue;
        QStringList keys;
        for (const QKeySequence& k : action->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                    .arg(action->text().remove(QLatin1Char('&')).toHtmlEscaped(),
                         keys.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    // The Lessons menu's windows close with the keys of installCloseShortcuts.
    rows +=
        QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
            .arg(tr("Close a Lessons window").toHtmlEscaped(),
                 QStringList{QKeySequence(Qt::Key_Escape).toString(QKeySequence::NativeText),
                             QKeySequence(Qt::CTRL | Qt::Key_W).toString(QKeySequence::NativeText)}
                     .join(QStringLiteral(", "))
                     .toHtmlEscaped());
    auto* box = new QMessageBox(QMessageBox::NoIcon, tr("Keyboard shortcuts"),
                                QStringLiteral("<table cellpadding='3'>%1</table>").arg(rows),
                                QMessageBox::Close, window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

}  // namespace reducelab::ui
