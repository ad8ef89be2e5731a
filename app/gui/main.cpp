// reducelab: the desktop app, a thin main over the ui library.
#include <QApplication>
#include <QCommandLineParser>

#include "app_shell.h"
#include "reducelab/version.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ReduceLab"));
    QApplication::setApplicationName(QStringLiteral("ReduceLab"));
    QApplication::setApplicationVersion(QString::fromLatin1(reducelab::kVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Teach and tune OpenCL parallel reductions"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption device(
        QStringLiteral("device"), QStringLiteral("Device: an index, gpu, cpu or part of its name."),
        QStringLiteral("spec"));
    parser.addOption(device);
    parser.process(app);

    reducelab::ui::MainWindowOptions options;
    options.deviceSpec = parser.value(device);
    // The language follows the system locale unless chosen in the Language menu (remembered).
    reducelab::ui::AppShell shell(options);
    shell.start();
    return QApplication::exec();
}
