#pragma once
// A profile and its whole-range analysis, as the pages that take plain inputs receive them.
#include "model/profile.h"
#include "model/profileanalysis.h"

#include <memory>

struct ProfileSource {
    std::shared_ptr<const xsprof::Profile> profile;
    std::shared_ptr<const xsprof::ProfileAnalysis> analysis;

    bool isValid() const { return profile && analysis; }
};
