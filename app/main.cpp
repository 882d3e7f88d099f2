#include "app/cli/commandlinepaths.h"
#include "app/cli/headlesscommands.h"
#include "app/cli/startup.h"
#include "app/cli/windowlauncher.h"
#include "model/heappolicy.h"

#include <QCoreApplication>

#include <cstring>

// `xsprof`: the headless commands run here, on Qt Core alone; anything else is for the window,
// which is the executable beside this one (app/windowmain.cpp).
int main(int argc, char* argv[])
{
    if (argc > 1 && HeadlessCommands::isCommand(QString::fromLocal8Bit(argv[1]))) {
        // listen runs for hours; collect loads thousands of small traces on two threads, which
        // one shared heap would serialise on its lock.
        if (std::strcmp(argv[1], "listen") == 0 || std::strcmp(argv[1], "collect") == 0 || std::strcmp(argv[1], "dap") == 0)
            xsprof::HeapPolicy::keepBigTablesInTheirOwnMappings();
        else
            xsprof::HeapPolicy::reuseFreedTables();
        CommandLinePaths::setArguments(argc, argv);
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("xsprof"));
        QCoreApplication::setApplicationVersion(QStringLiteral(XSPROF_VERSION));
        return HeadlessCommands::run(QCoreApplication::arguments());
    }
    if (const std::optional<int> status = Startup::answerWithoutWindow(Startup::argumentsOf(argc, argv)))
        return *status; // help, version, a mistyped command, or no display: no window
    return WindowLauncher::replaceWithWindow(argv);
}
