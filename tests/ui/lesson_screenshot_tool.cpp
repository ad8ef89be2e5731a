// Takes docs/screenshot-lesson-{en,zh_CN,zh_TW}.png: the lesson window in each language, every
// step measured on the default device, showing the contiguous-addressing step with its kernel
// diff and step view. Run it under Xvfb: scripts/screenshots.sh.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <cstdio>

#include "common/translations.h"
#include "lessons/lesson_view.h"
#include "screenshot_tools.h"
#include "shell/app_shell.h"
#include "shell/main_window.h"

using namespace reducelab::ui;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const auto target = startScreenshots(argc, argv);
    if (!target) return 2;
    const QString& out = target->folder;
    const QSize size = target->size;

    MainWindowOptions options;
    options.traceAtStart = false;
    bool ok = true;
    for (const QString& code :
         {QStringLiteral("en"), QStringLiteral("zh_CN"), QStringLiteral("zh_TW")}) {
        Translations::savePreferredLanguage(code);
        AppShell shell(options);
        shell.start();
        MainWindow* window = shell.window();
        if (!window->devicesKnown() && !waitFor(window, &MainWindow::devicesReady, 60000)) return 1;
        if (window->devices().empty()) {
            std::fprintf(stderr, "no OpenCL device\n");
            return 1;
        }
        window->findChild<QAction*>(QStringLiteral("actionLesson"))->trigger();
        LessonView* lesson = window->lessonView();
        if (!lesson) return 1;
        lesson->resize(size);
        lesson->measureAll();
        waitFor(lesson, &LessonView::measured, 600000);
        lesson->setStep(2);  // contiguous addressing: the diff against the strided step
        waitFor(lesson, &LessonView::traced, 120000);
        ok = saveShot(lesson,
                      QDir(out).filePath(QStringLiteral("screenshot-lesson-%1.png").arg(code)),
                      500) &&
             ok;
        lesson->close();
    }
    Translations::savePreferredLanguage(QString());
    return ok ? 0 : 1;
}
