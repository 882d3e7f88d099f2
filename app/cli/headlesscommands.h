#pragma once
// `xsprof report`, `convert` and `listen`: no window, no display needed.
#include "model/loadresult.h"

#include <QCommandLineParser>
#include <QStringList>

#include <optional>

namespace HeadlessCommands {

// Exit status: 0 success, 1 bad input, 2 usage error.
int report(const QStringList& arguments);
int convert(const QStringList& arguments);
bool isCommand(const QString& word);
int run(const QStringList& arguments); // arguments[0] is the program, arguments[1] the command
// Loads `path` for a command; errors and the profiles a multi-profile file holds go to stderr.
std::optional<xsprof::Profile> load(const QString& path, const xsprof::LoadOptions& options);
// --source-maps DIR (report, convert, diff) and its application: original files, lines and
// names for bundled code; problems and the count mapped go to stderr, prefixed by `label`.
extern const QCommandLineOption sourceMapsOption;
void applySourceMaps(const QCommandLineParser& parser, std::optional<xsprof::Profile>& profile,
                     const QString& label = {});

} // namespace HeadlessCommands
