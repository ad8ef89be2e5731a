// Takes docs/screenshot-lesson-{en,zh_CN,zh_TW}.png: the lesson window in each language, every
// step measured on the default device, showing the contiguous-addressing step with its kernel
// diff and step view. Run it under Xvfb: scripts/screenshots.sh.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSettings>
#include <QSignalSpy>
#include <cstdio>

#include "app_shell.h"
#include "lesson_view.h"
#include "main_window.h"
#include "screenshot_size.h"
#include "translations.h"

using namespace reducelab::ui;

namespace {

template <typename Sender, typename Signal>
bool waitFor(Sender* sender, Signal signal, int ms) {
    QSignalSpy spy(sender, signal);
    return spy.wait(ms);
}

void settle(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) QApplication::processEvents(QEventLoop::AllEvents, 20);
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ReduceLabScreenshots"));
    QApplication::setApplicationName(QStringLiteral("ReduceLab"));
    QSettings().clear();
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("docs");
    QDir().mkpath(out);
    const QSize size = windowSize(argc > 2 ? argv[2] : nullptr);
    if (!size.isValid()) {
        std::fprintf(stderr, "usage: %s [OUT_DIR [WIDTHxHEIGHT]]\n", argv[0]);
        return 2;
    }

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
        settle(500);
        const QString path =
            QDir(out).filePath(QStringLiteral("screenshot-lesson-%1.png").arg(code));
        const QPixmap shot = lesson->grab();
        const bool saved = shot.save(path, "PNG");
        std::printf("%s %s (%dx%d)\n", saved ? "wrote" : "FAILED", qPrintable(path), shot.width(),
                    shot.height());
        ok = ok && saved;
        lesson->close();
    }
    Translations::savePreferredLanguage(QString());
    return ok ? 0 : 1;
}
