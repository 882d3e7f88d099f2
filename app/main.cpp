#include "app/cli/commandlinepaths.h"
#include "app/cli/headlesscommands.h"
#include "app/cli/startup.h"
#include "app/cli/windowlauncher.h"

#include <QCoreApplication>

// `xsprof`: the headless commands run here, on Qt Core alone; anything else is for the window,
// which is the executable beside this one (app/windowmain.cpp).
int main(int argc, char* argv[])
{
    Startup::keepBigTablesInTheirOwnMappings();
    if (argc > 1 && HeadlessCommands::isCommand(QString::fromLocal8Bit(argv[1]))) {
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
