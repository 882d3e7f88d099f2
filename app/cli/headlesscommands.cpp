#include "app/cli/headlesscommands.h"

#include "app/cli/collectioncommands.h"
#include "app/cli/commandlineoptions.h"
#include "app/cli/commandlinepaths.h"
#include "app/cli/commandprofiles.h"
#include "app/cli/dapcommand.h"
#include "app/cli/diffcommand.h"
#include "app/cli/listencommand.h"
#include "app/cli/transformoptions.h"

#include "model/cpuprofilewriter.h"
#include "model/linecosts.h"
#include "model/pprofwriter.h"
#include "model/profileanalysis.h"
#include "model/readers/formatreaders.h"
#include "model/report.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace HeadlessCommands {

using CommandLineOptions::usageError;
using CommandProfiles::applySourceMaps;
using CommandProfiles::load;
using CommandProfiles::sourceMapsOption;

bool isCommand(const QString& word)
{
    return word == QLatin1String("report") || word == QLatin1String("convert") || word == QLatin1String("diff")
        || word == QLatin1String("listen") || word == QLatin1String("collect") || word == QLatin1String("export")
        || word == QLatin1String("dap");
}

int run(const QStringList& arguments)
{
    const QString command = arguments.value(1);
    if (command == QLatin1String("report"))
        return report(arguments);
    if (command == QLatin1String("convert"))
        return convert(arguments);
    if (command == QLatin1String("diff"))
        return DiffCommand::run(arguments);
    if (command == QLatin1String("listen"))
        return ListenCommand::run(arguments);
    if (command == QLatin1String("collect"))
        return CollectionCommands::collect(arguments);
    if (command == QLatin1String("export"))
        return CollectionCommands::exportTables(arguments);
    if (command == QLatin1String("dap"))
        return DapCommand::run(arguments);
    std::fprintf(stderr, "xsprof: unknown command %s\n", qPrintable(command));
    return 2;
}

namespace {

// `report --lines NAME`: the per-line table, or why there is none.
int printLines(const xsprof::Profile& profile, const QString& file, const QString& name)
{
    if (!xsprof::hasLineTicks(profile)) {
        std::fprintf(stderr, "xsprof: %s has no positionTicks (per-line ticks): only function-level costs are known\n",
                     qPrintable(file));
        return 1;
    }
    const std::string text = xsprof::formatLineReport(profile, name.toStdString());
    if (text.empty()) {
        std::fprintf(stderr, "xsprof: %s: no function is named \"%s\"\n", qPrintable(file), qPrintable(name));
        return 1;
    }
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
        std::fprintf(stderr, "xsprof: cannot write the report: %s\n", std::strerror(errno));
        return 1;
    }
    return 0;
}

} // namespace

int report(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Prints self, total (divided) and inclusive time per function."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("report"), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A profile (%1, gzipped or not).")
                                     .arg(QString::fromStdString(xsprof::readers::supportedFormatsText())));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
    parser.addOption({QStringLiteral("sort"), QStringLiteral("Order by self, total or inclusive (default total)."),
                      QStringLiteral("KEY"), QStringLiteral("total")});
    parser.addOption({QStringLiteral("top"), QStringLiteral("Show only the first N functions."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("totals"),
                      QStringLiteral("'all': beside xsbug's divided total, Chrome DevTools' total (inclusive) and VS "
                                     "Code's (summed call paths, recursion counted at each level), each explained; "
                                     "'xsbug' (default): the usual columns."),
                      QStringLiteral("WHICH"), QStringLiteral("xsbug")});
    parser.addOption({QStringLiteral("profile"), QStringLiteral("Which profile of a multi-profile file (0-based)."),
                      QStringLiteral("K")});
    parser.addOption({QStringLiteral("lines"),
                      QStringLiteral("Print the per-line self time of every function named NAME (from positionTicks)."),
                      QStringLiteral("NAME")});
    TransformOptions::addTo(parser);
    parser.addOption(sourceMapsOption);
    CollectionCommands::addReportOptions(parser);
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2)
        return usageError(parser, QStringLiteral("report takes exactly one FILE"));
    const bool collection = CollectionCommands::isDatabase(positional[1]);
    if (collection && (parser.isSet(QStringLiteral("lines")) || parser.isSet(sourceMapsOption) ||
                       parser.isSet(QStringLiteral("profile")) || !TransformOptions::fromArguments(arguments).empty()))
        return usageError(parser, QStringLiteral("a collection's report takes --json, --sort, --top, --where and "
                                                 "--per-trace only"));
    if (!collection && (parser.isSet(QStringLiteral("where")) || parser.isSet(QStringLiteral("per-trace"))))
        return usageError(parser, QStringLiteral("--where and --per-trace apply to collections (xsprof collect)"));
    if (parser.isSet(QStringLiteral("lines")) && !TransformOptions::fromArguments(arguments).empty())
        return usageError(parser, QStringLiteral("--lines reads the file's own positionTicks: it does not combine "
                                                 "with transforms"));

    xsprof::ReportOptions options;
    xsprof::LoadOptions loadOptions;
    for (const QString& problem :
         {CommandLineOptions::readSort(parser, options.sort), CommandLineOptions::readTop(parser, options.top),
          CommandLineOptions::readProfileIndex(parser, QStringLiteral("profile"), loadOptions.profileIndex)}) {
        if (!problem.isEmpty())
            return usageError(parser, problem);
    }

    const QString totals = parser.value(QStringLiteral("totals"));
    if (totals != QLatin1String("all") && totals != QLatin1String("xsbug"))
        return usageError(parser, QStringLiteral("--totals is all or xsbug, not ") + totals);
    options.allTotals = totals == QLatin1String("all");
    if (collection)
        return CollectionCommands::report(parser, positional[1], options);
    std::optional<xsprof::Profile> loaded = load(positional[1], loadOptions);
    applySourceMaps(parser, loaded);
    if (!loaded)
        return 1;
    if (parser.isSet(QStringLiteral("lines")))
        return printLines(*loaded, positional[1], parser.value(QStringLiteral("lines")));
    const std::vector<xsprof::Transform> transforms = TransformOptions::fromArguments(arguments);
    std::vector<size_t> matched;
    xsprof::InstrumentSeries instruments = loaded->instruments; // transforms rebuild the samples only
    std::optional<xsprof::Profile> profile = TransformOptions::apply(std::move(*loaded), transforms, positional[1], &matched);
    if (!profile || !TransformOptions::reportUnmatched(transforms, matched, positional[1]))
        return 1;
    if (profile->instruments.empty())
        profile->instruments = std::move(instruments);
    const xsprof::ProfileAnalysis analysis = xsprof::ProfileAnalysis::compute(*profile);
    const std::string text = parser.isSet(QStringLiteral("json"))
        ? xsprof::formatJsonReport(*profile, analysis, options)
        : xsprof::formatTextReport(*profile, analysis, options);
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
        std::fprintf(stderr, "xsprof: cannot write the report: %s\n", std::strerror(errno));
        return 1;
    }
    return 0;
}

int convert(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Writes any supported profile as a .cpuprofile, or as gzipped pprof "
                                                    "(OUT ending in .pb.gz, .pprof or .pb, or --to pprof)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("convert"), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The profile to read."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The .cpuprofile or pprof file to write."));
    parser.addOption({QStringLiteral("profile"),
                      QStringLiteral("Which profile of a multi-profile file, or which sample type of a pprof (0-based)."),
                      QStringLiteral("K")});
    parser.addOption({QStringLiteral("to"), QStringLiteral("The format to write: cpuprofile or pprof (default: by OUT's "
                                                           "name)."),
                      QStringLiteral("FORMAT")});
    parser.addOption(sourceMapsOption);
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3)
        return usageError(parser, QStringLiteral("convert takes IN and OUT"));
    const QString out = positional[2];
    QString to = parser.value(QStringLiteral("to"));
    if (to.isEmpty())
        to = out.endsWith(QLatin1String(".pb.gz")) || out.endsWith(QLatin1String(".pprof")) ||
                     out.endsWith(QLatin1String(".pb"))
                 ? QStringLiteral("pprof")
                 : QStringLiteral("cpuprofile");
    if (to != QLatin1String("pprof") && to != QLatin1String("cpuprofile"))
        return usageError(parser, QStringLiteral("--to is cpuprofile or pprof, not ") + to);
    xsprof::LoadOptions loadOptions;
    if (const QString problem =
            CommandLineOptions::readProfileIndex(parser, QStringLiteral("profile"), loadOptions.profileIndex);
        !problem.isEmpty())
        return usageError(parser, problem);
    std::optional<xsprof::Profile> profile = load(positional[1], loadOptions);
    applySourceMaps(parser, profile);
    if (!profile)
        return 1;
    std::string writeError;
    if (to == QLatin1String("pprof")) {
        if (!xsprof::savePprof(*profile, CommandLinePaths::native(out), &writeError)) {
            std::fprintf(stderr, "xsprof: %s\n", writeError.c_str());
            return 1;
        }
        return 0;
    }
    // A .cpuprofile holds time: bytes or counts written there would read back as µs.
    if (profile->info.measure != xsprof::Measure::Time) {
        std::fprintf(stderr, "xsprof: %s measures %s, and a .cpuprofile holds time: write pprof instead (OUT.pb.gz, "
                             "or --to pprof)\n",
                     qPrintable(positional[1]), std::string(xsprof::toString(profile->info.measure)).c_str());
        return 1;
    }
    if (!xsprof::saveCpuProfile(*profile, CommandLinePaths::native(out), &writeError)) {
        std::fprintf(stderr, "xsprof: %s\n", writeError.c_str());
        return 1;
    }
    return 0;
}

} // namespace HeadlessCommands
