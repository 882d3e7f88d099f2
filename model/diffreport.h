#pragma once
// `xsprof diff`: the comparison as a text table like `report`'s, or as the JSON of issue 12.
#include "comparison.h"
#include "profile.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace xsprof {

struct DiffInput {
    std::string file; // as the user named it
    const Profile* profile = nullptr;
};

struct DiffOptions {
    CostKind sort = CostKind::Total; // by |Δ|, largest first
    size_t top = 0;                  // 0: every function
};

std::string formatTextDiff(const Comparison& comparison, const DiffInput& base, const DiffInput& next,
                           const DiffOptions& options);
// The `diff --json` value, for callers that add members before printing it (printJson).
nlohmann::ordered_json jsonDiff(const Comparison& comparison, const DiffInput& base, const DiffInput& next,
                                const DiffOptions& options);
std::string formatJsonDiff(const Comparison& comparison, const DiffInput& base, const DiffInput& next,
                           const DiffOptions& options);

} // namespace xsprof
