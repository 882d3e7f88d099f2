#include "app/cli/commandlineoptions.h"

#include <cstdio>

namespace CommandLineOptions {

int usageError(const QCommandLineParser& parser, const QString& message)
{
    std::fprintf(stderr, "xsprof: %s\n\n%s", qPrintable(message), qPrintable(parser.helpText()));
    return 2;
}

std::optional<int> parseOrHelp(QCommandLineParser& parser, const QStringList& arguments)
{
    if (!parser.parse(arguments))
        return usageError(parser, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    return std::nullopt;
}

QString readProfileIndex(const QCommandLineParser& parser, const QString& option, int& index)
{
    if (!parser.isSet(option))
        return {};
    bool ok = false;
    const int k = parser.value(option).toInt(&ok);
    if (!ok || k < 0)
        return QStringLiteral("--%1 takes a profile index (0, 1, ...)").arg(option);
    index = k;
    return {};
}

QString readTop(const QCommandLineParser& parser, size_t& top)
{
    if (!parser.isSet(QStringLiteral("top")))
        return {};
    bool ok = false;
    const int n = parser.value(QStringLiteral("top")).toInt(&ok);
    if (!ok || n <= 0)
        return QStringLiteral("--top takes a positive number");
    top = size_t(n);
    return {};
}

} // namespace CommandLineOptions
