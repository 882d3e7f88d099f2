#pragma once
// Reads a NAME.expected.json written by ../shared/tools/profile_oracle.py and compares a
// loaded profile's numbers with it.
#include "model/profile.h"
#include "model/profileanalysis.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace ExpectedProfile {

// The per-profile objects of an expected file (one, or one per entry of "profiles").
std::vector<nlohmann::json> profilesOf(const nlohmann::json& expected);
nlohmann::json readFile(const std::string& path);

// Every difference between the profile's analysis and the expected numbers, as text.
std::vector<std::string> compare(const xsprof::Profile& profile, const xsprof::ProfileAnalysis& analysis,
                                 const nlohmann::json& expected, int keyLineBase);
// Differences between two analyses of (supposedly) the same profile, matched by key or XS id.
std::vector<std::string> compareProfiles(const xsprof::Profile& a, const xsprof::ProfileAnalysis& aa,
                                         const xsprof::Profile& b, const xsprof::ProfileAnalysis& ba);

bool close(double a, double b);

} // namespace ExpectedProfile
