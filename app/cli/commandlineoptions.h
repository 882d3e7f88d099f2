#pragma once
// Options several headless commands share (report, convert, diff): how a usage error is
// printed, and the reading of --profile K, --sort KEY and --top N. Each reader returns the
// message of a bad value, or an empty string.
#include <QCommandLineParser>
#include <QString>

#include <cstddef>
#include <optional>

namespace CommandLineOptions {

// Prints "xsprof: MESSAGE" and the command's help to stderr; returns the exit status 2.
int usageError(const QCommandLineParser& parser, const QString& message);

// Parses a command's arguments. Returns the exit status when the command is done already: 2
// after a usage error (printed as usageError does), 0 after --help (printed to stdout);
// nothing when the command should go on.
std::optional<int> parseOrHelp(QCommandLineParser& parser, const QStringList& arguments);

// `option` (e.g. "profile", "profile-base"): a profile index 0, 1, ...; `index` is left as it
// is when the option is absent.
QString readProfileIndex(const QCommandLineParser& parser, const QString& option, int& index);

// --top N: a positive count; `top` left as it is when absent.
QString readTop(const QCommandLineParser& parser, size_t& top);

// --sort self|total|inclusive, into any enum with Self, Total and Inclusive.
template <class Sort>
QString readSort(const QCommandLineParser& parser, Sort& sort)
{
    const QString key = parser.value(QStringLiteral("sort"));
    if (key == QLatin1String("self"))
        sort = Sort::Self;
    else if (key == QLatin1String("inclusive"))
        sort = Sort::Inclusive;
    else if (key == QLatin1String("total"))
        sort = Sort::Total;
    else
        return QStringLiteral("--sort takes self, total or inclusive");
    return {};
}

} // namespace CommandLineOptions
