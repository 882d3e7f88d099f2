#include "app/cli/commandlinepaths.h"
#include "app/cli/headlesscommands.h"
#include "app/cli/startup.h"
#include "app/cli/windowlauncher.h"

#include <QCoreApplication>

#include <malloc.h>

// `xsprof`: the headless commands run here, on Qt Core alone; anything else is for the window,
// which is the executable beside this one (app/windowmain.cpp).
int main(int argc, char* argv[])
{
    // Profiles are a few big tables: keep them in their own mappings, given back when a document
    // closes (glibc would otherwise raise its threshold and keep freed tables in the heap).
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    if (argc > 1 && HeadlessCommands::isCommand(QString::fromLocal8Bit(argv[1]))) {
        CommandLinePaths::setArguments(argc, argv);
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("xsprof"));
        QCoreApplication::setApplicationVersion(QStringLiteral(XSPROF_VERSION));
        return HeadlessCommands::run(QCoreApplication::arguments());
    }
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (const std::optional<int> status = Startup::answerWithoutWindow(arguments))
        return *status; // help, version, a mistyped command, or no display: no window
    return WindowLauncher::replaceWithWindow(argv);
}
