// The main window's menu bar: every action with its shortcut (window-wide, so that the keys work
// wherever the focus is), the Language menu and the shortcut list under Help.
#pragma once

#include <QObject>

class QDockWidget;
class QWidget;

namespace reducelab::ui {

class MainWindow;

class MainMenus : public QObject {
    Q_OBJECT
  public:
    static void build(MainWindow* window, QDockWidget* controlsDock, QDockWidget* explanationDock);
    // The menus again in the installed language (on the window's LanguageChange).
    static void retranslate(MainWindow* window, QDockWidget* controlsDock,
                            QDockWidget* explanationDock);
    // A table of every action that has a shortcut.
    static void showShortcuts(QWidget* window);
    // Help -> About: the version, what ReduceLab is, its copyright and licence.
    static QString aboutText();

  private:
    // One menu each, in the menu bar's order.
    static void buildFileMenu(MainWindow* window);
    static void buildRunMenu(MainWindow* window);
    static void buildStepMenu(MainWindow* window);
    static void buildViewMenu(MainWindow* window, QDockWidget* controlsDock,
                              QDockWidget* explanationDock);
    static void buildLessonsMenu(MainWindow* window);
    static void buildLanguageMenu(MainWindow* window);
    static void buildHelpMenu(MainWindow* window);
};

}  // namespace reducelab::ui
