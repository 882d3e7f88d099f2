#pragma once
// The headless report: a text table like xsbug-log's, or the `xsprof report --json` schema.
#include "profile.h"
#include "profileanalysis.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace xsprof {

enum class ReportSort { Self, Total, Inclusive };

struct ReportOptions {
    ReportSort sort = ReportSort::Total;
    size_t top = 0; // 0: every function
    // Beside xsbug's divided total, the totals of Chrome DevTools (inclusive) and VS Code
    // (summed path totals), each explained (`report --totals all`).
    bool allTotals = false;
};

// Functions of the analysis ordered for the report (ties broken by key order).
std::vector<FrameId> reportOrder(const Profile& profile, const FunctionAnalysis& analysis, const ReportOptions& options);
// Empty when the profile has samples; else says it has none and, for XS, why that happens.
std::string noSamplesExplanation(const Profile& profile);
std::string formatTextReport(const Profile& profile, const ProfileAnalysis& analysis, const ReportOptions& options);
// The `report --json` value, for callers that add members before printing it.
nlohmann::ordered_json jsonReport(const Profile& profile, const ProfileAnalysis& analysis, const ReportOptions& options);
// jsonReport printed (one-space indent, invalid UTF-8 replaced, a final newline).
std::string formatJsonReport(const Profile& profile, const ProfileAnalysis& analysis, const ReportOptions& options);
std::string printJson(const nlohmann::ordered_json& json);

} // namespace xsprof
