#include "app/cli/startup.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <cstdio>
#include <cstdlib>

namespace Startup {

namespace {

QString environment(const char* name)
{
    const char* value = std::getenv(name);
    return value ? QString::fromLocal8Bit(value) : QString();
}

// `-platform NAME` on the command line wins over QT_QPA_PLATFORM, as in Qt.
QString requestedPlatform(const QStringList& arguments)
{
    const qsizetype at = arguments.indexOf(QStringLiteral("-platform"));
    if (at > 0 && at + 1 < arguments.size())
        return arguments[at + 1];
    return environment("QT_QPA_PLATFORM");
}

// "reprot" looks like a command; "profile.json", "./x" or an existing file do not.
bool looksLikeCommand(const QString& word)
{
    static const QRegularExpression commandWord(QStringLiteral("^[a-z][a-z0-9-]*$"));
    return commandWord.match(word).hasMatch() && !QFileInfo::exists(word);
}

} // namespace

QString usageText()
{
    return QStringLiteral(
        "Usage: xsprof [FILE...]              open profiles in the window\n"
        "       xsprof report FILE [options]  print self, total and inclusive time per function\n"
        "       xsprof report DB [--where EXPR] [--per-trace]\n"
        "                                     the same for the traces of a collection\n"
        "       xsprof convert IN OUT         write any supported profile as a .cpuprofile\n"
        "       xsprof diff BASE NEW          compare two profiles function by function\n"
        "       xsprof listen [options]       debug server without a window\n"
        "       xsprof collect DB INPUT...    gather profiles, folders and NDJSON traces into a collection\n"
        "       xsprof diff DB --base EXPR --new EXPR\n"
        "                                     compare two cohorts of a collection, with statistics\n"
        "       xsprof export DB OUT [--format csv|ndjson]\n"
        "                                     a collection as flat tables for SQL engines\n"
        "       xsprof dap                    Debug Adapter Protocol server on stdin/stdout, for editors\n"
        "       xsprof COMMAND --help         the options of a command\n"
        "\n"
        "CPU-profile viewer and debugger front end for XS and V8 profiles.\n"
        "\n"
        "Options:\n"
        "  -h, --help     Show this help and exit.\n"
        "  -v, --version  Show the version and exit.\n"
        "\n"
        "The window needs a display (X11 or Wayland); without one, use xvfb-run or the commands.\n");
}

bool hasDisplay(const QStringList& arguments, QString* why)
{
    const QString platform = requestedPlatform(arguments).section(QLatin1Char(':'), 0, 0);
    const bool x11 = platform.isEmpty() || platform == QLatin1String("xcb");
    const bool wayland = platform.isEmpty() || platform.startsWith(QLatin1String("wayland"));
    if (!x11 && !wayland)
        return true; // offscreen, minimal, vnc, eglfs...: Qt needs no display server
    if (x11 && !environment("DISPLAY").isEmpty())
        return true;
    if (wayland && !environment("WAYLAND_DISPLAY").isEmpty())
        return true;
    if (why) {
        *why = platform.isEmpty() ? QStringLiteral("neither DISPLAY nor WAYLAND_DISPLAY is set")
            : x11                 ? QStringLiteral("DISPLAY is not set")
                                  : QStringLiteral("WAYLAND_DISPLAY is not set");
    }
    return false;
}

std::optional<int> answerWithoutWindow(const QStringList& arguments)
{
    for (const QString& argument : arguments.mid(1)) {
        if (argument == QLatin1String("--help") || argument == QLatin1String("-h") || argument == QLatin1String("-?")) {
            std::fputs(qPrintable(usageText()), stdout);
            return 0;
        }
        if (argument == QLatin1String("--version") || argument == QLatin1String("-v")) {
            std::printf("xsprof %s\n", XSPROF_VERSION);
            return 0;
        }
    }
    if (arguments.size() > 1 && looksLikeCommand(arguments[1])) {
        std::fprintf(stderr, "xsprof: unknown command '%s': the commands are report, convert, diff, listen, "
                             "collect, export and dap (xsprof --help)\n", qPrintable(arguments[1]));
        return 2;
    }
    QString why;
    if (!hasDisplay(arguments, &why)) {
        std::fprintf(stderr, "xsprof: cannot open the window: no display (%s); run it under xvfb-run, "
                             "or print a report with: xsprof report FILE\n", qPrintable(why));
        return 1;
    }
    return std::nullopt;
}

QStringList argumentsOf(int argc, char* argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    return arguments;
}

} // namespace Startup
