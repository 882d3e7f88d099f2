#include "app/cli/commandprofiles.h"

#include "app/cli/commandlinepaths.h"

#include "model/profileloader.h"
#include "model/sourcemaps/sourcemapper.h"

#include <cstdio>

namespace CommandProfiles {

std::optional<xsprof::Profile> load(const QString& path, const xsprof::LoadOptions& options)
{
    xsprof::LoadResult result = xsprof::loadProfileFile(CommandLinePaths::native(path), options);
    if (!result.ok()) {
        std::fprintf(stderr, "xsprof: %s\n", result.error->toString().c_str());
        return std::nullopt;
    }
    for (const std::string& warning : result.warnings)
        std::fprintf(stderr, "xsprof: %s: %s\n", qPrintable(path), warning.c_str());
    if (result.available.size() > 1 && options.profileIndex < 0) {
        std::fprintf(stderr, "xsprof: %s holds %zu profiles; showing %zu (%s), choose with --profile K:\n",
                     qPrintable(path), result.available.size(), result.chosenIndex,
                     result.available[result.chosenIndex].name.c_str());
        for (size_t i = 0; i < result.available.size(); ++i)
            std::fprintf(stderr, "  %zu: %s, %zu samples\n", i, result.available[i].name.c_str(),
                         result.available[i].sampleCount);
    }
    return std::move(result.profile);
}

const QCommandLineOption sourceMapsOption{QStringLiteral("source-maps"),
                                         QStringLiteral("Apply the source maps (.map files) in DIR, and those beside or named "
                                                        "by local scripts."),
                                         QStringLiteral("DIR")};

void applySourceMaps(const QCommandLineParser& parser, std::optional<xsprof::Profile>& profile, const QString& label)
{
    if (!profile || !parser.isSet(sourceMapsOption))
        return;
    xsprof::sourcemaps::SourceMapOptions options;
    for (const QString& folder : parser.values(sourceMapsOption))
        options.folders.push_back(folder.toStdString());
    xsprof::sourcemaps::SourceMapper mapper(options);
    xsprof::sourcemaps::SourceMapReport report;
    if (auto mapped = mapper.apply(*profile, report))
        profile = std::move(mapped);
    const QByteArray prefix = label.isEmpty() ? QByteArray() : label.toLocal8Bit() + ": ";
    for (const std::string& problem : report.problems)
        std::fprintf(stderr, "xsprof: %ssource map %s\n", prefix.constData(), problem.c_str());
    std::fprintf(stderr, "xsprof: %s%zu functions mapped by %zu source maps\n", prefix.constData(), report.functionsMapped,
                 report.mapsUsed);
}

} // namespace CommandProfiles
