#include "guimain.h"
#include "headlesscommands.h"

#include <QCoreApplication>

int main(int argc, char* argv[])
{
    if (argc > 1 && HeadlessCommands::isCommand(QString::fromLocal8Bit(argv[1]))) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("xsprof"));
        QCoreApplication::setApplicationVersion(QStringLiteral(XSPROF_VERSION));
        return HeadlessCommands::run(QCoreApplication::arguments());
    }
    return runGui(argc, argv);
}
