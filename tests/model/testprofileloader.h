#pragma once
// The model tests' way to load a profile they rely on: the profile, or the test run stops
// naming the file and why.
#include "model/profileloader.h"

#include <QtGlobal>

#include <string>
#include <utility>

namespace TestProfiles {

inline xsprof::Profile load(const std::string& path, int profileIndex = -1)
{
    xsprof::LoadOptions options;
    options.profileIndex = profileIndex;
    xsprof::LoadResult r = xsprof::loadProfileFile(path, options);
    if (!r.ok())
        qFatal("cannot load %s: %s", path.c_str(), r.error ? r.error->toString().c_str() : "cancelled");
    return std::move(*r.profile);
}

} // namespace TestProfiles
