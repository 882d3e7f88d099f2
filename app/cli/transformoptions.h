#pragma once
// The transform options shared by `report` and `diff`: --merge, --focus, --drop,
// --collapse-recursion NAME and --merge-file URL, repeatable, applied in the order given.
#include "model/profile.h"
#include "model/transforms.h"

#include <QCommandLineParser>
#include <QStringList>

#include <optional>
#include <vector>

namespace TransformOptions {

void addTo(QCommandLineParser& parser);
// The transforms in command-line order (QCommandLineParser keeps each option's values
// apart, so the order comes from `arguments`).
std::vector<xsprof::Transform> fromArguments(const QStringList& arguments);
// Applies them to `profile`, naming `file` in errors (printed to stderr); empty on error.
// Without transforms the profile itself comes back (moved, not copied: a large profile's
// copy would be its peak memory).
std::optional<xsprof::Profile> apply(xsprof::Profile profile, const std::vector<xsprof::Transform>& transforms,
                                     const QString& file, std::vector<size_t>* matched = nullptr);
// Prints an error for each transform whose `matched` count is 0; true when there was none.
bool reportUnmatched(const std::vector<xsprof::Transform>& transforms, const std::vector<size_t>& matched,
                     const QString& where);

} // namespace TransformOptions
