#include "app/cli/diffcommand.h"

#include "app/cli/cohortdiffcommand.h"
#include "app/cli/commandlineoptions.h"
#include "app/cli/commandprofiles.h"
#include "app/cli/transformoptions.h"

#include "model/comparison.h"
#include "model/diffreport.h"
#include "model/profileanalysis.h"

#include <QCommandLineParser>

#include <cstdio>

namespace DiffCommand {

using CommandLineOptions::usageError;

int run(const QStringList& arguments)
{
    if (CohortDiffCommand::isCohortDiff(arguments))
        return CohortDiffCommand::run(arguments);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Compares two profiles: self, total (divided) and inclusive time per function in BASE, in NEW, "
                       "and the change (new - base). Functions match by (name, url, line, column), XS ones by "
                       "(name, path, line)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("diff"), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("BASE"), QStringLiteral("The profile before."));
    parser.addPositionalArgument(QStringLiteral("NEW"), QStringLiteral("The profile after."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
    parser.addOption({QStringLiteral("sort"),
                      QStringLiteral("Order by the size of the change of self, total or inclusive (default total)."),
                      QStringLiteral("KEY"), QStringLiteral("total")});
    parser.addOption({QStringLiteral("top"), QStringLiteral("Show only the first N functions."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("profile-base"),
                      QStringLiteral("Which profile of a multi-profile BASE file (0-based)."), QStringLiteral("K")});
    parser.addOption({QStringLiteral("profile-new"),
                      QStringLiteral("Which profile of a multi-profile NEW file (0-based)."), QStringLiteral("K")});
    parser.addOption(CommandProfiles::sourceMapsOption); // applied to both sides
    TransformOptions::addTo(parser);
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3)
        return usageError(parser, QStringLiteral("diff takes BASE and NEW"));

    xsprof::DiffOptions options;
    xsprof::LoadOptions baseOptions, newOptions;
    for (const QString& problem :
         {CommandLineOptions::readSort(parser, options.sort), CommandLineOptions::readTop(parser, options.top),
          CommandLineOptions::readProfileIndex(parser, QStringLiteral("profile-base"), baseOptions.profileIndex),
          CommandLineOptions::readProfileIndex(parser, QStringLiteral("profile-new"), newOptions.profileIndex)}) {
        if (!problem.isEmpty())
            return usageError(parser, problem);
    }

    std::optional<xsprof::Profile> baseLoaded = CommandProfiles::load(positional[1], baseOptions);
    if (!baseLoaded)
        return 1;
    std::optional<xsprof::Profile> newLoaded = CommandProfiles::load(positional[2], newOptions);
    if (!newLoaded)
        return 1;
    // Time against bytes compares nothing: both sides must measure the same thing.
    if (baseLoaded->info.measure != newLoaded->info.measure) {
        std::fprintf(stderr, "xsprof: %s measures %s and %s measures %s: diff compares profiles of one measure\n",
                     qPrintable(positional[1]), std::string(xsprof::toString(baseLoaded->info.measure)).c_str(),
                     qPrintable(positional[2]), std::string(xsprof::toString(newLoaded->info.measure)).c_str());
        return 1;
    }
    CommandProfiles::applySourceMaps(parser, baseLoaded, positional[1]);
    CommandProfiles::applySourceMaps(parser, newLoaded, positional[2]);
    // The transforms apply to both sides; a name has to exist on at least one of them.
    const std::vector<xsprof::Transform> transforms = TransformOptions::fromArguments(arguments);
    std::vector<size_t> baseMatched, newMatched;
    const std::optional<xsprof::Profile> base = TransformOptions::apply(std::move(*baseLoaded), transforms, positional[1], &baseMatched);
    if (!base)
        return 1;
    const std::optional<xsprof::Profile> next = TransformOptions::apply(std::move(*newLoaded), transforms, positional[2], &newMatched);
    if (!next)
        return 1;
    for (size_t i = 0; i < baseMatched.size() && i < newMatched.size(); ++i)
        baseMatched[i] += newMatched[i];
    if (!TransformOptions::reportUnmatched(transforms, baseMatched, positional[1] + QStringLiteral(" and ") + positional[2]))
        return 1;

    const xsprof::ProfileAnalysis baseAnalysis = xsprof::ProfileAnalysis::compute(*base);
    const xsprof::ProfileAnalysis newAnalysis = xsprof::ProfileAnalysis::compute(*next);
    const xsprof::Comparison comparison(*base, baseAnalysis, *next, newAnalysis);
    const xsprof::DiffInput baseInput{positional[1].toStdString(), &*base};
    const xsprof::DiffInput newInput{positional[2].toStdString(), &*next};
    const std::string text = parser.isSet(QStringLiteral("json"))
        ? xsprof::formatJsonDiff(comparison, baseInput, newInput, options)
        : xsprof::formatTextDiff(comparison, baseInput, newInput, options);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

} // namespace DiffCommand
