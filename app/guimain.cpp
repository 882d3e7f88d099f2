#include "guimain.h"

#include "mainwindow.h"

#include "app/machines/machinetabs.h"
#include "theme.h"
#include "xsprofresources.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSettings>
#include <QStandardPaths>

int runGui(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("xsprof"));
    QApplication::setOrganizationName(QStringLiteral("xsprof"));
    QApplication::setApplicationVersion(QStringLiteral(XSPROF_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/xsprof.svg"))); // from xsprof_resources
    XsprofResources::installPluralForms(); // "1 sample", "3 samples" rather than "3 sample(s)"

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "CPU-profile viewer for XS and V8 profiles"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("files"), QApplication::translate("main", "Profiles to open."),
                                 QStringLiteral("[FILE...]"));
    parser.process(app);

    QSettings settings;
    if (const Theme::Mode theme = Theme::load(settings); theme != Theme::Mode::System)
        Theme::apply(theme);
    MainWindow window(&settings);
    window.show();
    // Live profiles are journalled there; what a killed or crashed run left reopens below.
    window.machines()->setRecoveryDirectory(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                                            QStringLiteral("/recovery"));
    window.machines()->startDebugServer(); // a busy port is shown in the status bar; files still open
    // What a killed run left opens first, in front; the example only when there is nothing else.
    const int recovered = window.machines()->recoverProfiles();
    const QStringList files = parser.positionalArguments();
    if (!files.isEmpty())
        window.openFiles(files);
    else if (!window.reopenLastSession() && recovered == 0)
        window.openExample();
    return app.exec();
}
