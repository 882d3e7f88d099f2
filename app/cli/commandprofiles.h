#pragma once
// The profiles a headless command reads (report, convert, diff): loaded with their problems
// on stderr, and source maps applied when asked.
#include "model/loadresult.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>

#include <optional>

namespace CommandProfiles {

// Loads `path` for a command; errors and the profiles a multi-profile file holds go to stderr.
std::optional<xsprof::Profile> load(const QString& path, const xsprof::LoadOptions& options);
// --source-maps DIR (report, convert, diff) and its application: original files, lines and
// names for bundled code; problems and the count mapped go to stderr, prefixed by `label`.
extern const QCommandLineOption sourceMapsOption;
void applySourceMaps(const QCommandLineParser& parser, std::optional<xsprof::Profile>& profile,
                     const QString& label = {});

} // namespace CommandProfiles
