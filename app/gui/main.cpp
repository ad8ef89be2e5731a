// reducelab: the desktop app, a thin main over the ui library.
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTextStream>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "reducelab/memory_limits.h"
#include "reducelab/version.h"
#include "shell/app_shell.h"

namespace {

// --help and --version print and exit: they need no display (help2man runs them in the build).
bool only_prints(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"-h", "--help", "--help-all", "-v", "--version"})
            if (std::strcmp(argv[i], flag) == 0) return true;
    return false;
}

}  // namespace

// The exit code of a failure no window reported (the CLI's "resource failure").
constexpr int kUnhandledFailure = 4;

int run_app(int argc, char** argv) {
    if (only_prints(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ReduceLab"));
    QApplication::setApplicationName(QStringLiteral("ReduceLab"));
    QApplication::setApplicationVersion(QString::fromLatin1(reducelab::kVersion));
    // The installed desktop entry and icon (resources/desktop/) carry this id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.reducelab.ReduceLab"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.reducelab.ReduceLab")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Teach and tune OpenCL parallel reductions"));
    parser.addHelpOption();
    // Not addVersionOption(): the GNU-style --version adds the licence after the first line.
    const QCommandLineOption version({QStringLiteral("v"), QStringLiteral("version")},
                                     QStringLiteral("Displays version information."));
    parser.addOption(version);
    const QCommandLineOption device(
        QStringLiteral("device"), QStringLiteral("Device: an index, gpu, cpu or part of its name."),
        QStringLiteral("spec"));
    parser.addOption(device);
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QStringLiteral("A results JSON (.json) or a session (.reducelab) to open."),
        QStringLiteral("[file]"));
    parser.process(app);
    if (parser.isSet(version)) {
        QTextStream(stdout) << QApplication::applicationName() << ' '
                            << QApplication::applicationVersion() << '\n'
                            << reducelab::kLicenseNotice << '\n';
        return 0;
    }

    reducelab::ui::MainWindowOptions options;
    options.deviceSpec = parser.value(device);
    options.workspace = true;  // the last session comes back; closing saves it
    if (!parser.positionalArguments().isEmpty())
        options.openFile = parser.positionalArguments().first();
    // The language follows the system locale unless chosen in the Language menu (remembered).
    reducelab::ui::AppShell shell(options);
    shell.start();
    return QApplication::exec();
}

// Windows report their own errors; what reaches here (memory exhausted while reading a session
// at start, an exception out of an event handler) ends the app with one line and exit 4, never
// with SIGABRT.
int main(int argc, char** argv) {
    reducelab::keep_out_of_memory_reserve();
    try {
        return run_app(argc, argv);
    } catch (const std::bad_alloc&) {
        const std::string what = reducelab::AllocationScope::current();
        std::fprintf(stderr, "reducelab: error: out of memory while %s\n",
                     what.empty() ? "running" : what.c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "reducelab: error: %s\n", e.what());
    }
    return kUnhandledFailure;
}
